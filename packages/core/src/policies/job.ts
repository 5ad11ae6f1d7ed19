/**
 * Who may do what to a job, and in which state: one table of role × action → condition (STYLE §4). One function,
 * `decideJobAction`, answers allowed or the refusal; the server guards every endpoint with it (`authorize`) and
 * sends it as each job's `can` and `why` (`jobPermissions`), so the UI never re-derives a rule or its wording.
 */
import { refusalError, refusalOf, refusalWordings, type ErrorCode, type Refusal } from "../errors.js";
import { isAdmin, type Actor } from "../users.js";
import { deliveryRefusalOnJob, type DeliveryTransitionName } from "../lifecycle/delivery.js";
import { changeRequestStart, decideChangeRequest } from "../lifecycle/change-request.js";
import { isAssignedFreelancer, isDeleted, isInProgress, isLocked, isOwner, isPaid, isPaymentInFlight, isStarted, type JobState } from "./job-state.js";

/** The role a job rule sees: admins first (user or role type admin), then freelancers, everyone else a client. */
export type JobRole = "client" | "freelancer" | "admin";

/**
 * A condition of the table: a pure function of the actor and the job that answers null when the action is allowed,
 * or the code of the error that explains the refusal (or the refusal itself, when the code is worded for this action).
 */
export type Condition = (actor: Actor, job: JobState) => ErrorCode | Refusal | null;

type Test = (actor: Actor, job: JobState) => boolean;

/**
 * Whether an admin is acting on someone else's job: the portal's 'Admin Access' label on cards and headers.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's owner
 * @returns true for an admin who did not post the job
 */
export function hasAdminAccess(actor: Actor | null | undefined, job: Pick<JobState, "ownerId">): boolean {
  return Boolean(actor && isAdmin(actor) && job.ownerId !== actor.id);
}

const allow: Condition = () => null;
const deny =
  (code: ErrorCode): Condition =>
  () =>
    code;
/** Allowed when the test passes, else refused with the code. */
const when =
  (test: Test, code: ErrorCode | Refusal): Condition =>
  (actor, job) =>
    test(actor, job) ? null : code;
/** Every condition in turn; the first refusal wins, so ownership is listed before state. */
const all =
  (...conditions: Condition[]): Condition =>
  (actor, job) => {
    for (const condition of conditions) {
      const refusal = condition(actor, job);
      if (refusal !== null) return refusal;
    }
    return null;
  };
const onJob =
  (predicate: (job: JobState) => boolean): Test =>
  (_actor, job) =>
    predicate(job);
const not =
  (test: Test): Test =>
  (actor, job) =>
    !test(actor, job);

const owner = (code: ErrorCode) => when(isOwner, code);
const assigned = (code: ErrorCode) => when(isAssignedFreelancer, code);
const started = when(onJob(isStarted), "NOT_STARTED");

// A payment in flight freezes the job (money-3): whatever would move its price or take it away (edit, unlock, delete,
// a new breakdown) waits until the payment succeeds, fails or is canceled. Checked first among the state rules, as
// the refusal that tells the person what is going on.
const notFrozen = when(not(onJob(isPaymentInFlight)), "PAYMENT_PROCESSING");

