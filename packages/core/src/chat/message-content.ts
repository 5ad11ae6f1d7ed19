/**
 * The rule shared by chat and task messages: a message needs text or at least one file.
 */
import { domainError } from "../errors.js";

/**
 * Whether a message may be sent: its trimmed text is non-blank or it carries a file.
 * @param content the typed text, possibly blank
 * @param fileCount how many files are attached
 * @returns true when there is something to send
 */
export function hasMessageContent(content: string | null | undefined, fileCount = 0): boolean {
  return (content?.trim() ?? "") !== "" || fileCount > 0;
}

/**
 * Checks a message before sending and gives back its trimmed text.
 * @param content the typed text, possibly blank
 * @param fileCount how many files are attached
 * @returns the trimmed text (empty when only files are sent)
 * @throws DomainError EMPTY_MESSAGE when there is neither text nor a file
 */
export function messageContent(content: string | null | undefined, fileCount = 0): string {
  if (!hasMessageContent(content, fileCount)) throw domainError("EMPTY_MESSAGE");
  return content?.trim() ?? "";
}
