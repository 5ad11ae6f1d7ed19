import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorCatalogue } from "../errors.js";
import { signupBody } from "./auth.js";
import { fieldErrorsOf, validationError } from "./validation.js";

describe("validationError", () => {
  it("every validation message of the catalogue is unique, so a message names exactly one code", () => {
    const messages = Object.values(errorCatalogue)
      .filter((entry) => entry.kind === "validation")
      .map((entry) => entry.message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it("a short password is WEAK_PASSWORD", () => {
    const result = signupBody.safeParse({ email: "a@b.co", password: "123", firstName: "A", lastName: "B", userType: "client" });
    expect(result.success).toBe(false);
    if (!result.success) expect(validationError(result.error).code).toBe("WEAK_PASSWORD");
  });

  it("an unrecognised message is VALIDATION with the catalogue's message and the field errors", () => {
    const result = z.object({ name: z.string().min(2, "Too short") }).safeParse({ name: "a" });
    expect(result.success).toBe(false);
    if (!result.success) {
      const error = validationError(result.error);
      expect([error.code, error.kind, error.message, error.fields]).toEqual([
        "VALIDATION",
        "validation",
        errorCatalogue.VALIDATION.message,
        { name: "Too short" },
      ]);
    }
  });

  it("field errors keep the first message per dotted path; whole-body failures are keyed body", () => {
    const result = z.object({ list: z.array(z.string()) }).safeParse({ list: ["a", 2] });
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ "list.1": expect.any(String) });
    const whole = z.string().safeParse(3);
    if (!whole.success) expect(Object.keys(fieldErrorsOf(whole.error))).toEqual(["body"]);
  });
});
