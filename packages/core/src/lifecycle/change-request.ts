/**
 * The change request lifecycle, declared once (issue 18, "A paid scope cannot grow for free"). A change requested
 * before the job is paid joins its scope at once (`pending`: the job's own payment covers it). A change requested on a
 * paid job is `quoted` at the job's rate and is no scope yet: the client pays the quote like the job (its own payment
 * into the job's escrow), and only that capture makes it `paid`, a story of the job with its own milestone; or the
 * client declines it. The use cases, each request's `can`/`why`, the portal, the back office and docs/lifecycle.md
 * read this table.
 */
import { refusalOf, type ErrorCode, type Refusal } from "../errors.js";
import { isDeleted, isPaid, type JobState } from "../policies/job-state.js";
import type { Actor } from "../users.js";
import { partiesOf, type Guard, type LifecycleParty } from "./delivery.js";

/** Where a change request stands. */
export const changeRequestLifecycleStatuses = ["pending", "quoted", "paid", "declined"] as const;
export type ChangeRequestLifecycleStatus = (typeof changeRequestLifecycleStatuses)[number];

/** One declared transition of a change request; `from` is empty for the two ways a request starts. */
export interface ChangeRequestTransition {
  from: readonly ChangeRequestLifecycleStatus[];
  to: ChangeRequestLifecycleStatus;
  actors: readonly LifecycleParty[];
  denied: ErrorCode;
  notFrom: ErrorCode | Refusal;
  jobGuards: ReadonlyArray<Guard<{ job: JobState }>>;
  effects: readonly string[];
}

const completedRefusal: Refusal = {
  code: "CHANGE_NOT_ALLOWED",
  title: "Project Completed",
  message: "This project is completed: a change to it is a new job.",
};

const jobPaid: Guard<{ job: JobState }> = {
  name: "jobPaid",
  rule: "the job is paid (its scope is frozen)",
  refusal: "CHANGE_REQUEST_NOT_QUOTED",
  holds: ({ job }) => isPaid(job),
};
const jobNotPaid: Guard<{ job: JobState }> = {
  name: "jobNotPaid",
  rule: "the job is not paid yet (its own payment covers the change)",
  refusal: "CHANGE_NOT_ALLOWED",
  holds: ({ job }) => !isPaid(job),
};
// A story paid into a completed job could never be delivered, and its money would sit in the escrow of a job that
// must hold nothing.
const jobNotCompleted: Guard<{ job: JobState }> = {
  name: "jobNotCompleted",
  rule: "the job is not completed",
  refusal: completedRefusal,
  holds: ({ job }) => job.status !== "completed",
};

/** The change request lifecycle: every transition, in the order the diagram lists them. */
export const changeRequestLifecycle = {
  states: changeRequestLifecycleStatuses,
  transitions: {
    addToScope: {
      from: [],
      to: "pending",
      actors: ["owner", "admin"],
      denied: "CHANGE_REQUEST_DENIED",
      notFrom: "CHANGE_NOT_ALLOWED",
      jobGuards: [jobNotPaid],
      effects: ["its story (three tasks) joins the backlog, locked with the job", "priced with the job's own payment"],
    },
    quote: {
      from: [],
      to: "quoted",
      actors: ["owner", "admin"],
      denied: "CHANGE_REQUEST_DENIED",
      notFrom: "CHANGE_NOT_ALLOWED",
      jobGuards: [jobPaid, jobNotCompleted],
      effects: ["quote = the change's estimate × the job's rate (price ÷ estimated hours), whole cents", "no story yet: nothing joins the scope"],
    },
    pay: {
      from: ["quoted"],
      to: "paid",
      actors: ["owner", "admin"],
      denied: "PAYMENT_ACCESS_DENIED",
      notFrom: "CHANGE_REQUEST_NOT_QUOTED",
      jobGuards: [jobPaid, jobNotCompleted],
      effects: [
        "a payment intent for the quote; the provider's capture fires the transition",
        "payment_captured into the job's escrow",
        "its story joins the job, building, amountCents = the quote",
      ],
    },
    decline: {
      from: ["quoted"],
      to: "declined",
      actors: ["owner", "admin"],
      denied: "CHANGE_REQUEST_DENIED",
      notFrom: "CHANGE_REQUEST_NOT_QUOTED",
      jobGuards: [],
      effects: ["its open payment attempts are canceled", "nothing joins the scope"],
    },
  },
} as const satisfies { states: readonly ChangeRequestLifecycleStatus[]; transitions: Record<string, ChangeRequestTransition> };

