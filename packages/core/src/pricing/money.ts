/**
 * Money helpers. Prices are computed in whole cents so that sums of percentages never drift by a float epsilon.
 */

/**
 * Converts dollars to whole cents, rounding half away from zero.
 * @param dollars an amount in US dollars
 * @returns the amount in cents, an integer (the unit of a payment's `amount`)
 */
export function toCents(dollars: number): number {
  // Math.round on a value like 1.005 * 100 = 100.49999… rounds down; nudging by EPSILON keeps half-cents up.
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100 + Number.EPSILON * 100);
}

/**
 * Converts whole cents back to dollars.
 * @param cents an integer amount of cents
 * @returns the amount in US dollars with at most two decimals
 */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * Rounds a dollar amount to the cent.
 * @param dollars an amount in US dollars
 * @returns the same amount with at most two decimals
 */
export function roundToCents(dollars: number): number {
  return fromCents(toCents(dollars));
}

/**
 * Reads an amount typed in dollars ("12", "12.5", "$1,234.56") as whole cents, from its digits rather than through a
 * float, so what an admin types is exactly what is sent. At most two decimals; no sign.
 * @param text what was typed
 * @returns the cents, or null when the text is not such an amount
 */
export function parseDollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Whole cents as US dollars for a screen, e.g. 123456 → "$1,234.56".
 * @param cents an integer amount of cents
 * @returns the amount with its currency sign, two decimals and thousands separators
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}
