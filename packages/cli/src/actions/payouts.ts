import { z } from "zod";
import { payoutStatuses } from "@forgehire/core";
import { listPayoutsForAdmin, operatorActor } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** payouts:list: every transfer to a freelancer, newest first, as the back office lists them; --status and --job narrow it. */
export async function payoutsList(options: { status?: string; job?: string; as?: string; json?: boolean }): Promise<void> {
  const input = parseInput(z.object({ status: z.enum(payoutStatuses).optional(), job: z.coerce.number().int().positive("Give a job id").optional() }), {
    status: options.status,
    job: options.job,
  });
  const { rows } = await withServices(async (services) =>
    listPayoutsForAdmin(
      services,
      await operatorActor(services, options.as),
      { status: input.status, jobId: input.job },
      { sort: "createdAt", order: "desc", offset: 0, limit: 1000 },
    ),
  );
  if (options.json) return printJson(rows);
  if (rows.length === 0) return console.log("No payouts.");
  for (const p of rows) {
    const back = p.reversedCents > 0 ? ` (${dollars(p.reversedCents)} back)` : "";
    const why = p.failureReason ? `  ${p.failureReason}` : "";
    console.log(
      `${p.id}  ${p.createdAt}  ${p.freelancerName}  job ${p.jobId}  ${dollars(p.amountCents)}${back}  ${p.status}  ${p.providerTransferId ?? "—"}${why}`,
    );
  }
}
