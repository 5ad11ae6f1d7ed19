import { describe, expect, it } from "vitest";
import { errorCatalogue, isDomainError, refusalWordings, type ErrorCode } from "../errors.js";
import type { Actor } from "../users.js";
import {
  authorize,
  can,
  jobAbilities,
  hasAdminAccess,
  jobAbilityActions,
  jobActions,
  decideJobAction,
  jobPermissions,
  jobRoleOf,
  type JobAction,
} from "./job.js";
import type { JobState } from "./job-state.js";

const actors = {
  owner: { id: "client-owner", userType: "client", roleType: "job_poster" },
  otherClient: { id: "client-other", userType: "client", roleType: "job_poster" },
  assignedFreelancer: { id: "freelancer-assigned", userType: "freelancer", roleType: "freelancer" },
  otherFreelancer: { id: "freelancer-other", userType: "freelancer", roleType: "freelancer" },
  admin: { id: "admin-1", userType: "admin", roleType: "admin" },
} as const satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;
const actorNames = Object.keys(actors) as ActorName[];

const base: JobState = {
  ownerId: actors.owner.id,
  status: "open",
  paymentStatus: "unpaid",
  locked: false,
  startedAt: null,
  freelancerId: null,
};
const started = { startedAt: "2025-03-01T10:00:00.000Z", freelancerId: actors.assignedFreelancer.id } as const;

const states = {
  fresh: base,
  locked: { ...base, locked: true },
  lockedPending: { ...base, locked: true, paymentStatus: "pending" },
  lockedPaid: { ...base, locked: true, paymentStatus: "paid" },
  paidUnlocked: { ...base, paymentStatus: "paid" },
  inProgress: { ...base, ...started, locked: true, paymentStatus: "paid", status: "in_progress" },
  completedDue: { ...base, ...started, locked: true, paymentStatus: "unpaid", status: "completed" },
  completedPaid: { ...base, ...started, locked: true, paymentStatus: "paid", status: "completed" },
  inactive: { ...base, status: "inactive" },
} as const satisfies Record<string, JobState>;
type StateName = keyof typeof states;
const stateNames = Object.keys(states) as StateName[];

const none: ActorName[] = [];
const ownerOrAdmin: ActorName[] = ["owner", "admin"];
const allActors: ActorName[] = actorNames;