// State rules shared by the owner (client) and admin rows; the client row puts ownership in front of them.
const editable = all(
  notFrozen,
  when(not(onJob(isLocked)), "JOB_NOT_EDITABLE"),
  when(not(onJob(isStarted)), "JOB_NOT_EDITABLE"),
  when(not(onJob(isPaid)), "JOB_NOT_EDITABLE"),
);
const deletable = all(notFrozen, when(not(onJob(isPaid)), "JOB_PAID"), when(not(onJob(isStarted)), "JOB_PAID"));
// A breakdown is made once: `can.createBreakdown` must not offer what the server answers STORIES_EXIST.
const breakdownOpen = all(
  notFrozen,
  when(not(onJob(isStarted)), "BREAKDOWN_NOT_ALLOWED"),
  when(not(onJob(isPaid)), "BREAKDOWN_NOT_ALLOWED"),
  when(
    onJob((job) => !job.hasStories),
    "STORIES_EXIST",
  ),
);
// A paid scope cannot grow for free (issue 18): once paid, the stories and tasks are what was paid for. Checked before
// the lock and the start, so a paid job always says why (a started job is a paid one); new work goes through a change
// request. Task status is its own action (`updateTaskStatus`) and keeps moving.
const scopeNotPaid = when(not(onJob(isPaid)), refusalWordings.paidScope);
const tasksEditable = all(scopeNotPaid, when(not(onJob(isStarted)), "LOCKED"), when(not(onJob(isLocked)), "LOCKED"));
// Regenerating replaces stories that exist: the breakdown rules without "made once", and only while they can be edited.
const regenerable = all(
  notFrozen,
  when(not(onJob(isStarted)), "BREAKDOWN_NOT_ALLOWED"),
  when(not(onJob(isPaid)), "BREAKDOWN_NOT_ALLOWED"),
  when(not(onJob(isLocked)), "LOCKED"),
);
const lockable = when(not(onJob(isLocked)), "ALREADY_LOCKED");
// A paid job stays locked (its scope is frozen); a started one too (CANNOT_UNLOCK is left for a started job that is somehow
// unpaid). Both are checked before "not locked" as the more telling refusals.
const unlockable = all(notFrozen, scopeNotPaid, when(not(onJob(isStarted)), "CANNOT_UNLOCK"), when(onJob(isLocked), "NOT_LOCKED"));
const startable = all(
  when(not(onJob(isStarted)), "ALREADY_STARTED"),
  when(onJob(isLocked), "REQUIREMENTS_NOT_FINALIZED"),
  when(onJob(isPaid), "PAYMENT_REQUIRED"),
);
const completable = when(onJob(isInProgress), "NOT_IN_PROGRESS");
// Paid is checked before locked: a paid job is answered ALREADY_PAID whatever its lock says.
const payable = all(when(not(onJob(isPaid)), "ALREADY_PAID"), notFrozen, when(onJob(isLocked), "PAYMENT_NOT_LOCKED"));
// The delivery transitions are decided by the lifecycle (lifecycle/delivery.ts) for every role alike: its actor and
// job guards are the job's `can`/`why`; the story's own state and guards are decided when a story is named.
const delivery =
  (name: DeliveryTransitionName): Condition =>
  (actor, job) =>
    deliveryRefusalOnJob(actor, name, job);
// How a change request starts is the change request lifecycle's (a quote on a paid job is refused once it is
// completed): its decision on the job is part of `requestChange`, so `can`/`why` say what the endpoint answers.
const changeRequestStarts: Condition = (actor, job) => {
  const decision = decideChangeRequest(actor, changeRequestStart(job), job, null);
  return decision.allowed ? null : decision.refusal;
};
const changeable = all(
  when((_actor, job) => isLocked(job) || isStarted(job), "CHANGE_NOT_ALLOWED"),
  changeRequestStarts,
);

