/**
 * Milestones from the breakdown (issue 18): at lock, each story gets its share of the job's price, in proportion to
 * its estimate, in whole cents that add up to the price exactly (the largest-remainder method).
 */

/**
 * Splits an amount of whole cents into shares proportional to integer weights, by the largest-remainder method:
 * each share is the floor of its exact part, and the cents left over go one each to the largest remainders, ties to
 * the earlier weight. With no weight at all (every weight zero) the shares are equal, the extra cents to the first.
 * The arithmetic is exact (BigInt), so the result never depends on float rounding.
 * @param totalCents the amount to split, a non-negative whole number of cents
 * @param weights one non-negative integer weight per share, in order
 * @returns one share per weight, each ≥ 0 and within a cent of its exact part, summing exactly to totalCents
 * @throws RangeError for a negative or fractional total or weight
 */
export function allocateByLargestRemainder(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError(`totalCents must be a non-negative whole number, got ${totalCents}`);
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`weights must be non-negative whole numbers, got ${weight}`);
  }
  if (weights.length === 0) return [];
  const sum = weights.reduce((total, weight) => total + BigInt(weight), 0n);
  // Zero hours in all: nothing says one story is worth more than another, so they share equally.
  const effective = sum === 0n ? weights.map(() => 1n) : weights.map((weight) => BigInt(weight));
  const divisor = sum === 0n ? BigInt(weights.length) : sum;
  const total = BigInt(totalCents);
  const parts = effective.map((weight, index) => ({ index, floor: (total * weight) / divisor, remainder: (total * weight) % divisor }));
  let left = total - parts.reduce((acc, part) => acc + part.floor, 0n);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const shares = parts.map((part) => part.floor);
  // Fewer cents are left than there are shares (each floor loses less than one), so one pass hands them all out.
  for (const part of byRemainder) {
    if (left === 0n) break;
    shares[part.index]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * Each story's milestone amount: its share of the job's price in proportion to its estimate hours (a story without
 * an estimate weighs nothing), in whole cents summing exactly to the price; ties go to the earlier story.
 * @param priceCents the job's price in whole cents (what the client pays)
 * @param storyHours each story's estimate hours in backlog order, to a tenth of an hour (as stored), or null
 * @returns one amount in cents per story, in the same order
 */
export function milestoneAmounts(priceCents: number, storyHours: readonly (number | null)[]): number[] {
  // Hours are stored to the tenth: weighing in tenths keeps the split exact.
  return allocateByLargestRemainder(
    priceCents,
    storyHours.map((hours) => Math.max(0, Math.round((hours ?? 0) * 10))),
  );
}
