// The one row shape of the bench table. Every bench module (this suite's run.ts, the chat bench, the portal bench)
// returns rows of this shape and run.ts prints them all in one table.

/** One figure of the table: a value measured against a baseline measured in the same run. */
export interface BenchRow {
  /** what is measured, e.g. "Job listing, PostgreSQL, 10,000 jobs, 50 connections: requests/s" */
  figure: string;
  /** the measured value, formatted with its unit */
  value: string;
  /** the baseline's value in the same run, formatted, or "" when the goal is absolute */
  baseline: string;
  /** value ÷ baseline (or the reverse when the goal says so), null when the goal is absolute */
  ratio: number | null;
  /** the goal, e.g. "≥ 0.8×" or "≤ 6" */
  goal: string;
  /** whether the goal is met */
  met: boolean;
}

/** A bench module's entry point: `--quick` runs it briefly, only to prove that it works. */
export type BenchModule = (options: { quick: boolean }) => Promise<BenchRow[]>;

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The rows as a Markdown table. */
export function markdownTable(rows: readonly BenchRow[]): string {
  const lines = ["| Figure | Value | Baseline | Ratio | Goal | Met? |", "| --- | ---: | ---: | ---: | --- | :---: |"];
  for (const row of rows) {
    const ratio = row.ratio === null ? "" : `${row.ratio.toFixed(2)}`;
    lines.push(`| ${cell(row.figure)} | ${cell(row.value)} | ${cell(row.baseline)} | ${ratio} | ${cell(row.goal)} | ${row.met ? "yes" : "**no**"} |`);
  }
  return lines.join("\n");
}