export type ChangeRequestTransitionName = keyof (typeof changeRequestLifecycle)["transitions"];

/** Every transition, in declaration order. */
export const changeRequestTransitionNames = Object.keys(changeRequestLifecycle.transitions) as ChangeRequestTransitionName[];

/** The transitions a change request's `can`/`why` carry. */
export const changeRequestAbilityActions = ["pay", "decline"] as const satisfies readonly ChangeRequestTransitionName[];

/** A change request's `can`: one boolean per ability action. */
export type ChangeRequestAbilities = Record<(typeof changeRequestAbilityActions)[number], boolean>;
/** A change request's `why`: the refusal of each action its `can` refuses. */
export type ChangeRequestRefusals = Partial<Record<(typeof changeRequestAbilityActions)[number], Refusal>>;

/** The lifecycle's answer: allowed (as which party), or the refusal the API answers with. */
export type ChangeRequestDecision = { allowed: true; party: LifecycleParty } | { allowed: false; refusal: Refusal };

const refuse = (refusal: ErrorCode | Refusal): ChangeRequestDecision => ({
  allowed: false,
  refusal: typeof refusal === "string" ? refusalOf(refusal) : refusal,
});

/**
 * Decides a change request transition: the actor first (403), then the job's guards, then the request's state (409).
 * @param actor the signed-in person, or null when signed out
 * @param name the transition
 * @param job the request's job
 * @param request the request's state, or null for the two that start one (addToScope, quote)
 * @returns allowed with the party acting, or the refusal
 */
export function decideChangeRequest(
  actor: Actor | null | undefined,
  name: ChangeRequestTransitionName,
  job: JobState,
  request: { status: ChangeRequestLifecycleStatus } | null,
): ChangeRequestDecision {
  if (!actor) return refuse("UNAUTHENTICATED");
  if (isDeleted(job)) return refuse("JOB_NOT_FOUND");
  const transition: ChangeRequestTransition = changeRequestLifecycle.transitions[name];
  const party = partiesOf(actor, job).find((candidate) => transition.actors.includes(candidate));
  if (!party) return refuse(transition.denied);
  if (request && !transition.from.includes(request.status)) return refuse(transition.notFrom);
  for (const guard of transition.jobGuards) if (!guard.holds({ job })) return refuse(guard.refusal);
  return { allowed: true, party };
}

/**
 * How a new change request starts on a job: joining the scope of a job not paid yet, or quoted on a paid one.
 * @param job the job
 * @returns addToScope or quote
 */
export function changeRequestStart(job: JobState): "addToScope" | "quote" {
  return isPaid(job) ? "quote" : "addToScope";
}

/**
 * A change request's `can` and `why` for the actor, from one decision per action.
 * @param actor the signed-in person
 * @param job the request's job
 * @param request the request's state
 * @returns `can` (pay, decline) and `why`
 */
export function changeRequestPermissions(
  actor: Actor | null | undefined,
  job: JobState,
  request: { status: ChangeRequestLifecycleStatus },
): { can: ChangeRequestAbilities; why: ChangeRequestRefusals } {
  const can: Partial<ChangeRequestAbilities> = {};
  const why: ChangeRequestRefusals = {};
  for (const action of changeRequestAbilityActions) {
    const decision = decideChangeRequest(actor, action, job, request);
    can[action] = decision.allowed;
    if (!decision.allowed) why[action] = decision.refusal;
  }
  // The loop above set every ability action.
  return { can: can as ChangeRequestAbilities, why };
}
