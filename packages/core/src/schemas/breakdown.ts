/**
 * Request and response schemas of the breakdown, stories, tasks, change requests and task messages (API.md
 * "Breakdown, stories and tasks").
 */
import { z } from "zod";
import { errorCatalogue, type ErrorCode } from "../errors.js";
import { priorities, taskStatuses } from "../breakdown/types.js";
import { approvers, deliveryAbilityActions, deliveryStatuses } from "../lifecycle/delivery.js";
import { changeRequestLifecycleStatuses } from "../lifecycle/change-request.js";
import { inputString, jobIdParams, optionalText, uuidId } from "./common.js";

const EMPTY_TITLE = errorCatalogue.EMPTY_TITLE.message;

/** A story or task title: non-empty after trimming ('Title cannot be empty'). */
export const titleSchema = inputString({ error: EMPTY_TITLE }).trim().min(1, EMPTY_TITLE).max(300, "At most 300 characters");

/** high, medium or low */
export const prioritySchema = z.enum(priorities, { error: "Priority must be high, medium or low" });

/** todo, in_progress, clarification or done */
export const taskStatusSchema = z.enum(taskStatuses, {
  error: "Status must be todo, in_progress, clarification or done",
});

/** A task's estimate in hours: positive, at most 200, in steps of 0.5. */
export const estimateHoursSchema = z
  .number({ error: "Estimate must be a number of hours" })
  .positive("Estimate must be more than 0 hours")
  .max(200, "At most 200 hours")
  .refine((hours) => Number.isInteger(hours * 2), "Estimate must be in steps of 0.5 hours");

/** A task's acceptance criteria: at most 20 non-blank sentences, each Given/When/Then by convention. */
export const acceptanceCriteriaSchema = z
  .array(z.string({ error: "Each criterion must be text" }).trim().min(1, "A criterion cannot be empty").max(1_000, "At most 1000 characters"), {
    error: "Acceptance criteria must be a list of texts",
  })
  .max(20, "At most 20 criteria");

/** POST /api/jobs/:id/stories */
export const storyCreateBody = z.object({
  /** the story's title */
  title: titleSchema,
  /** the user story text */
  description: optionalText().default(""),
  /** medium unless given */
  priority: prioritySchema.default("medium"),
});
/** What a handler receives once `storyCreateBody` has parsed the input. */
export type StoryCreateBody = z.infer<typeof storyCreateBody>;

/** PATCH /api/stories/:id: only the fields sent change. */
export const storyUpdateBody = z.object({
  /** a new title */
  title: titleSchema.optional(),
  /** a new description */
  description: optionalText().optional(),
  /** a new priority */
  priority: prioritySchema.optional(),
});
/** What a handler receives once `storyUpdateBody` has parsed the input. */
export type StoryUpdateBody = z.infer<typeof storyUpdateBody>;

/** POST /api/stories/:id/tasks */
export const taskCreateBody = z.object({
  /** the task's title */
  title: titleSchema,
  /** what to do */
  description: optionalText().default(""),
  /** medium unless given */
  priority: prioritySchema.default("medium"),
  /** todo unless given */
  status: taskStatusSchema.default("todo"),
  /** the work expected, in hours */
  estimateHours: estimateHoursSchema.optional(),
  /** Given/When/Then sentences; none unless given */
  acceptanceCriteria: acceptanceCriteriaSchema.default([]),
});
/** What a handler receives once `taskCreateBody` has parsed the input. */
export type TaskCreateBody = z.infer<typeof taskCreateBody>;

/** PATCH /api/tasks/:id: only the fields sent change. */
export const taskUpdateBody = z.object({
  /** a new title */
  title: titleSchema.optional(),
  /** a new description */
  description: optionalText().optional(),
  /** a new priority */
  priority: prioritySchema.optional(),
  /** a new status */
  status: taskStatusSchema.optional(),
  /** a new estimate in hours */
  estimateHours: estimateHoursSchema.optional(),
  /** the new list of acceptance criteria (replaces the old one) */
  acceptanceCriteria: acceptanceCriteriaSchema.optional(),
});
/** What a handler receives once `taskUpdateBody` has parsed the input. */
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

