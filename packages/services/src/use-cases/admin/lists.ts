import { authorizeBackOffice, domainError, uuidId, type Actor } from "@forgehire/core";
import type { ServiceDeps } from "../../deps.js";
import {
  adminListsRepository,
  type AdminChangeRequestSortField,
  type AdminChatRoomSortField,
  type AdminEmailSortField,
  type AdminMessageSortField,
  type AdminPageQuery,
  type AdminStorySortField,
  type AdminTaskSortField,
  type AdminEmailRecord,
} from "../../repositories/admin-lists.js";
import { freelancersRepository, type FreelancerRecord } from "../../repositories/freelancers.js";
import { paymentsRepository, type PaymentRow } from "../../repositories/payments.js";

type Db = Pick<ServiceDeps, "db">;
type Filter<K extends keyof typeof adminListsRepository> = Parameters<(typeof adminListsRepository)[K]>[1];

/**
 * Every story across live jobs, searched in title and description, narrowed by job or ids.
 * @throws ADMIN_ONLY
 */
export function listStoriesForAdmin(deps: Db, actor: Actor, filter: Filter<"listStories">, query: AdminPageQuery<AdminStorySortField>) {
  authorizeBackOffice(actor, "read", "stories");
  return adminListsRepository.listStories(deps.db, filter, query);
}

/**
 * Every task across live jobs, searched in title and description, narrowed by job, story, status, priority or ids.
 * @throws ADMIN_ONLY
 */
export function listTasksForAdmin(deps: Db, actor: Actor, filter: Filter<"listTasks">, query: AdminPageQuery<AdminTaskSortField>) {
  authorizeBackOffice(actor, "read", "tasks");
  return adminListsRepository.listTasks(deps.db, filter, query);
}

/**
 * Every change request across live jobs, searched in its description, narrowed by job, status or ids.
 * @throws ADMIN_ONLY
 */
export function listChangeRequestsForAdmin(deps: Db, actor: Actor, filter: Filter<"listChangeRequests">, query: AdminPageQuery<AdminChangeRequestSortField>) {
  authorizeBackOffice(actor, "read", "change-requests");
  return adminListsRepository.listChangeRequests(deps.db, filter, query);
}

/**
 * Every chat room with both parties' names and its last message, searched in both parties' names, the project's
 * title and the last message, narrowed by job, client or ids; by latest activity unless sorted otherwise. Each
 * room says how many messages the admin has not read and whether the admin is a member (may post).
 * @throws ADMIN_ONLY
 */
export function listChatRoomsForAdmin(
  deps: Db,
  actor: Actor,
  filter: Omit<Filter<"listChatRooms">, "viewerId">,
  query: AdminPageQuery<AdminChatRoomSortField>,
) {
  authorizeBackOffice(actor, "read", "chat-rooms");
  return adminListsRepository.listChatRooms(deps.db, { ...filter, viewerId: actor.id }, query);
}

/**
 * Chat messages, narrowed by room, job or ids, searched in their text.
 * @throws ADMIN_ONLY
 */
export function listMessagesForAdmin(deps: Db, actor: Actor, filter: Filter<"listMessages">, query: AdminPageQuery<AdminMessageSortField>) {
  authorizeBackOffice(actor, "read", "messages");
  return adminListsRepository.listMessages(deps.db, filter, query);
}

/**
 * The outbox: every e-mail with its delivery status, searched in recipient and subject, narrowed by status, kind,
 * job or ids.
 * @throws ADMIN_ONLY
 */
export function listEmailsForAdmin(deps: Db, actor: Actor, filter: Filter<"listEmails">, query: AdminPageQuery<AdminEmailSortField>) {
  authorizeBackOffice(actor, "read", "emails");
  return adminListsRepository.listEmails(deps.db, filter, query);
}

/**
 * One e-mail of the outbox.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND
 */
export async function getEmailForAdmin(deps: Db, actor: Actor, emailId: string): Promise<AdminEmailRecord> {
  authorizeBackOffice(actor, "read", "emails");
  const email = await adminListsRepository.findEmail(deps.db, emailId);
  if (!email) throw domainError("RECORD_NOT_FOUND");
  return email;
}

/** Sortable freelancer fields of the back office. */
export const adminFreelancerSortFields = ["id", "createdAt", "name", "hourlyRate", "title"] as const;

/**
 * Freelancer profiles for the back office, searched as the directory searches, narrowed by ids.
 * @throws ADMIN_ONLY
 */
export function listFreelancersForAdmin(
  deps: Db,
  actor: Actor,
  filter: { q?: string | undefined; ids?: string[] | undefined },
  query: AdminPageQuery<(typeof adminFreelancerSortFields)[number]>,
): Promise<{ rows: FreelancerRecord[]; total: number }> {
  authorizeBackOffice(actor, "read", "freelancers");
  return freelancersRepository.search(deps.db, {
    q: filter.q,
    ids: filter.ids,
    sort: query.sort,
    order: query.order,
    offset: query.offset,
    limit: query.limit,
  });
}

/**
 * Payment attempts for the back office, newest first by default, narrowed by job, status, provider or ids;
 * `needsRefund` keeps the charges still to be given back (status needs_refund), none when another status is asked.
 * @throws ADMIN_ONLY
 */
export async function listPaymentsForAdmin(
  deps: Db,
  actor: Actor,
  query: Parameters<typeof paymentsRepository.list>[1] & { needsRefund?: boolean | undefined },
): Promise<{ rows: PaymentRow[]; total: number }> {
  authorizeBackOffice(actor, "read", "payments");
  const { needsRefund, ...rest } = query;
  if (needsRefund && rest.status !== undefined && rest.status !== "needs_refund") return { rows: [], total: 0 };
  return paymentsRepository.list(deps.db, { ...rest, status: needsRefund ? "needs_refund" : rest.status });
}

/**
 * One payment attempt, for the back office.
 * @throws ADMIN_ONLY; RECORD_NOT_FOUND
 */
export async function getPaymentForAdmin(deps: Db, actor: Actor, paymentId: string): Promise<PaymentRow> {
  authorizeBackOffice(actor, "read", "payments");
  if (!uuidId().safeParse(paymentId).success) throw domainError("RECORD_NOT_FOUND");
  const payment = await paymentsRepository.findById(deps.db, paymentId);
  if (!payment) throw domainError("RECORD_NOT_FOUND");
  return payment;
}
