/** A row of GET /api/admin/chat-rooms: a room with react-admin's `id` (the room id). */
export interface AdminChatRoom {
  id: string;
  roomId: string;
  jobId: number | null;
  jobTitle: string | null;
  clientId: string;
  clientName: string;
  /** a freelancer profile id, or `admin_{userId}` for an admin's room */
  freelancerId: string;
  freelancerUserId: string | null;
  freelancerName: string;
  lastMessage: { content: string; createdAt: string } | null;
  lastMessageAt: string | null;
  messageCount: number;
  createdAt: string;
}
