import { describe, expect, it } from "vitest";
import { notificationSchema } from "../schemas/notifications.js";
import { markNotificationsReadBody, notificationsQuery } from "../schemas/notifications.js";
import { notificationRecipients, notificationTypeTable, notificationTypes, wantsNotificationEmail, type NotificationFacts } from "./notification-types.js";

const facts: NotificationFacts = {
  jobId: 7,
  jobTitle: "Bakery Site",
  actorName: "Nova Tester",
  storyId: "11111111-1111-4111-8111-111111111111",
  storyTitle: "Checkout",
  amountCents: 12_345,
  reviewDueAt: new Date("2026-12-01T10:00:00Z"),
  disputeId: "22222222-2222-4222-8222-222222222222",
  paymentId: "33333333-3333-4333-8333-333333333333",
  releaseCents: 5_000,
  refundCents: 7_345,
  roomId: "job-7-room",
  taskId: "44444444-4444-4444-8444-444444444444",
  preview: "Please move the button",
};

describe("every notification type", () => {
  it.each(notificationTypes)("%s has a label, a title and a body, and opens a portal page", (type) => {
    const definition = notificationTypeTable[type];
    const rendered = definition.render(facts);
    expect(definition.label).not.toBe("");
    expect(rendered.title).not.toMatch(/undefined|null/);
    expect(rendered.body).not.toMatch(/undefined|null/);
    expect(rendered.link).toMatch(/^\/(jobs|messages)\//);
    expect(rendered.subject.id).not.toBe("");
  });

  it("the table declares exactly the listed types", () => {
    expect(Object.keys(notificationTypeTable).sort()).toEqual([...notificationTypes].sort());
  });
});

describe("a story's notifications open its job's project status", () => {
  it("a submission links the client to the story on the project status tab", () => {
    expect(notificationTypeTable.story_submitted.render(facts)).toMatchObject({
      title: "Ready for review: Checkout",
      link: "/jobs/7?tab=project-status",
      subject: { type: "story", id: facts.storyId },
    });
  });
  it("an auto-approval says the system approved it and what was released", () => {
    const body = notificationTypeTable.story_approved.render({ ...facts, actorName: null }).body;
    expect(body).toContain("The review period ended");
    expect(body).toContain("$123.45");
  });
  it("a chat message opens its room", () => {
    expect(notificationTypeTable.chat_message.render(facts).link).toBe("/messages/job-7-room");
  });
});

describe("notificationRecipients: who is told, never the actor", () => {
  const parties = { ownerId: "client", freelancerId: "freelancer", adminIds: ["admin-1", "admin-2"] };
  it("a submission tells the client", () => {
    expect(notificationRecipients("story_submitted", { ...parties, actorId: "freelancer" })).toEqual(["client"]);
  });
  it("an approval tells the freelancer, whether the client or the system approved", () => {
    expect(notificationRecipients("story_approved", { ...parties, actorId: "client" })).toEqual(["freelancer"]);
    expect(notificationRecipients("story_approved", { ...parties, actorId: null })).toEqual(["freelancer"]);
  });
  it("a dispute opened by the client tells the freelancer and every admin; one opened by the freelancer the client", () => {
    expect(notificationRecipients("dispute_opened", { ...parties, actorId: "client" })).toEqual(["freelancer", "admin-1", "admin-2"]);
    expect(notificationRecipients("dispute_opened", { ...parties, actorId: "freelancer" })).toEqual(["client", "admin-1", "admin-2"]);
  });
  it("a dispute resolved by an admin tells both parties", () => {
    expect(notificationRecipients("dispute_resolved", { ...parties, actorId: "admin-1" })).toEqual(["client", "freelancer"]);
  });
  it("a task comment tells the other party; an admin's tells both", () => {
    expect(notificationRecipients("task_comment", { ...parties, actorId: "client" })).toEqual(["freelancer"]);
    expect(notificationRecipients("task_comment", { ...parties, actorId: "freelancer" })).toEqual(["client"]);
    expect(notificationRecipients("task_comment", { ...parties, actorId: "admin-1" })).toEqual(["client", "freelancer"]);
  });
  it("a job without a freelancer tells nobody on the freelancer's side", () => {
    expect(notificationRecipients("story_approved", { ...parties, freelancerId: null, actorId: "client" })).toEqual([]);
  });
  it("a chat message tells its recipient, not its sender", () => {
    expect(notificationRecipients("chat_message", { ...parties, actorId: "client", recipientId: "freelancer" })).toEqual(["freelancer"]);
    expect(notificationRecipients("chat_message", { ...parties, actorId: "client", recipientId: "client" })).toEqual([]);
  });
  it("an admin who is also the actor is not told of their own act", () => {
    expect(notificationRecipients("dispute_opened", { ...parties, actorId: "admin-1" })).toEqual(["client", "freelancer", "admin-2"]);
  });
});

describe("wantsNotificationEmail: e-mail per type is optional, in-app is always on", () => {
  const on = { jobUpdates: true, taskMessages: true, storyReviews: true, chatMessages: true };
  it("a switched-off preference stops its types' e-mails", () => {
    expect(wantsNotificationEmail("story_approved", on)).toBe(true);
    expect(wantsNotificationEmail("story_approved", { ...on, storyReviews: false })).toBe(false);
    expect(wantsNotificationEmail("chat_message", { ...on, chatMessages: false })).toBe(false);
  });
  it("money held or moved is e-mailed whatever the switches", () => {
    const off = { jobUpdates: false, taskMessages: false, storyReviews: false, chatMessages: false };
    expect(wantsNotificationEmail("dispute_opened", off)).toBe(true);
  });
  it("an in-app-only type is never e-mailed", () => {
    expect(wantsNotificationEmail("breakdown_ready", on)).toBe(false);
  });
});

describe("the notification schemas", () => {
  it("a read request names ids or all, never both or neither", () => {
    expect(markNotificationsReadBody.safeParse({ ids: ["1", "22"] }).success).toBe(true);
    expect(markNotificationsReadBody.safeParse({ all: true }).success).toBe(true);
    expect(markNotificationsReadBody.safeParse({}).success).toBe(false);
    expect(markNotificationsReadBody.safeParse({ ids: [] }).success).toBe(false);
    expect(markNotificationsReadBody.safeParse({ ids: ["x"] }).success).toBe(false);
    expect(markNotificationsReadBody.safeParse({ all: false }).success).toBe(false);
  });
  it("a cursor is an id; anything else is refused", () => {
    expect(notificationsQuery.safeParse({ cursor: "42" }).success).toBe(true);
    expect(notificationsQuery.safeParse({ cursor: "abc" }).success).toBe(false);
    expect(notificationsQuery.safeParse({ type: "nope" }).success).toBe(false);
    expect(notificationsQuery.parse({ unread: "true" }).unread).toBe(true);
  });
  it("describes the API's item", () => {
    expect(
      notificationSchema.safeParse({ id: "1", type: "job_started", title: "t", body: "b", link: "/jobs/1", actorName: null, createdAt: "x", readAt: null })
        .success,
    ).toBe(true);
  });
});
