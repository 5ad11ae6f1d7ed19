import { assertDocumentRoom, authorizeProfileCreate, domainError, type Actor } from "@forgehire/core";
import type { StoredUpload } from "../../adapters/storage/receive-upload.js";
import { removeOnFailure } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository } from "../../repositories/files.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import { assertKind } from "../jobs/attach-job-files.js";
import { getOwnProfile, loadOwnProfile, type FreelancerDetailRecord } from "./profile.js";

/**
 * Whether the actor may upload to their profile at all, checked before the body is read (a 10 MB upload from a
 * client is refused without storing any of it). The use cases check again once the file is in.
 * @param deps database
 * @param actor the signed-in person
 * @param kind what is being uploaded
 * @throws FREELANCER_PROFILE_DENIED for non-freelancers (403); PROFILE_NOT_FOUND; TOO_MANY_DOCUMENTS when the
 * profile already has 3 documents
 */
export async function authorizeProfileUpload(deps: Pick<ServiceDeps, "db">, actor: Actor, kind: "avatar" | "document"): Promise<void> {
  authorizeProfileCreate(actor);
  const profile = await loadOwnProfile(deps.db, actor);
  if (kind === "document") assertDocumentRoom(await freelancersRepository.countDocuments(deps.db, profile.id));
}

/**
 * Sets the signed-in freelancer's avatar; when this fails, the upload's bytes are removed.
 * @param upload already streamed to storage and checked as an avatar (png, jpeg or webp of at most 2 MB)
 * @returns the profile after the change
 * @throws PROFILE_NOT_FOUND
 */
export async function setAvatar(deps: Pick<ServiceDeps, "db" | "storage" | "now">, actor: Actor, upload: StoredUpload): Promise<FreelancerDetailRecord> {
  await removeOnFailure(deps.storage, [upload.key], async () => {
    assertKind([upload], "avatar");
    const profile = await loadOwnProfile(deps.db, actor);
    await deps.db.transaction(async (trx) => {
      const file = await filesRepository.insert(trx, {
        ownerId: actor.id,
        kind: "avatar",
        jobId: null,
        taskId: null,
        name: upload.originalName.slice(0, 255),
        mimeType: upload.mime,
        sizeBytes: upload.size,
        storageKey: upload.key,
      });
      await freelancersRepository.update(trx, profile.id, { avatarUrl: `/files/${file.id}` }, deps.now());
    });
  });
  return getOwnProfile(deps, actor);
}

/**
 * Adds a portfolio document, at most 3; when this fails, the upload's bytes are removed.
 * @param upload already streamed to storage and checked as a document (.pdf, .doc or .docx by content, at most 10 MB)
 * @returns the profile after the change
 * @throws PROFILE_NOT_FOUND; TOO_MANY_DOCUMENTS (400)
 */
export async function addPortfolioDocument(
  deps: Pick<ServiceDeps, "db" | "storage" | "now">,
  actor: Actor,
  upload: StoredUpload,
): Promise<FreelancerDetailRecord> {
  await removeOnFailure(deps.storage, [upload.key], async () => {
    assertKind([upload], "portfolio_document");
    const profile = await loadOwnProfile(deps.db, actor);
    await deps.db.transaction(async (trx) => {
      // The profile row is locked so two uploads at once cannot both pass the count.
      await freelancersRepository.findByUserId(trx, actor.id, { forUpdate: true });
      assertDocumentRoom(await freelancersRepository.countDocuments(trx, profile.id));
      const file = await filesRepository.insert(trx, {
        ownerId: actor.id,
        kind: "portfolio_document",
        jobId: null,
        taskId: null,
        name: upload.originalName.slice(0, 255),
        mimeType: upload.mime,
        sizeBytes: upload.size,
        storageKey: upload.key,
      });
      await freelancersRepository.insertDocument(trx, { freelancerId: profile.id, fileId: file.id, name: file.name });
      await freelancersRepository.touch(trx, profile.id, deps.now());
    });
  });
  return getOwnProfile(deps, actor);
}

/**
 * Removes one of the signed-in freelancer's documents, and its bytes.
 * @returns the profile after the change
 * @throws PROFILE_NOT_FOUND; DOCUMENT_NOT_FOUND
 */
export async function removePortfolioDocument(deps: Pick<ServiceDeps, "db" | "storage" | "now">, actor: Actor, docId: string): Promise<FreelancerDetailRecord> {
  const profile = await loadOwnProfile(deps.db, actor);
  const key = await deps.db.transaction(async (trx) => {
    const removed = await freelancersRepository.deleteDocument(trx, profile.id, docId);
    if (removed === undefined) throw domainError("DOCUMENT_NOT_FOUND");
    await freelancersRepository.touch(trx, profile.id, deps.now());
    return removed;
  });
  await deps.storage.remove(key);
  return getOwnProfile(deps, actor);
}
