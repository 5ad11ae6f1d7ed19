/**
 * Estimates of the rules engine: the hours a scope buys, and spreading them over the tasks.
 */
import type { Scope } from "../catalog/scopes.js";
import { sumEstimateHours, type StoryDraft } from "./types.js";

/**
 * The hours of work each scope buys, which the rules engine's estimates add up to. Roughly the scope price
 * divided by a blended rate that falls as projects grow (AI-assisted delivery gets cheaper per hour at scale).
 */
export const estimateTargetHours: Readonly<Record<Scope, number>> = Object.freeze({
  1: 4,
  50: 24,
  199: 60,
  500: 120,
  1999: 320,
  4999: 800,
});

/** Estimates are given in steps of half an hour, and no task is estimated below one step. */
export const ESTIMATE_STEP_HOURS = 0.5;

/**
 * Spreads a total over weights in steps of 0.5 hours, in proportion to the weights, each share at least one
 * step (largest remainder method: the steps left after rounding down go to the largest fractions, ties to the
 * earlier weight, so the result is deterministic). The total is hit exactly unless the one-step minimums alone
 * exceed it, in which case every share is one step.
 * @param weights the relative size of each task, all positive
 * @param totalHours the hours to spread
 * @returns one estimate per weight, in the same order
 */
export function apportionHours(weights: readonly number[], totalHours: number): number[] {
  if (weights.length === 0) return [];
  const steps = Math.max(weights.length, Math.round(totalHours / ESTIMATE_STEP_HOURS));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const ideal = weights.map((weight) => (weight / weightSum) * steps);
  const shares = ideal.map((value) => Math.max(1, Math.floor(value)));
  let left = steps - shares.reduce((sum, share) => sum + share, 0);

  // Raising the minimum to one step can overshoot; take the excess back, a step at a time, from the shares that
  // lose least by it (the largest share minus ideal), never below one step.
  while (left < 0) {
    let pick = -1;
    for (let index = 0; index < shares.length; index++) {
      if (shares[index]! <= 1) continue;
      if (pick === -1 || shares[index]! - ideal[index]! > shares[pick]! - ideal[pick]!) pick = index;
    }
    if (pick === -1) break;
    shares[pick]! -= 1;
    left += 1;
  }
  const byRemainder = ideal.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let at = 0; left > 0; at = (at + 1) % byRemainder.length) {
    shares[byRemainder[at]!.index]! += 1;
    left -= 1;
  }
  return shares.map((share) => share * ESTIMATE_STEP_HOURS);
}

/** The size of a breakdown. */
export interface BreakdownTotals {
  stories: number;
  tasks: number;
  /** the sum of every task's estimate */
  hours: number;
}

/**
 * Counts the stories and tasks of a breakdown and adds up its estimates.
 * @param stories the story drafts
 * @returns the number of stories, of tasks, and the hours of all tasks
 */
export function breakdownTotals(stories: readonly StoryDraft[]): BreakdownTotals {
  const tasks = stories.flatMap((story) => story.tasks);
  return { stories: stories.length, tasks: tasks.length, hours: sumEstimateHours(tasks) };
}
