/** A row of GET /api/admin/messages: a chat message with its sender's name. */
export interface AdminMessage {
  id: string;
  roomId: string;
  jobId: number | null;
  senderId: string | null;
  senderName: string;
  receiverId: string | null;
  content: string;
  createdAt: string;
}
