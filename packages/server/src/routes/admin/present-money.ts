import {
  ledgerAccountName,
  type AdminDelivery,
  type AdminDeliveryDetails,
  type AdminDispute,
  type AdminDisputeDetails,
  type AdminLedgerTransaction,
} from "@forgehire/core";
import type {
  AdminDeliveryDetailsRecord,
  AdminDeliveryRecord,
  AdminDisputeDetailsRecord,
  AdminDisputeRecord,
  AdminLedgerTransactionRecord,
} from "@forgehire/services";
import { presentDispute } from "../../presenters/present-dispute.js";
import { presentTaskMessage } from "../../presenters/present-story.js";

/** The back office's money records (issue 18), each satisfying core's schema of it. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A row of the deliveries list. */
export function presentAdminDelivery(record: AdminDeliveryRecord) {
  return {
    id: record.id,
    jobId: record.jobId,
    jobTitle: record.jobTitle,
    title: record.title,
    amountCents: record.amountCents,
    freelancerId: record.freelancerId,
    freelancerName: record.freelancerName,
    status: record.status,
    submittedAt: iso(record.submittedAt),
    reviewDueAt: iso(record.reviewDueAt),
    approvedAt: iso(record.approvedAt),
    approvedBy: record.approvedBy,
    revisionCount: record.revisionCount,
  } satisfies AdminDelivery;
}

/** A delivery's page: the row, what to review it against, and the admin's can/why. */
export function presentAdminDeliveryDetails(record: AdminDeliveryDetailsRecord) {
  return {
    ...presentAdminDelivery(record),
    description: record.description,
    note: record.note,
    links: record.links,
    tasks: record.tasks.map((task) => ({ id: task.id, title: task.title, status: task.status, acceptanceCriteria: task.acceptanceCriteria })),
    can: record.abilities.can,
    why: record.abilities.why,
  } satisfies AdminDeliveryDetails;
}

/** A row of the disputes list. */
export function presentAdminDispute(record: AdminDisputeRecord) {
  return { ...presentDispute(record), jobTitle: record.jobTitle, heldCents: record.heldCents } satisfies AdminDispute;
}

/** A dispute's page. */
export function presentAdminDisputeDetails(record: AdminDisputeDetailsRecord) {
  return {
    ...presentAdminDispute(record),
    stories: record.stories.map((story) => ({ ...presentAdminDelivery(story), note: story.note, links: story.links })),
    thread: record.thread.map((message) => ({ ...presentTaskMessage(message), storyTitle: message.storyTitle })),
  } satisfies AdminDisputeDetails;
}

/** A ledger transaction with its entries; its amount is what moved (the sum of what went in). */
export function presentAdminLedgerTransaction(record: AdminLedgerTransactionRecord) {
  return {
    id: record.id,
    kind: record.kind,
    jobId: record.jobId,
    jobTitle: record.jobTitle,
    storyId: record.storyId,
    paymentId: record.paymentId,
    idempotencyKey: record.idempotencyKey,
    actorKind: record.actorKind,
    amountCents: record.entries.reduce((sum, entry) => sum + Math.max(entry.amountCents, 0), 0),
    entries: record.entries.map((entry) => ({ account: ledgerAccountName(entry.account), accountKind: entry.account.kind, amountCents: entry.amountCents })),
    createdAt: record.createdAt.toISOString(),
  } satisfies AdminLedgerTransaction;
}
