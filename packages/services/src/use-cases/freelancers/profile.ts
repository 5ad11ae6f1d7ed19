import { authorizeProfileCreate, displayName, domainError, type Actor, type FreelancerCreateBody, type FreelancerUpdateBody } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import { freelancersRepository, type FreelancerRecord, type PortfolioDocumentRecord } from "../../repositories/freelancers.js";
import { portfoliosRepository, type PortfolioRecord } from "../../repositories/portfolios.js";
import { usersRepository } from "../../repositories/users.js";
import { getFreelancerReviews } from "../reviews/reviews.js";

/** A profile with its documents and portfolio cards, as the profile page shows it. */
export interface FreelancerDetailRecord {
  freelancer: FreelancerRecord;
  documents: PortfolioDocumentRecord[];
  portfolios: PortfolioRecord[];
  /** the rating and the first page of published reviews (the profile page's read) */
  reviews?: Awaited<ReturnType<typeof getFreelancerReviews>>;
}

async function detailOf(db: ServiceDeps["db"], freelancer: FreelancerRecord): Promise<FreelancerDetailRecord> {
  const [documents, portfolios] = await Promise.all([
    freelancersRepository.listDocuments(db, freelancer.id),
    portfoliosRepository.listForFreelancer(db, freelancer.id),
  ]);
  return { freelancer, documents, portfolios };
}

/**
 * Creates the signed-in freelancer's profile; name and email are copied from the account.
 * @param deps database
 * @param actor a freelancer without a profile
 * @param input title, bio, rate, 1-3 skills and domains (already checked by the schema)
 * @returns the new profile
 * @throws FREELANCER_PROFILE_DENIED for other account types; PROFILE_EXISTS when there is one already
 */
export async function createFreelancerProfile(deps: Pick<ServiceDeps, "db">, actor: Actor, input: FreelancerCreateBody): Promise<FreelancerDetailRecord> {
  authorizeProfileCreate(actor);
  const user = await usersRepository.findById(deps.db, actor.id);
  if (!user) throw domainError("UNAUTHENTICATED");
  const created = await freelancersRepository.insert(deps.db, {
    userId: user.id,
    name: displayName(user),
    email: user.email,
    title: input.title,
    bio: input.bio,
    hourlyRate: input.hourlyRate,
    skills: input.skills,
    domains: input.domains,
    languages: input.languages ?? [],
    avatarUrl: null,
  });
  if (!created) throw domainError("PROFILE_EXISTS");
  return { freelancer: created, documents: [], portfolios: [] };
}

/**
 * The signed-in freelancer's own profile.
 * @throws PROFILE_NOT_FOUND when they have none
 */
export async function loadOwnProfile(db: ServiceDeps["db"], actor: Actor): Promise<FreelancerRecord> {
  const profile = await freelancersRepository.findByUserId(db, actor.id);
  if (!profile) throw domainError("PROFILE_NOT_FOUND");
  return profile;
}

/**
 * The signed-in freelancer's profile with documents and cards.
 * @throws PROFILE_NOT_FOUND
 */
export async function getOwnProfile(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<FreelancerDetailRecord> {
  return detailOf(deps.db, await loadOwnProfile(deps.db, actor));
}

/**
 * A profile by id, for the profile page (anyone signed in).
 * @throws FREELANCER_NOT_FOUND
 */
export async function getFreelancer(deps: Pick<ServiceDeps, "db" | "now">, id: string): Promise<FreelancerDetailRecord> {
  const freelancer = await freelancersRepository.findById(deps.db, id);
  if (!freelancer) throw domainError("FREELANCER_NOT_FOUND");
  const [detail, reviews] = await Promise.all([detailOf(deps.db, freelancer), getFreelancerReviews(deps, freelancer.userId)]);
  return { ...detail, freelancer: { ...detail.freelancer, rating: reviews.rating }, reviews };
}

/**
 * Edits the signed-in freelancer's profile: only the fields sent change.
 * @throws PROFILE_NOT_FOUND
 */
export async function updateOwnProfile(deps: Pick<ServiceDeps, "db" | "now">, actor: Actor, input: FreelancerUpdateBody): Promise<FreelancerDetailRecord> {
  const profile = await loadOwnProfile(deps.db, actor);
  await freelancersRepository.update(deps.db, profile.id, input, deps.now());
  return getOwnProfile(deps, actor);
}
