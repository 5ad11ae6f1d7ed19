import { z } from "zod";
import { awaitDeliveryAttempt, getAdminStats, listEmailsForAdmin, resendEmail, sendAdminEmail, operatorActor } from "@forgehire/services";
import { describeEmailDelivery, isDomainError, jobIdParams } from "@forgehire/core";
import { withServices } from "../context.js";
import { describeFailure, exitCodes, UsageError } from "../exit-codes.js";
import { printJson } from "../output.js";
import { progressBar } from "../views/progress.js";
import { parseInput } from "../parse-input.js";

/** stats: the back office dashboard's counters (live jobs per view). */
export async function stats(options: { json?: boolean }): Promise<void> {
  const counters = await withServices(async (services) => getAdminStats(services, await operatorActor(services)));
  if (options.json) return printJson(counters);
  const rows: Array<[string, number]> = [
    ["Jobs", counters.total],
    ["In progress", counters.inProgress],
    ["Completed", counters.completed],
    ["Payment due", counters.paymentDue],
    ["Paid", counters.paid],
    ["With stories", counters.withStories],
    ["With messages", counters.withCommunication],
  ];
  console.log(rows.map(([label, n]) => `${label.padEnd(14)}${n}`).join("\n"));
}

export interface AdminEmailOptions {
  subject?: string;
  message?: string;
  as?: string;
}

/** How long a command waits for the first delivery attempt: its own worker's (SMTP's time limit), or a server's. */
const attemptWaitMs = (services: { mailer: { canSend: boolean } }) => (services.mailer.canSend ? 20_000 : 5_000);

/**
 * admin:email: the back office's 'Send Email to Job Poster'. A missing subject or message is asked for on a
 * terminal; without one it is a usage error. Delivery failures end with exit 8, the email kept for emails:retry.
 */
export async function adminEmail(id: string, options: AdminEmailOptions): Promise<void> {
  const { id: jobId } = parseInput(jobIdParams, { id });
  const missing = (["subject", "message"] as const).filter((key) => options[key] === undefined);
  const answers: Partial<Record<"subject" | "message", string>> = {};
  if (missing.length) {
    if (!process.stdin.isTTY) throw new UsageError(`Missing ${missing.map((key) => `--${key}`).join(", ")} (no terminal to ask on)`);
    // Loaded when a question is asked; a blank answer is asked again, as the API refuses it.
    const { input } = await import("@inquirer/prompts");
    for (const name of missing)
      answers[name] = await input({ message: name === "subject" ? "Subject" : "Message", required: true, validate: (v) => v.trim() !== "" || "Required" });
  }
  let maxAttempts = 0;
  const email = await withServices(
    async (services) => {
      maxAttempts = services.config.emailRetry.attempts;
      const queued = await sendAdminEmail(services, await operatorActor(services, options.as), {
        jobId,
        subject: options.subject ?? answers.subject,
        message: options.message ?? answers.message,
      });
      // Without SMTP this command leaves the mail to a server that has it: it only reports what the outbox says.
      return awaitDeliveryAttempt(services, queued, attemptWaitMs(services));
    },
    { workers: true },
  );
  const delivery = describeEmailDelivery(email, maxAttempts);
  if (email.status === "failed" || email.error) {
    console.error(
      `Delivery failed: email ${email.id} to ${email.to}: ${delivery}${email.status === "failed" ? `; retry with: forgehire emails:retry ${email.id}` : ""}`,
    );
    process.exitCode = exitCodes.upstreamUnavailable;
    return;
  }
  // "Sent" only once the outbox says so.
  const verb = { sent: "Sent", queued: "Queued", logged: "Kept", failed: "Failed" }[email.status];
  console.log(`${verb} "${email.subject}" to ${email.to} (email ${email.id})${email.status === "sent" ? "" : `: ${delivery}`}.`);
}

/**
 * emails:retry: sends failed outbox emails again (the back office's Resend): the ids given, or with --failed every
 * failed one. Only failed emails are sent again; a sent one never twice.
 */
export async function emailsRetry(ids: string[], options: { failed?: boolean; json?: boolean }): Promise<void> {
  if (ids.length && options.failed) throw new UsageError("Give email ids or --failed, not both");
  if (!ids.length && !options.failed) throw new UsageError("Give the ids of the emails to send again, or --failed for every failed one");
  parseInput(z.array(z.string().uuid("Invalid email ID")), ids);
  const results: Array<{ id: string; to?: string; status?: string; error?: string }> = [];
  let lastError: unknown;
  await withServices(
    async (services) => {
      const actor = await operatorActor(services);
      const targets = options.failed
        ? (await listEmailsForAdmin(services, actor, { status: "failed" }, { sort: "createdAt", order: "asc", offset: 0, limit: 1000 })).rows.map((e) => e.id)
        : ids;
      // Each delivery can take SMTP's time limit: a bar on a terminal says how far along the batch is.
      const bar = progressBar(targets.length);
      try {
        for (const id of targets) {
          try {
            const email = await awaitDeliveryAttempt(services, await resendEmail(services, actor, id), attemptWaitMs(services));
            results.push({ id, to: email.to, status: email.status, ...(email.error ? { error: email.error } : {}) });
          } catch (error) {
            if (!isDomainError(error)) throw error;
            lastError = error;
            results.push({ id, error: describeFailure(error).line });
          } finally {
            bar.tick(`email to ${results.at(-1)?.to ?? id}`);
          }
        }
      } finally {
        bar.done();
      }
    },
    { workers: true },
  );
  // Queued without a failed attempt is no failure: a server with SMTP sends it (this command may have none).
  const fine = (r: (typeof results)[number]) => r.status === "sent" || r.status === "logged" || (r.status === "queued" && !r.error);
  if (options.json) printJson(results);
  else if (!results.length) console.log("No failed emails.");
  else
    for (const r of results)
      (fine(r) ? console.log : console.error)(`${r.id}${r.to ? ` to ${r.to}` : ""}: ${r.status ?? "not sent"}${r.error ? ` (${r.error})` : ""}`);
  const failures = results.filter((r) => !fine(r));
  if (!failures.length) return;
  if (results.length === 1 && lastError) process.exitCode = describeFailure(lastError).code;
  else process.exitCode = results.length === 1 ? exitCodes.upstreamUnavailable : exitCodes.partial;
}
