import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import { authorizeBackOffice, backOfficePolicy, backOfficeRefusal, canBackOffice, type BackOfficeAction, type BackOfficeResource } from "./back-office.js";

const admin: Actor = { id: "a1", userType: "admin", roleType: "admin" };
// The spec counts role_type admin as an admin whatever the user_type says.
const roleAdmin: Actor = { id: "a2", userType: "client", roleType: "admin" };
const client: Actor = { id: "c1", userType: "client", roleType: "job_poster" };
const freelancer: Actor = { id: "f1", userType: "freelancer", roleType: "freelancer" };

/** Every row of the table: [resource, action]. */
const rows = Object.entries(backOfficePolicy).flatMap(([resource, actions]) =>
  Object.keys(actions).map((action) => [resource as BackOfficeResource, action as BackOfficeAction] as const),
);

const refusalOf = (fn: () => void) => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe("back-office policy", () => {
  it("declares a row for every resource the back office shows", () => {
    expect(Object.keys(backOfficePolicy).sort()).toEqual(
      [
        "audit-log",
        "change-requests",
        "chat-rooms",
        "dashboard",
        "deliveries",
        "disputes",
        "documents",
        "emails",
        "freelancers",
        "jobs",
        "ledger-transactions",
        "messages",
        "payments",
        "payouts",
        "reviews",
        "stories",
        "tasks",
        "users",
      ].sort(),
    );
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  it.each(rows)("only admins may %s: %s (clients and freelancers get ADMIN_ONLY)", (resource, action) => {
    expect(canBackOffice(admin, action, resource)).toBe(true);
    expect(canBackOffice(roleAdmin, action, resource)).toBe(true);
    expect(refusalOf(() => authorizeBackOffice(admin, action, resource))).toBeUndefined();
    for (const actor of [client, freelancer]) {
      expect(canBackOffice(actor, action, resource)).toBe(false);
      expect(refusalOf(() => authorizeBackOffice(actor, action, resource))).toBe("ADMIN_ONLY");
    }
  });

  it("a signed-out visitor is UNAUTHENTICATED, not ADMIN_ONLY", () => {
    expect(backOfficeRefusal(null, "read", "users")).toBe("UNAUTHENTICATED");
    expect(refusalOf(() => authorizeBackOffice(undefined, "update", "jobs"))).toBe("UNAUTHENTICATED");
  });

  it("an action the table does not declare is refused even to an admin", () => {
    // A use case cannot name one (the type forbids it); a cast stands for a caller that tries.
    expect(backOfficeRefusal(admin, "delete" as BackOfficeAction<"payments">, "payments")).toBe("ADMIN_ONLY");
  });
});
