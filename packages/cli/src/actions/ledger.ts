import { ledgerInvariants } from "@forgehire/core";
import { verifyLedger } from "@forgehire/services";
import { withServices } from "../context.js";
import { exitCodes } from "../exit-codes.js";
import { printJson } from "../output.js";

export interface LedgerVerifyOptions {
  json?: boolean;
}

/**
 * ledger:verify: checks every money invariant over the whole ledger (core's checks, the same the tests run) and
 * the billing documents' series, and names each violation; exit 12 when any is broken, so CI and cron can run it after everything else.
 */
export async function ledgerVerify(options: LedgerVerifyOptions): Promise<void> {
  const report = await withServices((services) => verifyLedger(services));
  if (options.json) {
    printJson(report);
  } else {
    console.log(`Checked ${report.checked} ledger transaction(s) against ${Object.keys(ledgerInvariants).length} invariants.`);
    if (report.ok) console.log("Every invariant holds.");
    for (const v of report.violations) console.log(`  ${v.invariant}${v.jobId === undefined ? "" : ` (job ${v.jobId})`}: ${v.detail}`);
    console.log(
      `Checked ${report.documents.issued} receipt(s) and credit note(s): ${report.documents.problems.length === 0 ? "numbered without a gap." : "their numbers are broken:"}`,
    );
    for (const problem of report.documents.problems) console.log(`  documents: ${problem}`);
  }
  if (!report.ok) process.exitCode = exitCodes.ledgerViolated;
}
