/**
 * The story delivery lifecycle, declared once (issue 18): each story of a started job is a milestone the assigned
 * freelancer submits, the client approves (releasing its amount) or sends back, and the queue approves on its own
 * when the review period ends. Every transition declares where it starts and ends, who may fire it, the guards it
 * must pass (each with the refusal the API answers), its effects and its timer. The use cases, the job's `can`/`why`,
 * the portal and docs/lifecycle.md (generated) all read this table; nothing else decides a delivery rule.
 */
import { refusalOf, type ErrorCode, type Refusal } from "../errors.js";
import { DEFAULT_PLATFORM_FEE_PERCENT } from "../ledger/transactions.js";
import type { TaskStatus } from "../breakdown/types.js";
import { isAdmin, type Actor } from "../users.js";
import { isAssignedFreelancer, isDeleted, isInProgress, isOwner, isPaid, type JobState } from "../policies/job-state.js";

/** Where a story's delivery stands. */
export const deliveryStatuses = ["building", "in_review", "changes_requested", "approved", "disputed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** Who approved a story: its client, an admin, or the queue when the review period ran out. */
export const approvers = ["client", "admin", "system"] as const;
export type ApprovedBy = (typeof approvers)[number];

/**
 * The parties a transition names: the job's owner (the client), its assigned freelancer, an admin, or the system
 * (the queue's timers). Any freelancer (`freelancer`) only appears on the job's own `start`.
 */
export const lifecycleParties = ["owner", "assignedFreelancer", "freelancer", "admin", "system"] as const;
export type LifecycleParty = (typeof lifecycleParties)[number];

/** The lifecycle's settings: REVIEW_PERIOD (as ms) and MAX_REVISIONS. */
export interface DeliveryLimits {
  reviewPeriodMs: number;
  maxRevisions: number;
}

/** The settings' defaults: a week to review, three rounds of changes, a 10 % platform fee. */
export const deliveryDefaults = { reviewPeriod: "P7D", maxRevisions: 3, platformFeePercent: DEFAULT_PLATFORM_FEE_PERCENT } as const;

/** What the lifecycle reads of a story. */
export interface DeliveryStoryState {
  delivery: { status: DeliveryStatus; revisionCount: number; submittedAt: Date | string | null };
  tasks: ReadonlyArray<{ status: TaskStatus }>;
}

/** What a guard sees. `submission` is the submission a timer was set for (auto-approval only). */
export interface DeliveryContext {
  job: JobState;
  story: DeliveryStoryState;
  limits: DeliveryLimits;
  submission?: Date | string | null | undefined;
}

/** A named rule a transition must pass, with the refusal the API answers when it does not. */
export interface Guard<C> {
  name: string;
  /** the rule in words, for docs/lifecycle.md */
  rule: string;
  refusal: ErrorCode | Refusal;
  holds: (context: C) => boolean;
}

/** The fields a transition writes on the story. */
export interface DeliveryPatch {
  status: DeliveryStatus;
  submittedAt?: Date;
  reviewDueAt?: Date | null;
  approvedAt?: Date;
  approvedBy?: ApprovedBy;
  revisionCount?: number;
}

/** One declared transition of a story's delivery. */
export interface DeliveryTransition {
  from: readonly DeliveryStatus[];
  to: DeliveryStatus;
  actors: readonly LifecycleParty[];
  /** the refusal for anyone not among the actors */
  denied: ErrorCode;
  /** the refusal for a story in a state the transition does not start from */
  notFrom: ErrorCode | Refusal;
  /** rules on the job, checked before the story's: they alone make the job's `can` */
  jobGuards: ReadonlyArray<Guard<{ job: JobState }>>;
  storyGuards: ReadonlyArray<Guard<DeliveryContext>>;
  /** the effects in words, for docs/lifecycle.md; `apply` is what they do */
  effects: readonly string[];
  /** a timer set by the transition: which transition fires, and when */
  timer?: { fires: string; at: "reviewDueAt" };
  apply: (input: { now: Date; story: DeliveryStoryState; limits: DeliveryLimits; party: LifecycleParty }) => DeliveryPatch;
}

// Refusals worded for the delivery, where the catalogue's code is shared with other actions.
const revisionLimit: Refusal = refusalOf("REVISION_LIMIT");

const jobInProgress: Guard<{ job: JobState }> = {
  name: "jobInProgress",
  rule: "the job is in progress (started, not completed)",
  refusal: "JOB_NOT_IN_PROGRESS",
  holds: ({ job }) => isInProgress(job),
};
const moneyHeld: Guard<{ job: JobState }> = {
  name: "moneyHeld",
  rule: "the job is paid, so its money is held",
  refusal: "JOB_NOT_IN_PROGRESS",
  holds: ({ job }) => isPaid(job),
};
const tasksDone: Guard<DeliveryContext> = {
  name: "tasksDone",
  rule: "every task of the story is done",
  refusal: "TASKS_NOT_DONE",
  holds: ({ story }) => story.tasks.every((task) => task.status === "done"),
};
const revisionsLeft: Guard<DeliveryContext> = {
  name: "revisionsLeft",
  rule: "fewer than MAX_REVISIONS changes were requested (else a dispute settles it)",
  refusal: revisionLimit,
  holds: ({ story, limits }) => story.delivery.revisionCount < limits.maxRevisions,
};
const sameSubmission: Guard<DeliveryContext> = {
  name: "sameSubmission",
  rule: "the story is still in the submission the timer was set for (a resubmission or approval makes it a no-op)",
  refusal: "NOT_IN_REVIEW",
  holds: ({ story, submission }) => sameInstant(story.delivery.submittedAt, submission ?? null),
};

function sameInstant(a: Date | string | null, b: Date | string | null): boolean {
  if (a === null || b === null) return false;
  return new Date(a).getTime() === new Date(b).getTime();
}

const approvedBy = (party: LifecycleParty): ApprovedBy => (party === "owner" ? "client" : party === "admin" ? "admin" : "system");

/** The story delivery lifecycle: every transition, in the order the diagram lists them. */
export const deliveryLifecycle = {
  states: deliveryStatuses,
  initial: "building",
  transitions: {
    submit: {
      from: ["building", "changes_requested"],
      to: "in_review",
      actors: ["assignedFreelancer"],
      denied: "SUBMIT_DENIED",
      notFrom: "NOT_SUBMITTABLE",
      jobGuards: [jobInProgress],
      storyGuards: [tasksDone],
      effects: ["submittedAt = now", "reviewDueAt = now + REVIEW_PERIOD", "the client is e-mailed"],
      timer: { fires: "autoApprove", at: "reviewDueAt" },
      apply: ({ now, limits }) => ({ status: "in_review", submittedAt: now, reviewDueAt: new Date(now.getTime() + limits.reviewPeriodMs) }),
    },
    approve: {
      from: ["in_review"],
      to: "approved",
      actors: ["owner", "admin"],
      denied: "APPROVE_DENIED",
      notFrom: "NOT_IN_REVIEW",
      jobGuards: [jobInProgress],
      storyGuards: [],
      effects: ["approvedAt = now", "approvedBy = client | admin", "release amountCents (fee PLATFORM_FEE_PERCENT)", "last story approved → job completed"],
      apply: ({ now, party }) => ({ status: "approved", approvedAt: now, approvedBy: approvedBy(party), reviewDueAt: null }),
    },
    autoApprove: {
      from: ["in_review"],
      to: "approved",
      actors: ["system"],
      denied: "APPROVE_DENIED",
      notFrom: "NOT_IN_REVIEW",
      jobGuards: [jobInProgress],
      storyGuards: [sameSubmission],
      effects: ["approvedAt = now", "approvedBy = system", "release amountCents (fee PLATFORM_FEE_PERCENT)", "last story approved → job completed"],
      apply: ({ now }) => ({ status: "approved", approvedAt: now, approvedBy: "system", reviewDueAt: null }),
    },
    requestChanges: {
      from: ["in_review"],
      to: "changes_requested",
      actors: ["owner"],
      denied: "REQUEST_CHANGES_DENIED",
      notFrom: "NOT_IN_REVIEW",
      jobGuards: [jobInProgress],
      storyGuards: [revisionsLeft],
      effects: ["revisionCount + 1", "reviewDueAt cleared", "the reason is posted in the story's thread"],
      apply: ({ story }) => ({ status: "changes_requested", revisionCount: story.delivery.revisionCount + 1, reviewDueAt: null }),
    },
    dispute: {
      from: ["building", "in_review", "changes_requested"],
      to: "disputed",
      // The system fires it when the card provider reports a chargeback (Stripe's charge.dispute.created).
      actors: ["owner", "assignedFreelancer", "system"],
      denied: "DISPUTE_DENIED",
      notFrom: "NOT_DISPUTABLE",
      jobGuards: [jobInProgress, moneyHeld],
      storyGuards: [],
      effects: ["reviewDueAt cleared (the auto-approval becomes a no-op)", "the story's release pauses"],
      apply: () => ({ status: "disputed", reviewDueAt: null }),
    },
    resolveDispute: {
      from: ["disputed"],
      to: "approved",
      actors: ["admin"],
      denied: "ADMIN_ONLY",
      notFrom: "NOT_DISPUTABLE",
      jobGuards: [],
      storyGuards: [],
      effects: ["approvedAt = now", "approvedBy = admin", "release + refund = what is held for the story"],
      apply: ({ now }) => ({ status: "approved", approvedAt: now, approvedBy: "admin", reviewDueAt: null }),
    },
  },
} as const satisfies { states: readonly DeliveryStatus[]; initial: DeliveryStatus; transitions: Record<string, DeliveryTransition> };

/** A transition's name: submit, approve, autoApprove, requestChanges, dispute, resolveDispute. */
export type DeliveryTransitionName = keyof (typeof deliveryLifecycle)["transitions"];

/** Every transition, in declaration order. */
export const deliveryTransitionNames = Object.keys(deliveryLifecycle.transitions) as DeliveryTransitionName[];

/** The delivery transitions a job's `can`/`why` carry (API.md: submit, approve, requestChanges, dispute). */
export const deliveryAbilityActions = ["submit", "approve", "requestChanges", "dispute"] as const satisfies readonly DeliveryTransitionName[];

/**
 * A transition's declaration.
 * @param name the transition
 * @returns its from, to, actors, guards, effects and timer
 */
export function deliveryTransition(name: DeliveryTransitionName): DeliveryTransition {
  return deliveryLifecycle.transitions[name];
}

/** Who is acting: a signed-in person, or the system (the queue). */
export type LifecycleActor = Actor | "system";

/**
 * The parties an actor is on a job.
 * @param actor a person, or the system
 * @param job the job
 * @returns every party the actor counts as (an admin who posted the job is both owner and admin)
 */
export function partiesOf(actor: LifecycleActor, job: JobState): LifecycleParty[] {
  if (actor === "system") return ["system"];
  const parties: LifecycleParty[] = [];
  if (isOwner(actor, job)) parties.push("owner");
  if (isAssignedFreelancer(actor, job)) parties.push("assignedFreelancer");
  if (actor.userType === "freelancer") parties.push("freelancer");
  if (isAdmin(actor)) parties.push("admin");
  return parties;
}

/** The lifecycle's answer: allowed (as which party), or the refusal the API answers with. */
export type DeliveryDecision = { allowed: true; party: LifecycleParty } | { allowed: false; refusal: Refusal };

const refuse = (refusal: ErrorCode | Refusal): DeliveryDecision => ({ allowed: false, refusal: typeof refusal === "string" ? refusalOf(refusal) : refusal });

/**
 * Decides a delivery transition: the actor first (403), then the job's guards, then the story's state and guards
 * (409). Without a story only the actor and the job are decided: that is the job's `can`/`why` for the transition.
 * @param actor the signed-in person, the system, or null when signed out
 * @param name the transition
 * @param job the story's job
 * @param story the story with its tasks, or null to decide for the job as a whole
 * @param limits MAX_REVISIONS and REVIEW_PERIOD
 * @param submission for autoApprove: the submission its timer was set for
 * @returns allowed with the party acting, or the refusal
 */
export function decideDelivery(
  actor: LifecycleActor | null | undefined,
  name: DeliveryTransitionName,
  job: JobState,
  story: DeliveryStoryState | null,
  limits: DeliveryLimits,
  submission?: Date | string | null,
): DeliveryDecision {
  if (!actor) return refuse("UNAUTHENTICATED");
  if (isDeleted(job)) return refuse("JOB_NOT_FOUND");
  const transition = deliveryTransition(name);
  const party = partiesOf(actor, job).find((candidate) => transition.actors.includes(candidate));
  if (!party) return refuse(transition.denied);
  for (const guard of transition.jobGuards) if (!guard.holds({ job })) return refuse(guard.refusal);
  if (story) {
    if (!transition.from.includes(story.delivery.status)) return refuse(transition.notFrom);
    const context: DeliveryContext = { job, story, limits, submission };
    for (const guard of transition.storyGuards) if (!guard.holds(context)) return refuse(guard.refusal);
  }
  return { allowed: true, party };
}

/**
 * A job's refusal of a delivery transition in the job permission table's form: null when the actor may fire it on
 * the job's stories, else the refusal.
 * @param actor the signed-in person
 * @param name the transition
 * @param job the job
 * @returns null, or the refusal
 */
export function deliveryRefusalOnJob(actor: Actor, name: DeliveryTransitionName, job: JobState): Refusal | null {
  // The limits only matter to story guards, which a job-wide decision does not run.
  const decision = decideDelivery(actor, name, job, null, { reviewPeriodMs: 0, maxRevisions: 0 });
  return decision.allowed ? null : decision.refusal;
}

/**
 * Plans a transition: decides it and, when allowed, what it writes.
 * @returns the patch and the party acting
 * @throws nothing; a refusal comes back as such, for the use case to throw
 */
export function planDelivery(
  actor: LifecycleActor | null | undefined,
  name: DeliveryTransitionName,
  job: JobState,
  story: DeliveryStoryState,
  limits: DeliveryLimits,
  now: Date,
  submission?: Date | string | null,
): { allowed: true; party: LifecycleParty; patch: DeliveryPatch } | { allowed: false; refusal: Refusal } {
  const decision = decideDelivery(actor, name, job, story, limits, submission);
  if (!decision.allowed) return decision;
  return { allowed: true, party: decision.party, patch: deliveryTransition(name).apply({ now, story, limits, party: decision.party }) };
}
