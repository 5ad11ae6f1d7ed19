import { describe, expect, it } from "vitest";
import { emailNotificationKinds, taskMessageEmailRecipient, wantsEmail } from "./email-preferences.js";

describe("wantsEmail", () => {
  const all = { jobUpdates: true, taskMessages: true };
  it.each(emailNotificationKinds)("sends %s to a user who turned nothing off", (kind) => {
    expect(wantsEmail(all, kind)).toBe(true);
  });

  it.each([
    { kind: "job_paid", jobUpdates: false, taskMessages: true, expected: false },
    { kind: "job_started", jobUpdates: false, taskMessages: true, expected: false },
    { kind: "job_completed", jobUpdates: false, taskMessages: true, expected: false },
    { kind: "task_message", jobUpdates: false, taskMessages: true, expected: true },
    { kind: "task_message", jobUpdates: true, taskMessages: false, expected: false },
    { kind: "job_paid", jobUpdates: true, taskMessages: false, expected: true },
  ] as const)("$kind with jobUpdates=$jobUpdates taskMessages=$taskMessages → $expected", ({ kind, jobUpdates, taskMessages, expected }) => {
    expect(wantsEmail({ jobUpdates, taskMessages }, kind)).toBe(expected);
  });
});

describe("taskMessageEmailRecipient", () => {
  it("e-mails the client about someone else's message", () => {
    expect(taskMessageEmailRecipient("freelancer-1", { ownerId: "client-1" })).toBe("client-1");
    expect(taskMessageEmailRecipient("admin-1", { ownerId: "client-1" })).toBe("client-1");
  });
  it("e-mails nobody about the client's own message", () => {
    expect(taskMessageEmailRecipient("client-1", { ownerId: "client-1" })).toBeNull();
  });
});
