/**
 * Unread chat messages: what the nav's count and each room's badge are made of. The server counts in SQL with
 * the same rule (so it can use the (room_id, id) index); the portal uses it to decide when to mark a room read.
 */

/** The part of a message the unread rule reads: ids are bigserial, so a larger id was sent later. */
export interface UnreadCandidate {
  id: string;
  senderId: string | null;
}

/**
 * A message is unread for a user when it was sent by someone else after their last read.
 * @param viewerId the user whose unread count it is
 * @param message the message (a removed sender counts as someone else)
 * @param lastReadMessageId the id of the last message the user has read in the room, or null for none
 * @returns true when the message counts as unread for the viewer
 */
export function isUnreadMessage(viewerId: string, message: UnreadCandidate, lastReadMessageId: string | null): boolean {
  if (message.senderId === viewerId) return false;
  return lastReadMessageId === null || BigInt(message.id) > BigInt(lastReadMessageId);
}

/**
 * Where a room's read mark moves when the user reads up to a message: forward only, so a late or repeated
 * "read" never turns messages back into unread ones.
 * @param current the stored last read message id, or null for none
 * @param readUpTo the newest message id the user has now seen, or null when the room is empty
 * @returns the read mark to keep
 */
export function nextReadMark(current: string | null, readUpTo: string | null): string | null {
  if (readUpTo === null) return current;
  if (current === null) return readUpTo;
  return BigInt(readUpTo) > BigInt(current) ? readUpTo : current;
}
