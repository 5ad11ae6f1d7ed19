import { z } from "zod";
import { reconcilePayments } from "@forgehire/services";
import { withServices } from "../context.js";
import { parseInput } from "../parse-input.js";

export interface PaymentsReconcileOptions {
  job?: string;
  json?: boolean;
}

/**
 * payments:reconcile: asks the payment provider about every unsettled attempt and applies what it says through the
 * webhook's own path, so a lost webhook is recovered (safe to run any time, e.g. from cron).
 */
export async function paymentsReconcile(options: PaymentsReconcileOptions): Promise<void> {
  const input = parseInput(z.object({ job: z.coerce.number().int().positive().optional() }), { job: options.job });
  const report = await withServices((services) => reconcilePayments(services, { jobId: input.job }));
  if (options.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`Checked ${report.checked} unsettled payment(s); updated ${report.updated.length}.`);
    for (const u of report.updated) console.log(`  job ${u.jobId}: payment ${u.paymentId} → ${u.status}`);
    for (const e of report.errors) console.error(`  payment ${e.paymentId}: ${e.message}`);
  }
  if (report.errors.length) process.exitCode = 1;
}
