import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";

/** One figure a reliability test measured (hostile requests sent, 5xx seen, writes lost, time to recover). */
export interface ReliabilityFigure {
  /** the invariant's id, as in the test's title: `money-2`, `fault-2`, `input-5` … (scripts/reliability-report.mjs) */
  id: string;
  /** what was measured, e.g. `hostile requests`, `5xx answers`, `acknowledged writes lost`, `time to recover` */
  metric: string;
  value: number;
  /** `ms`, `requests`, … */
  unit?: string;
}

/**
 * Keeps a figure for docs/reliability.md. CI sets TEST_REPORT_DIR; each run (pglite, postgresql) appends to its own
 * file there, which scripts/reliability-report.mjs reads with vitest's JSON reports. Outside CI it does nothing.
 * @param figure the measured figure
 */
export function recordReliability(figure: ReliabilityFigure): void {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return;
  const run = process.env.TEST_REPORT_NAME ?? "run";
  mkdirSync(path.join(dir, "reliability"), { recursive: true });
  appendFileSync(path.join(dir, "reliability", `${run}.ndjson`), `${JSON.stringify({ run, ...figure })}\n`);
}
