/**
 * The records of the back office's resources (API.md "Back office"), as `GET /api/admin/:resource` and
 * `GET /api/admin/:resource/:id` send them: flat objects with an `id`, as react-admin needs, times as ISO strings.
 * Each one is the portal's record of the same thing where there is one, plus what the back office's lists join in
 * (a job's title, a sender's name), so a field the portal's record gains or changes reaches the back office's types.
 */
import { z } from "zod";
import { userSchema } from "./auth.js";
import { changeRequestSchema, storyAbilitiesSchema, storyDeliverySchema, storySchema, taskMessageSchema, taskSchema } from "./breakdown.js";
import { chatMessageSchema, chatRoomSchema } from "./chat.js";
import { emailStatuses } from "./admin.js";
import { freelancerSchema } from "./freelancers.js";
import { jobSchema, requirementsSchema } from "./jobs.js";
import { paymentRecordSchema } from "./payments.js";
import { disputeSchema } from "./disputes.js";
import { ledgerTransactionKindSchema } from "../ledger/transactions.js";
import { ledgerAccountKinds } from "../ledger/accounts.js";
import { refundReasonMessages, type RefundReason } from "../payments/payments.js";

const isoDateTime = z.string();

// Every reason has its message, so the message table's keys are the reasons.
const refundReasons = Object.keys(refundReasonMessages) as [RefundReason, ...RefundReason[]];

/** A row of `/api/admin/users`: the API's user plus when the account was made and last changed. */
export const adminUserSchema = userSchema.extend({ createdAt: isoDateTime, updatedAt: isoDateTime });
/** The shape `adminUserSchema` describes. */
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A row of `/api/admin/freelancers`: the directory's profile plus its account's email and dates. */
export const adminFreelancerSchema = freelancerSchema.extend({ email: z.string(), createdAt: isoDateTime, updatedAt: isoDateTime });
/** The shape `adminFreelancerSchema` describes. */
export type AdminFreelancer = z.infer<typeof adminFreelancerSchema>;

/** A row of `/api/admin/jobs`: the portal's job, its `can` and `why` for the signed-in admin. */
export const adminJobSchema = jobSchema;
/** The shape `adminJobSchema` describes. */
export type AdminJob = z.infer<typeof adminJobSchema>;

/** A row of `/api/admin/payments`: the portal's payment attempt plus who paid, the provider's ids and the refund. */
export const adminPaymentSchema = paymentRecordSchema.extend({
  userId: z.string(),
  /** the provider's intent id */
  providerPaymentId: z.string().nullable(),
  /** 1 for a job's first attempt */
  attempt: z.number().int(),
  lastError: z.string().nullable(),
  updatedAt: isoDateTime,
  /** why a charge was not applied and is (or was) given back */
  refundReason: z.enum(refundReasons).nullable(),
  providerRefundId: z.string().nullable(),
  refundedAt: isoDateTime.nullable(),
});
/** The shape `adminPaymentSchema` describes. */
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/**
 * `GET /api/admin/payments/:id` (and `POST …/refund`): the attempt with its job, provider events and ledger, and
 * whether 'Refund now' applies (`can.refund`, the refusal in `why.refund`).
 */
export const adminPaymentPageSchema = adminPaymentSchema.extend({
  job: z.object({ id: z.number(), title: z.string(), status: z.string(), paymentStatus: z.string(), ownerName: z.string() }).nullable(),
  events: z.array(z.object({ id: z.string(), type: z.string(), createdAt: isoDateTime })),
  ledger: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      createdAt: isoDateTime,
      entries: z.array(z.object({ account: z.string(), amountCents: z.number() })),
    }),
  ),
  can: z.object({ refund: z.boolean() }),
  why: z.object({ refund: z.object({ code: z.string(), title: z.string(), message: z.string() }).optional() }),
});
/** The shape `adminPaymentPageSchema` describes. */
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

/** One entry of a job's history (`job_activity`). */
export const adminJobActivitySchema = z.object({
  /** e.g. `requirements_locked` */
  action: z.string(),
  /** null for the system's own actions */
  actorId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
});
/** The shape `adminJobActivitySchema` describes. */
export type AdminJobActivity = z.infer<typeof adminJobActivitySchema>;

