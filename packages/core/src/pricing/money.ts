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
