/**
 * The error catalogue: every failure a user can meet, with the spec's own title and message.
 * The HTTP status of each kind lives in one place only, the server's error middleware.
 */

/** How a failure is classified; the server maps each kind to exactly one HTTP status. */
export type ErrorKind =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_failed"
  | "too_large"
  | "unsupported_type"
  | "rate_limited"
  | "upstream_unavailable"
  | "upstream_failed"
  | "internal";

interface CatalogueEntry {
  kind: ErrorKind;
  title: string;
  message: string;
}

const entry = (kind: ErrorKind, title: string, message: string): CatalogueEntry => ({ kind, title, message });

/** Every error code of API.md, with the wording the spec gives it. */
export const errorCatalogue = {
  VALIDATION: entry("validation", "Validation Error", "Please check the highlighted fields."),
  MALFORMED_JSON: entry("validation", "Validation Error", "The request body is not valid JSON."),
  UNAUTHENTICATED: entry("unauthenticated", "Login Required", "You must be logged in to do this."),
  FORBIDDEN: entry("forbidden", "Permission Denied", "You are not allowed to do this."),
  CSRF: entry("forbidden", "Permission Denied", "Cross-site requests are not allowed."),
  NOT_FOUND: entry("not_found", "Not Found", "The page you're looking for cannot be found."),
  PAYLOAD_TOO_LARGE: entry("too_large", "Too Large", "The request is too large."),
  FILE_TOO_LARGE: entry("too_large", "File Too Large", "Files may be at most 10 MB each."),
  RATE_LIMITED: entry("rate_limited", "Too Many Attempts", "Too many attempts. Please wait a few minutes and try again."),
  INTERNAL: entry("internal", "Error", "An unexpected error occurred. Please try again."),
  DATABASE_UNAVAILABLE: entry("upstream_unavailable", "Service Unavailable", "The service is briefly unavailable. Please try again in a moment."),

  // Accounts
  WEAK_PASSWORD: entry("validation", "Weak Password", "Password must be at least 6 characters"),
  PASSWORDS_DO_NOT_MATCH: entry("validation", "Validation Error", "Passwords do not match"),
  EMAIL_TAKEN: entry("conflict", "Failed to create account", "An account with this email already exists."),
  INVALID_CREDENTIALS: entry("unauthenticated", "Failed to sign in", "Invalid email or password. Please try again."),
  WRONG_CURRENT_PASSWORD: entry("validation", "Failed to update password", "Your current password is not correct."),
  INVALID_RESET_TOKEN: entry("validation", "Invalid Link", "Invalid or expired recovery link. Please request a new one."),
  ACCOUNT_DISABLED: entry("forbidden", "Account Disabled", "This account has been disabled. Please contact support."),
  USER_NOT_FOUND: entry("not_found", "Not Found", "User not found"),
  CANNOT_DISABLE_SELF: entry("conflict", "Cannot Disable Account", "You cannot disable your own account."),
  CANNOT_DEMOTE_SELF: entry("conflict", "Cannot Change Account Type", "You cannot change your own account type; ask another admin to do it."),
  LAST_ADMIN: entry("conflict", "Cannot Disable Account", "This is the last enabled admin account; enable or create another admin first."),

  // Jobs and requirements
  MISSING_FIELDS: entry("validation", "Missing fields", "Please fill all required fields before proceeding"),
  INVALID_SCOPE: entry("validation", "Validation Error", "Please choose one of the offered scopes."),
  DUPLICATE_REQUIREMENT: entry(
    "conflict",
    "Duplicate Requirement",
    "A requirement with this title already exists. Please use a different title or edit the existing one.",
  ),
  INVALID_JOB_ID: entry("validation", "Error", "Invalid job ID"),
  INVALID_CURSOR: entry("validation", "Validation Error", "This list position is not valid. Please start again from the first page."),
  JOB_NOT_FOUND: entry("not_found", "Job not found", "Job not found"),
  JOB_PAID: entry(
    "conflict",
    "Cannot Delete Paid Job",
    "This job has already been paid for and cannot be deleted. Paid jobs are preserved for record-keeping and contractual purposes.",
  ),
  JOB_NOT_EDITABLE: entry("conflict", "Cannot Edit Job", "This job is locked, started or paid and its requirements can no longer be edited."),
  POST_JOB_DENIED: entry("forbidden", "Permission Denied", "Only clients and admins can post requirements."),
  EDIT_JOB_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can edit this job."),
  DELETE_JOB_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can delete this job."),
  TOO_MANY_FILES: entry("validation", "Too Many Files", "A job can have at most 5 attached files."),
  BAD_FILE_TYPE: entry("unsupported_type", "Unsupported File", "This file type is not allowed."),

  // Enhance with AI (POST /api/wizard/enhance)
  AI_NOT_CONFIGURED: entry("not_found", "Not Available", "AI enhancement is not available on this server."),
  ENHANCE_DENIED: entry("forbidden", "Permission Denied", "Only clients and admins can enhance requirements."),
  AI_UNAVAILABLE: entry("upstream_unavailable", "AI Unavailable", "The AI service did not answer in time. Please try again in a moment."),
  AI_BAD_ANSWER: entry("upstream_failed", "AI Answer Unusable", "The AI service answered with something we could not use. Please try again."),

  // Breakdown, stories and tasks
  CREATE_STORIES_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can create stories and tasks."),
  STORIES_EXIST: entry("conflict", "Stories Already Exist", "Stories and tasks already exist for this job."),
  BREAKDOWN_NOT_ALLOWED: entry("conflict", "Cannot Create Stories", "Stories and tasks can only be created before the project is started or paid."),
  NO_STORIES_CREATED: entry("upstream_unavailable", "Error", "No stories were created. Please try again or contact support."),
  BREAKDOWN_RUN_NOT_FOUND: entry("not_found", "Not Found", "Breakdown run not found"),
  BREAKDOWN_REQUESTER_DISABLED: entry(
    "forbidden",
    "Permission Denied",
    "The account that asked for this breakdown has been disabled, so nothing was stored. Ask for the breakdown again.",
  ),
  // A run whose every worker died (or whose database went away each time): the spec's words after its retries.
  BREAKDOWN_FAILED: entry("internal", "Error", "Failed to create stories after multiple attempts. Please try again later or contact support."),
  STORY_NOT_FOUND: entry("not_found", "Not Found", "Story not found"),
  VIEW_BREAKDOWN_DENIED: entry("forbidden", "Permission Denied", "Only the job owner, freelancers and admins can see the stories and tasks."),
  EDIT_TASKS_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can edit stories and tasks."),
  TASK_NOT_FOUND: entry("not_found", "Not Found", "Task not found"),
  LOCKED: entry("conflict", "Locked", "Stories and tasks cannot be edited while the project is locked or started."),
  EMPTY_TITLE: entry("validation", "Error", "Title cannot be empty"),
  LOCK_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can lock or unlock requirements."),
  ALREADY_LOCKED: entry("conflict", "Already Locked", "The requirements are already locked."),
  NOT_LOCKED: entry("conflict", "Not Locked", "The requirements are not locked."),
  CANNOT_UNLOCK: entry("conflict", "Cannot unlock project", "This project has been started and cannot be unlocked."),
  FREELANCER_ONLY: entry("forbidden", "Permission Denied", "Only freelancers can start a project."),
  REQUIREMENTS_NOT_FINALIZED: entry("conflict", "Requirements Not Finalized", "The project requirements must be locked before starting."),
  PAYMENT_REQUIRED: entry("conflict", "Payment Required", "Payment must be completed before the project can be started."),
  ALREADY_STARTED: entry("conflict", "Already Started", "This project has already been started."),
  COMPLETE_DENIED: entry("forbidden", "Permission Denied", "A project completes when its last story is approved; only admins can complete one by hand."),
  NOT_IN_PROGRESS: entry("conflict", "Not In Progress", "Only a project in progress can be completed."),
  TASK_STATUS_DENIED: entry("forbidden", "Permission Denied", "Only the assigned freelancer or admins can change the task status."),
  NOT_STARTED: entry("conflict", "Not Started", "The project has not been started yet."),
  COMMENT_DENIED: entry("forbidden", "Permission Denied", "Only the job owner, the assigned freelancer and admins can comment on tasks."),
  EMPTY_CHANGE_REQUEST: entry("validation", "Error", "Please describe the requested changes."),
  CHANGE_NOT_ALLOWED: entry("conflict", "Change Not Allowed", "Change requests are possible once the requirements are locked or the project has started."),
  CHANGE_REQUEST_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can request changes."),
  // Change requests on a paid job (issue 18): quoted at the job's rate, paid like the job, or declined
  CHANGE_REQUEST_NOT_FOUND: entry("not_found", "Not Found", "Change request not found"),
  CHANGE_REQUEST_NOT_QUOTED: entry(
    "conflict",
    "No Open Quote",
    "This change request has no open quote: it was already paid or declined, or was added to the scope before payment.",
  ),
  CHANGE_NOT_QUOTABLE: entry("conflict", "Cannot Price Change", "This job has no estimated hours to price a change from, so the change cannot be quoted."),
  EMPTY_MESSAGE: entry("validation", "Error", "A message needs text or at least one file."),
  COMMUNICATION_DENIED: entry("forbidden", "Permission Denied", "Only the job owner, the assigned freelancer and admins can see this conversation."),

  // Delivery (issue 18): the story lifecycle's refusals (lifecycle/delivery.ts)
  JOB_NOT_IN_PROGRESS: entry("conflict", "Not In Progress", "Stories are delivered and reviewed while the project is in progress."),
  SUBMIT_DENIED: entry("forbidden", "Permission Denied", "Only the assigned freelancer can submit a story for review."),
  APPROVE_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or admins can approve a story."),
  REQUEST_CHANGES_DENIED: entry("forbidden", "Permission Denied", "Only the job owner can request changes to a story."),
  DISPUTE_DENIED: entry("forbidden", "Permission Denied", "Only the job owner or the assigned freelancer can open a dispute."),
  TASKS_NOT_DONE: entry("conflict", "Tasks Not Done", "Every task of this story must be done before it is submitted for review."),
  NOT_SUBMITTABLE: entry("conflict", "Cannot Submit", "This story is already in review, approved or in dispute."),
  NOT_IN_REVIEW: entry("conflict", "Not In Review", "This story is not waiting for review (it may already be approved)."),
  NOT_DISPUTABLE: entry("conflict", "Cannot Dispute", "This story is already approved or in dispute."),
  REVISION_LIMIT: entry(
    "conflict",
    "Revision Limit Reached",
    "This story has had as many rounds of changes as allowed. Open a dispute so an admin can settle it.",
  ),
  EMPTY_REASON: entry("validation", "Error", "Please say what needs to change."),
  DISPUTE_NOT_FOUND: entry("not_found", "Not Found", "Dispute not found"),
  DISPUTES_ACCESS_DENIED: entry("forbidden", "Access Denied", "Only the job owner, the assigned freelancer and admins can see this job's disputes."),
  DISPUTE_RESOLVED: entry("conflict", "Already Resolved", "This dispute has already been resolved."),
  RESOLUTION_MISMATCH: entry("validation", "Resolution Mismatch", "The release and the refund must add up exactly to what is held for the disputed stories."),
  DISPUTE_REFUND_FAILED: entry("upstream_unavailable", "Refund Failed", "The payment provider did not make the refund. Nothing was changed; please try again."),

  // Payments
  PAYMENT_LOGIN_REQUIRED: entry("unauthenticated", "Login Required", "You must be logged in to make a payment."),
  PAYMENT_ACCESS_DENIED: entry("forbidden", "Access Denied", "You are not authorized to make payments for this job."),
  ALREADY_PAID: entry("conflict", "Already Paid", "This job has already been paid for."),
  PAYMENT_NOT_LOCKED: entry("conflict", "Requirements Not Finalized", "The requirements must be locked before paying."),
  PAYMENT_NOT_FOUND: entry("not_found", "Not Found", "Payment not found"),
  MONEY_ACCESS_DENIED: entry("forbidden", "Access Denied", "Only the job owner, the assigned freelancer and admins can see this job's money."),
  PAYOUTS_DENIED: entry("forbidden", "Access Denied", "Only freelancers set up and receive payouts; each sees their own."),
  PAYOUT_ONBOARDING_FAILED: entry("upstream_unavailable", "Payouts Unavailable", "The payment provider could not start payouts setup. Please try again."),
  PAYOUT_ACCOUNT_NOT_FOUND: entry("not_found", "Not Found", "No payouts account to set up: start from your earnings page."),
  EARNINGS_DENIED: entry("forbidden", "Access Denied", "Only freelancers have earnings; each sees their own."),
  DOCUMENT_ACCESS_DENIED: entry("forbidden", "Access Denied", "Only the paying client and admins can see this document."),
  BILLING_DOCUMENT_NOT_FOUND: entry("not_found", "Not Found", "No receipt or credit note was issued for this."),
  REFUND_NOT_FOUND: entry("not_found", "Not Found", "Refund not found"),
  STATEMENT_DENIED: entry("forbidden", "Access Denied", "Only freelancers have statements; each sees their own."),
  INSUFFICIENT_ESCROW: entry("conflict", "Not Enough Held", "This job does not hold enough money for that."),
  TEST_PROVIDER_DISABLED: entry("not_found", "Not Found", "The test payment provider is not active."),
  CARD_DECLINED: entry("payment_failed", "Payment Failed", "Card error: Your card was declined."),
  INSUFFICIENT_FUNDS: entry("payment_failed", "Payment Failed", "Card error: Your card has insufficient funds."),
  INVALID_CARD: entry("payment_failed", "Payment Failed", "Card error: Your card number is invalid."),
  INVALID_EXPIRY_MONTH: entry("payment_failed", "Payment Failed", "Card error: Your card's expiration month is invalid."),
  INVALID_EXPIRY_YEAR: entry("payment_failed", "Payment Failed", "Card error: Your card's expiration year is invalid."),
  EXPIRED_CARD: entry("payment_failed", "Payment Failed", "Card error: Your card has expired."),
  PAYMENT_PROCESSING: entry("conflict", "Payment Processing", "A payment for this job is processing."),
  PAYMENT_AMOUNT_CHANGED: entry("conflict", "Price Changed", "The price of this job changed after this payment was started. Please start the payment again."),
  PAYMENT_SETUP_FAILED: entry("upstream_unavailable", "Payment Setup Failed", "Could not connect to payment provider"),
  INVALID_SIGNATURE: entry("validation", "Invalid Signature", "The webhook signature could not be verified."),

  // Freelancers
  FREELANCER_NOT_FOUND: entry("not_found", "Freelancer not found", "Freelancer not found"),
  PROFILE_NOT_FOUND: entry("not_found", "Error", "Could not find your freelancer profile"),
  PROFILE_EXISTS: entry("conflict", "Error", "You already have a freelancer profile."),
  FREELANCER_PROFILE_DENIED: entry("forbidden", "Permission Denied", "Only freelancers can create a freelancer profile."),
  TOO_MANY_DOCUMENTS: entry("validation", "Error", "You can only upload up to 3 documents"),
  BAD_DOCUMENT_TYPE: entry("unsupported_type", "Error", "Only .pdf, .doc, .docx files are allowed"),
  DOCUMENT_NOT_FOUND: entry("not_found", "Error", "Failed to remove document"),
  PORTFOLIO_NOT_FOUND: entry("not_found", "Not Found", "Portfolio item not found"),

  // Reviews (issue 19): the review rules' refusals (reviews/reviews.ts)
  REVIEW_NOT_FOUND: entry("not_found", "Not Found", "Review not found"),
  REVIEW_NOT_ALLOWED: entry("forbidden", "Permission Denied", "Only the client and the assigned freelancer of a project review each other."),
  REVIEWS_ACCESS_DENIED: entry("forbidden", "Access Denied", "Only the job owner, the assigned freelancer and admins can see this job's reviews."),
  REVIEW_NOT_OPEN: entry("conflict", "Not Completed", "Reviews open once the project is completed."),
  REVIEW_WINDOW_CLOSED: entry("conflict", "Reviews Closed", "Reviews can be written for 14 days after the project is completed."),
  ALREADY_REVIEWED: entry("conflict", "Already Reviewed", "You have already reviewed this project. You can edit your review for 48 hours after posting it."),
  INVALID_RATING: entry("validation", "Invalid Rating", "The rating must be a whole number of stars from 1 to 5."),
  INVALID_REVIEW_TEXT: entry("validation", "Invalid Review", "A review needs between 20 and 2,000 characters."),
  REVIEW_EDIT_DENIED: entry("forbidden", "Permission Denied", "Only its author can edit a review."),
  REVIEW_EDIT_WINDOW_CLOSED: entry("conflict", "Cannot Edit Review", "A review can be edited for 48 hours after it was posted."),
  REPLY_DENIED: entry("forbidden", "Permission Denied", "Only the person reviewed can reply to a review."),
  REVIEW_NOT_PUBLISHED: entry("conflict", "Not Published", "Only a published review can be replied to."),
  ALREADY_REPLIED: entry("conflict", "Already Replied", "This review already has a reply."),
  EMPTY_REPLY: entry("validation", "Error", "Please write a reply."),
  HIDE_REASON_REQUIRED: entry("validation", "Error", "Please say why this review is hidden."),
  REVIEW_ALREADY_HIDDEN: entry("conflict", "Already Hidden", "This review is already hidden."),

  // Chat
  CHAT_LOGIN_REQUIRED: entry("unauthenticated", "Login Required", "You must be logged in to start a chat"),
  CLIENT_ONLY_CHAT: entry("forbidden", "Permission Denied", "Only clients can start chats with freelancers"),
  INVALID_FREELANCER_ID: entry("validation", "Error", "Invalid freelancer ID format"),
  NOT_ROOM_MEMBER: entry("forbidden", "Permission Denied", "You are not a member of this chat room."),
  ROOM_NOT_FOUND: entry("not_found", "Not Found", "Chat room not found"),
  NO_RECIPIENT: entry("validation", "Error", "Could not determine message recipient"),

  // Back office
  ADMIN_ONLY: entry("forbidden", "Permission Denied", "Only admins can use the back office."),
  FILL_ALL_FIELDS: entry("validation", "Error", "Please fill in all fields"),
  EMAIL_LOGIN_REQUIRED: entry("unauthenticated", "Login Required", "You must be logged in to send emails"),
  CLIENT_EMAIL_NOT_FOUND: entry("not_found", "Error", "Client email not found"),
  UNKNOWN_RESOURCE: entry("not_found", "Not Found", "Unknown resource"),
  RECORD_NOT_FOUND: entry("not_found", "Not Found", "Record not found"),
  EMAIL_SEND_FAILED: entry("upstream_unavailable", "Error", "Failed to send email"),
  JOB_NOT_DELETED: entry("conflict", "Not Deleted", "Only a deleted job can be restored."),
  NOT_REFUNDABLE: entry("conflict", "Cannot Refund", "Only a charge flagged Needs Refund can be refunded."),
  REFUND_FAILED: entry("upstream_failed", "Refund Failed", "The payment provider did not refund the charge; it stays Needs Refund. Please try again."),
  EMAIL_NOT_RESENDABLE: entry("conflict", "Not Allowed", "Only an e-mail whose delivery failed can be sent again."),
} as const satisfies Record<string, CatalogueEntry>;

