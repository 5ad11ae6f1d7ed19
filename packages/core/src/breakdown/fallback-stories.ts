/**
 * The default stories created when the AI breakdown fails, answers empty or unparsable content, or is refused
 * (spec part 1 §4).
 */
import { storyDraft, taskDraft, type StoryDraft } from "./types.js";

/** The spec's three fallback story titles, in creation order. */
export const fallbackStoryTitles = ["User Registration and Authentication", "Core Feature Implementation", "User Profile Management"] as const;

/**
 * The fallback stories for a job: User Registration and Authentication (high, 3 tasks), Core Feature
 * Implementation for the project (medium, 3 tasks) and User Profile Management (low, 2 tasks), every task todo.
 * The estimates are fixed (32 hours in all) because the fallback knows nothing of the requirements.
 * @param jobTitle the job's title, named in the core feature story's description
 * @returns three story drafts with their tasks
 */
export function fallbackStories(jobTitle: string): StoryDraft[] {
  const project = jobTitle.trim() === "" ? "the project" : `"${jobTitle.trim()}"`;
  return [
    storyDraft("User Registration and Authentication", "As a user, I want to create an account and sign in securely so that my data stays private.", "high", [
      taskDraft("Build the sign-up form and account creation", "Collect name, email and password, validate them and create the account.", "high", 4),
      taskDraft(
        "Implement sign-in, sign-out and sessions",
        "Authenticate users, keep them signed in with a secure session and protect private pages.",
        "high",
        4,
      ),
      taskDraft("Add password reset by email", "Send a single-use, expiring reset link and let the user choose a new password.", "medium", 3),
    ]),
    storyDraft(
      "Core Feature Implementation",
      `As a user, I want the core features of ${project} so that the product does the job it was built for.`,
      "medium",
      [
        taskDraft("Design the data model and architecture", `Define the entities, storage and main components of ${project} from the requirements.`, "high", 4),
        taskDraft(
          "Implement the main feature workflows",
          `Build the screens and logic of ${project}'s key features as described in the requirements.`,
          "medium",
          8,
        ),
        taskDraft("Test the core features", "Cover the main workflows with automated tests and fix the defects found.", "medium", 4),
      ],
    ),
    storyDraft("User Profile Management", "As a user, I want to view and update my profile so that my details stay current.", "low", [
      taskDraft("Create the profile page", "Show the signed-in user's name, email and other profile details.", "low", 2),
      taskDraft("Allow users to edit their profile", "Let users change their name and details, with validation and a confirmation message.", "low", 3),
    ]),
  ];
}