/** `GET /api/admin/jobs/:id` (and its `PUT`): the job with everything the back office's job page shows. */
export const adminJobDetailsSchema = adminJobSchema.extend({
  requirements: requirementsSchema,
  stories: z.array(storySchema),
  changeRequests: z.array(changeRequestSchema.extend({ createdAt: isoDateTime })),
  payments: z.array(adminPaymentSchema),
  activity: z.array(adminJobActivitySchema),
});
/** The shape `adminJobDetailsSchema` describes. */
export type AdminJobDetails = z.infer<typeof adminJobDetailsSchema>;

/** A row of `/api/admin/stories`: a story without its tasks, with its job's title, task count and summed estimate. */
export const adminStorySchema = storySchema
  .pick({ id: true, jobId: true, title: true, description: true, priority: true, locked: true, createdAt: true })
  .extend({
    jobTitle: z.string(),
    taskCount: z.number().int(),
    /** the sum of its tasks' estimates; 0 when none has one */
    estimateHours: z.number(),
  });
/** The shape `adminStorySchema` describes. */
export type AdminStory = z.infer<typeof adminStorySchema>;

/** A row of `/api/admin/tasks`: a task with its story's and job's titles. */
export const adminTaskSchema = taskSchema
  .pick({
    id: true,
    jobId: true,
    storyId: true,
    title: true,
    description: true,
    priority: true,
    status: true,
    locked: true,
    comment: true,
    estimateHours: true,
    messageCount: true,
    createdAt: true,
  })
  .extend({ jobTitle: z.string(), storyTitle: z.string() });
/** The shape `adminTaskSchema` describes. */
export type AdminTask = z.infer<typeof adminTaskSchema>;

/** A row of `/api/admin/change-requests`: a change request with its job's title and who asked. */
export const adminChangeRequestSchema = changeRequestSchema.omit({ can: true, why: true }).extend({
  jobTitle: z.string(),
  /** the requester's user id; null once the account is gone */
  requestedBy: z.string().nullable(),
  requestedByName: z.string(),
  createdAt: isoDateTime,
});
/** The shape `adminChangeRequestSchema` describes. */
export type AdminChangeRequest = z.infer<typeof adminChangeRequestSchema>;

/** A row of `/api/admin/chat-rooms`: a conversation with both parties named; react-admin's `id` is the room id. */
export const adminChatRoomSchema = chatRoomSchema
  .pick({
    roomId: true,
    jobId: true,
    jobTitle: true,
    clientId: true,
    clientName: true,
    freelancerId: true,
    freelancerName: true,
    lastMessage: true,
    lastMessageAt: true,
  })
  .extend({
    /** the room id */
    id: z.string(),
    /** the freelancer's user id; null for an admin's room */
    freelancerUserId: z.string().nullable(),
    messageCount: z.number().int(),
    /** messages others wrote after the admin's last read of the room */
    unreadCount: z.number().int(),
    /** whether the admin is a member (a party, or joined it): only then may they post; otherwise the room is read-only */
    member: z.boolean(),
    createdAt: isoDateTime,
  });
/** The shape `adminChatRoomSchema` describes. */
export type AdminChatRoom = z.infer<typeof adminChatRoomSchema>;

/** A row of `/api/admin/messages`: a chat message with its sender's name. */
export const adminMessageSchema = chatMessageSchema.extend({ senderName: z.string() });
/** The shape `adminMessageSchema` describes. */
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** A row of `/api/admin/emails`: one outbox message and how its delivery went. */
export const adminEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** what the message is about, e.g. `password_reset`, `admin_email` */
  kind: z.string(),
  status: z.enum(emailStatuses),
  /** why the last delivery attempt failed */
  error: z.string().nullable(),
  /** delivery attempts so far; a queued message with an error is being retried */
  attempts: z.number().int(),
  jobId: z.number().int().nullable(),
  senderId: z.string().nullable(),
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
/** The shape `adminEmailSchema` describes. */
export type AdminEmail = z.infer<typeof adminEmailSchema>;