/** For each action and state, the actors allowed; everyone else is refused. */
const expected: Record<JobAction, Record<StateName, ActorName[]>> = {
  view: {
    fresh: allActors,
    locked: allActors,
    lockedPending: allActors,
    lockedPaid: allActors,
    paidUnlocked: allActors,
    inProgress: allActors,
    completedDue: allActors,
    completedPaid: allActors,
    inactive: none,
  },
  edit: {
    fresh: ownerOrAdmin,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  delete: {
    fresh: ownerOrAdmin,
    locked: ownerOrAdmin,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  createBreakdown: {
    fresh: ownerOrAdmin,
    locked: ownerOrAdmin,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  // Replacing stories: only while they are still editable (unlocked, not paid or started, no payment in flight).
  regenerateBreakdown: {
    fresh: ownerOrAdmin,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  viewBreakdown: {
    fresh: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    locked: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    lockedPending: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    lockedPaid: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    paidUnlocked: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    inProgress: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    completedDue: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    completedPaid: ["owner", "assignedFreelancer", "otherFreelancer", "admin"],
    inactive: none,
  },
  followBreakdown: {
    fresh: ownerOrAdmin,
    locked: ownerOrAdmin,
    lockedPending: ownerOrAdmin,
    lockedPaid: ownerOrAdmin,
    paidUnlocked: ownerOrAdmin,
    inProgress: ownerOrAdmin,
    completedDue: ownerOrAdmin,
    completedPaid: ownerOrAdmin,
    inactive: none,
  },
  editTasks: {
    fresh: ownerOrAdmin,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  lock: {
    fresh: ownerOrAdmin,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: ownerOrAdmin,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  unlock: {
    fresh: none,
    locked: ownerOrAdmin,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  start: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: ["assignedFreelancer", "otherFreelancer"],
    paidUnlocked: none,
    inProgress: none,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  complete: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    // Only the admin's override: a job completes when its last story is approved (lifecycle/job.ts).
    inProgress: ["admin"],
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  pay: {
    fresh: none,
    locked: ownerOrAdmin,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: none,
    completedDue: ownerOrAdmin,
    completedPaid: none,
    inactive: none,
  },
  requestChange: {
    fresh: none,
    locked: ownerOrAdmin,
    lockedPending: ownerOrAdmin,
    lockedPaid: ownerOrAdmin,
    paidUnlocked: none,
    inProgress: ownerOrAdmin,
    completedDue: ownerOrAdmin,
    // A paid job that is completed takes no quote (lifecycle/change-request.ts): a change to it is a new job.
    completedPaid: none,
    inactive: none,
  },
  updateTaskStatus: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: ["assignedFreelancer", "admin"],
    completedDue: ["assignedFreelancer", "admin"],
    completedPaid: ["assignedFreelancer", "admin"],
    inactive: none,
  },
  commentTask: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: ["owner", "assignedFreelancer", "admin"],
    completedDue: ["owner", "assignedFreelancer", "admin"],
    completedPaid: ["owner", "assignedFreelancer", "admin"],
    inactive: none,
  },
  readTaskComments: {
    fresh: ownerOrAdmin,
    locked: ownerOrAdmin,
    lockedPending: ownerOrAdmin,
    lockedPaid: ownerOrAdmin,
    paidUnlocked: ownerOrAdmin,
    inProgress: ["owner", "assignedFreelancer", "admin"],
    completedDue: ["owner", "assignedFreelancer", "admin"],
    completedPaid: ["owner", "assignedFreelancer", "admin"],
    inactive: none,
  },
  communicate: {
    fresh: ownerOrAdmin,
    locked: ownerOrAdmin,
    lockedPending: ownerOrAdmin,
    lockedPaid: ownerOrAdmin,
    paidUnlocked: ownerOrAdmin,
    inProgress: ["owner", "assignedFreelancer", "admin"],
    completedDue: ["owner", "assignedFreelancer", "admin"],
    completedPaid: ["owner", "assignedFreelancer", "admin"],
    inactive: none,
  },
  linkChat: {
    fresh: ownerOrAdmin,
    locked: ownerOrAdmin,
    lockedPending: ownerOrAdmin,
    lockedPaid: ownerOrAdmin,
    paidUnlocked: ownerOrAdmin,
    inProgress: ownerOrAdmin,
    completedDue: ownerOrAdmin,
    completedPaid: ownerOrAdmin,
    inactive: none,
  },
  // The delivery transitions on the job as a whole (lifecycle/delivery.ts): actor and job guards only.
  submit: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: ["assignedFreelancer"],
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  approve: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: ownerOrAdmin,
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  requestChanges: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: ["owner"],
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
  dispute: {
    fresh: none,
    locked: none,
    lockedPending: none,
    lockedPaid: none,
    paidUnlocked: none,
    inProgress: ["owner", "assignedFreelancer"],
    completedDue: none,
    completedPaid: none,
    inactive: none,
  },
};

const refusalCode = (actor: Actor | null, action: JobAction, job: JobState): ErrorCode | null => {
  const decision = decideJobAction(actor, action, job);
  return decision.allowed ? null : decision.refusal.code;
};

const refusalOf = (run: () => void): ErrorCode | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
};

describe("job policy table", () => {
  it("names every action of the expectations", () => {
    expect([...jobActions].sort()).toEqual(Object.keys(expected).sort());
  });

  describe.each(jobActions)("%s", (action) => {
    it.each(stateNames)("when the job is %s", (state) => {
      const job = states[state];
      const allowed = expected[action][state];
      const actual = Object.fromEntries(actorNames.map((name) => [name, can(actors[name], action, job)]));
      const wanted = Object.fromEntries(actorNames.map((name) => [name, allowed.includes(name)]));
      expect(actual).toEqual(wanted);
      // authorize agrees with can: it throws exactly when can says no.
      for (const name of actorNames) {
        expect(refusalOf(() => authorize(actors[name], action, job)) === null).toBe(wanted[name]);
      }
    });
  });
});

describe("authorize", () => {
  const cases: [ActorName, JobAction, StateName, ErrorCode][] = [
    ["owner", "start", "lockedPaid", "FREELANCER_ONLY"],
    ["admin", "start", "lockedPaid", "FREELANCER_ONLY"],
    ["otherFreelancer", "start", "fresh", "REQUIREMENTS_NOT_FINALIZED"],
    ["otherFreelancer", "start", "paidUnlocked", "REQUIREMENTS_NOT_FINALIZED"],
    ["otherFreelancer", "start", "locked", "PAYMENT_REQUIRED"],
    ["otherFreelancer", "start", "lockedPending", "PAYMENT_REQUIRED"],
    ["otherFreelancer", "start", "inProgress", "ALREADY_STARTED"],
    ["owner", "unlock", "inProgress", "JOB_PAID"],
    ["admin", "unlock", "completedPaid", "JOB_PAID"],
    ["owner", "unlock", "completedDue", "CANNOT_UNLOCK"],
    ["owner", "unlock", "lockedPaid", "JOB_PAID"],
    ["admin", "editTasks", "lockedPaid", "JOB_PAID"],
    ["owner", "editTasks", "paidUnlocked", "JOB_PAID"],
    ["owner", "unlock", "fresh", "NOT_LOCKED"],
    ["otherClient", "unlock", "inProgress", "LOCK_DENIED"],
    ["assignedFreelancer", "lock", "fresh", "LOCK_DENIED"],
    ["owner", "lock", "locked", "ALREADY_LOCKED"],
    ["owner", "delete", "lockedPaid", "JOB_PAID"],
    ["owner", "delete", "completedDue", "JOB_PAID"],
    ["admin", "delete", "inProgress", "JOB_PAID"],
    ["otherClient", "delete", "fresh", "DELETE_JOB_DENIED"],
    ["otherClient", "delete", "lockedPaid", "DELETE_JOB_DENIED"],
    ["otherFreelancer", "delete", "fresh", "DELETE_JOB_DENIED"],
    ["otherClient", "createBreakdown", "fresh", "CREATE_STORIES_DENIED"],
    ["owner", "unlock", "lockedPending", "PAYMENT_PROCESSING"],
    ["admin", "edit", "lockedPending", "PAYMENT_PROCESSING"],
    ["owner", "delete", "lockedPending", "PAYMENT_PROCESSING"],
    ["admin", "createBreakdown", "lockedPending", "PAYMENT_PROCESSING"],
    ["owner", "pay", "lockedPending", "PAYMENT_PROCESSING"],
    ["otherClient", "unlock", "lockedPending", "LOCK_DENIED"],
    ["otherFreelancer", "createBreakdown", "fresh", "CREATE_STORIES_DENIED"],
    ["owner", "createBreakdown", "lockedPaid", "BREAKDOWN_NOT_ALLOWED"],
    ["otherClient", "viewBreakdown", "fresh", "VIEW_BREAKDOWN_DENIED"],
    ["owner", "editTasks", "locked", "LOCKED"],
    ["admin", "editTasks", "inProgress", "JOB_PAID"],
    ["admin", "editTasks", "completedDue", "LOCKED"],
    ["otherClient", "editTasks", "fresh", "EDIT_TASKS_DENIED"],
    ["owner", "requestChange", "fresh", "CHANGE_NOT_ALLOWED"],
    ["owner", "requestChange", "paidUnlocked", "CHANGE_NOT_ALLOWED"],
    ["owner", "requestChange", "completedPaid", "CHANGE_NOT_ALLOWED"],
    ["otherClient", "requestChange", "locked", "CHANGE_REQUEST_DENIED"],
    ["otherClient", "pay", "locked", "PAYMENT_ACCESS_DENIED"],
    ["otherFreelancer", "pay", "locked", "PAYMENT_ACCESS_DENIED"],
    ["owner", "pay", "lockedPaid", "ALREADY_PAID"],
    ["owner", "pay", "paidUnlocked", "ALREADY_PAID"],
    ["owner", "pay", "fresh", "PAYMENT_NOT_LOCKED"],
    ["otherClient", "edit", "fresh", "EDIT_JOB_DENIED"],
    ["otherClient", "edit", "lockedPaid", "EDIT_JOB_DENIED"],
    ["otherFreelancer", "edit", "fresh", "EDIT_JOB_DENIED"],
    ["owner", "edit", "locked", "JOB_NOT_EDITABLE"],
    ["owner", "edit", "inProgress", "JOB_NOT_EDITABLE"],
    ["admin", "edit", "paidUnlocked", "JOB_NOT_EDITABLE"],
    ["owner", "complete", "inProgress", "COMPLETE_DENIED"],
    ["otherFreelancer", "complete", "inProgress", "COMPLETE_DENIED"],
    ["admin", "complete", "locked", "NOT_IN_PROGRESS"],
    ["assignedFreelancer", "complete", "inProgress", "COMPLETE_DENIED"],
    ["admin", "complete", "completedPaid", "NOT_IN_PROGRESS"],
    ["assignedFreelancer", "approve", "inProgress", "APPROVE_DENIED"],
    ["owner", "approve", "completedPaid", "JOB_NOT_IN_PROGRESS"],
    ["admin", "requestChanges", "inProgress", "REQUEST_CHANGES_DENIED"],
    ["otherFreelancer", "submit", "inProgress", "SUBMIT_DENIED"],
    ["admin", "dispute", "inProgress", "DISPUTE_DENIED"],
    ["owner", "updateTaskStatus", "inProgress", "TASK_STATUS_DENIED"],
    ["otherFreelancer", "updateTaskStatus", "inProgress", "TASK_STATUS_DENIED"],
    ["admin", "updateTaskStatus", "locked", "NOT_STARTED"],
    ["otherClient", "commentTask", "inProgress", "COMMENT_DENIED"],
    ["owner", "commentTask", "lockedPaid", "NOT_STARTED"],
    ["otherClient", "communicate", "inProgress", "COMMUNICATION_DENIED"],
    ["otherFreelancer", "communicate", "inProgress", "COMMUNICATION_DENIED"],
    ["otherFreelancer", "readTaskComments", "inProgress", "COMMUNICATION_DENIED"],
    ["otherClient", "readTaskComments", "completedPaid", "COMMUNICATION_DENIED"],
    ["admin", "view", "inactive", "JOB_NOT_FOUND"],
    ["owner", "delete", "inactive", "JOB_NOT_FOUND"],
  ];

  it.each(cases)("%s may not %s a %s job: %s", (actorName, action, state, code) => {
    expect(refusalOf(() => authorize(actors[actorName], action, states[state]))).toBe(code);
  });

  it("throws the catalogue's title and message", () => {
    let thrown: unknown;
    try {
      authorize(actors.owner, "start", states.lockedPaid);
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && [thrown.kind, thrown.title, thrown.message]).toEqual([
      "forbidden",
      errorCatalogue.FREELANCER_ONLY.title,
      "Only freelancers can start a project.",
    ]);
  });

  it("throws exactly the refusal decideJobAction gives, the one a job's why carries", () => {
    for (const name of actorNames) {
      for (const action of jobActions) {
        for (const state of stateNames) {
          const decision = decideJobAction(actors[name], action, states[state]);
          let thrown: unknown = null;
          try {
            authorize(actors[name], action, states[state]);
          } catch (error) {
            thrown = error;
          }
          const answered = isDomainError(thrown) ? { code: thrown.code, title: thrown.title, message: thrown.message } : null;
          expect(answered, `${name} ${action} ${state}`).toEqual(decision.allowed ? null : decision.refusal);
        }
      }
    }
  });

  it("a breakdown is made once: with stories, createBreakdown is refused with STORIES_EXIST", () => {
    const withStories = { ...states.fresh, hasStories: true };
    expect(refusalCode(actors.owner, "createBreakdown", withStories)).toBe("STORIES_EXIST");
    expect(refusalCode(actors.admin, "createBreakdown", { ...states.locked, hasStories: true })).toBe("STORIES_EXIST");
    // Ownership and state are still the first reasons given.
    expect(refusalCode(actors.otherClient, "createBreakdown", withStories)).toBe("CREATE_STORIES_DENIED");
    expect(refusalCode(actors.owner, "createBreakdown", { ...states.lockedPaid, hasStories: true })).toBe("BREAKDOWN_NOT_ALLOWED");
    expect(jobAbilities(actors.owner, withStories).createBreakdown).toBe(false);
  });

  it("a signed-out visitor may do nothing", () => {
    expect(refusalCode(null, "view", states.fresh)).toBe("UNAUTHENTICATED");
    expect(can(undefined, "view", states.fresh)).toBe(false);
  });
});

describe("jobAbilities", () => {
  it("has API.md's can keys plus the task-level abilities", () => {
    expect(Object.keys(jobAbilities(actors.owner, states.fresh)).sort()).toEqual(
      [
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
      ].sort(),
    );
    expect(jobAbilityActions).toHaveLength(19);
  });

  it("the owner of a locked, unpaid job may unlock, pay, delete, create the breakdown and request changes", () => {
    expect(jobAbilities(actors.owner, states.locked)).toEqual({
      edit: false,
      delete: true,
      createBreakdown: true,
      regenerateBreakdown: false,
      viewBreakdown: true,
      editTasks: false,
      lock: false,
      unlock: true,
      start: false,
      complete: false,
      pay: true,
      requestChange: true,
      updateTaskStatus: false,
      commentTask: false,
      communicate: true,
      submit: false,
      approve: false,
      requestChanges: false,
      dispute: false,
    });
  });

  it("a freelancer may start a locked, paid job and nothing that changes it", () => {
    expect(jobAbilities(actors.otherFreelancer, states.lockedPaid)).toEqual({
      edit: false,
      delete: false,
      createBreakdown: false,
      regenerateBreakdown: false,
      viewBreakdown: true,
      editTasks: false,
      lock: false,
      unlock: false,
      start: true,
      complete: false,
      pay: false,
      requestChange: false,
      updateTaskStatus: false,
      commentTask: false,
      communicate: false,
      submit: false,
      approve: false,
      requestChanges: false,
      dispute: false,
    });
  });

  it("on a started job only the assigned freelancer and admins may set task statuses; the owner may still comment and talk", () => {
    const taskAbilities = (actor: ActorName) => {
      const { updateTaskStatus, commentTask, communicate } = jobAbilities(actors[actor], states.inProgress);
      return { updateTaskStatus, commentTask, communicate };
    };
    expect(taskAbilities("assignedFreelancer")).toEqual({ updateTaskStatus: true, commentTask: true, communicate: true });
    expect(taskAbilities("admin")).toEqual({ updateTaskStatus: true, commentTask: true, communicate: true });
    expect(taskAbilities("owner")).toEqual({ updateTaskStatus: false, commentTask: true, communicate: true });
    expect(taskAbilities("otherFreelancer")).toEqual({ updateTaskStatus: false, commentTask: false, communicate: false });
    expect(taskAbilities("otherClient")).toEqual({ updateTaskStatus: false, commentTask: false, communicate: false });
  });

  it("a signed-out visitor may do nothing", () => {
    expect(Object.values(jobAbilities(null, states.fresh)).every((value) => value === false)).toBe(true);
  });
});

describe("jobPermissions: why, in the words of the refusal", () => {
  const whyOf = (actor: ActorName, state: StateName) => jobPermissions(actors[actor], states[state]).why;
  const worded = (code: ErrorCode) => ({ code, title: errorCatalogue[code].title, message: errorCatalogue[code].message });

  it("why holds a refusal for exactly the actions can refuses, and it is the one decideJobAction gives", () => {
    for (const name of actorNames) {
      for (const state of stateNames) {
        const { can: flags, why } = jobPermissions(actors[name], states[state]);
        for (const action of jobAbilityActions) {
          const decision = decideJobAction(actors[name], action, states[state]);
          expect(flags[action], `${name} ${action} ${state}`).toBe(decision.allowed);
          expect(why[action], `${name} ${action} ${state}`).toEqual(decision.allowed ? undefined : decision.refusal);
        }
      }
    }
  });

  it("start needs payment: a freelancer's Start on a locked, unpaid job says payment must be completed first", () => {
    expect(whyOf("otherFreelancer", "locked").start).toEqual({
      code: "PAYMENT_REQUIRED",
      title: "Payment Required",
      message: "Payment must be completed before the project can be started.",
    });
  });

  it("start needs locked requirements, checked before payment", () => {
    expect(whyOf("otherFreelancer", "fresh").start).toEqual(worded("REQUIREMENTS_NOT_FINALIZED"));
  });

  it("only freelancers start projects, admins included", () => {
    expect(whyOf("owner", "lockedPaid").start).toEqual(worded("FREELANCER_ONLY"));
    expect(whyOf("admin", "lockedPaid").start).toEqual(worded("FREELANCER_ONLY"));
  });

  it("a started project is locked for good: unlock says so rather than 'not locked'", () => {
    expect(whyOf("owner", "completedDue").unlock).toEqual(worded("CANNOT_UNLOCK"));
  });

  it("ownership comes before state: someone else's job is refused as not theirs whatever its state", () => {
    expect(whyOf("otherClient", "inProgress").unlock).toEqual(worded("LOCK_DENIED"));
    expect(whyOf("otherClient", "lockedPaid").pay).toEqual(worded("PAYMENT_ACCESS_DENIED"));
    expect(whyOf("otherFreelancer", "fresh").editTasks).toEqual(worded("EDIT_TASKS_DENIED"));
  });

  it("a payment in flight freezes the job: edit, unlock, delete and pay say a payment is processing", () => {
    const why = whyOf("owner", "lockedPending");
    for (const action of ["edit", "unlock", "delete", "pay"] as const) expect(why[action]).toEqual(worded("PAYMENT_PROCESSING"));
  });

  it("a paid job is kept: delete says it has been paid for", () => {
    expect(whyOf("owner", "lockedPaid").delete).toEqual(worded("JOB_PAID"));
  });

  it("a breakdown is made once: createBreakdown on a job with stories says they already exist", () => {
    expect(jobPermissions(actors.owner, { ...states.fresh, hasStories: true }).why.createBreakdown).toEqual(worded("STORIES_EXIST"));
  });

  it("task statuses wait for the start: updateTaskStatus before it says the project has not started", () => {
    expect(whyOf("admin", "locked").updateTaskStatus).toEqual(worded("NOT_STARTED"));
  });

  it("an allowed action has no why", () => {
    expect(whyOf("owner", "locked")).not.toHaveProperty("pay");
    expect(whyOf("otherFreelancer", "lockedPaid")).not.toHaveProperty("start");
  });
});

describe("a paid scope cannot grow for free", () => {
  const paidScope = refusalWordings.paidScope;
  const whyOf = (actor: ActorName, state: StateName) => jobPermissions(actors[actor], states[state]).why;
  const worded = (code: ErrorCode) => ({ code, title: errorCatalogue[code].title, message: errorCatalogue[code].message });
  const paidStates = ["lockedPaid", "paidUnlocked", "inProgress", "completedPaid"] as const;

  it("once paid, unlock and story or task edits answer JOB_PAID, for the owner and an admin alike", () => {
    for (const state of paidStates) {
      for (const actor of ["owner", "admin"] as const) {
        const why = whyOf(actor, state);
        expect(why.editTasks).toEqual(paidScope);
        // A paid job that is somehow unlocked (paid before this rule) may be locked again, not unlocked further.
        if (states[state].locked) expect(why.unlock).toEqual(paidScope);
      }
    }
  });

  it("JOB_PAID is worded for the scope here, while a paid job's delete keeps the spec's dialog words", () => {
    expect(paidScope.code).toBe("JOB_PAID");
    expect(paidScope.message).not.toBe(errorCatalogue.JOB_PAID.message);
    expect(whyOf("owner", "lockedPaid").delete).toEqual(worded("JOB_PAID"));
  });

  it("the server's refusal is the same words: authorize throws JOB_PAID with the scope's title and message", () => {
    let thrown: unknown;
    try {
      authorize(actors.owner, "unlock", states.lockedPaid);
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && { code: thrown.code, title: thrown.title, message: thrown.message }).toEqual(paidScope);
  });

  it("task status keeps moving on a paid, started job: only the scope is frozen", () => {
    expect(can(actors.assignedFreelancer, "updateTaskStatus", states.inProgress)).toBe(true);
    expect(can(actors.admin, "updateTaskStatus", states.inProgress)).toBe(true);
  });

  it("new work on a paid job goes through a change request, which stays open", () => {
    expect(can(actors.owner, "requestChange", states.lockedPaid)).toBe(true);
  });

  it("an unpaid job's scope is not frozen by this rule: locking is what freezes it", () => {
    expect(can(actors.owner, "editTasks", states.fresh)).toBe(true);
    expect(can(actors.owner, "unlock", states.locked)).toBe(true);
    expect(whyOf("owner", "lockedPending").unlock).toEqual(worded("PAYMENT_PROCESSING"));
  });
});

describe("jobRoleOf", () => {
  it("user type or role type admin makes an admin", () => {
    expect(jobRoleOf({ id: "x", userType: "client", roleType: "admin" })).toBe("admin");
    expect(jobRoleOf({ id: "x", userType: "admin", roleType: "regular" })).toBe("admin");
  });

  it("freelancers are freelancers and everyone else is a client", () => {
    expect(jobRoleOf(actors.otherFreelancer)).toBe("freelancer");
    expect(jobRoleOf({ id: "x", userType: "client", roleType: "regular" })).toBe("client");
  });

  it("an admin by role type gets the admin's rights over another's job", () => {
    expect(can({ id: "x", userType: "client", roleType: "admin" }, "edit", states.fresh)).toBe(true);
  });
});

describe("hasAdminAccess", () => {
  it("labels an admin acting on someone else's job, not on their own, and never a non-admin", () => {
    expect(hasAdminAccess(actors.admin, states.fresh)).toBe(true);
    expect(hasAdminAccess(actors.admin, { ...states.fresh, ownerId: actors.admin.id })).toBe(false);
    expect(hasAdminAccess(actors.owner, states.fresh)).toBe(false);
    expect(hasAdminAccess(actors.otherFreelancer, states.fresh)).toBe(false);
    expect(hasAdminAccess(null, states.fresh)).toBe(false);
  });
});
