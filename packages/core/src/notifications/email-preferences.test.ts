import { describe, expect, it } from "vitest";
import { describeEmailDelivery, emailLane, emailNotificationKinds, taskMessageEmailRecipient, wantsEmail } from "./email-preferences.js";

describe("wantsEmail", () => {
  const all = { jobUpdates: true, taskMessages: true, storyReviews: true, chatMessages: true };
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
    expect(wantsEmail({ jobUpdates, taskMessages, storyReviews: true, chatMessages: true }, kind)).toBe(expected);
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

describe("describeEmailDelivery", () => {
  it.each([
    [{ status: "sent", attempts: 1, error: null }, "sent"],
    [{ status: "queued", attempts: 0, error: null }, "queued: not sent yet"],
    [{ status: "queued", attempts: 2, error: "connect ECONNREFUSED" }, "attempt 2 of 12 failed (connect ECONNREFUSED); it will be retried automatically"],
    [{ status: "failed", attempts: 12, error: "timeout" }, "failed after 12 attempt(s) (timeout); it can be resent"],
    [{ status: "logged", attempts: 1, error: null }, "kept in the outbox: this site has no mail server"],
  ] as const)("%o reads %s", (email, expected) => {
    expect(describeEmailDelivery(email, 12)).toBe(expected);
  });
});

describe("emailLane", () => {
  it("puts resets, admin e-mails and receipts ahead of bulk notices", () => {
    expect(["password_reset", "admin_email", "job_paid"].map(emailLane)).toEqual(["priority", "priority", "priority"]);
    expect(["job_posted", "task_message", "chat_notification", "job_started", "job_completed"].map(emailLane)).toEqual(Array(5).fill("bulk"));
  });
});
