import type { Knex } from "knex";
import * as createUsers from "./20261122090000_create-users.js";
import * as createSessions from "./20261122090100_create-sessions.js";
import * as createPasswordResetTokens from "./20261122090200_create-password-reset-tokens.js";
import * as createFreelancers from "./20261122090300_create-freelancers.js";
import * as createPortfolios from "./20261122090400_create-portfolios.js";
import * as createJobs from "./20261122090500_create-jobs.js";
import * as createJobRequirements from "./20261122090600_create-job-requirements.js";
import * as createRequirementTasks from "./20261122090700_create-requirement-tasks.js";
import * as createFiles from "./20261122090800_create-files.js";
import * as createPortfolioDocuments from "./20261122090900_create-portfolio-documents.js";
import * as createJobChangeRequests from "./20261122091000_create-job-change-requests.js";
import * as createTaskCommunications from "./20261122091100_create-task-communications.js";
import * as createChatRooms from "./20261122091200_create-chat-rooms.js";
import * as createMessages from "./20261122091300_create-messages.js";
import * as createChatNotifications from "./20261122091400_create-chat-notifications.js";
import * as createPayments from "./20261122091500_create-payments.js";
import * as createPaymentEvents from "./20261122091600_create-payment-events.js";
import * as createEmails from "./20261122091700_create-emails.js";
import * as createJobActivity from "./20261122091800_create-job-activity.js";
import * as createSocketIoAttachments from "./20261122091900_create-socket-io-attachments.js";
import * as createChatRoomReads from "./20261122092000_create-chat-room-reads.js";
import * as createRateLimitHits from "./20261122092100_create-rate-limit-hits.js";
import * as addSearchTrigramIndexes from "./20261122092200_add-search-trigram-indexes.js";
import * as addChatRoomsActivityIndex from "./20261122092300_add-chat-rooms-activity-index.js";
import * as addPaymentsLastEventAt from "./20261122092400_add-payments-last-event-at.js";
import * as addPaymentsRefundStatuses from "./20261123100000_add-payments-refund-statuses.js";
import * as addPaymentsRefundColumns from "./20261123100100_add-payments-refund-columns.js";
import * as addPaymentsOneSuccessPerJob from "./20261123100200_add-payments-one-success-per-job.js";
import * as addUsersDisabled from "./20261123130000_add-users-disabled.js";
import * as addRequirementTasksTypeCreatedAtIndex from "./20261123140000_add-requirement-tasks-type-created-at-index.js";
import * as addJobChangeRequestsCreatedAtIndex from "./20261123140100_add-job-change-requests-created-at-index.js";
import * as addAdminSearchTrigramIndexes from "./20261123140200_add-admin-search-trigram-indexes.js";

/** One schema change: its name (recorded in knex_migrations, so never rename one that has shipped) and steps. */
export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Listed by hand, oldest first, instead of scanning the folder: imports work the same under tsx, vitest, the
// built JS and a bundler. A new migration file must be added here too.
const migrations: readonly Migration[] = [
  { name: "20261122090000_create-users", ...createUsers },
  { name: "20261122090100_create-sessions", ...createSessions },
  { name: "20261122090200_create-password-reset-tokens", ...createPasswordResetTokens },
  { name: "20261122090300_create-freelancers", ...createFreelancers },
  { name: "20261122090400_create-portfolios", ...createPortfolios },
  { name: "20261122090500_create-jobs", ...createJobs },
  { name: "20261122090600_create-job-requirements", ...createJobRequirements },
  { name: "20261122090700_create-requirement-tasks", ...createRequirementTasks },
  { name: "20261122090800_create-files", ...createFiles },
  { name: "20261122090900_create-portfolio-documents", ...createPortfolioDocuments },
  { name: "20261122091000_create-job-change-requests", ...createJobChangeRequests },
  { name: "20261122091100_create-task-communications", ...createTaskCommunications },
  { name: "20261122091200_create-chat-rooms", ...createChatRooms },
  { name: "20261122091300_create-messages", ...createMessages },
  { name: "20261122091400_create-chat-notifications", ...createChatNotifications },
  { name: "20261122091500_create-payments", ...createPayments },
  { name: "20261122091600_create-payment-events", ...createPaymentEvents },
  { name: "20261122091700_create-emails", ...createEmails },
  { name: "20261122091800_create-job-activity", ...createJobActivity },
  { name: "20261122091900_create-socket-io-attachments", ...createSocketIoAttachments },
  { name: "20261122092000_create-chat-room-reads", ...createChatRoomReads },
  { name: "20261122092100_create-rate-limit-hits", ...createRateLimitHits },
  { name: "20261122092200_add-search-trigram-indexes", ...addSearchTrigramIndexes },
  { name: "20261122092300_add-chat-rooms-activity-index", ...addChatRoomsActivityIndex },
  { name: "20261122092400_add-payments-last-event-at", ...addPaymentsLastEventAt },
  { name: "20261123100000_add-payments-refund-statuses", ...addPaymentsRefundStatuses },
  { name: "20261123100100_add-payments-refund-columns", ...addPaymentsRefundColumns },
  { name: "20261123100200_add-payments-one-success-per-job", ...addPaymentsOneSuccessPerJob },
  { name: "20261123130000_add-users-disabled", ...addUsersDisabled },
  { name: "20261123140000_add-requirement-tasks-type-created-at-index", ...addRequirementTasksTypeCreatedAtIndex },
  { name: "20261123140100_add-job-change-requests-created-at-index", ...addJobChangeRequestsCreatedAtIndex },
  { name: "20261123140200_add-admin-search-trigram-indexes", ...addAdminSearchTrigramIndexes },
];

/** The schema's migrations for `knex.migrate.*({ migrationSource })`, in the order they apply. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: () => Promise.resolve([...migrations]),
  getMigrationName: (migration) => migration.name,
  getMigration: (migration) => Promise.resolve({ up: migration.up, down: migration.down }),
};

/** The name of the newest migration, for a readiness check. */
export const latestMigrationName: string = migrations[migrations.length - 1]?.name ?? "";