/** PATCH /api/tasks/:id/status: the status (assigned freelancer or admin), optionally with a comment. */
export const taskStatusBody = z.object({
  /** the new status */
  status: taskStatusSchema,
  /** a comment saved with the status; blank means none */
  comment: optionalText(5_000).optional(),
});
/** What a handler receives once `taskStatusBody` has parsed the input. */
export type TaskStatusBody = z.infer<typeof taskStatusBody>;

const EMPTY_CHANGE = errorCatalogue.EMPTY_CHANGE_REQUEST.message;

/** POST /api/jobs/:id/change-requests */
export const changeRequestBody = z.object({
  /** the change wanted; 'Please describe the requested changes.' when blank */
  description: inputString({ error: EMPTY_CHANGE }).trim().min(1, EMPTY_CHANGE).max(10_000, "At most 10000 characters"),
  /** the story the change is about, if any */
  storyId: uuidId("Invalid story id").nullable().optional(),
});
/** What a handler receives once `changeRequestBody` has parsed the input. */
export type ChangeRequestBody = z.infer<typeof changeRequestBody>;

/**
 * POST /api/tasks/:id/messages (JSON, or the `content` part of a multipart form). Blank text is allowed here
 * because files may come with it; `messageContent(content, files.length)` makes the final EMPTY_MESSAGE check.
 */
export const taskMessageBody = z.object({
  /** the message text; may be blank when files are attached */
  content: optionalText().default(""),
});
/** What a handler receives once `taskMessageBody` has parsed the input. */
export type TaskMessageBody = z.infer<typeof taskMessageBody>;

/** A task as the API returns it. */
export const taskSchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  storyId: z.string(),
  title: z.string(),
  description: z.string(),
  priority: prioritySchema,
  status: taskStatusSchema,
  locked: z.boolean(),
  /** the latest status comment */
  comment: z.string().nullable(),
  /** the work expected, in hours; null when nobody estimated it */
  estimateHours: z.number().nullable(),
  /** Given/When/Then sentences naming observable outcomes of the task */
  acceptanceCriteria: z.array(z.string()),
  /** the requirement it comes from (`keyFeature`, `answer:q3`, `integration:Zoom`, …); null when unknown */
  source: z.string().nullable(),
  createdAt: z.string(),
  /** how many task messages exist */
  messageCount: z.number().int(),
});
/** The shape `taskSchema` describes. */
export type Task = z.infer<typeof taskSchema>;

/** A story's delivery (API.md "Delivery, held funds and payouts"; docs/lifecycle.md). */
export const storyDeliverySchema = z.object({
  status: z.enum(deliveryStatuses),
  /** when it was last submitted for review */
  submittedAt: z.string().nullable(),
  /** when the review period ends and it is approved on its own; null unless in review */
  reviewDueAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.enum(approvers).nullable(),
  /** how many times changes were requested */
  revisionCount: z.number().int(),
  /** the freelancer's delivery note */
  note: z.string().nullable(),
  links: z.array(z.string()),
  files: z.array(z.object({ id: z.string(), name: z.string(), size: z.number().int(), url: z.string() })),
});
/** The shape `storyDeliverySchema` describes. */
export type StoryDelivery = z.infer<typeof storyDeliverySchema>;

const refusal = z.object({ code: z.enum(Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]]), title: z.string(), message: z.string() });
const deliveryAbility = Object.fromEntries(deliveryAbilityActions.map((action) => [action, z.boolean()])) as Record<
  (typeof deliveryAbilityActions)[number],
  z.ZodBoolean
>;

/**
 * What the signed-in person may do to this story's delivery now, decided by the lifecycle with the story's own state
 * and guards (the job's `can` says the same for the job as a whole); `why` holds the refusal of each one refused.
 * Sent where the server knows who asks (the job's stories and project status).
 */
