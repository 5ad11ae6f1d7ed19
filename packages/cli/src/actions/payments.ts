import { z } from "zod";
import { paymentAttemptStatuses } from "@forgehire/core";
import { paymentsRepository, reconcilePayments, type PaymentRow } from "@forgehire/services";
import { withServices } from "../context.js";
import { exitCodes } from "../exit-codes.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";
import { printTable } from "../views/table.js";

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
    printJson(report);
  } else {
    console.log(`Checked ${report.checked} unsettled payment(s); updated ${report.updated.length}.`);
    for (const u of report.updated) console.log(`  job ${u.jobId}: payment ${u.paymentId} → ${u.status}`);
  }
  for (const e of report.errors) console.error(`  payment ${e.paymentId}: ${e.message}`);
  if (report.errors.length) process.exitCode = exitCodes.partial;
}

export interface PaymentsListOptions {
  job?: string;
  status?: string;
  page: string;
  perPage: string;
  json?: boolean;
}

/** payments:list: every payment attempt, newest first; --job and --status narrow it. */
export async function paymentsList(options: PaymentsListOptions): Promise<void> {
  const query = parseInput(
    z.object({
      job: z.coerce.number().int().positive().optional(),
      status: z.enum(paymentAttemptStatuses).optional(),
      page: z.coerce.number().int().min(1),
      perPage: z.coerce.number().int().min(1).max(100),
    }),
    options,
  );
  const { rows, total } = await withServices((services) =>
    paymentsRepository.list(services.db, {
      sort: "createdAt",
      order: "desc",
      jobId: query.job,
      status: query.status,
      offset: (query.page - 1) * query.perPage,
      limit: query.perPage,
    }),
  );
  if (options.json) return printJson(rows);
  await printTable<PaymentRow>({
    columns: [
      { header: "ID", value: (p) => p.id },
      { header: "JOB", value: (p) => String(p.jobId) },
      { header: "AMOUNT", value: (p) => `${(p.amount / 100).toFixed(2)} ${p.currency.toUpperCase()}` },
      { header: "STATUS", value: (p) => p.status },
      { header: "PROVIDER", value: (p) => p.provider },
      { header: "ATTEMPT", value: (p) => String(p.attempt) },
      { header: "CREATED", value: (p) => p.createdAt.toISOString().slice(0, 16).replace("T", " ") },
    ],
    rows,
    footer: `${rows.length} of ${total} (page ${query.page})`,
  });
}
