import { authorizeBackOffice, domainError, type Actor, type StoryAbilities } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import type { AdminPage, AdminPageQuery } from "../../repositories/admin-lists.js";
import {
  adminMoneyRepository,
  type AdminDeliveryFilter,
  type AdminDeliveryRecord,
  type AdminDeliverySortField,
  type AdminLedgerFilter,
  type AdminLedgerSortField,
  type AdminLedgerTransactionRecord,
} from "../../repositories/admin-money.js";
import { disputesRepository, type AdminDisputeRecord } from "../../repositories/disputes.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { storiesRepository, type TaskRecord } from "../../repositories/stories.js";
import { taskMessagesRepository, type TaskMessageRecord } from "../../repositories/task-messages.js";
import { storyAbilities } from "../delivery/deliver-story.js";

type Db = Pick<ServiceDeps, "db">;

const firstRow = { offset: 0, limit: 1, order: "asc" as const };

/**
 * Stories' deliveries across live jobs, narrowed by delivery status, job or ids (the back office's `deliveries`);
 * `overdue` keeps those whose review time is past now.
 * @throws ADMIN_ONLY
 */
export function listDeliveriesForAdmin(
  deps: Pick<ServiceDeps, "db" | "now">,
  actor: Actor,
  filter: Omit<AdminDeliveryFilter, "reviewDueBefore"> & { overdue?: boolean | undefined },
  query: AdminPageQuery<AdminDeliverySortField>,
): Promise<AdminPage<AdminDeliveryRecord>> {
  authorizeBackOffice(actor, "read", "deliveries");
  const { overdue, ...rest } = filter;
  return adminMoneyRepository.listDeliveries(deps.db, { ...rest, reviewDueBefore: overdue ? deps.now() : undefined }, query);
}

/** One delivery for review: the row, its tasks (with their acceptance criteria) and what the admin may do to it. */
export interface AdminDeliveryDetailsRecord extends AdminDeliveryRecord {
  tasks: TaskRecord[];
  abilities: StoryAbilities;
}

/**
 * One delivery of the back office, with the admin's `can`/`why` decided by the lifecycle on the story as it stands.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND (unknown, a task's id, or its job deleted)
 */
export async function getDeliveryForAdmin(deps: Pick<ServiceDeps, "db" | "config">, actor: Actor, storyId: string): Promise<AdminDeliveryDetailsRecord> {
  authorizeBackOffice(actor, "read", "deliveries");
  const [row] = (await adminMoneyRepository.listDeliveries(deps.db, { ids: [storyId] }, { ...firstRow, sort: "id" })).rows;
  const story = row && (await storiesRepository.findStory(deps.db, storyId));
  const job = row && (await jobsRepository.findById(deps.db, row.jobId));
  if (!row || !story || !job) throw domainError("RECORD_NOT_FOUND");
  return { ...row, tasks: story.tasks, abilities: storyAbilities(deps, actor, job, story) };
}

/**
 * Every ledger transaction with its entries, newest first by default, narrowed by job, kind or ids.
 * @throws ADMIN_ONLY
 */
export function listLedgerTransactionsForAdmin(
  deps: Db,
  actor: Actor,
  filter: AdminLedgerFilter,
  query: AdminPageQuery<AdminLedgerSortField>,
): Promise<AdminPage<AdminLedgerTransactionRecord>> {
  authorizeBackOffice(actor, "read", "ledger-transactions");
  return adminMoneyRepository.listLedgerTransactions(deps.db, filter, query);
}

/**
 * One ledger transaction with its entries.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND
 */
export async function getLedgerTransactionForAdmin(deps: Db, actor: Actor, id: number): Promise<AdminLedgerTransactionRecord> {
  authorizeBackOffice(actor, "read", "ledger-transactions");
  const [row] = (await adminMoneyRepository.listLedgerTransactions(deps.db, { ids: [id] }, { ...firstRow, sort: "id" })).rows;
  if (!row) throw domainError("RECORD_NOT_FOUND");
  return row;
}

/** A message of a disputed story's thread, with the story it belongs to. */
export interface DisputeThreadMessage extends TaskMessageRecord {
  storyTitle: string;
}

/** One dispute for its resolution: the row, its stories' deliveries and their threads. */
export interface AdminDisputeDetailsRecord extends AdminDisputeRecord {
  stories: AdminDeliveryRecord[];
  thread: DisputeThreadMessage[];
}

/** How many messages of each story's thread the dispute page shows (the latest ones). */
const THREAD_PAGE = 200;

/**
 * One dispute of the back office with what an admin weighs to resolve it. Its stories: while open, those it holds
 * (its story, or every story of its job still disputed); once resolved, its story, or those of the job an admin
 * approved since it was opened (a job-wide resolution approves each of them).
 * @throws ADMIN_ONLY; DISPUTE_NOT_FOUND
 */
export async function getDisputeDetailsForAdmin(deps: Db, actor: Actor, disputeId: string): Promise<AdminDisputeDetailsRecord> {
  authorizeBackOffice(actor, "read", "disputes");
  const [dispute] = (await disputesRepository.list(deps.db, { ids: [disputeId] }, { ...firstRow, sort: "id" })).rows;
  if (!dispute) throw domainError("DISPUTE_NOT_FOUND");
  const { rows } = await adminMoneyRepository.listDeliveries(
    deps.db,
    { jobId: dispute.jobId, ...(dispute.storyId && { ids: [dispute.storyId] }) },
    { offset: 0, limit: 1_000, order: "asc", sort: "id" },
  );
  const heldElsewhere = dispute.storyId ? new Set<string>() : await disputesRepository.storiesInOpenStoryDisputes(deps.db, dispute.jobId);
  const stories = dispute.storyId
    ? rows
    : rows.filter((story) =>
        dispute.status === "open"
          ? story.status === "disputed" && !heldElsewhere.has(story.id)
          : story.approvedBy === "admin" && story.approvedAt !== null && story.approvedAt >= dispute.openedAt,
      );
  const thread: DisputeThreadMessage[] = [];
  for (const story of stories) {
    for (const message of await taskMessagesRepository.listForTask(deps.db, story.id, THREAD_PAGE)) thread.push({ ...message, storyTitle: story.title });
  }
  thread.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { ...dispute, stories, thread };
}
