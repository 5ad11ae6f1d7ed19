import { describe, expect, it } from "vitest";
import { DomainError, domainError, errorCatalogue, isDomainError, type ErrorCode, type ErrorKind } from "./errors.js";

const kinds: ErrorKind[] = [
  "validation",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "payment_failed",
  "too_large",
  "unsupported_type",
  "rate_limited",
  "upstream_unavailable",
  "upstream_failed",
  "internal",
];

describe("error catalogue", () => {
  it.each(Object.entries(errorCatalogue))("%s has a known kind and a non-empty title and message", (_code, entry) => {
    expect(kinds).toContain(entry.kind);
    expect(entry.title.trim()).not.toBe("");
    expect(entry.message.trim()).not.toBe("");
  });

  it("codes are upper snake case", () => {
    for (const code of Object.keys(errorCatalogue)) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  /** The codes whose wording the spec (or API.md) gives: [code, title or null when the spec names none, message]. */
  const specTexts: [ErrorCode, string | null, string][] = [
    ["INVALID_CREDENTIALS", null, "Invalid email or password. Please try again."],
    ["INVALID_RESET_TOKEN", null, "Invalid or expired recovery link. Please request a new one."],
    ["WEAK_PASSWORD", null, "Password must be at least 6 characters"],
    ["PASSWORDS_DO_NOT_MATCH", null, "Passwords do not match"],
    ["MISSING_FIELDS", "Missing fields", "Please fill all required fields before proceeding"],
    ["DUPLICATE_REQUIREMENT", "Duplicate Requirement", "A requirement with this title already exists. Please use a different title or edit the existing one."],
    ["INVALID_JOB_ID", null, "Invalid job ID"],
    ["JOB_NOT_FOUND", null, "Job not found"],
    [
      "JOB_PAID",
      "Cannot Delete Paid Job",
      "This job has already been paid for and cannot be deleted. Paid jobs are preserved for record-keeping and contractual purposes.",
    ],
    ["DELETE_JOB_DENIED", "Permission Denied", "Only the job owner or admins can delete this job."],
    ["CREATE_STORIES_DENIED", "Permission Denied", "Only the job owner or admins can create stories and tasks."],
    ["NO_STORIES_CREATED", null, "No stories were created. Please try again or contact support."],
    ["EMPTY_TITLE", null, "Title cannot be empty"],
    ["CANNOT_UNLOCK", "Cannot unlock project", "This project has been started and cannot be unlocked."],
    ["FREELANCER_ONLY", null, "Only freelancers can start a project."],
    ["REQUIREMENTS_NOT_FINALIZED", "Requirements Not Finalized", "The project requirements must be locked before starting."],
    ["PAYMENT_REQUIRED", "Payment Required", "Payment must be completed before the project can be started."],
    ["EMPTY_CHANGE_REQUEST", null, "Please describe the requested changes."],
    ["PAYMENT_LOGIN_REQUIRED", null, "You must be logged in to make a payment."],
    ["PAYMENT_ACCESS_DENIED", "Access Denied", "You are not authorized to make payments for this job."],
    ["FREELANCER_NOT_FOUND", null, "Freelancer not found"],
    ["PROFILE_NOT_FOUND", null, "Could not find your freelancer profile"],
    ["TOO_MANY_DOCUMENTS", null, "You can only upload up to 3 documents"],
    ["BAD_DOCUMENT_TYPE", null, "Only .pdf, .doc, .docx files are allowed"],
    ["DOCUMENT_NOT_FOUND", null, "Failed to remove document"],
    ["CHAT_LOGIN_REQUIRED", null, "You must be logged in to start a chat"],
    ["CLIENT_ONLY_CHAT", null, "Only clients can start chats with freelancers"],
    ["INVALID_FREELANCER_ID", null, "Invalid freelancer ID format"],
    ["NO_RECIPIENT", null, "Could not determine message recipient"],
    ["FILL_ALL_FIELDS", null, "Please fill in all fields"],
    ["EMAIL_LOGIN_REQUIRED", null, "You must be logged in to send emails"],
    ["CLIENT_EMAIL_NOT_FOUND", null, "Client email not found"],
    ["INTERNAL", null, "An unexpected error occurred. Please try again."],
  ];

  it.each(specTexts)("%s uses the spec's exact wording", (code, title, message) => {
    expect(errorCatalogue[code].message).toBe(message);
    if (title !== null) expect(errorCatalogue[code].title).toBe(title);
  });

  it("STORIES_EXIST is titled with the spec's notice 'Stories Already Exist'", () => {
    expect(errorCatalogue.STORIES_EXIST.title).toBe("Stories Already Exist");
  });
});

describe("DomainError", () => {
  it("carries the catalogue's kind, title and message", () => {
    const error = domainError("PAYMENT_REQUIRED");
    expect(error).toBeInstanceOf(DomainError);
    expect([error.code, error.kind, error.title, error.message]).toEqual([
      "PAYMENT_REQUIRED",
      "conflict",
      "Payment Required",
      "Payment must be completed before the project can be started.",
    ]);
  });

  it("keeps an overriding message, field errors and the cause", () => {
    const cause = new Error("db down");
    const error = domainError("VALIDATION", { message: "Nope", fields: { title: "Required" }, cause });
    expect([error.message, error.fields, error.cause]).toEqual(["Nope", { title: "Required" }, cause]);
  });

  it("is recognised also across module copies", () => {
    const foreign = Object.assign(new Error("x"), { name: "DomainError", code: "LOCKED" });
    expect(isDomainError(foreign)).toBe(true);
    expect(isDomainError(new Error("x"))).toBe(false);
  });
});
