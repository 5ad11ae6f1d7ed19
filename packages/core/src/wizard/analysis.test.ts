import { describe, expect, it } from "vitest";
import { industries } from "../catalog/options.js";
import { scopes } from "../catalog/scopes.js";
import { MAX_QUESTIONS, MIN_ANSWERS, QUESTION_SET_SIZE, isAnalysisComplete, nextQuestions } from "./analysis.js";
import { findDuplicateQuestions } from "./duplicates.js";
import type { FollowUpQuestion, WizardAnswer, WizardForm } from "./form.js";
import { candidateQuestions, defaultQuestions, generalQuestions, industryQuestions, projectTypeQuestions } from "./question-bank.js";

const skipped = (questions: readonly FollowUpQuestion[]): WizardAnswer[] => questions.map(({ id, question }) => ({ questionId: id, question, answer: "" }));
const answered = (questions: readonly FollowUpQuestion[], answer = "Yes, as described."): WizardAnswer[] =>
  questions.map(({ id, question }) => ({ questionId: id, question, answer }));

describe("wizard constants", () => {
  it("collects 12 questions in 4 sets of 3 and needs 3 answers", () => {
    expect([MAX_QUESTIONS, QUESTION_SET_SIZE, MIN_ANSWERS]).toEqual([12, 3, 3]);
    expect(MAX_QUESTIONS / QUESTION_SET_SIZE).toBe(4);
  });
});