/** A code of the error catalogue, as sent in `error.code`. */
export type ErrorCode = keyof typeof errorCatalogue;

/**
 * A refusal in the words the server answers it with: the `code`, `title` and `message` of the error body (API.md).
 * A job's `why` carries one for each action its `can` refuses.
 */
export interface Refusal {
  code: ErrorCode;
  title: string;
  message: string;
}

/**
 * The refusal a catalogue code stands for, worded as the error body the server sends for it.
 * @param code the catalogue code
 * @returns its code, title and message
 */
export function refusalOf(code: ErrorCode): Refusal {
  const { title, message } = errorCatalogue[code];
  return { code, title, message };
}

/**
 * Refusals that answer a catalogue code in other words, where one code covers several actions and the catalogue's
 * wording is the spec's for one of them (JOB_PAID's is the 'Cannot Delete Paid Job' dialog). Clients branch on the
 * code; the words fit the action refused.
 */
export const refusalWordings = {
  /** A paid job's scope is frozen: unlocking it, or creating, editing or deleting its stories and tasks. */
  paidScope: {
    code: "JOB_PAID",
    title: "Job Already Paid",
    message: "This job has already been paid for, so its stories and tasks are fixed and it cannot be unlocked. Request a change to add work.",
  },
} as const satisfies Record<string, Refusal>;