/** The job permission table: for each role and action, the condition under which it is allowed. */
export const jobPolicy = {
  client: {
    view: allow,
    edit: all(owner("EDIT_JOB_DENIED"), editable),
    delete: all(owner("DELETE_JOB_DENIED"), deletable),
    createBreakdown: all(owner("CREATE_STORIES_DENIED"), breakdownOpen),
    regenerateBreakdown: all(owner("CREATE_STORIES_DENIED"), regenerable),
    viewBreakdown: owner("VIEW_BREAKDOWN_DENIED"),
    // A breakdown run is followed by those who may ask for one, whatever the job's state has become since.
    followBreakdown: owner("VIEW_BREAKDOWN_DENIED"),
    editTasks: all(owner("EDIT_TASKS_DENIED"), tasksEditable),
    lock: all(owner("LOCK_DENIED"), lockable),
    unlock: all(owner("LOCK_DENIED"), unlockable),
    start: deny("FREELANCER_ONLY"),
    complete: deny("COMPLETE_DENIED"),
    pay: all(owner("PAYMENT_ACCESS_DENIED"), payable),
    requestChange: all(owner("CHANGE_REQUEST_DENIED"), changeable),
    updateTaskStatus: deny("TASK_STATUS_DENIED"),
    commentTask: all(owner("COMMENT_DENIED"), started),
    // A task's comments, the latest on the task and the whole thread, are read by those in its conversation: the one
    // rule for every endpoint that carries them (rights-6).
    readTaskComments: owner("COMMUNICATION_DENIED"),
    communicate: owner("COMMUNICATION_DENIED"),
    // A chat room may name a job only its poster owns: never a link to someone else's project.
    linkChat: owner("FORBIDDEN"),
    submit: delivery("submit"),
    approve: delivery("approve"),
    requestChanges: delivery("requestChanges"),
    dispute: delivery("dispute"),
  },
  freelancer: {
    view: allow,
    edit: deny("EDIT_JOB_DENIED"),
    delete: deny("DELETE_JOB_DENIED"),
    createBreakdown: deny("CREATE_STORIES_DENIED"),
    regenerateBreakdown: deny("CREATE_STORIES_DENIED"),
    // Any freelancer may read the breakdown before picking the job up.
    viewBreakdown: allow,
    followBreakdown: deny("VIEW_BREAKDOWN_DENIED"),
    editTasks: deny("EDIT_TASKS_DENIED"),
    lock: deny("LOCK_DENIED"),
    unlock: deny("LOCK_DENIED"),
    start: startable,
    // A job completes when its last story is approved (lifecycle/job.ts); only an admin completes one by hand.
    complete: deny("COMPLETE_DENIED"),
    pay: deny("PAYMENT_ACCESS_DENIED"),
    requestChange: deny("CHANGE_REQUEST_DENIED"),
    updateTaskStatus: all(assigned("TASK_STATUS_DENIED"), started),
    commentTask: all(assigned("COMMENT_DENIED"), started),
    // Any freelancer reads the breakdown, but only the assigned one what was said about its tasks.
    readTaskComments: assigned("COMMUNICATION_DENIED"),
    communicate: assigned("COMMUNICATION_DENIED"),
    linkChat: deny("CLIENT_ONLY_CHAT"),
    submit: delivery("submit"),
    approve: delivery("approve"),
    requestChanges: delivery("requestChanges"),
    dispute: delivery("dispute"),
  },
  admin: {
    view: allow,
    edit: editable,
    delete: deletable,
    createBreakdown: breakdownOpen,
    regenerateBreakdown: regenerable,
    viewBreakdown: allow,
    followBreakdown: allow,
    editTasks: tasksEditable,
    lock: lockable,
    unlock: unlockable,
    // Only freelancers start projects (spec part 1 §5), admins included.
    start: deny("FREELANCER_ONLY"),
    // The documented override (docs/lifecycle.md): an admin completes a job in progress whatever its stories say.
    complete: completable,
    pay: payable,
    requestChange: changeable,
    updateTaskStatus: started,
    commentTask: started,
    readTaskComments: allow,
    communicate: allow,
    linkChat: allow,
    submit: delivery("submit"),
    approve: delivery("approve"),
    requestChanges: delivery("requestChanges"),
    dispute: delivery("dispute"),
  },
} as const satisfies Record<JobRole, Record<string, Condition>>;

/** An action on a job, as named by the permission table. */
export type JobAction = keyof (typeof jobPolicy)["client"];

type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Compile-time proof that every role's row names exactly the same actions.
const _everyRoleHasEveryAction: Equals<keyof (typeof jobPolicy)["freelancer"], JobAction> & Equals<keyof (typeof jobPolicy)["admin"], JobAction> = true;

/** Every job action, in table order. */
export const jobActions = Object.keys(jobPolicy.client) as JobAction[];

/**
 * The actions sent as a job's `can` object: API.md's eleven, plus the task-level rules (status, comment,
 * conversation) so the project status screen reads them too instead of working them out.
 */
export const jobAbilityActions = [
  "edit",
  "delete",
  "createBreakdown",
  "regenerateBreakdown",
  "viewBreakdown",
  "editTasks",
  "lock",
  "unlock",
  "start",
  "complete",
  "pay",
  "requestChange",
  "updateTaskStatus",
  "commentTask",
  "communicate",
  "submit",
  "approve",
  "requestChanges",
  "dispute",
] as const satisfies readonly JobAction[];

