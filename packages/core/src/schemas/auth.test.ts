import { describe, expect, it } from "vitest";
import { errorCatalogue } from "../errors.js";
import {
  changePasswordBody,
  changePasswordForm,
  loginBody,
  newPasswordForm,
  PASSWORD_MIN_LENGTH,
  profilePatchBody,
  recoverBody,
  resetBody,
  updateProfileBody,
} from "./auth.js";
import { refusal } from "./test-helpers.js";

const weak = errorCatalogue.WEAK_PASSWORD.message;
/** zod's own wording for a missing field: only the field's presence is asserted. */
const anyMessage = expect.any(String);

describe("loginBody", () => {
  it("accepts an email and a password, trimming and lower-casing the email but not the password", () => {
    expect(loginBody.parse({ email: "  Ada@Example.TEST ", password: " Pass " })).toEqual({ email: "ada@example.test", password: " Pass " });
  });

  it("needs both fields: a missing or blank one is named in fields", () => {
    expect(refusal(loginBody, {})).toEqual({ code: "VALIDATION", fields: { email: anyMessage, password: anyMessage } });
    expect(refusal(loginBody, { email: "   ", password: "" })).toEqual({ code: "VALIDATION", fields: { email: "Required", password: "Required" } });
  });

  it("refuses an email over 254 or a password over 200 characters", () => {
    const res = refusal(loginBody, { email: `${"a".repeat(250)}@b.co`, password: "x".repeat(201) });
    expect(res?.code).toBe("VALIDATION");
    expect(Object.keys(res?.fields ?? {}).sort()).toEqual(["email", "password"]);
  });

  it("refuses a non-string email", () => {
    expect(refusal(loginBody, { email: 42, password: "x" })?.fields).toEqual({ email: anyMessage });
  });
});

describe("recoverBody", () => {
  it("accepts an email, trimmed and lower-cased", () => {
    expect(recoverBody.parse({ email: " Bob@Example.TEST " })).toEqual({ email: "bob@example.test" });
  });

  it("needs an email: missing or blank is refused", () => {
    expect(refusal(recoverBody, {})).toEqual({ code: "VALIDATION", fields: { email: anyMessage } });
    expect(refusal(recoverBody, { email: "  " })).toEqual({ code: "VALIDATION", fields: { email: "Required" } });
    expect(refusal(recoverBody, { email: "a".repeat(255) })?.fields).toEqual({ email: anyMessage });
  });
});

describe("resetBody", () => {
  it("accepts a token and a password of at least 6 characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(resetBody.parse({ token: "abc", password: "123456" })).toEqual({ token: "abc", password: "123456" });
  });

  it("a password shorter than 6 characters is WEAK_PASSWORD", () => {
    expect(refusal(resetBody, { token: "abc", password: "12345" })).toEqual({ code: "WEAK_PASSWORD", fields: { password: weak } });
  });

  it("a password over 200 characters is refused with its own message", () => {
    expect(refusal(resetBody, { token: "abc", password: "x".repeat(201) })).toEqual({
      code: "VALIDATION",
      fields: { password: "Password must be at most 200 characters" },
    });
  });

  it("needs a token of 1 to 200 characters", () => {
    expect(refusal(resetBody, { password: "123456" })?.fields).toEqual({ token: anyMessage });
    expect(refusal(resetBody, { token: "", password: "123456" })?.fields).toEqual({ token: anyMessage });
    expect(refusal(resetBody, { token: "t".repeat(201), password: "123456" })?.fields).toEqual({ token: anyMessage });
  });
});

describe("changePasswordBody", () => {
  it("accepts the current password and a new one of at least 6 characters", () => {
    expect(changePasswordBody.parse({ currentPassword: "x", password: "new-pass" })).toEqual({ currentPassword: "x", password: "new-pass" });
  });

  it("a new password shorter than 6 characters is WEAK_PASSWORD", () => {
    expect(refusal(changePasswordBody, { currentPassword: "old-pass", password: "12345" })).toEqual({
      code: "WEAK_PASSWORD",
      fields: { password: weak },
    });
  });

  it("needs the current password: blank is Required, missing is named", () => {
    expect(refusal(changePasswordBody, { currentPassword: "", password: "new-pass" })).toEqual({
      code: "VALIDATION",
      fields: { currentPassword: "Required" },
    });
    expect(refusal(changePasswordBody, { password: "new-pass" })?.fields).toEqual({ currentPassword: anyMessage });
  });

  it("names every bad field at once", () => {
    expect(refusal(changePasswordBody, { currentPassword: "", password: "123" })?.fields).toEqual({ currentPassword: "Required", password: weak });
  });
});

