import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import { authorizeViewPayments, canViewPayments } from "./payment.js";

const owner: Actor = { id: "owner", userType: "client", roleType: "job_poster" };
const other: Actor = { id: "other", userType: "client", roleType: "job_poster" };
const freelancer: Actor = { id: "f", userType: "freelancer", roleType: "freelancer" };
const admin: Actor = { id: "a", userType: "admin", roleType: "admin" };
const job = { ownerId: "owner" };

describe("payment policy: view", () => {
  const expected = new Map<Actor, boolean>([
    [owner, true],
    [other, false],
    [freelancer, false],
    [admin, true],
  ]);
  for (const [actor, allowed] of expected) {
    it(`${actor.id} → ${allowed}`, () => {
      expect(canViewPayments(actor, job)).toBe(allowed);
      if (!allowed) expect(() => authorizeViewPayments(actor, job)).toThrow(expect.objectContaining({ code: "PAYMENT_ACCESS_DENIED" }));
    });
  }
  it("refuses a signed-out visitor", () => {
    expect(() => authorizeViewPayments(null, job)).toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});
