/**
 * The notification centre's types, declared once: who each is for, its words, the page it opens and the e-mail
 * switch that governs its e-mail. The in-app notification is always written; the e-mail is optional per type.
 */
import type { EmailNotificationPreferences } from "./email-preferences.js";

/** Every kind of notification, in the order the filter lists them. */
export const notificationTypes = [
  "story_submitted",
  "story_approved",
  "story_changes_requested",
  "story_review_reminder",
  "payment_received",
  "payment_refunded",
  "dispute_opened",
  "dispute_resolved",
  "chat_message",
  "task_comment",
  "job_started",
  "breakdown_ready",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * Who a type is for, relative to its job: its client (the owner), its assigned freelancer, the other party of the
 * job than the actor, both parties, the other party and every admin, or one named recipient (a chat message's).
 */
export type NotificationAudience = "client" | "freelancer" | "other_party" | "both_parties" | "other_party_and_admins" | "recipient";

/** What a notification points at: the record whose page it opens. */
export type NotificationSubjectType = "job" | "story" | "payment" | "dispute" | "chat_room" | "task";

/** The facts of an event a notification is worded from; each type reads the ones it needs. */
export interface NotificationFacts {
  jobId: number | null;
  jobTitle: string;
  /** who caused it, as shown ("Nova Tester"); null for the system */
  actorName: string | null;
  storyId?: string;
  storyTitle?: string;
  amountCents?: number | null;
  reviewDueAt?: Date;
  disputeId?: string;
  paymentId?: string;
  releaseCents?: number;
  refundCents?: number;
  roomId?: string;
  taskId?: string;
  /** the start of a message, for chat and task comments */
  preview?: string;
}

/** A notification as written: its words, the page it opens and the record it is about. */
export interface RenderedNotification {
  title: string;
  body: string;
  link: string;
  subject: { type: NotificationSubjectType; id: string };
}

/**
 * How a type's e-mail goes out: `own` — the notification's title, body and link are e-mailed by `notify` itself;
 * `use-case` — the use case already sends a richer e-mail of its own (kept as it was); `none` — in-app only.
 */
export type NotificationEmailMode = "own" | "use-case" | "none";

export interface NotificationTypeDefinition {
  /** the filter's label */
  label: string;
  audience: NotificationAudience;
  /** the switch that turns its e-mail off; null: sent whatever the switches (it is about money held or moved) */
  emailPreference: keyof EmailNotificationPreferences | null;
  email: NotificationEmailMode;
  render(facts: NotificationFacts): RenderedNotification;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const who = (facts: NotificationFacts, fallback: string) => facts.actorName ?? fallback;
const jobLink = (facts: NotificationFacts, tab?: string) => `/jobs/${facts.jobId}${tab ? `?tab=${tab}` : ""}`;
const storySubject = (facts: NotificationFacts) => ({ type: "story" as const, id: facts.storyId ?? String(facts.jobId) });
const jobSubject = (facts: NotificationFacts) => ({ type: "job" as const, id: String(facts.jobId) });
const clip = (text: string | undefined, max = 140) => {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The table of types. */
export const notificationTypeTable: Readonly<Record<NotificationType, NotificationTypeDefinition>> = {
  story_submitted: {
    label: "Story submitted",
    audience: "client",
    emailPreference: "jobUpdates",
    email: "use-case",
    render: (facts) => ({
      title: `Ready for review: ${facts.storyTitle}`,
      body:
        `${who(facts, "Your freelancer")} submitted "${facts.storyTitle}" of "${facts.jobTitle}" for your review.` +
        (facts.reviewDueAt ? ` It is approved on its own on ${facts.reviewDueAt.toISOString().slice(0, 10)} unless you act.` : ""),
      link: jobLink(facts, "project-status"),
      subject: storySubject(facts),
    }),
  },
  story_approved: {
    label: "Story approved",
    audience: "freelancer",
    emailPreference: "storyReviews",
    email: "own",
    render: (facts) => ({
      title: `Approved: ${facts.storyTitle}`,
      body:
        `${facts.actorName ? `${facts.actorName} approved` : "The review period ended and approved"} "${facts.storyTitle}" of "${facts.jobTitle}".` +
        (facts.amountCents ? ` Its milestone of ${dollars(facts.amountCents)} is released.` : ""),
      link: jobLink(facts, "project-status"),
      subject: storySubject(facts),
    }),
  },
  story_changes_requested: {
    label: "Changes requested",
    audience: "freelancer",
    emailPreference: "storyReviews",
    email: "own",
    render: (facts) => ({
      title: `Changes requested: ${facts.storyTitle}`,
      body: `${who(facts, "The client")} asked for changes to "${facts.storyTitle}" of "${facts.jobTitle}": ${clip(facts.preview)}`,
      link: jobLink(facts, "project-status"),
      subject: storySubject(facts),
    }),
  },
  story_review_reminder: {
    label: "Auto-approval soon",
    audience: "client",
    emailPreference: "jobUpdates",
    email: "use-case",
    render: (facts) => ({
      title: `Review due soon: ${facts.storyTitle}`,
      body:
        `"${facts.storyTitle}" of "${facts.jobTitle}" still waits for your review` +
        (facts.reviewDueAt ? `; it is approved on its own at ${facts.reviewDueAt.toISOString().slice(0, 16).replace("T", " ")} UTC.` : "."),
      link: jobLink(facts, "project-status"),
      subject: storySubject(facts),
    }),
  },
  payment_received: {
    label: "Payment received",
    audience: "client",
    emailPreference: "jobUpdates",
    email: "use-case",
    render: (facts) => ({
      title: `Payment received: ${facts.jobTitle}`,
      body: `Your payment${facts.amountCents ? ` of ${dollars(facts.amountCents)}` : ""} for "${facts.jobTitle}" was received.`,
      link: jobLink(facts),
      subject: facts.paymentId ? { type: "payment", id: facts.paymentId } : jobSubject(facts),
    }),
  },
  payment_refunded: {
    label: "Refund",
    audience: "client",
    emailPreference: null,
    email: "none",
    render: (facts) => ({
      title: `Refund: ${facts.jobTitle}`,
      body: `${facts.amountCents ? dollars(facts.amountCents) : "A payment"} for "${facts.jobTitle}" was refunded to your card.`,
      link: jobLink(facts),
      subject: facts.paymentId ? { type: "payment", id: facts.paymentId } : jobSubject(facts),
    }),
  },
  dispute_opened: {
    label: "Dispute opened",
    audience: "other_party_and_admins",
    emailPreference: null,
    email: "use-case",
    render: (facts) => ({
      title: `Dispute opened: ${facts.jobTitle}`,
      body: `${who(facts, "Someone")} opened a dispute on ${facts.storyTitle ? `"${facts.storyTitle}"` : `"${facts.jobTitle}"`}: ${clip(facts.preview)}`,
      link: jobLink(facts, "project-status"),
      subject: facts.disputeId ? { type: "dispute", id: facts.disputeId } : jobSubject(facts),
    }),
  },
  dispute_resolved: {
    label: "Dispute resolved",
    audience: "both_parties",
    emailPreference: null,
    email: "use-case",
    render: (facts) => ({
      title: `Dispute resolved: ${facts.jobTitle}`,
      body: `The dispute on "${facts.jobTitle}" was resolved: ${dollars(facts.releaseCents ?? 0)} released to the freelancer, ${dollars(facts.refundCents ?? 0)} refunded to the client.`,
      link: jobLink(facts, "project-status"),
      subject: facts.disputeId ? { type: "dispute", id: facts.disputeId } : jobSubject(facts),
    }),
  },
  chat_message: {
    label: "Chat message",
    audience: "recipient",
    emailPreference: "chatMessages",
    email: "use-case",
    // Worded without the sender's name, which the chat's hot path does not read: the list shows it (actorName).
    render: (facts) => ({
      title: facts.actorName ? `New message from ${facts.actorName}` : "New chat message",
      body: clip(facts.preview),
      link: `/messages/${encodeURIComponent(facts.roomId ?? "")}`,
      subject: { type: "chat_room", id: facts.roomId ?? "" },
    }),
  },
  task_comment: {
    label: "Task comment",
    audience: "other_party",
    emailPreference: "taskMessages",
    email: "use-case",
    render: (facts) => ({
      title: `${who(facts, "Someone")} wrote about a task of ${facts.jobTitle}`,
      body: clip(facts.preview),
      link: jobLink(facts, "project-status"),
      subject: { type: "task", id: facts.taskId ?? "" },
    }),
  },
  job_started: {
    label: "Job started",
    audience: "client",
    emailPreference: "jobUpdates",
    email: "use-case",
    render: (facts) => ({
      title: `Your project has started: ${facts.jobTitle}`,
      body: `${who(facts, "A freelancer")} started "${facts.jobTitle}".`,
      link: jobLink(facts, "project-status"),
      subject: jobSubject(facts),
    }),
  },
  breakdown_ready: {
    label: "Breakdown ready",
    audience: "client",
    emailPreference: "jobUpdates",
    email: "none",
    render: (facts) => ({
      title: `Breakdown ready: ${facts.jobTitle}`,
      body: `The stories and tasks of "${facts.jobTitle}" are ready for you to review and edit.`,
      link: jobLink(facts, "requirements-breakdown"),
      subject: jobSubject(facts),
    }),
  },
};

/** The people of the event a notification's recipients are chosen among. */
export interface NotificationParties {
  /** who caused it (never notified of their own act); null for the system */
  actorId: string | null;
  ownerId: string | null;
  freelancerId: string | null;
  /** the enabled admins, for types that tell them */
  adminIds?: readonly string[];
  /** the one recipient of a `recipient` type */
  recipientId?: string | null;
}

/**
 * Who is notified of an event: the type's audience among the parties, without the actor, each once.
 * @param type the notification's type
 * @param parties the job's owner and freelancer, the actor, the admins or a named recipient
 * @returns the recipients' ids
 */
export function notificationRecipients(type: NotificationType, parties: NotificationParties): string[] {
  const { actorId, ownerId, freelancerId } = parties;
  const other = actorId === ownerId ? freelancerId : actorId === freelancerId ? ownerId : null;
  const audience = notificationTypeTable[type].audience;
  const chosen: Array<string | null | undefined> =
    audience === "client"
      ? [ownerId]
      : audience === "freelancer"
        ? [freelancerId]
        : audience === "both_parties"
          ? [ownerId, freelancerId]
          : audience === "recipient"
            ? [parties.recipientId]
            : audience === "other_party"
              ? // An admin writing on a job tells both of its parties.
                other !== null || actorId === null
                ? [other]
                : [ownerId, freelancerId]
              : [other ?? ownerId, ...(other === null ? [freelancerId] : []), ...(parties.adminIds ?? [])];
  const ids = chosen.filter((id): id is string => typeof id === "string" && id !== "" && id !== actorId);
  return [...new Set(ids)];
}

/**
 * Whether the recipient gets a type's e-mail: only types that have one, and only when its switch is on (or it has
 * no switch: money held or moved).
 * @param type the notification's type
 * @param preferences the recipient's switches
 */
export function wantsNotificationEmail(type: NotificationType, preferences: EmailNotificationPreferences): boolean {
  const definition = notificationTypeTable[type];
  if (definition.email === "none") return false;
  return definition.emailPreference === null || preferences[definition.emailPreference];
}
