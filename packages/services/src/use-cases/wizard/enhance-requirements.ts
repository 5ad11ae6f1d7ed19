import { canPostJob, domainError, type Actor, type WizardEnhanceBody, type WizardEnhancement } from "@forgehire/core";
import type { RequirementsEnhancer } from "../../adapters/ai/requirements-enhancer.js";

/**
 * Asks the AI for a clearer description and key-feature list of a requirement being written; nothing is saved,
 * the client accepts or rejects the proposal in the wizard.
 * @param enhancer the configured AI enhancer, or undefined when no AI is configured
 * @param actor the signed-in person: a client or an admin, as for posting a job
 * @param input the wizard's first-step text, parsed
 * @returns the proposal
 * @throws UNAUTHENTICATED when signed out; ENHANCE_DENIED for freelancers; AI_NOT_CONFIGURED without an AI;
 *   AI_UNAVAILABLE or AI_BAD_ANSWER when the AI fails
 */
export async function enhanceRequirements(
  enhancer: RequirementsEnhancer | undefined,
  actor: Actor | null | undefined,
  input: WizardEnhanceBody,
): Promise<WizardEnhancement> {
  if (!actor) throw domainError("UNAUTHENTICATED");
  if (!canPostJob(actor)) throw domainError("ENHANCE_DENIED");
  if (!enhancer) throw domainError("AI_NOT_CONFIGURED");
  return enhancer.enhance(input);
}
