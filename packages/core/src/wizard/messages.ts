/**
 * User-facing texts of the posting wizard's follow-up analysis.
 */

/** The wizard's user-facing texts; the duplicate warning is the spec's own wording. */
export const wizardMessages = {
  duplicateQuestions: "Duplicate question(s) detected",
  needsMoreInfo: "Please answer at least 3 of the follow-up questions.",
  complete: "Your requirements are complete.",
  allQuestionsCollected: "All 12 questions are collected. Stories and tasks will be created from your requirements.",
} as const;
