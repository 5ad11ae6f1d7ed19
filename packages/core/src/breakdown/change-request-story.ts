/**
 * The story a change request creates (spec part 1 §4): high priority, titled 'Change Request Implementation',
 * with three tasks.
 */
import { domainError, errorCatalogue } from "../errors.js";
import { storyDraft, taskDraft, type StoryDraft } from "./types.js";

/** The spec's title of every change request story. */
export const CHANGE_REQUEST_STORY_TITLE = "Change Request Implementation";

/**
 * The story and tasks for a change request: analyze (high), implement (high), test and validate (medium).
 * @param description the client's description of the change
 * The estimates (2 + 6 + 3 hours) are a starting point the team adjusts once the change is analysed.
 * @returns a high-priority story draft with three todo tasks
 * @throws DomainError EMPTY_CHANGE_REQUEST when the description is blank
 */
export function changeRequestStory(description: string): StoryDraft {
  const change = description.trim();
  if (change === "") {
    throw domainError("EMPTY_CHANGE_REQUEST", { fields: { description: errorCatalogue.EMPTY_CHANGE_REQUEST.message } });
  }
  return storyDraft(CHANGE_REQUEST_STORY_TITLE, change, "high", [
    taskDraft("Analyze the change request", `Review the requested change against the locked requirements and agree its impact: ${change}`, "high", 2),
    taskDraft("Implement the requested changes", "Make the changes in the code and update the affected stories.", "high", 6),
    taskDraft("Test and validate the changes", "Test the changes, check that nothing else broke, and confirm the result with the client.", "medium", 3),
  ]);
}