describe("nextQuestions", () => {
  it("offers the first three questions by default when there are no answers", () => {
    const result = nextQuestions({ form: {}, answers: [] });
    expect(result).toEqual({
      status: "needs-more-info",
      questions: defaultQuestions.map(({ id, question }) => ({ id, question })),
      asked: 3,
      duplicates: [],
    });
  });

  it("the defaults come first whatever the form", () => {
    const result = nextQuestions({ form: { scope: 4999, industry: "Healthcare" }, answers: [] });
    expect(result.questions.map((question) => question.id)).toEqual(defaultQuestions.map((question) => question.id));
  });

  it("is complete once 3 answers exist", () => {
    const first = nextQuestions({ form: { scope: 500 }, answers: [] });
    expect(nextQuestions({ form: { scope: 500 }, answers: answered(first.questions) })).toEqual({
      status: "complete",
      questions: [],
      asked: 3,
      duplicates: [],
    });
  });

  it("blank answers do not count towards the 3", () => {
    const first = nextQuestions({ form: {}, answers: [] });
    const answers = [...answered(first.questions.slice(0, 2)), ...skipped(first.questions.slice(2))];
    answers.push({ questionId: "custom-1", question: "Anything else?", answer: "   " });
    const result = nextQuestions({ form: {}, answers });
    expect(result.status).toBe("needs-more-info");
    expect(result.questions).toHaveLength(3);
  });

  it("never re-asks a question already in the answers", () => {
    const first = nextQuestions({ form: { scope: 1999 }, answers: [] });
    const second = nextQuestions({ form: { scope: 1999 }, answers: skipped(first.questions) });
    const firstIds = first.questions.map((question) => question.id);
    expect(second.questions).toHaveLength(3);
    for (const question of second.questions) expect(firstIds).not.toContain(question.id);
    expect(second.asked).toBe(6);
  });

  it("does not re-ask a question whose wording is already collected under another id", () => {
    const [firstDefault] = defaultQuestions;
    const answers: WizardAnswer[] = [{ questionId: "typed-by-client", question: firstDefault!.question.toUpperCase(), answer: "" }];
    const result = nextQuestions({ form: {}, answers });
    expect(result.questions.map((question) => question.id)).not.toContain(firstDefault!.id);
  });

  it("is complete when 12 questions are collected, even unanswered, from the set that reaches 12", () => {
    const answers: WizardAnswer[] = [];
    for (let round = 0; round < 4; round += 1) {
      const result = nextQuestions({ form: { scope: 50 }, answers });
      expect(result.status).toBe(round < 3 ? "needs-more-info" : "complete");
      expect(result.questions).toHaveLength(3);
      expect(result.asked).toBe((round + 1) * 3);
      answers.push(...skipped(result.questions));
    }
    expect(new Set(answers.map((answer) => answer.questionId)).size).toBe(12);
    expect(nextQuestions({ form: { scope: 50 }, answers })).toMatchObject({ status: "complete", questions: [], asked: 12 });
  });

  it("never goes past 12 questions in total", () => {
    const answers: WizardAnswer[] = Array.from({ length: 10 }, (_, index) => ({
      questionId: `custom-${index}`,
      question: `Client question number ${index} about the project`,
      answer: "",
    }));
    const result = nextQuestions({ form: {}, answers });
    expect(result.questions).toHaveLength(2);
    expect(result.asked).toBe(12);
    expect(result.status).toBe("complete");
  });

  it("asks the project type's questions after the defaults", () => {
    const second = nextQuestions({
      form: { scope: 500 },
      answers: skipped(defaultQuestions),
    });
    expect(second.questions.map((question) => question.id)).toEqual(projectTypeQuestions.ecommerce.slice(0, 3).map((question) => question.id));
  });

  it("asks Healthcare jobs about patient data", () => {
    const second = nextQuestions({ form: { scope: 1999, industry: "Healthcare" }, answers: skipped(defaultQuestions) });
    expect(second.questions[0]?.id).toBe("healthcare-patient-data");
    expect(second.questions[0]?.question).toMatch(/patient data/);
  });

  it("asks Finance jobs about transactions", () => {
    const second = nextQuestions({ form: { scope: 1999, industry: "Finance" }, answers: skipped(defaultQuestions) });
    expect(second.questions[0]?.question).toMatch(/transactions/);
  });

  it("skips a question the form already answers", () => {
    const ids = (form: WizardForm) => candidateQuestions(form).map((question) => question.id);
    expect(ids({ industry: "Healthcare", complianceTypes: ["HIPAA"] })).not.toContain("healthcare-patient-data");
    expect(ids({ scope: 50, additionalServices: { contentDevelopment: true } })).not.toContain("static-content");
    expect(ids({ scope: 50 })).toContain("static-content");
    expect(ids({ scope: 1999, projectSpecificFields: { needsChatbot: true } })).toContain("simple-chatbot");
    expect(ids({ scope: 1999 })).not.toContain("simple-chatbot");
  });

  it("reports duplicate questions among the collected ones", () => {
    const answers: WizardAnswer[] = [
      { questionId: "a", question: "Which payment methods do you accept?", answer: "" },
      { questionId: "b", question: "which payment methods do you accept?", answer: "" },
    ];
    expect(nextQuestions({ form: {}, answers }).duplicates).toEqual(["which payment methods do you accept?"]);
  });

  it("isAnalysisComplete follows the spec's rule", () => {
    const answers = (count: number, answer: string): WizardAnswer[] =>
      Array.from({ length: count }, (_, index) => ({ questionId: `q${index}`, question: `Question ${index}`, answer }));
    expect(isAnalysisComplete(answers(3, "yes"))).toBe(true);
    expect(isAnalysisComplete(answers(2, "yes"))).toBe(false);
    expect(isAnalysisComplete(answers(12, ""))).toBe(true);
    expect(isAnalysisComplete(answers(11, ""))).toBe(false);
  });
});

describe("question bank", () => {
  const allBankQuestions = [
    ...defaultQuestions,
    ...Object.values(projectTypeQuestions).flat(),
    ...Object.values(industryQuestions).flat(),
    ...generalQuestions,
  ];

  it("has unique ids", () => {
    const ids = allBankQuestions.map((question) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("holds no two questions that count as duplicates", () => {
    expect(findDuplicateQuestions(allBankQuestions.map((question) => question.question))).toEqual([]);
  });

  it("offers at least 12 candidates for every scope and industry, also before a scope is chosen", () => {
    for (const scope of [...scopes, undefined]) {
      for (const industry of [...industries, undefined]) {
        expect(candidateQuestions({ scope, industry }).length).toBeGreaterThanOrEqual(MAX_QUESTIONS);
      }
    }
  });

  it("only names industries of the catalogue", () => {
    for (const industry of Object.keys(industryQuestions)) expect(industries).toContain(industry);
  });
});