const delivery = storyDeliverySchema.shape;

/**
 * A row of `/api/admin/deliveries`: a story's delivery (API.md "Delivery, held funds and payouts") flattened beside
 * its job, its freelancer and its milestone, so the list filters and sorts on the delivery's own fields.
 */
export const adminDeliverySchema = storySchema.pick({ id: true, jobId: true, title: true, amountCents: true }).extend({
  jobTitle: z.string(),
  /** the job's assigned freelancer (a user id); null before one started it */
  freelancerId: z.string().nullable(),
  /** their name; empty when there is none */
  freelancerName: z.string(),
  status: delivery.status,
  submittedAt: delivery.submittedAt,
  reviewDueAt: delivery.reviewDueAt,
  approvedAt: delivery.approvedAt,
  approvedBy: delivery.approvedBy,
  revisionCount: delivery.revisionCount,
});
/** The shape `adminDeliverySchema` describes. */
export type AdminDelivery = z.infer<typeof adminDeliverySchema>;

/**
 * `GET /api/admin/deliveries/:id`: the row, with what the review needs (the note, links and each task's acceptance
 * criteria), and the signed-in admin's `can`/`why` on the story, so the Approve button follows the server's rule.
 */
export const adminDeliveryDetailsSchema = adminDeliverySchema.extend({
  description: z.string(),
  note: delivery.note,
  links: delivery.links,
  tasks: z.array(taskSchema.pick({ id: true, title: true, status: true, acceptanceCriteria: true })),
  can: storyAbilitiesSchema.shape.can,
  why: storyAbilitiesSchema.shape.why,
});
/** The shape `adminDeliveryDetailsSchema` describes. */
export type AdminDeliveryDetails = z.infer<typeof adminDeliveryDetailsSchema>;

/**
 * A row of `/api/admin/disputes`: the dispute with its job's title and what it holds now (the milestones of its
 * stories still disputed; for a resolved one, what its resolution split).
 */
export const adminDisputeSchema = disputeSchema.extend({ jobTitle: z.string(), heldCents: z.number().int() });
/** The shape `adminDisputeSchema` describes. */
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

/** `GET /api/admin/disputes/:id`: the row, the disputed stories' deliveries and their threads, oldest message first. */
export const adminDisputeDetailsSchema = adminDisputeSchema.extend({
  stories: z.array(adminDeliverySchema.extend({ note: delivery.note, links: delivery.links })),
  thread: z.array(taskMessageSchema.extend({ storyTitle: z.string() })),
});
/** The shape `adminDisputeDetailsSchema` describes. */
export type AdminDisputeDetails = z.infer<typeof adminDisputeDetailsSchema>;

/** One entry of a ledger transaction as the back office shows it. */
export const adminLedgerEntrySchema = z.object({
  /** the account's name: its kind, then its owner ("escrow:12", "freelancer_available:<user id>", "platform_fees") */
  account: z.string(),
  accountKind: z.enum(ledgerAccountKinds),
  /** into the account when positive, out of it when negative */
  amountCents: z.number().int(),
});
/** The shape `adminLedgerEntrySchema` describes. */
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/** A row of `/api/admin/ledger-transactions` (read only): one movement of money with its entries, which sum to zero. */
export const adminLedgerTransactionSchema = z.object({
  id: z.number().int(),
  kind: ledgerTransactionKindSchema,
  jobId: z.number().int(),
  jobTitle: z.string(),
  storyId: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** what makes it happen once */
  idempotencyKey: z.string(),
  /** who caused it: client, freelancer, admin, system or the card provider; null when unknown */
  actorKind: z.string().nullable(),
  /** the money moved: the sum of its positive entries */
  amountCents: z.number().int(),
  entries: z.array(adminLedgerEntrySchema),
  createdAt: isoDateTime,
});
/** The shape `adminLedgerTransactionSchema` describes. */
export type AdminLedgerTransaction = z.infer<typeof adminLedgerTransactionSchema>;
