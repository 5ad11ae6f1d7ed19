import { z } from "zod";
import { writeFile } from "node:fs/promises";
import { getPaymentReceipt, listPaymentsForAdmin, reconcilePayments, operatorActor, refundPaymentByAdmin } from "@forgehire/services";
import { withServices } from "../context.js";
import { exitCodes } from "../exit-codes.js";
import { printJson } from "../output.js";
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
  needsRefund?: boolean;
  json?: boolean;
}

/**
 * payments:list: payment attempts, newest first; --needs-refund lists the charges that must be given back and have
 * not been yet (a refund the provider refused), which `payments:reconcile` retries.
 */
export async function paymentsList(options: PaymentsListOptions): Promise<void> {
  const input = parseInput(z.object({ job: z.coerce.number().int().positive().optional() }), { job: options.job });
  const { rows } = await withServices(async (services) =>
    listPaymentsForAdmin(services, await operatorActor(services), {
      sort: "createdAt",
      order: "desc",
      offset: 0,
      limit: 500,
      jobId: input.job,
      needsRefund: options.needsRefund,
    }),
  );
  if (options.json) return printJson(rows);
  if (rows.length === 0) {
    console.log(options.needsRefund ? "No payment needs a refund." : "No payments.");
    return;
  }
  for (const p of rows) {
    const amount = `$${(p.amount / 100).toFixed(2)}`;
    const why = p.refundReason ? `  ${p.lastError ?? p.refundReason}` : "";
    console.log(`${p.id}  job ${p.jobId}  ${amount}  ${p.status}  ${p.provider}  ${p.createdAt.toISOString()}${why}`);
  }
}

export interface PaymentsReceiptOptions {
  out?: string;
  json?: boolean;
  as?: string;
}

/**
 * payments:receipt: a payment's receipt, through the same use case as `GET /api/payments/:id/receipt` (as the
 * operator, an admin): `--out file.pdf` writes its PDF, `--json` prints the facts it was issued with.
 */
export async function paymentsReceipt(paymentId: string, options: PaymentsReceiptOptions): Promise<void> {
  if (!options.out && !options.json) {
    console.error("Say where the PDF goes (--out receipt.pdf) or ask for its facts (--json).");
    process.exitCode = exitCodes.usage;
    return;
  }
  const file = await withServices(async (services) => getPaymentReceipt(services, await operatorActor(services, options.as), paymentId));
  if (options.out) {
    await writeFile(options.out, file.pdf);
    if (!options.json) console.log(`Receipt ${file.document.number} (${file.pdf.length} bytes) written to ${options.out}.`);
  }
  if (options.json) {
    printJson({
      id: file.document.id,
      number: file.document.number,
      kind: file.document.kind,
      issuedAt: file.document.issuedAt,
      content: file.document.content,
    });
  }
}

export interface PaymentsRefundOptions {
  as?: string;
  json?: boolean;
}

/**
 * payments:refund: gives back one charge flagged needs_refund now, through the back office's 'Refund now' use case
 * (the same checks, one provider refund by its idempotency key, the ledger and credit note with it). A charge that
 * needs no refund, or a provider that refuses, exits with the error's code and its reason.
 */
export async function paymentsRefund(paymentId: string, options: PaymentsRefundOptions): Promise<void> {
  const payment = await withServices(async (services) => refundPaymentByAdmin(services, await operatorActor(services, options.as), paymentId));
  if (options.json) {
    printJson({
      id: payment.id,
      jobId: payment.jobId,
      amount: payment.amount,
      status: payment.status,
      providerRefundId: payment.providerRefundId,
      refundedAt: payment.refundedAt,
    });
    return;
  }
  console.log(`Refunded $${(payment.amount / 100).toFixed(2)} of payment ${payment.id} (job ${payment.jobId}); provider refund ${payment.providerRefundId}.`);
}
