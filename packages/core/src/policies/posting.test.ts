import { describe, expect, it } from "vitest";
import { authorizePostJob, canPostJob } from "./posting.js";

describe("who may post a job", () => {
  const roles = {
    client: { id: "c", userType: "client", roleType: "job_poster" },
    freelancer: { id: "f", userType: "freelancer", roleType: "freelancer" },
    admin: { id: "a", userType: "admin", roleType: "admin" },
  } as const;

  it.each([
    ["client", true],
    ["freelancer", false],
    ["admin", true],
  ] as const)("%s may post: %s", (role, expected) => {
    expect(canPostJob(roles[role])).toBe(expected);
  });

  it("refuses freelancers with POST_JOB_DENIED and signed-out visitors with UNAUTHENTICATED", () => {
    expect(() => authorizePostJob(roles.freelancer)).toThrow(expect.objectContaining({ code: "POST_JOB_DENIED" }));
    expect(() => authorizePostJob(null)).toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
  });
});
