/**
 * Duplicate follow-up question detection (spec part 1 §5): equal text, or one question containing the other
 * when the shorter is longer than 10 characters.
 */

/** Containment only counts beyond this many characters, so short fragments like "budget?" do not match. */
export const DUPLICATE_CONTAINMENT_MIN_LENGTH = 10;

/**
 * Normalises a question for comparison: trimmed, lower-case, runs of whitespace collapsed.
 * @param question the question as typed
 * @returns the comparable form
 */
export function normalizeQuestion(question: string): string {
  return question.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Whether two questions are duplicates: equal ignoring case and whitespace, or one containing the other when the
 * shorter is longer than 10 characters.
 * @param first one question
 * @param second another question
 * @returns true when they duplicate each other (blank questions never do)
 */
export function isDuplicateQuestion(first: string, second: string): boolean {
  const a = normalizeQuestion(first);
  const b = normalizeQuestion(second);
  if (a === "" || b === "") return false;
  if (a === b) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return shorter.length > DUPLICATE_CONTAINMENT_MIN_LENGTH && longer.includes(shorter);
}

/**
 * The questions of a list that duplicate an earlier one, each reported once in its original wording.
 * @param questions the question texts in the order they were collected
 * @returns the later member of every duplicate pair; empty when there are none
 */
export function findDuplicateQuestions(questions: readonly string[]): string[] {
  const duplicates: string[] = [];
  questions.forEach((question, index) => {
    if (questions.slice(0, index).some((earlier) => isDuplicateQuestion(earlier, question))) {
      duplicates.push(question);
    }
  });
  return duplicates;
}
