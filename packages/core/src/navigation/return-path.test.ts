import { describe, expect, it } from "vitest";
import { loginPathFor, safeReturnPath } from "./return-path.js";

describe("safeReturnPath", () => {
  it("keeps a path of this site with its query and hash", () => {
    expect(safeReturnPath("/jobs/12")).toBe("/jobs/12");
    expect(safeReturnPath("/jobs?page=2#top")).toBe("/jobs?page=2#top");
  });

  it.each([
    ["absent", null],
    ["empty", ""],
    ["another origin", "https://evil.example/jobs"],
    ["protocol-relative", "//evil.example"],
    ["backslash trick", "/\\evil.example"],
    ["backslash later", "/a\\..\\\\evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["relative path", "jobs"],
    ["tab before slashes", "/\t/evil.example"],
    ["the login screen itself", "/login?next=/jobs"],
    ["the sign-up screen", "/signup"],
    ["too long", `/${"a".repeat(2_000)}`],
  ])("refuses %s", (_name, candidate) => {
    expect(safeReturnPath(candidate)).toBeNull();
  });
});

describe("loginPathFor", () => {
  it("carries the page in ?next=", () => {
    expect(loginPathFor("/jobs/12?tab=status")).toBe("/login?next=%2Fjobs%2F12%3Ftab%3Dstatus");
  });

  it("drops a home or unsafe page", () => {
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
