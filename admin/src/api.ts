import type {
  AdminAttention,
  AdminCharts,
  AdminEmailResult,
  AdminPaymentPage,
  AdminReview,
  AdminStats,
  BulkOutcome,
  BulkResource,
  ChatMessage,
  ChatRoom,
  Dispute,
  Job,
  JobMoneyBody,
  Story,
  TaskComment,
} from "@forgehire/core";
import { ADMIN_API_URL, httpClient } from "./data-provider";

const json = (body: unknown) => JSON.stringify(body);

/**
 * The back office's calls that are not ra-data-simple-rest's CRUD: the dashboard's figures, the admin e-mail,
 * account actions and chat. Each throws react-admin's HttpError with the server's `error.message`.
 */
export const adminApi = {
  async stats(): Promise<AdminStats> {
    return (await httpClient(`${ADMIN_API_URL}/stats`)).json as AdminStats;
  },
  /** What waits for an admin: the dashboard's "Needs attention" and the menu's badges. */
  async attention(): Promise<AdminAttention> {
    return (await httpClient(`${ADMIN_API_URL}/stats/attention`)).json as AdminAttention;
  },
  async charts(): Promise<AdminCharts> {
    return (await httpClient(`${ADMIN_API_URL}/stats/charts`)).json as AdminCharts;
  },
  async sendEmail(body: { jobId: number; subject: string; message: string }): Promise<AdminEmailResult> {
    return (await httpClient(`${ADMIN_API_URL}/emails`, { method: "POST", body: json(body) })).json as AdminEmailResult;
  },
  async resendEmail(id: string | number): Promise<void> {
    await httpClient(`${ADMIN_API_URL}/emails/${encodeURIComponent(id)}/resend`, { method: "POST" });
  },
  async sendPasswordReset(userId: string): Promise<void> {
    await httpClient(`${ADMIN_API_URL}/users/${encodeURIComponent(userId)}/send-reset`, { method: "POST" });
  },
  /** The admin's own room with a job's poster, created the first time. */
  async startJobChat(jobId: number): Promise<ChatRoom> {
    return (await httpClient(`${ADMIN_API_URL}/chat-rooms`, { method: "POST", body: json({ jobId }) })).json as ChatRoom;
  },
  /** A task's status comments, oldest first (the latest 200). */
  async taskComments(taskId: string): Promise<TaskComment[]> {
    return (await httpClient(`/api/tasks/${encodeURIComponent(taskId)}/comments?limit=200`)).json as TaskComment[];
  },
  async room(roomId: string): Promise<ChatRoom> {
    return (await httpClient(`/api/chat/rooms/${encodeURIComponent(roomId)}`)).json as ChatRoom;
  },
  /** The latest page of a room's messages, oldest first; `after` fetches those sent after a message. */
  async messages(roomId: string, after?: string): Promise<ChatMessage[]> {
    const params = new URLSearchParams({ limit: "100" });
    if (after) params.set("after", after);
    return (await httpClient(`/api/chat/rooms/${encodeURIComponent(roomId)}/messages?${params.toString()}`)).json as ChatMessage[];
  },
  /** The portal's approval, under the same lifecycle: the server decides, the page shows its `can`/`why`. */
  async approveStory(storyId: string): Promise<{ story: Story; release: { grossCents: number; feeCents: number; netCents: number } }> {
    return (await httpClient(`/api/stories/${encodeURIComponent(storyId)}/approve`, { method: "POST" })).json as {
      story: Story;
      release: { grossCents: number; feeCents: number; netCents: number };
    };
  },
  /** Splits what a dispute holds; a split that does not add up is refused with 400 RESOLUTION_MISMATCH. */
  async resolveDispute(disputeId: string, body: { releaseCents: number; refundCents: number; note: string }): Promise<{ dispute: Dispute }> {
    const url = `${ADMIN_API_URL}/disputes/${encodeURIComponent(disputeId)}/resolve`;
    return (await httpClient(url, { method: "POST", body: json(body) })).json as { dispute: Dispute };
  },
  /** Hides a review with a reason (kept, shown to admins); a blank reason is 400, a second hide 409. */
  async hideReview(reviewId: string, reason: string): Promise<AdminReview> {
    return (await httpClient(`${ADMIN_API_URL}/reviews/${encodeURIComponent(reviewId)}/hide`, { method: "POST", body: json({ reason }) })).json as AdminReview;
  },
  /** A job's money: paid, held, released, refunded, fees and every ledger entry. */
  async jobMoney(jobId: number): Promise<JobMoneyBody> {
    return (await httpClient(`/api/jobs/${jobId}/money`)).json as JobMoneyBody;
  },
  /** "Join the conversation": the admin becomes a member of someone else's room; the room tells both parties. */
  async joinRoom(roomId: string): Promise<{ room: ChatRoom; message: ChatMessage | null }> {
    const url = `${ADMIN_API_URL}/chat-rooms/${encodeURIComponent(roomId)}/join`;
    return (await httpClient(url, { method: "POST" })).json as { room: ChatRoom; message: ChatMessage | null };
  },
  /** Marks a room read for the admin up to its newest message (the hub's unread count). */
  async markRoomRead(roomId: string): Promise<void> {
    await httpClient(`/api/chat/rooms/${encodeURIComponent(roomId)}/read`, { method: "POST" });
  },
  /** A list's bulk action: the server runs the single action on each id and answers per id. */
  async bulk(resource: BulkResource, action: string, ids: ReadonlyArray<string | number>): Promise<BulkOutcome> {
    return (await httpClient(`${ADMIN_API_URL}/${resource}/bulk`, { method: "POST", body: json({ action, ids }) })).json as BulkOutcome;
  },
  /** Refunds a charge flagged needs_refund now; answers the payment's page as it now is. */
  async refundPayment(paymentId: string): Promise<AdminPaymentPage> {
    return (await httpClient(`${ADMIN_API_URL}/payments/${encodeURIComponent(paymentId)}/refund`, { method: "POST" })).json as AdminPaymentPage;
  },
  /** Restores a deleted job (open again). */
  async restoreJob(jobId: number): Promise<{ job: Job }> {
    return (await httpClient(`${ADMIN_API_URL}/jobs/${jobId}/restore`, { method: "POST" })).json as { job: Job };
  },
  /** The portal's lifecycle endpoints (lock, unlock, complete), under the same policy: the page shows the job's can/why. */
  async jobLifecycle(jobId: number, step: "lock" | "unlock" | "complete"): Promise<{ job: Job }> {
    return (await httpClient(`/api/jobs/${jobId}/${step}`, { method: "POST" })).json as { job: Job };
  },
  async sendMessage(roomId: string, content: string): Promise<ChatMessage> {
    const url = `/api/chat/rooms/${encodeURIComponent(roomId)}/messages`;
    return (await httpClient(url, { method: "POST", body: json({ content }) })).json as ChatMessage;
  },
};
