// The repositories, for what writes and reads rows below the use cases on purpose: the demo seeds and the tests that
// arrange or inspect the database. The faces (server, CLI, web apps) import the package's main entry, which exports
// the repositories' types only.
export * from "./admin-dashboard.js";
export * from "./admin-lists.js";
export * from "./admin-money.js";
export * from "./audit-log.js";
export * from "./billing-documents.js";
export * from "./breakdown-runs.js";
export * from "./breakdown-versions.js";
export * from "./change-requests.js";
export * from "./chat-messages.js";
export * from "./chat-room-reads.js";
export * from "./chat-rooms.js";
export * from "./disputes.js";
export * from "./earnings.js";
export * from "./emails.js";
export * from "./files.js";
export * from "./freelancers.js";
export * from "./job-activity.js";
export * from "./jobs.js";
export * from "./ledger.js";
export * from "./mail-deployment.js";
export * from "./notifications.js";
export * from "./password-reset-tokens.js";
export * from "./payments.js";
export * from "./payouts.js";
export * from "./portfolios.js";
export * from "./rate-limit-hits.js";
export * from "./reviews.js";
export * from "./rows.js";
export * from "./sessions.js";
export * from "./stories.js";
export * from "./task-comments.js";
export * from "./task-messages.js";
export * from "./users.js";
