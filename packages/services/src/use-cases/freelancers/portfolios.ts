import { domainError, type Actor, type PortfolioBody, type PortfolioUpdateBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { portfoliosRepository, type PortfolioRecord } from "../../repositories/portfolios.js";
import { loadOwnProfile } from "./profile.js";

/**
 * Adds a portfolio card to the signed-in freelancer's profile.
 * @returns the card
 * @throws PROFILE_NOT_FOUND
 */
export async function addPortfolio(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, input: PortfolioBody): Promise<PortfolioRecord> {
  const profile = await loadOwnProfile(deps.db, actor);
  return deps.db.transaction(async (trx) => {
    const card = await portfoliosRepository.insert(trx, profile.id, input);
    await freelancersRepository.touch(trx, profile.id, deps.now());
    return card;
  });
}

/**
 * Edits one of the signed-in freelancer's cards.
 * @returns the card after the change
 * @throws PROFILE_NOT_FOUND; PORTFOLIO_NOT_FOUND (also for another freelancer's card)
 */
export async function editPortfolio(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, id: string, input: PortfolioUpdateBody): Promise<PortfolioRecord> {
  const profile = await loadOwnProfile(deps.db, actor);
  return deps.db.transaction(async (trx) => {
    const card = await portfoliosRepository.update(trx, profile.id, id, input, deps.now());
    if (!card) throw domainError("PORTFOLIO_NOT_FOUND");
    await freelancersRepository.touch(trx, profile.id, deps.now());
    return card;
  });
}

/**
 * Removes one of the signed-in freelancer's cards.
 * @throws PROFILE_NOT_FOUND; PORTFOLIO_NOT_FOUND
 */
export async function removePortfolio(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, id: string): Promise<void> {
  const profile = await loadOwnProfile(deps.db, actor);
  await deps.db.transaction(async (trx) => {
    if (!(await portfoliosRepository.delete(trx, profile.id, id))) throw domainError("PORTFOLIO_NOT_FOUND");
    await freelancersRepository.touch(trx, profile.id, deps.now());
  });
}
