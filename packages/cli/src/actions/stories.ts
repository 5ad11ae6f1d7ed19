import { z } from "zod";
import { approveStory, operatorActor } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * stories:approve: approves a story in review as an admin, as the back office's button does: its milestone is
 * released through the ledger (gross, fee, net) and the job completes with its last story.
 */
export async function storiesApprove(id: string, options: { as?: string; json?: boolean }): Promise<void> {
  const { id: storyId } = parseInput(z.object({ id: z.string().uuid("Give a story's id") }), { id });
  const approval = await withServices(async (services) => approveStory(services, await operatorActor(services, options.as), storyId));
  if (options.json) return printJson({ story: approval.story, release: approval.release });
  const { grossCents, feeCents, netCents } = approval.release;
  console.log(`Approved "${approval.story.title}": released ${dollars(grossCents)} (${dollars(netCents)} to the freelancer, ${dollars(feeCents)} fee).`);
  if (approval.jobCompleted) console.log(`That was its last story: job ${approval.story.jobId} is completed.`);
}
