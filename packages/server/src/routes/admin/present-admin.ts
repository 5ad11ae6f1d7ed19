import type { Actor, AdminChangeRequest, AdminChatRoom, AdminEmail, AdminJobDetails, AdminMessage, AdminStory, AdminTask, AdminUser } from "@forgehire/core";
import type {
  AdminChangeRequestRecord,
  AdminChatRoomRecord,
  AdminEmailRecord,
  AdminJobRecord,
  AdminMessageRecord,
  AdminStoryRecord,
  AdminTaskRecord,
  EmailRecord,
  UserRecord,
} from "@forgehire/services";
import { presentJobDetails } from "../../presenters/present-job.js";
import { presentChangeRequest, presentStory } from "../../presenters/present-story.js";
import { presentUser } from "../../presenters/present-user.js";
import { presentAdminPayment } from "../payments/present-payment.js";

/**
 * The back office's records: flat objects with an `id`, as react-admin needs, times as ISO strings. Ids that point
 * to another resource keep that resource's name (jobId, storyId, roomId) so reference fields can follow them.
 * Each satisfies core's schema of its record, which the back office's types are inferred from.
 */

/** A user with the dates the list sorts on. */
export function presentAdminUser(user: UserRecord) {
  return { ...presentUser(user), createdAt: user.createdAt.toISOString(), updatedAt: user.updatedAt.toISOString() } satisfies AdminUser;
}

/** The job page: the portal's job and requirements, plus its backlog, change requests, payments and history. */
export function presentAdminJob(record: AdminJobRecord, actor: Actor) {
  const { job, requirements } = presentJobDetails(record, actor);
  return {
    ...job,
    requirements,
    stories: record.stories.map((story) => presentStory(story)),
    changeRequests: record.changeRequests.map((request) => ({ ...presentChangeRequest(request), createdAt: request.createdAt.toISOString() })),
    payments: record.payments.map(presentAdminPayment),
    activity: record.activity.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  } satisfies AdminJobDetails;
}

export function presentAdminStory(story: AdminStoryRecord) {
  return { ...story, createdAt: story.createdAt.toISOString() } satisfies AdminStory;
}

export function presentAdminTask(task: AdminTaskRecord) {
  return { ...task, createdAt: task.createdAt.toISOString() } satisfies AdminTask;
}

export function presentAdminChangeRequest(request: AdminChangeRequestRecord) {
  return { ...request, createdAt: request.createdAt.toISOString() } satisfies AdminChangeRequest;
}

/** A room: react-admin's `id` is the room id. */
export function presentAdminChatRoom(room: AdminChatRoomRecord) {
  return {
    id: room.roomId,
    roomId: room.roomId,
    jobId: room.jobId,
    jobTitle: room.jobTitle,
    clientId: room.clientId,
    clientName: room.clientName,
    freelancerId: room.freelancerId,
    freelancerUserId: room.freelancerUserId,
    freelancerName: room.freelancerName,
    lastMessage: room.lastMessage && { content: room.lastMessage.content, createdAt: room.lastMessage.createdAt.toISOString() },
    lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
    messageCount: room.messageCount,
    unreadCount: room.unreadCount,
    member: room.member,
    createdAt: room.createdAt.toISOString(),
  } satisfies AdminChatRoom;
}

export function presentAdminMessage(message: AdminMessageRecord) {
  return { ...message, createdAt: message.createdAt.toISOString() } satisfies AdminMessage;
}

/** An outbox e-mail with its delivery status and, when it failed, why. */
export function presentAdminEmail(email: AdminEmailRecord | EmailRecord) {
  return {
    id: email.id,
    to: email.to,
    subject: email.subject,
    text: email.text,
    kind: email.kind,
    status: email.status,
    error: email.error,
    attempts: email.attempts,
    jobId: email.jobId,
    senderId: email.senderId,
    sentAt: email.sentAt?.toISOString() ?? null,
    createdAt: email.createdAt.toISOString(),
  } satisfies AdminEmail;
}