describe("updateProfileBody", () => {
  it("accepts first and last name, trimmed", () => {
    expect(updateProfileBody.parse({ firstName: "  Ada ", lastName: " Lovelace " })).toEqual({ firstName: "Ada", lastName: "Lovelace" });
  });

  it("needs both names: blank is Required, missing is named", () => {
    expect(refusal(updateProfileBody, { firstName: "  ", lastName: "" })).toEqual({
      code: "VALIDATION",
      fields: { firstName: "Required", lastName: "Required" },
    });
    expect(refusal(updateProfileBody, { firstName: "Ada" })?.fields).toEqual({ lastName: anyMessage });
  });

  it("refuses a name over 100 characters", () => {
    expect(refusal(updateProfileBody, { firstName: "a".repeat(101), lastName: "B" })?.fields).toEqual({ firstName: anyMessage });
  });

  it("refuses an email (or any other field): the email cannot be changed", () => {
    const res = refusal(updateProfileBody, { firstName: "Ada", lastName: "Lovelace", email: "new@example.test" });
    expect(res?.code).toBe("VALIDATION");
    expect(res?.fields).toEqual({ body: expect.stringContaining("email") });
  });
});

describe("profilePatchBody", () => {
  it("takes both names, any notification switch, or both", () => {
    expect(profilePatchBody.parse({ firstName: " Ada ", lastName: "Lovelace" })).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(profilePatchBody.parse({ emailNotifications: { taskMessages: false } })).toEqual({ emailNotifications: { taskMessages: false } });
    expect(profilePatchBody.parse({ firstName: "Ada", lastName: "L", emailNotifications: { jobUpdates: true, taskMessages: false } })).toEqual({
      firstName: "Ada",
      lastName: "L",
      emailNotifications: { jobUpdates: true, taskMessages: false },
    });
  });

  it("needs the names together, as the profile form sends them", () => {
    expect(refusal(profilePatchBody, { firstName: "Ada" })?.fields).toEqual({ lastName: "Required" });
    expect(refusal(profilePatchBody, { lastName: "L", emailNotifications: { jobUpdates: false } })?.fields).toEqual({ firstName: "Required" });
  });

  it("refuses an empty body, a non-boolean switch, an unknown switch and the email", () => {
    expect(refusal(profilePatchBody, {})?.fields).toEqual({ firstName: "Required", lastName: "Required" });
    expect(refusal(profilePatchBody, { emailNotifications: { jobUpdates: "no" } })?.code).toBe("VALIDATION");
    expect(refusal(profilePatchBody, { emailNotifications: { marketing: true } })?.code).toBe("VALIDATION");
    expect(refusal(profilePatchBody, { emailNotifications: { jobUpdates: false }, email: "x@example.test" })?.code).toBe("VALIDATION");
  });
});

describe("newPasswordForm and changePasswordForm", () => {
  const mismatch = errorCatalogue.PASSWORDS_DO_NOT_MATCH.message;

  it("accept a new password repeated exactly", () => {
    expect(newPasswordForm.parse({ password: "secret1", confirmPassword: "secret1" })).toEqual({ password: "secret1", confirmPassword: "secret1" });
    expect(changePasswordForm.parse({ currentPassword: "old", password: "secret1", confirmPassword: "secret1" })).toMatchObject({ password: "secret1" });
  });

  it("refuse a confirmation that differs, on the confirmation field", () => {
    expect(refusal(newPasswordForm, { password: "secret1", confirmPassword: "secret2" })).toEqual({
      code: "PASSWORDS_DO_NOT_MATCH",
      fields: { confirmPassword: mismatch },
    });
  });

  it("name both a weak password and a differing confirmation at once", () => {
    expect(refusal(newPasswordForm, { password: "123", confirmPassword: "1234" })?.fields).toEqual({ password: weak, confirmPassword: mismatch });
    expect(refusal(changePasswordForm, { currentPassword: "", password: "123", confirmPassword: "" })?.fields).toEqual({
      currentPassword: "Required",
      password: weak,
      confirmPassword: mismatch,
    });
  });
});