/** The `can` object of a job: one boolean per ability action. */
export type JobAbilities = Record<(typeof jobAbilityActions)[number], boolean>;

/**
 * The role a job rule applies to an actor.
 * @param actor the signed-in person
 * @returns admin for admins, freelancer for freelancers, client otherwise
 */
export function jobRoleOf(actor: Actor): JobRole {
  if (isAdmin(actor)) return "admin";
  return actor.userType === "freelancer" ? "freelancer" : "client";
}

/** The policy's answer to one action on a job: allowed, or refused with the words the server answers with. */
export type JobDecision = { allowed: true } | { allowed: false; refusal: Refusal };

const allowed: JobDecision = { allowed: true };

/**
 * Decides one action on a job: the single source of `can`, `why` and the endpoints' refusals. A deleted (inactive)
 * job is not found for every action; a signed-out visitor may do nothing.
 * @param actor the signed-in person, or null when signed out
 * @param action the action to decide
 * @param job the job's state
 * @returns allowed, or the refusal (code, title and message) the endpoint answers with
 */
export function decideJobAction(actor: Actor | null | undefined, action: JobAction, job: JobState): JobDecision {
  const verdict = refusalCode(actor, action, job);
  if (verdict === null) return allowed;
  return { allowed: false, refusal: typeof verdict === "string" ? refusalOf(verdict) : verdict };
}

function refusalCode(actor: Actor | null | undefined, action: JobAction, job: JobState): ErrorCode | Refusal | null {
  if (!actor) return "UNAUTHENTICATED";
  if (isDeleted(job)) return "JOB_NOT_FOUND";
  const condition: Condition = jobPolicy[jobRoleOf(actor)][action];
  return condition(actor, job);
}

/**
 * Whether the actor may take the action on the job now.
 * @param actor the signed-in person, or null when signed out
 * @param action the action to check
 * @param job the job's state
 * @returns true when allowed
 */
export function can(actor: Actor | null | undefined, action: JobAction, job: JobState): boolean {
  return decideJobAction(actor, action, job).allowed;
}

/**
 * Guards an action on a job: returns when allowed, else throws the error that explains the refusal (ownership and
 * role are checked before the job's state).
 * @param actor the signed-in person, or null when signed out
 * @param action the action to check
 * @param job the job's state
 * @returns nothing; returning at all means the action is allowed
 * @throws DomainError with the refusal's code, title and message, e.g. FREELANCER_ONLY, REQUIREMENTS_NOT_FINALIZED,
 *   PAYMENT_REQUIRED, CANNOT_UNLOCK, JOB_PAID, DELETE_JOB_DENIED, LOCKED, PAYMENT_ACCESS_DENIED, ALREADY_PAID,
 *   JOB_NOT_FOUND or UNAUTHENTICATED
 */
export function authorize(actor: Actor | null | undefined, action: JobAction, job: JobState): void {
  const decision = decideJobAction(actor, action, job);
  if (!decision.allowed) throw refusalError(decision.refusal);
}

/** The `why` object of a job: for each ability action `can` refuses, the refusal the server answers with. */
export type JobRefusals = Partial<Record<(typeof jobAbilityActions)[number], Refusal>>;

/**
 * A job's `can` and `why` for the actor, both read from one decision per action so they never disagree.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's state
 * @returns `can`, one boolean per ability action, and `why`, the refusal of each action `can` refuses
 */
export function jobPermissions(actor: Actor | null | undefined, job: JobState): { can: JobAbilities; why: JobRefusals } {
  const can: Partial<JobAbilities> = {};
  const why: JobRefusals = {};
  for (const action of jobAbilityActions) {
    const decision = decideJobAction(actor, action, job);
    can[action] = decision.allowed;
    if (!decision.allowed) why[action] = decision.refusal;
  }
  // The loop above set every ability action.
  return { can: can as JobAbilities, why };
}

/**
 * The actions the actor may take on the job now: the `can` half of `jobPermissions`.
 * @param actor the signed-in person, or null when signed out
 * @param job the job's state
 * @returns one boolean per ability action
 */
export function jobAbilities(actor: Actor | null | undefined, job: JobState): JobAbilities {
  return jobPermissions(actor, job).can;
}
