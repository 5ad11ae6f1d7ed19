import type { Job } from "@forgehire/core";

/**
 * Why a control of the breakdown is disabled. Whether it is enabled comes from the job's `can` flags only; these
 * read the job's state just to put the server's decision into words.
 */
export const reasons = {
  locked: "Requirements are locked",
  started: "The project has started",
  notOwner: "Only the job owner or an admin can edit stories and tasks",
  lockOwner: "Only the job owner or an admin can lock the requirements",
  cannotUnlock: "A started project cannot be unlocked",
  freelancerOnly: "Only freelancers can start a project",
  lockFirst: "Lock the requirements before starting",
  paymentRequired: "Payment required before starting",
  changeNeedsLock: "Lock the requirements before requesting a change",
  changeOwner: "Only the job owner or an admin can request changes",
  statusNotAssigned: "Only the assigned freelancer or an admin can change the status",
  notStarted: "The project has not started yet",
  communicationMembers: "Only the job owner, the assigned freelancer and admins can see this conversation",
  commentMembers: "Only the job owner, the assigned freelancer and admins can comment",
} as const;

/** Why stories and tasks cannot be edited, or null when `can.editTasks`. */
export function editReason(job: Job): string | null {
  if (job.can.editTasks) return null;
  if (job.startedAt) return reasons.started;
  if (job.locked) return reasons.locked;
  return reasons.notOwner;
}

/** Why the Locked/Unlocked toggle cannot be switched, or null when it can. */
export function lockReason(job: Job): string | null {
  if (job.locked ? job.can.unlock : job.can.lock) return null;
  if (job.startedAt) return reasons.cannotUnlock;
  return reasons.lockOwner;
}

/** Why Start is disabled, or null when `can.start`. */
export function startReason(job: Job, isFreelancer: boolean): string | null {
  if (job.can.start) return null;
  if (!isFreelancer) return reasons.freelancerOnly;
  if (job.startedAt) return reasons.started;
  if (!job.locked) return reasons.lockFirst;
  if (job.paymentStatus !== "paid") return reasons.paymentRequired;
  return reasons.started;
}

/** Why Change Request is disabled, or null when `can.requestChange`. */
export function changeReason(job: Job): string | null {
  if (job.can.requestChange) return null;
  if (!job.locked && !job.startedAt) return reasons.changeNeedsLock;
  return reasons.changeOwner;
}

/** Why a task's status cannot be changed, or null when `can.updateTaskStatus`. */
export function taskStatusReason(job: Job): string | null {
  if (job.can.updateTaskStatus) return null;
  return job.startedAt ? reasons.statusNotAssigned : reasons.notStarted;
}

/** Why a task cannot be commented on, or null when `can.commentTask`. */
export function taskCommentReason(job: Job): string | null {
  if (job.can.commentTask) return null;
  return job.startedAt ? reasons.commentMembers : reasons.notStarted;
}

/** Why a task's conversation cannot be opened, or null when `can.communicate`. */
export function communicationReason(job: Job): string | null {
  return job.can.communicate ? null : reasons.communicationMembers;
}
