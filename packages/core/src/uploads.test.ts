import { describe, expect, it } from "vitest";
import { allowedUploadExtensions, allowedUploadTypes, isAllowedUploadType } from "./uploads.js";

describe("isAllowedUploadType", () => {
  it.each([
    "application/pdf",
    "application/msword",
    "application/x-cfb",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/zip",
    "image/png",
    "image/jpeg",
    "image/webp",
    "image/gif",
    "text/plain",
    "text/markdown",
    "text/csv",
  ])("allows %s", (mime) => {
    expect(isAllowedUploadType(mime)).toBe(true);
  });

  it.each(["application/x-msdownload", "application/javascript", "text/html", "image/svg+xml", "application/x-sh", "", "IMAGE/PNG", "image/png; charset=binary"])(
    "refuses %j",
    (mime) => {
      expect(isAllowedUploadType(mime)).toBe(false);
    },
  );

  it("refuses names inherited from Object.prototype", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) expect(isAllowedUploadType(name)).toBe(false);
  });

  it("offers each allowed extension once, for every allowed type", () => {
    expect(new Set(allowedUploadExtensions).size).toBe(allowedUploadExtensions.length);
    for (const extensions of Object.values(allowedUploadTypes)) for (const ext of extensions) expect(allowedUploadExtensions).toContain(ext);
    expect(allowedUploadExtensions).not.toContain(".exe");
  });
});