export const storyAbilitiesSchema = z.object({
  can: z.object(deliveryAbility),
  why: z.object(
    Object.fromEntries(deliveryAbilityActions.map((action) => [action, refusal.optional()])) as Record<
      (typeof deliveryAbilityActions)[number],
      z.ZodOptional<typeof refusal>
    >,
  ),
});
/** The shape `storyAbilitiesSchema` describes. */
export type StoryAbilities = z.infer<typeof storyAbilitiesSchema>;

/** POST /api/stories/:id/submit */
export const submitStoryBody = z.object({
  /** what was delivered and how to check it */
  note: optionalText(5_000).default(""),
  /** where to see it: up to 10 http(s) links */
  links: z
    .array(
      inputString()
        .trim()
        .max(2_000)
        .url("Each link must be an http:// or https:// URL")
        .refine((value) => /^https?:\/\//i.test(value), "Each link must be an http:// or https:// URL"),
    )
    .max(10, "At most 10 links")
    .default([]),
});
/** What a handler receives once `submitStoryBody` has parsed the input. */
export type SubmitStoryBody = z.infer<typeof submitStoryBody>;

const EMPTY_REASON = errorCatalogue.EMPTY_REASON.message;

/** POST /api/stories/:id/request-changes */
export const requestChangesBody = z.object({
  /** what needs to change; 'Please say what needs to change.' (EMPTY_REASON) when blank */
  reason: inputString({ error: EMPTY_REASON }).trim().min(1, EMPTY_REASON).max(10_000, "At most 10000 characters"),
});
/** What a handler receives once `requestChangesBody` has parsed the input. */
export type RequestChangesBody = z.infer<typeof requestChangesBody>;

/** What `POST /api/stories/:id/approve` answers besides the story: the release its approval makes. */
export const releaseSchema = z.object({ grossCents: z.number().int(), feeCents: z.number().int(), netCents: z.number().int() });

/** A story with its tasks, as the API returns it. */
export const storySchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  title: z.string(),
  description: z.string(),
  priority: prioritySchema,
  locked: z.boolean(),
  /** the sum of its tasks' estimates; null when none has one */
  estimateHours: z.number().nullable(),
  /** its milestone: its share of the job's price in whole cents, fixed at lock; null while unlocked */
  amountCents: z.number().int().nullable(),
  delivery: storyDeliverySchema,
  /** the signed-in person's delivery abilities on this story, where the server knows who asks */
  can: storyAbilitiesSchema.shape.can.optional(),
  why: storyAbilitiesSchema.shape.why.optional(),
  /** what approving it releases (its milestone, the platform's fee, the freelancer's net), where the server knows who asks */
  release: releaseSchema.optional(),
  /** the requirement it comes from; null when unknown */
  source: z.string().nullable(),
  createdAt: z.string(),
  tasks: z.array(taskSchema),
});
/** The shape `storySchema` describes. */
export type Story = z.infer<typeof storySchema>;

/** The body of `POST /api/jobs/:id/breakdown`: who produced the stories, and the stories. */
export const breakdownResultSchema = z.object({
  source: z.enum(["ai", "rules", "fallback"]),
  stories: z.array(storySchema),
});
/** The shape `breakdownResultSchema` describes. */
export type BreakdownResult = z.infer<typeof breakdownResultSchema>;

/** What live views show while a breakdown runs: each AI attempt, a retry and its reason, a fallback. */
export const breakdownProgressSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("attempt"), attempt: z.number().int(), of: z.number().int() }),
  z.object({ kind: z.literal("retrying"), attempt: z.number().int(), of: z.number().int(), reason: z.string() }),
  z.object({ kind: z.literal("fallback"), reason: z.string() }),
]);
/** The shape `breakdownProgressSchema` describes. */
export type BreakdownProgress = z.infer<typeof breakdownProgressSchema>;

/** queued, running, succeeded or failed: a run is active (at most one per job) while queued or running. */
export const breakdownRunStatuses = ["queued", "running", "succeeded", "failed"] as const;
/** The shape of one of `breakdownRunStatuses`. */
export type BreakdownRunStatus = (typeof breakdownRunStatuses)[number];

/** A run makes a job's first breakdown, or regenerates it (its stories replaced). */
export const breakdownRunKinds = ["create", "regenerate"] as const;
/** The shape of one of `breakdownRunKinds`. */
export type BreakdownRunKind = (typeof breakdownRunKinds)[number];

