/**
 * Merges messages by id, oldest first: a message can arrive by socket, by the POST's answer and by a catch-up fetch,
 * in any order, and must show once. Ids are bigserials as strings, so they are compared as integers, not as text
 * ("10" after "9"). Returns `current` itself when nothing is new, so a React state update is skipped.
 * @param current the messages shown
 * @param incoming messages that arrived
 * @returns the merged list
 */
export function mergeMessages<M extends { id: string }>(current: readonly M[], incoming: readonly M[]): M[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  let changed = false;
  for (const message of incoming) {
    if (byId.get(message.id) === message) continue;
    byId.set(message.id, message);
    changed = true;
  }
  if (!changed) return current as M[];
  return [...byId.values()].sort((a, b) => {
    const x = BigInt(a.id);
    const y = BigInt(b.id);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
