import {
  changeRequestPermissions,
  type Actor,
  type BreakdownRun,
  type ChangeRequest,
  type JobState,
  type ReleaseAmounts,
  type Story,
  type StoryAbilities,
  type Task,
  type TaskComment,
  type TaskMessage,
} from "@forgehire/core";
import type { BreakdownRunRecord, ChangeRequestRecord, StoryRecord, TaskCommentRecord, TaskMessageRecord, TaskRecord } from "@forgehire/services";

/** A task as API.md gives it. */
export function presentTask(task: TaskRecord): Task {
  return {
    id: task.id,
    jobId: task.jobId,
    storyId: task.storyId,
    title: task.title,
    description: task.description,
    priority: task.priority,
    status: task.status,
    locked: task.locked,
    comment: task.comment,
    estimateHours: task.estimateHours,
    acceptanceCriteria: task.acceptanceCriteria,
    source: task.source,
    createdAt: task.createdAt.toISOString(),
    messageCount: task.messageCount,
  };
}

/**
 * A story with its tasks and its delivery, as API.md gives it; with the asker's delivery abilities when known.
 * @param story the story
 * @param abilities what the signed-in person may do to its delivery (storyAbilities), where the route knows who asks
 * @param release what approving it would release, where the route knows who asks and the story has a milestone
 */
export function presentStory(story: StoryRecord, abilities?: StoryAbilities, release?: ReleaseAmounts): Story {
  const { delivery } = story;
  return {
    id: story.id,
    jobId: story.jobId,
    title: story.title,
    description: story.description,
    priority: story.priority,
    locked: story.locked,
    estimateHours: story.estimateHours,
    amountCents: story.amountCents,
    delivery: {
      status: delivery.status,
      submittedAt: delivery.submittedAt?.toISOString() ?? null,
      reviewDueAt: delivery.reviewDueAt?.toISOString() ?? null,
      approvedAt: delivery.approvedAt?.toISOString() ?? null,
      approvedBy: delivery.approvedBy,
      revisionCount: delivery.revisionCount,
      note: delivery.note,
      links: delivery.links,
      files: delivery.files.map((file) => ({ id: file.id, name: file.name, size: file.size, url: `/files/${file.id}` })),
    },
    ...(abilities && { can: abilities.can, why: abilities.why }),
    ...(release && { release }),
    source: story.source,
    createdAt: story.createdAt.toISOString(),
    tasks: story.tasks.map(presentTask),
  };
}

/** A change request as API.md gives it. */
export function presentChangeRequest(request: ChangeRequestRecord, viewer?: { actor: Actor; job: JobState }): ChangeRequest {
  const quote = request.priceCents === null ? null : { priceCents: request.priceCents, estimateHours: request.estimateHours ?? 0 };
  return {
    id: request.id,
    jobId: request.jobId,
    status: request.status,
    description: request.description,
    storyId: request.storyId,
    quote,
    // What the viewer may do with it (pay, decline), decided by the change request lifecycle as the endpoints are.
    ...(viewer ? changeRequestPermissions(viewer.actor, viewer.job, request) : {}),
  };
}

/** A task message; a sender whose account is gone shows as 'Unknown User' (spec part 1 §8). */
export function presentTaskMessage(message: TaskMessageRecord): TaskMessage {
  return {
    id: message.id,
    taskId: message.taskId,
    jobId: message.jobId,
    senderId: message.senderId,
    senderName: message.senderName || "Unknown User",
    content: message.content,
    attachments: message.attachments.map(({ name, url, type, size }) => ({ name, url, type, size })),
    createdAt: message.createdAt.toISOString(),
  };
}

/** A status comment; an author who is gone, or unknown (comments from before the history), shows as 'Unknown User'. */
export function presentTaskComment(comment: TaskCommentRecord): TaskComment {
  return {
    id: comment.id,
    authorId: comment.authorId,
    authorName: comment.authorName || "Unknown User",
    status: comment.status,
    comment: comment.comment,
    createdAt: comment.createdAt.toISOString(),
  };
}

/** A breakdown run as API.md gives it. */
export function presentBreakdownRun(run: BreakdownRunRecord): BreakdownRun {
  return {
    id: run.id,
    jobId: run.jobId,
    kind: run.kind,
    requestedBy: run.requestedBy,
    status: run.status,
    progress: run.progress,
    error: run.error,
    result: run.result,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}
