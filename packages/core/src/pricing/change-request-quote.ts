/**
 * A paid scope cannot grow for free (issue 18): a change request on a paid job is priced at the job's own rate, the
 * job's price divided by the estimated hours that price paid for, times the change's estimate, in whole cents.
 */

/** A change request's quote: what the client pays for it, and the estimate it was priced from. */
export interface ChangeRequestQuote {
  priceCents: number;
  estimateHours: number;
}

/**
 * Prices a change request at the job's own rate: jobPriceCents × estimateHours ÷ jobEstimateHours, rounded half up to
 * a whole cent. Hours count to the tenth (as stored), and the arithmetic is exact (BigInt on tenths), so the quote
 * never depends on float rounding.
 * @param input the job's price in cents, the hours that price paid for, and the change's estimate in hours
 * @returns the quote, or null when the job has no estimated hours (no rate to price from) or the change none
 * @throws RangeError for a negative or fractional price
 */
export function changeRequestQuote(input: { jobPriceCents: number; jobEstimateHours: number; estimateHours: number }): ChangeRequestQuote | null {
  if (!Number.isSafeInteger(input.jobPriceCents) || input.jobPriceCents < 0) {
    throw new RangeError(`jobPriceCents must be a non-negative whole number, got ${input.jobPriceCents}`);
  }
  const tenths = (hours: number) => BigInt(Math.max(0, Math.round(hours * 10)));
  const jobTenths = tenths(input.jobEstimateHours);
  const changeTenths = tenths(input.estimateHours);
  if (jobTenths === 0n || changeTenths === 0n) return null;
  const numerator = BigInt(input.jobPriceCents) * changeTenths;
  // Half up: add half the divisor before the integer division.
  const priceCents = Number((numerator * 2n + jobTenths) / (jobTenths * 2n));
  if (priceCents <= 0) return null;
  return { priceCents, estimateHours: Number(changeTenths) / 10 };
}
