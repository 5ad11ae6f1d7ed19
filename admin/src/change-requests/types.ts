import { changeRequestStatusLabels, fromCents, type AdminChangeRequest } from "@forgehire/core";
import { toChoices } from "../choices";

export const changeRequestStatusChoices = toChoices(changeRequestStatusLabels);

/**
 * A change request's quote as the back office shows it: its price and the hours it was priced from, or a dash for a
 * request in its job's own scope (made before the job was paid).
 */
export function quoteText(record: Pick<AdminChangeRequest, "quote">): string {
  if (!record.quote) return "—";
  return `$${fromCents(record.quote.priceCents).toFixed(2)} · ${record.quote.estimateHours} h`;
}
