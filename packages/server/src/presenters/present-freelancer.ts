import type { Freelancer, FreelancerDetail, Portfolio } from "@forgehire/core";
import { encodeReviewCursor, presentPublicReview } from "./present-review.js";
import type { FreelancerDetailRecord, FreelancerRecord, PortfolioRecord } from "@forgehire/services";

/**
 * A directory entry as API.md gives it; the email stays on the server.
 * @param freelancer the record
 * @returns the wire shape
 */
export function presentFreelancer(freelancer: FreelancerRecord): Freelancer {
  return {
    id: freelancer.id,
    userId: freelancer.userId,
    name: freelancer.name,
    title: freelancer.title,
    bio: freelancer.bio,
    hourlyRate: freelancer.hourlyRate,
    skills: freelancer.skills,
    domains: freelancer.domains,
    languages: freelancer.languages,
    avatarUrl: freelancer.avatarUrl,
    ...(freelancer.rating && { rating: freelancer.rating }),
  };
}

/**
 * A portfolio card.
 * @param card the record
 * @returns the wire shape
 */
export function presentPortfolio(card: PortfolioRecord): Portfolio {
  return { id: card.id, title: card.title, description: card.description, imageUrl: card.imageUrl, projectUrl: card.projectUrl };
}

/**
 * A full profile: the entry plus documents (served by /files/:id) and cards.
 * @param detail the profile with documents and cards
 * @returns the wire shape
 */
export function presentFreelancerDetail(detail: FreelancerDetailRecord): FreelancerDetail {
  return {
    ...presentFreelancer(detail.freelancer),
    portfolioDocs: detail.documents.map((doc) => ({ id: doc.id, name: doc.name, url: `/files/${doc.fileId}` })),
    portfolios: detail.portfolios.map(presentPortfolio),
    ...(detail.reviews && {
      reviews: detail.reviews.page.items.map(presentPublicReview),
      reviewsNextCursor: detail.reviews.page.next && encodeReviewCursor(detail.reviews.page.next),
    }),
  };
}
