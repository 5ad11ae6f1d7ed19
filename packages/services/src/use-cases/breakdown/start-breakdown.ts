import { domainError, type Actor, type BreakdownRunKind } from "@forgehire/core";
import type { BreakdownSource } from "../../adapters/ai/breakdown-engine.js";
import type { ServiceDeps } from "../../deps.js";
import type { Services } from "../../services.js";
import type { BreakdownRunRecord } from "../../repositories/breakdown-runs.js";
import type { StoryRecord } from "../../repositories/stories.js";
import { breakDownJob, regenerateBreakdown } from "./break-down-job.js";
import { requestBreakdown } from "./breakdown-runs.js";

/** How a breakdown request went: stored at once (the rules engine), or queued as a run to follow (the AI's). */
export type BreakdownStart = { state: "stored"; source: BreakdownSource; stories: StoryRecord[] } | { state: "queued"; run: BreakdownRunRecord };

/**
 * A job's breakdown, first or regenerated, as every face asks for it: the rules engine answers at once and its stories
 * are stored; the AI may take two attempts of 90 s, so its breakdown is a queued run that the queue works and stores
 * (the run tells how far it got). One decision for the API, the portal and the CLI.
 * @param options `engine` names one (the CLI's --engine); else the configured default (the AI when set up)
 * @throws what breakDownJob, regenerateBreakdown and requestBreakdown throw; AI_NOT_CONFIGURED when `engine: "ai"` names
 *   an engine this deployment lacks
 */
export async function startBreakdown(
  deps: Pick<ServiceDeps, "db" | "queue" | "now"> & Pick<Services, "engines">,
  actor: Actor,
  jobId: number,
  options: { kind?: BreakdownRunKind; engine?: "rules" | "ai" } = {},
): Promise<BreakdownStart> {
  const kind = options.kind ?? "create";
  const engine = options.engine ? deps.engines[options.engine] : deps.engines.default;
  if (!engine) throw domainError("AI_NOT_CONFIGURED");
  if (engine.name === "rules") {
    const stored = kind === "regenerate" ? await regenerateBreakdown(deps, engine, actor, jobId) : await breakDownJob(deps, engine, actor, jobId);
    return { state: "stored", ...stored };
  }
  return { state: "queued", run: (await requestBreakdown(deps, actor, jobId, kind)).run };
}
