/**
 * The follow-up analysis of the posting wizard (`POST /api/wizard/analysis`): which questions to ask next and
 * whether the requirements are complete. It runs locally, never through an AI call (spec part 1 §7).
 */
import { candidateQuestions } from "./question-bank.js";
import { findDuplicateQuestions, isDuplicateQuestion } from "./duplicates.js";
import type { FollowUpQuestion, WizardAnswer, WizardForm } from "./form.js";

/** At most 12 follow-up questions are collected per job. */
export const MAX_QUESTIONS = 12;
/** Questions are offered in sets of 3 (so 4 sets at most). */
export const QUESTION_SET_SIZE = 3;
/** The requirements are complete once 3 questions have non-blank answers. */
export const MIN_ANSWERS = 3;

/** Whether the client must answer more questions. */
export type AnalysisStatus = "needs-more-info" | "complete";

/** What the analysis is run on: the wizard's form and the questions collected so far, answered or not. */
export interface WizardAnalysisInput {
  form: WizardForm;
  answers: readonly WizardAnswer[];
}

/** The body of the `POST /api/wizard/analysis` answer. */
export interface WizardAnalysis {
  status: AnalysisStatus;
  /** the next set of questions to show; empty once complete */
  questions: FollowUpQuestion[];
  /** how many questions are collected, counting the ones just offered */
  asked: number;
  /** collected questions that duplicate an earlier one (the UI warns 'Duplicate question(s) detected') */
  duplicates: string[];
}

/**
 * How many distinct questions have a non-blank answer.
 * @param answers the collected questions with their answers
 * @returns the count of answered questions
 */
export function countAnswered(answers: readonly WizardAnswer[]): number {
  return new Set(answers.filter((entry) => entry.answer.trim() !== "").map((entry) => entry.questionId)).size;
}

/**
 * How many distinct questions have been collected, answered or not.
 * @param answers the collected questions with their answers
 * @returns the count of distinct question ids
 */
export function countCollected(answers: readonly WizardAnswer[]): number {
  return new Set(answers.map((entry) => entry.questionId)).size;
}

/**
 * The spec's completeness rule: 3 or more answers exist, or 12 questions are collected.
 * @param answers the collected questions with their answers
 * @returns true when the requirements count as complete
 */
export function isAnalysisComplete(answers: readonly WizardAnswer[]): boolean {
  return countAnswered(answers) >= MIN_ANSWERS || countCollected(answers) >= MAX_QUESTIONS;
}

/**
 * Runs the follow-up analysis: complete per the spec's rule, otherwise the next set of up to 3 questions that were
 * not asked before (by id or by duplicate wording), never going past 12 in total. With no answers the three
 * default questions come first.
 * @param input the wizard's form and the questions collected so far
 * @returns the status, the next questions, the number collected and any duplicate questions
 */
export function nextQuestions(input: WizardAnalysisInput): WizardAnalysis {
  const { form, answers } = input;
  const collected = countCollected(answers);
  const duplicates = findDuplicateQuestions(answers.map((entry) => entry.question));
  if (isAnalysisComplete(answers)) {
    return { status: "complete", questions: [], asked: collected, duplicates };
  }

  const askedIds = new Set(answers.map((entry) => entry.questionId));
  const room = Math.min(QUESTION_SET_SIZE, MAX_QUESTIONS - collected);
  const questions = candidateQuestions(form)
    // Matching by wording too keeps a client-typed question from being asked again under a bank id.
    .filter((candidate) => !askedIds.has(candidate.id))
    .filter((candidate) => !answers.some((entry) => isDuplicateQuestion(entry.question, candidate.question)))
    .slice(0, room)
    .map(({ id, question }) => ({ id, question }));

  const asked = collected + questions.length;
  // The set that brings the total to 12 completes the analysis (spec: at 12, stories and tasks will be created).
  if (asked >= MAX_QUESTIONS) return { status: "complete", questions, asked, duplicates };
  // When every candidate is used up the client still has unanswered questions to fill in: the status stays
  // needs-more-info with nothing new to show.
  return { status: "needs-more-info", questions, asked, duplicates };
}
