import { describe, expect, it } from "vitest";
import { allowedUploadExtensions, allowedUploadTypes, isAllowedUploadType, plainTextUploadType } from "./uploads.js";

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

  it.each([
    "application/x-msdownload",
    "application/javascript",
    "text/html",
    "image/svg+xml",
    "application/x-sh",
    "",
    "IMAGE/PNG",
    "image/png; charset=binary",
  ])("refuses %j", (mime) => {
    expect(isAllowedUploadType(mime)).toBe(false);
  });

  it("refuses names inherited from Object.prototype", () => {
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"]) expect(isAllowedUploadType(name)).toBe(false);
  });

  it("offers each allowed extension once, for every allowed type", () => {
    expect(new Set(allowedUploadExtensions).size).toBe(allowedUploadExtensions.length);
    for (const extensions of Object.values(allowedUploadTypes)) for (const ext of extensions) expect(allowedUploadExtensions).toContain(ext);
    expect(allowedUploadExtensions).not.toContain(".exe");
  });
});

describe("plainTextUploadType", () => {
  const bytes = (ascii: string) => Uint8Array.from(ascii, (char) => char.charCodeAt(0));
  it("reads .txt, .md and .csv files of UTF-8 text as text", () => {
    // "Zü東🚀": two-, three- and four-byte sequences.
    expect(plainTextUploadType(new Uint8Array([0x5a, 0xc3, 0xbc, 0xe6, 0x9d, 0xb1, 0xf0, 0x9f, 0x9a, 0x80]), "notes.TXT")).toBe("text/plain");
    expect(plainTextUploadType(bytes("# Brief"), "brief.md")).toBe("text/markdown");
    expect(plainTextUploadType(bytes("a,b\n1,2"), "data.csv")).toBe("text/csv");
    expect(plainTextUploadType(new Uint8Array(), "empty.txt")).toBe("text/plain");
  });
  it("refuses other names, NUL bytes and malformed UTF-8", () => {
    expect(plainTextUploadType(bytes("hello"), "hello.exe")).toBeUndefined();
    expect(plainTextUploadType(new Uint8Array([0x68, 0x00, 0x69]), "nul.txt")).toBeUndefined();
    for (const bad of [[0xff], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]) {
      expect(plainTextUploadType(new Uint8Array(bad), "bad.txt")).toBeUndefined();
    }
  });
});
