/**
 * A label table of core (labels.ts) as react-admin's choices, in the enum's order.
 * @param labels a value's words by value
 * @returns `{ id, name }` per value
 */
export const toChoices = <K extends string>(labels: Record<K, string>): { id: K; name: string }[] =>
  (Object.entries(labels) as [K, string][]).map(([id, name]) => ({ id, name }));
