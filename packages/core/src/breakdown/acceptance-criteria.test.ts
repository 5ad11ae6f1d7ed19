import { describe, expect, it } from "vitest";
import { formatAcceptanceCriteria, hasAcceptanceCriteria, withAcceptanceCriteria } from "./acceptance-criteria.js";

const signIn = { given: "a registered user", when: "they sign in.", then: "they see their account" };

describe("acceptance criteria", () => {
  it("are written as '- Given …, when …, then ….' lines under their heading", () => {
    expect(formatAcceptanceCriteria([signIn])).toBe("Acceptance criteria:\n- Given a registered user, when they sign in, then they see their account.");
  });

  it("end the description, after a blank line", () => {
    const description = withAcceptanceCriteria("As a user, I want to sign in.", [signIn, signIn]);
    expect(description.split("\n\n")).toHaveLength(2);
    expect(description.endsWith("then they see their account.")).toBe(true);
    expect(hasAcceptanceCriteria(description)).toBe(true);
  });

  it("a description without a Given/When/Then block is recognised as such", () => {
    expect(hasAcceptanceCriteria("As a user, I want to sign in.")).toBe(false);
    expect(hasAcceptanceCriteria("Acceptance criteria:\n- It works.")).toBe(false);
    expect(hasAcceptanceCriteria("Acceptance criteria:")).toBe(false);
  });
});
