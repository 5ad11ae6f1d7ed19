import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import { authorizeSetUserDisabled } from "./user.js";

const admin: Actor = { id: "a1", userType: "admin", roleType: "admin" };
const otherAdmin = { id: "a2", userType: "admin" as const, roleType: "admin" as const, disabled: false };
const client = { id: "c1", userType: "client" as const, roleType: "job_poster" as const, disabled: false };

const refusal = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe("authorizeSetUserDisabled", () => {
  it("lets an admin disable a client or another admin while one stays enabled", () => {
    expect(refusal(() => authorizeSetUserDisabled(admin, client, true, 1))).toBeUndefined();
    expect(refusal(() => authorizeSetUserDisabled(admin, otherAdmin, true, 2))).toBeUndefined();
  });

  it("refuses non-admins", () => {
    expect(refusal(() => authorizeSetUserDisabled({ ...client }, otherAdmin, true, 2))).toBe("ADMIN_ONLY");
    expect(refusal(() => authorizeSetUserDisabled({ ...client }, client, false, 2))).toBe("ADMIN_ONLY");
  });

  it("refuses disabling yourself", () => {
    expect(refusal(() => authorizeSetUserDisabled(admin, { ...admin, disabled: false }, true, 5))).toBe("CANNOT_DISABLE_SELF");
  });

  it("refuses disabling the last enabled admin, counting role_type admin too", () => {
    expect(refusal(() => authorizeSetUserDisabled(admin, otherAdmin, true, 1))).toBe("LAST_ADMIN");
    const roleAdmin = { id: "r1", userType: "client" as const, roleType: "admin" as const, disabled: false };
    expect(refusal(() => authorizeSetUserDisabled(admin, roleAdmin, true, 1))).toBe("LAST_ADMIN");
  });

  it("always allows enabling, and disabling an already disabled account is a no-op", () => {
    expect(refusal(() => authorizeSetUserDisabled(admin, { ...otherAdmin, disabled: true }, false, 0))).toBeUndefined();
    expect(refusal(() => authorizeSetUserDisabled(admin, { ...otherAdmin, disabled: true }, true, 1))).toBeUndefined();
  });
});
