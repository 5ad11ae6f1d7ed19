import { assertDocumentRoom, authorizeProfileCreate, avatarTypes, domainError, errorCatalogue, MAX_AVATAR_BYTES, MAX_DOCUMENT_BYTES, portfolioDocumentTypes, type Actor } from "@forgehire/core";
import { detectFileType } from "../../adapters/storage/detect-file-type.js";
import { withStoredBytes } from "../../adapters/storage/storage.js";
import type { ServiceDeps } from "../../deps.js";
import { filesRepository } from "../../repositories/files.js";
import { freelancersRepository } from "../../repositories/freelancers.js";
import type { UploadedFile } from "../jobs/attach-job-files.js";
import { getOwnProfile, loadOwnProfile, type FreelancerDetailRecord } from "./profile.js";

const messages = {
  avatarType: "Only PNG, JPEG or WebP images can be used as an avatar.",
  avatarSize: "An avatar may be at most 2 MB.",
  documentSize: "A document may be at most 10 MB.",
} as const;

/**
 * Whether the actor may upload to their profile at all, checked before the body is read (a 10 MB upload from a
 * client is refused without taking it into memory). The use cases check again once the file is in.
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
 * Sets the signed-in freelancer's avatar: a png, jpeg or webp of at most 2 MB, known by its content.
 * @returns the profile after the change
 * @throws PROFILE_NOT_FOUND; FILE_TOO_LARGE (413); BAD_FILE_TYPE (415)
 */
export async function setAvatar(
  deps: Pick<ServiceDeps, "db" | "storage" | "now">,
  actor: Actor,
  upload: UploadedFile,
): Promise<FreelancerDetailRecord> {
  const profile = await loadOwnProfile(deps.db, actor);
  if (upload.bytes.length > MAX_AVATAR_BYTES) throw domainError("FILE_TOO_LARGE", { message: messages.avatarSize });
  const type = await detectFileType(upload.bytes, upload.originalName);
  if (!type || !avatarTypes.includes(type.mime)) throw domainError("BAD_FILE_TYPE", { message: messages.avatarType });
  await withStoredBytes(deps.storage, async (put) => {
    const key = await put(`avatars/${profile.id}`, upload.bytes, type.extension);
    await deps.db.transaction(async (trx) => {
      const file = await filesRepository.insert(trx, {
        ownerId: actor.id,
        kind: "avatar",
        jobId: null,
        taskId: null,
        name: upload.originalName.slice(0, 255),
        mimeType: type.mime,
        sizeBytes: upload.bytes.length,
        storageKey: key,
      });
      await freelancersRepository.update(trx, profile.id, { avatarUrl: `/files/${file.id}` }, deps.now());
    });
  });
  return getOwnProfile(deps, actor);
}

/**
 * Adds a portfolio document: .pdf, .doc or .docx known by its content (a renamed zip is refused), at most 3.
 * @returns the profile after the change
 * @throws PROFILE_NOT_FOUND; BAD_FILE_TYPE (415) with the spec's document message; TOO_MANY_DOCUMENTS (400); FILE_TOO_LARGE (413)
 */
export async function addPortfolioDocument(
  deps: Pick<ServiceDeps, "db" | "storage" | "now">,
  actor: Actor,
  upload: UploadedFile,
): Promise<FreelancerDetailRecord> {
  const profile = await loadOwnProfile(deps.db, actor);
  if (upload.bytes.length > MAX_DOCUMENT_BYTES) throw domainError("FILE_TOO_LARGE", { message: messages.documentSize });
  const type = await detectFileType(upload.bytes, upload.originalName);
  if (!type || !portfolioDocumentTypes.includes(type.mime)) throw domainError("BAD_FILE_TYPE", { message: errorCatalogue.BAD_DOCUMENT_TYPE.message });
  assertDocumentRoom(await freelancersRepository.countDocuments(deps.db, profile.id));
  await withStoredBytes(deps.storage, async (put) => {
    const key = await put(`portfolio/${profile.id}`, upload.bytes, type.mime === "application/x-cfb" ? "doc" : type.extension);
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
        mimeType: type.mime,
        sizeBytes: upload.bytes.length,
        storageKey: key,
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
export async function removePortfolioDocument(
  deps: Pick<ServiceDeps, "db" | "storage" | "now">,
  actor: Actor,
  docId: string,
): Promise<FreelancerDetailRecord> {
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