/** What a run is doing: waiting for a worker, one of the AI's notices, saving the stories, or done. */
export const breakdownRunStepSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("queued") }),
  ...breakdownProgressSchema.options,
  z.object({ kind: z.literal("saving") }),
  z.object({ kind: z.literal("done") }),
]);
/** The shape `breakdownRunStepSchema` describes. */
export type BreakdownRunStep = z.infer<typeof breakdownRunStepSchema>;

/** A run's progress: its step and a whole percentage for a bar (`breakdownRunProgress` computes both). */
export const breakdownRunProgressSchema = z.object({ percent: z.number().int().min(0).max(100), step: breakdownRunStepSchema });
/** The shape `breakdownRunProgressSchema` describes. */
export type BreakdownRunProgress = z.infer<typeof breakdownRunProgressSchema>;

/** Why a run failed: an error code of the API and its message, safe to show. */
export const breakdownRunErrorSchema = z.object({ code: z.string(), message: z.string() });
/** The shape `breakdownRunErrorSchema` describes. */
export type BreakdownRunError = z.infer<typeof breakdownRunErrorSchema>;

/** A breakdown run as `GET /api/jobs/:id/breakdown/runs/:runId` returns it. */
export const breakdownRunSchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  kind: z.enum(breakdownRunKinds),
  /** who asked for it; null once that account is gone */
  requestedBy: z.string().nullable(),
  status: z.enum(breakdownRunStatuses),
  progress: breakdownRunProgressSchema,
  /** set when it failed */
  error: breakdownRunErrorSchema.nullable(),
  /** set when it succeeded: who produced the stories and how many were stored */
  result: z.object({ source: breakdownResultSchema.shape.source, storyCount: z.number().int(), taskCount: z.number().int() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
/** The shape `breakdownRunSchema` describes. */
export type BreakdownRun = z.infer<typeof breakdownRunSchema>;

/**
 * The 202 body of `POST /api/jobs/:id/breakdown` with the AI engine: the run to follow (a new one, queued, or the
 * job's active one when a run was already asked for).
 */
export const breakdownQueuedSchema = z.object({ runId: z.string(), status: z.enum(breakdownRunStatuses) });
/** The shape `breakdownQueuedSchema` describes. */
export type BreakdownQueued = z.infer<typeof breakdownQueuedSchema>;

/** Path parameters of `/api/jobs/:id/breakdown/runs/:runId`. */
export const breakdownRunParams = jobIdParams.extend({
  /** the run's id, as the 202 gave it */
  runId: uuidId("Invalid run id"),
});
/** What a handler receives once `breakdownRunParams` has parsed the input. */
export type BreakdownRunParams = z.infer<typeof breakdownRunParams>;

/** `breakdown:progress`, pushed over socket.io to the job owner's and the admins' sockets as a run moves on. */
export const breakdownProgressEventSchema = z.object({
  runId: z.string(),
  jobId: z.number().int(),
  status: z.enum(breakdownRunStatuses),
  progress: breakdownRunProgressSchema,
});
/** The shape `breakdownProgressEventSchema` describes. */
export type BreakdownProgressEvent = z.infer<typeof breakdownProgressEventSchema>;

/** `breakdown:done`, pushed like `breakdown:progress` once a run succeeded or failed. */
export const breakdownDoneEventSchema = z.object({
  runId: z.string(),
  jobId: z.number().int(),
  status: z.enum(["succeeded", "failed"]),
  /** why it failed */
  error: breakdownRunErrorSchema.optional(),
  /** how many stories it stored, when it succeeded */
  storyCount: z.number().int().optional(),
  /** who produced them, when it succeeded */
  source: breakdownResultSchema.shape.source.optional(),
});
/** The shape `breakdownDoneEventSchema` describes. */
export type BreakdownDoneEvent = z.infer<typeof breakdownDoneEventSchema>;

/** A locked version of the breakdown, as `GET /api/jobs/:id/breakdown/versions` returns it. */
export const breakdownVersionSchema = z.object({
  version: z.number().int(),
  lockedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  lockedAt: z.string(),
  totalHours: z.number(),
  /** what changed since the previous version (for version 1: every story is added) */
  changes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    changed: z.array(z.string()),
    hoursDelta: z.number(),
  }),
  stories: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      priority: z.string(),
      source: z.string().nullable(),
      tasks: z.array(
        z.object({
          title: z.string(),
          description: z.string(),
          priority: z.string(),
          estimateHours: z.number().nullable(),
          acceptanceCriteria: z.array(z.string()),
          source: z.string().nullable(),
        }),
      ),
    }),
  ),
});
/** The shape `breakdownVersionSchema` describes. */
export type BreakdownVersion = z.infer<typeof breakdownVersionSchema>;

