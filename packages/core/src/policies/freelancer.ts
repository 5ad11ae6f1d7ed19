/**
 * Freelancer profile rules (spec part 2 §3, §9): who may create a profile, and the limits of its uploads.
 */
import { domainError } from "../errors.js";
import type { Actor } from "../users.js";

/** A profile carries at most 3 portfolio documents. */
export const MAX_PORTFOLIO_DOCUMENTS = 3;

/** An avatar is at most 2 MB. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** A portfolio document is at most 10 MB, like every other upload. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Avatar types, known by content. */
export const avatarTypes: readonly string[] = ["image/png", "image/jpeg", "image/webp"];

/** Portfolio document types, known by content; file-type reports old Word files as their container. */
export const portfolioDocumentTypes: readonly string[] = [
  "application/pdf",
  "application/msword",
  "application/x-cfb",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
];

/** The extensions a document picker offers. */
export const portfolioDocumentExtensions: readonly string[] = [".pdf", ".doc", ".docx"];

/**
 * Guards profile creation: only freelancer accounts have a profile.
 * @param actor the signed-in person
 * @throws DomainError FREELANCER_PROFILE_DENIED for clients and admins
 */
export function authorizeProfileCreate(actor: Actor): void {
  if (actor.userType !== "freelancer") throw domainError("FREELANCER_PROFILE_DENIED");
}

/**
 * Guards adding documents: the total may not pass 3.
 * @param existing how many the profile has
 * @param adding how many are being added
 * @throws DomainError TOO_MANY_DOCUMENTS past 3
 */
export function assertDocumentRoom(existing: number, adding = 1): void {
  if (existing + adding > MAX_PORTFOLIO_DOCUMENTS) throw domainError("TOO_MANY_DOCUMENTS");
}

/**
 * The short bio a directory card shows: its first 100 characters.
 * @param bio the full bio
 * @returns at most 100 characters, with an ellipsis when cut
 */
export function bioPreview(bio: string): string {
  return bio.length > 100 ? `${bio.slice(0, 100)}…` : bio;
}
