import { describe, expect, it } from "vitest";
import { findDuplicateQuestions, isDuplicateQuestion, normalizeQuestion } from "./duplicates.js";
import { wizardMessages } from "./messages.js";

describe("duplicate follow-up questions", () => {
  it("equal questions are duplicates, ignoring case and whitespace", () => {
    expect(isDuplicateQuestion("Who are your users?", "  who are   YOUR users? ")).toBe(true);
    expect(normalizeQuestion("  A \n b ")).toBe("a b");
  });

  it("one question containing the other is a duplicate when the shorter is longer than 10 characters", () => {
    expect(isDuplicateQuestion("Which payment methods", "Which payment methods must checkout accept?")).toBe(true);
    expect(isDuplicateQuestion("Which payment methods must checkout accept?", "which payment methods")).toBe(true);
  });

  it("containment of 10 characters or fewer is not a duplicate", () => {
    // "your users" is exactly 10 characters.
    expect(isDuplicateQuestion("your users", "Who are your users and what do they need?")).toBe(false);
    // "your users?" is 11.
    expect(isDuplicateQuestion("your users?", "Who are your users?")).toBe(true);
  });

  it("short questions are still duplicates when equal", () => {
    expect(isDuplicateQuestion("Budget?", "budget?")).toBe(true);
  });

  it("blank questions are never duplicates", () => {
    expect(isDuplicateQuestion("", "  ")).toBe(false);
  });

  it("different questions are not duplicates", () => {
    expect(isDuplicateQuestion("Which countries do you ship to?", "Which payment methods do you accept?")).toBe(false);
  });

  it("reports each later duplicate once, in its original wording", () => {
    expect(
      findDuplicateQuestions([
        "Who are your users?",
        "What is your deadline?",
        "WHO ARE YOUR USERS?",
        "Who are your users? Describe them.",
        "Something else entirely",
      ]),
    ).toEqual(["WHO ARE YOUR USERS?", "Who are your users? Describe them."]);
    expect(findDuplicateQuestions(["a question here", "another one here"])).toEqual([]);
  });

  it("warns with the spec's text", () => {
    expect(wizardMessages.duplicateQuestions).toBe("Duplicate question(s) detected");
  });
});