/** Field name → message, for 400 answers about particular inputs. */
export type FieldErrors = Record<string, string>;

/**
 * The one error type the domain throws. Its message is safe to show a user; `cause` is kept for logs only.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly title: string;
  readonly fields: FieldErrors | undefined;

  constructor(code: ErrorCode, options: { message?: string; title?: string; fields?: FieldErrors; cause?: unknown } = {}) {
    const known = errorCatalogue[code];
    super(options.message ?? known.message, { cause: options.cause });
    this.name = "DomainError";
    this.code = code;
    this.kind = known.kind;
    this.title = options.title ?? known.title;
    this.fields = options.fields;
  }
}

/**
 * Builds a DomainError for a catalogue code.
 * @param code the catalogue code
 * @param options an overriding message, field errors, or the cause to keep for the logs
 * @returns the error, to be thrown by the caller
 */
export function domainError(code: ErrorCode, options?: { message?: string; fields?: FieldErrors; cause?: unknown }): DomainError {
  return new DomainError(code, options);
}

/**
 * The error to throw for a refusal, so the answer's code, title and message are exactly the refusal's.
 * @param refusal what the policy refused, as `refusalOf` words it
 * @returns the error, to be thrown by the caller
 */
export function refusalError(refusal: Refusal): DomainError {
  return new DomainError(refusal.code, { message: refusal.message, title: refusal.title });
}

/**
 * True when the value is a DomainError (also across duplicated module instances).
 * @param value anything caught
 * @returns true for a DomainError
 */
export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError || (value instanceof Error && value.name === "DomainError" && "code" in value);
}
