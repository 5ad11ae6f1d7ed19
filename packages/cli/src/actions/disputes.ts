import { z } from "zod";
import { listDisputesForAdmin, resolveDispute, type DisputeRecord, operatorActor } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A dispute as the API answers it, for --json. */
const asJson = (dispute: DisputeRecord) => ({
  ...dispute,
  openedAt: dispute.openedAt.toISOString(),
  resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
});

/** disputes:list: every dispute, newest first, as the back office lists them; --status narrows to open or resolved ones. */
export async function disputesList(options: { status?: string; as?: string; json?: boolean }): Promise<void> {
  const input = parseInput(z.object({ status: z.enum(["open", "resolved"]).optional() }), { status: options.status });
  const { rows } = await withServices(async (services) =>
    listDisputesForAdmin(
      services,
      await operatorActor(services, options.as),
      { status: input.status },
      { sort: "openedAt", order: "desc", offset: 0, limit: 500 },
    ),
  );
  if (options.json) return printJson(rows.map(asJson));
  if (rows.length === 0) return console.log("No disputes.");
  for (const d of rows) {
    const outcome = d.status === "resolved" ? `  released ${dollars(d.releaseCents ?? 0)}, refunded ${dollars(d.refundCents ?? 0)}` : "";
    console.log(`${d.id}  job ${d.jobId}  ${d.storyId ? `story ${d.storyId}` : "whole job"}  ${d.status}  ${d.openedAt.toISOString()}  ${d.reason}${outcome}`);
  }
}

/**
 * disputes:resolve: splits what is held for a dispute's stories into a release to the freelancer and a refund to the
 * client, as an admin, exactly as the back office's resolution does (the two must add up to what is held).
 */
export async function disputesResolve(id: string, options: { release?: string; refund?: string; note?: string; as?: string; json?: boolean }): Promise<void> {
  const cents = z.coerce.number({ error: "Give whole cents" }).int("Give whole cents").min(0, "Give whole cents");
  const input = parseInput(z.object({ id: z.string().uuid("Give a dispute's id"), release: cents, refund: cents, note: z.string().max(10_000).default("") }), {
    id,
    release: options.release,
    refund: options.refund,
    note: options.note,
  });
  const { dispute, jobCompleted } = await withServices(async (services) =>
    resolveDispute(services, await operatorActor(services, options.as), input.id, { releaseCents: input.release, refundCents: input.refund, note: input.note }),
  );
  if (options.json) return printJson({ dispute: asJson(dispute) });
  console.log(`Resolved dispute ${dispute.id}: released ${dollars(input.release)} to the freelancer, refunded ${dollars(input.refund)} to the client.`);
  if (jobCompleted) console.log(`Every story is now approved: job ${dispute.jobId} is completed.`);
}