/**
 * Where a change request stands (the `job_change_requests.status` check), as the lifecycle declares it
 * (lifecycle/change-request.ts): pending (in the scope of a job not paid yet), quoted, paid or declined.
 */
export const changeRequestStatuses = changeRequestLifecycleStatuses;
/** The status of a change request. */
export type ChangeRequestStatus = (typeof changeRequestStatuses)[number];

/** A change request as the API returns it. */
export const changeRequestSchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  status: z.enum(changeRequestStatuses),
  description: z.string(),
  /** the story created for it (or the one it is about); a quoted request has none until it is paid */
  storyId: z.string().nullable(),
  /** on a paid job: the price at the job's rate and the estimate it was priced from; null for a request in the job's own scope */
  quote: z.object({ priceCents: z.number().int(), estimateHours: z.number() }).nullable().optional(),
  /** what the current user may do with it (pay, decline), from the lifecycle */
  can: z.object({ pay: z.boolean(), decline: z.boolean() }).optional(),
  /** for each action `can` refuses, the refusal the server would answer */
  why: z.record(z.string(), z.object({ code: z.string(), title: z.string(), message: z.string() })).optional(),
});
/** The shape `changeRequestSchema` describes. */
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

/** The body of `GET /api/jobs/:id/status`. */
export const projectStatusSchema = z.object({
  stories: z.array(storySchema),
  progress: z.object({
    todo: z.number().int(),
    inProgress: z.number().int(),
    clarification: z.number().int(),
    done: z.number().int(),
    percent: z.number().int(),
  }),
});
/** The shape `projectStatusSchema` describes. */
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** A file attached to a task or chat message. */
export const attachmentSchema = z.object({ name: z.string(), url: z.string(), type: z.string(), size: z.number().int() });
/** The shape `attachmentSchema` describes. */
export type Attachment = z.infer<typeof attachmentSchema>;

/** A task message as the API returns it. */
export const taskMessageSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  jobId: z.number().int(),
  senderId: z.string().nullable(),
  /** 'Unknown User' when the sender is gone */
  senderName: z.string(),
  content: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.string(),
});
/** The shape `taskMessageSchema` describes. */
export type TaskMessage = z.infer<typeof taskMessageSchema>;

/** GET /api/tasks/:id/comments query: the latest page of a task's comment history, or the page before a comment. */
export const taskCommentsQuery = z.object({
  /** comments older than this comment id (scrolling back) */
  before: inputString()
    .regex(/^\d{1,18}$/, "Invalid comment id")
    .optional(),
  /** page size, 1-200 (default 100) */
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
/** What a handler receives once `taskCommentsQuery` has parsed the input. */
export type TaskCommentsQuery = z.infer<typeof taskCommentsQuery>;

/** A comment saved with a task's status, as the API returns it. */
export const taskCommentSchema = z.object({
  id: z.string(),
  /** null when the author's account is gone, or for a comment kept from before the history existed */
  authorId: z.string().nullable(),
  /** 'Unknown User' when the author is not known */
  authorName: z.string(),
  /** the task's status once the request that carried the comment was applied */
  status: taskStatusSchema,
  comment: z.string(),
  createdAt: z.string(),
});
/** The shape `taskCommentSchema` describes. */
export type TaskComment = z.infer<typeof taskCommentSchema>;
