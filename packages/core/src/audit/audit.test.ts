import { describe, expect, it } from "vitest";
import { auditChanges, auditViaOf, auditedActions } from "./audit.js";
import { backOfficePolicy } from "../policies/back-office.js";

describe("audit", () => {
  it("an admin's change is audited as back-office unless the actor names its face", () => {
    expect(auditViaOf({ id: "a", userType: "admin", roleType: "admin" })).toBe("back-office");
    expect(auditViaOf({ id: "a", userType: "admin", roleType: "admin", via: "cli" })).toBe("cli");
  });

  it("a client's or a freelancer's own change is not audited, an operator's through the CLI is", () => {
    expect(auditViaOf({ id: "c", userType: "client", roleType: "job_poster" })).toBeNull();
    expect(auditViaOf({ id: "f", userType: "freelancer", roleType: "freelancer" })).toBeNull();
    expect(auditViaOf({ id: "f", userType: "freelancer", roleType: "freelancer", via: "cli" })).toBe("cli");
    expect(auditViaOf(null)).toBeNull();
  });

  it("an entry keeps only the fields that changed, on both sides", () => {
    const at = new Date("2026-11-28T00:00:00Z");
    expect(auditChanges({ a: 1, b: "x", c: at }, { a: 2, b: "x", c: new Date(at) }, ["a", "b", "c"])).toEqual({ before: { a: 1 }, after: { a: 2 } });
    expect(auditChanges({ a: 1 }, null, ["a"])).toEqual({ before: { a: 1 }, after: {} });
  });

  it("every audited action is listed under a resource of the back office", () => {
    for (const { resource } of Object.values(auditedActions)) expect(Object.keys(backOfficePolicy)).toContain(resource);
  });
});
