export * from "./errors.js";
export * from "./users.js";
export * from "./schemas/common.js";
export * from "./schemas/auth.js";

export * from "./catalog/scopes.js";
export * from "./catalog/options.js";
export * from "./catalog/project-specific-fields.js";
export * from "./catalog/catalog.js";

export * from "./pricing/money.js";
export * from "./pricing/delivery-date.js";
export * from "./pricing/quote.js";
export * from "./pricing/milestones.js";
export * from "./pricing/change-request-quote.js";

export * from "./wizard/form.js";
export * from "./wizard/messages.js";
export * from "./wizard/duplicates.js";
export * from "./wizard/question-bank.js";
export * from "./wizard/analysis.js";

export * from "./breakdown/types.js";
export * from "./breakdown/input.js";
export * from "./breakdown/acceptance-criteria.js";
export * from "./breakdown/estimates.js";
export * from "./breakdown/rules-engine.js";
export * from "./breakdown/quality.js";
export * from "./breakdown/complete-breakdown.js";
export * from "./breakdown/versions.js";
export * from "./breakdown/prompt.js";
export * from "./breakdown/fallback-stories.js";
export * from "./breakdown/change-request-story.js";
export * from "./breakdown/parse-breakdown.js";
export * from "./breakdown/progress.js";
export * from "./breakdown/runs.js";
export * from "./breakdown/task-comments.js";

export * from "./chat/room-ids.js";
export * from "./chat/message-content.js";
export * from "./chat/unread.js";
export * from "./chat/merge-messages.js";

export * from "./policies/job-state.js";
export * from "./policies/job.js";
export * from "./policies/my-jobs.js";
export * from "./policies/admin-jobs.js";
export * from "./policies/posting.js";
export * from "./policies/user.js";
export * from "./policies/back-office.js";
export * from "./policies/load.js";

export * from "./schemas/validation.js";
export * from "./schemas/jobs.js";
export * from "./schemas/boot.js";
export * from "./schemas/breakdown.js";
export * from "./schemas/payments.js";
export * from "./schemas/freelancers.js";
export * from "./schemas/chat.js";
export * from "./schemas/realtime.js";
export * from "./schemas/admin.js";
export * from "./schemas/admin-records.js";
export * from "./labels.js";
export * from "./uploads.js";
export * from "./policies/chat.js";
export * from "./policies/freelancer.js";

export * from "./payments/payments.js";
export * from "./policies/payment.js";
export * from "./admin/weeks.js";
export * from "./audit/audit.js";
export * from "./navigation/return-path.js";
export * from "./chat/relative-time.js";
export * from "./schemas/enhance.js";
export * from "./wizard/enhance.js";
export * from "./notifications/email-preferences.js";
export * from "./notifications/notification-types.js";
export * from "./schemas/notifications.js";

export * from "./ledger/accounts.js";
export * from "./ledger/transactions.js";
export * from "./ledger/invariants.js";
export * from "./schemas/money.js";
export * from "./schemas/disputes.js";
export * from "./policies/money.js";
export * from "./earnings/earnings.js";
export * from "./schemas/earnings.js";
export * from "./payouts/payouts.js";
export * from "./lifecycle/duration.js";
export * from "./lifecycle/delivery.js";
export * from "./lifecycle/job.js";
export * from "./lifecycle/change-request.js";
export * from "./lifecycle/diagram.js";
export * from "./reviews/reviews.js";
export * from "./schemas/reviews.js";

export * from "./billing/numbering.js";
export * from "./billing/documents.js";
export * from "./billing/statement.js";
export * from "./policies/billing.js";
export * from "./schemas/billing.js";
export * from "./admin/operations.js";
