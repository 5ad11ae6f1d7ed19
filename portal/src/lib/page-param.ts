/**
 * Reads a 1-based page number from the query string; anything else is page 1.
 * @param value the raw `page` parameter
 */
export function parsePageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
