import {
  displayName,
  notificationRecipients,
  notificationTypeTable,
  wantsNotificationEmail,
  type Actor,
  type MarkNotificationsReadBody,
  type NotificationFacts,
  type NotificationNewEvent,
  type NotificationParties,
  type NotificationsQuery,
  type NotificationType,
  type Notification,
  type NotificationPage,
} from "@forgehire/core";
import type { Knex } from "knex";
import type { ServiceDeps } from "../../deps.js";
import { userChannel } from "../../realtime.js";
import { notificationsRepository, type NewNotification, type NotificationRecord } from "../../repositories/notifications.js";
import { usersRepository } from "../../repositories/users.js";

/** What `notify` reaches: the bus, the mailer, the configuration, the clock and the logger. */
export type NotifyDeps = Pick<ServiceDeps, "realtime" | "mailer" | "config" | "now" | "logger">;

/** One event to notify of. */
export interface NotifyInput {
  type: NotificationType;
  /** who caused it: never notified of it; null for the system */
  actorId: string | null;
  /** the event's people (the admins are looked up when the type tells them and none are given) */
  parties: Omit<NotificationParties, "actorId">;
  /** what the words are made from; the actor's name is looked up */
  facts: Omit<NotificationFacts, "actorName">;
}

/** The outermost transaction of a (possibly nested) knex transaction, or null when `db` is not one. */
function outermost(db: Knex): (Knex.Transaction & { parentTransaction?: Knex.Transaction }) | null {
  let trx = db as Knex.Transaction & { parentTransaction?: Knex.Transaction };
  if (!trx.isTransaction) return null;
  while (trx.parentTransaction) trx = trx.parentTransaction;
  return trx;
}

/**
 * Runs `work` once the transaction `db` belongs to has committed, never when it rolls back; at once when `db` is not
 * a transaction. What it announces then exists for whoever is told.
 */
export function afterCommit(db: Knex, logger: ServiceDeps["logger"], work: () => Promise<void>): void {
  const run = () => work().catch((err: unknown) => logger.warn({ err }, "after-commit work failed"));
  const trx = outermost(db);
  const done = trx
    ? trx.executionPromise.then(
        () => run(),
        // Rolled back: nothing happened, so nothing is announced.
        () => undefined,
      )
    : run();
  pendingAfterCommit.add(done);
  void done.finally(() => pendingAfterCommit.delete(done));
}

/** After-commit work not finished yet, so a short-lived process (the CLI) can wait for it before it closes. */
const pendingAfterCommit = new Set<Promise<void>>();

/** Resolves once every after-commit announcement started so far has run (the CLI awaits it before closing). */
export async function afterCommitWorkSettled(): Promise<void> {
  while (pendingAfterCommit.size > 0) await Promise.allSettled([...pendingAfterCommit]);
}

/** A notification as the API presents it. */
export function presentNotification(record: NotificationRecord): Notification {
  return {
    id: record.id,
    type: record.type,
    title: record.title,
    body: record.body,
    link: record.link,
    actorName: record.actorName,
    createdAt: record.createdAt.toISOString(),
    readAt: record.readAt ? record.readAt.toISOString() : null,
  };
}

/**
 * The rows an event's notifications are, worded by the type's table, and the type's own e-mails queued in the
 * event's transaction to those whose switch is on. The rows are not written yet: `notify` writes them, or a use case
 * on a hot path writes them in a statement of its own (the chat's message statement).
 * @param input the event; `actorName` given (even null) spares the actor's lookup
 * @returns the rows, one per recipient (none when the audience is only the actor)
 */
export async function prepareNotifications(
  deps: Pick<ServiceDeps, "mailer" | "config" | "now">,
  trx: Knex,
  input: NotifyInput & { actorName?: string | null },
): Promise<NewNotification[]> {
  const definition = notificationTypeTable[input.type];
  const adminIds =
    definition.audience === "other_party_and_admins" && input.parties.adminIds === undefined
      ? await usersRepository.enabledAdminIds(trx)
      : input.parties.adminIds;
  const recipients = notificationRecipients(input.type, { ...input.parties, adminIds, actorId: input.actorId });
  if (recipients.length === 0) return [];
  let actorName = input.actorName;
  if (actorName === undefined) {
    const actor = input.actorId ? await usersRepository.findById(trx, input.actorId) : undefined;
    actorName = actor ? displayName(actor) : null;
  }
  const rendered = definition.render({ ...input.facts, actorName });
  if (definition.email === "own") {
    for (const userId of recipients) {
      const user = await usersRepository.findById(trx, userId);
      if (!user || user.disabled || !wantsNotificationEmail(input.type, user.emailNotifications)) continue;
      await deps.mailer.send(
        {
          to: user.email,
          kind: input.type,
          ...(input.facts.jobId !== null && { jobId: input.facts.jobId }),
          subject: rendered.title,
          text: `${rendered.body}\n\n${deps.config.publicUrl}${rendered.link}`,
        },
        trx,
      );
    }
  }
  const createdAt = deps.now();
  return recipients.map((userId) => ({
    userId,
    type: input.type,
    actorId: input.actorId,
    jobId: input.facts.jobId,
    subjectType: rendered.subject.type,
    subjectId: rendered.subject.id,
    link: rendered.link,
    title: rendered.title,
    body: rendered.body,
    createdAt,
  }));
}

/**
 * Once the transaction has committed, publishes `notification:new` with the recipient's unread count to their user
 * channel (every socket of theirs, on every server process through the socket.io adapter); nothing when it rolls back.
 */
export function announceNotifications(
  deps: Pick<ServiceDeps, "realtime" | "logger">,
  trx: Knex,
  written: ReadonlyArray<{ record: NotificationRecord; unreadCount: number }>,
): void {
  if (written.length === 0) return;
  afterCommit(trx, deps.logger, async () => {
    for (const { record, unreadCount } of written) {
      deps.realtime.publish(userChannel(record.userId), "notification:new", {
        notification: presentNotification(record),
        unreadCount,
      } satisfies NotificationNewEvent);
    }
  });
}

/**
 * Writes an event's notifications in the event's own transaction (they exist exactly when the event does), in one
 * statement that also reads each recipient's unread count, queues the type's own e-mail to those whose switch is on,
 * and announces them after the commit (`announceNotifications`).
 * @param deps bus, mailer, configuration, clock, logger
 * @param trx the transaction of the event
 * @param input the type, the actor (and their name, when the caller has it), the parties and the facts
 * @returns the notifications written (none when the audience is only the actor)
 */
export async function notify(deps: NotifyDeps, trx: Knex, input: NotifyInput & { actorName?: string | null }): Promise<NotificationRecord[]> {
  const rows = await prepareNotifications(deps, trx, input);
  const written = await notificationsRepository.insertCounting(trx, rows);
  announceNotifications(deps, trx, written);
  return written.map(({ record }) => record);
}

/**
 * A page of the actor's own notifications, newest first (keyset on the id), optionally unread only or of one type.
 * @returns the page and the cursor of the next, null on the last
 */
export async function listNotifications(deps: Pick<ServiceDeps, "db">, actor: Actor, query: NotificationsQuery): Promise<NotificationPage> {
  const { items, more } = await notificationsRepository.page(deps.db, actor.id, query);
  return { items: items.map(presentNotification), nextCursor: more ? items[items.length - 1]!.id : null };
}

/** How many of the actor's own notifications are unread. */
export async function countUnreadNotifications(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<number> {
  return notificationsRepository.unreadCount(deps.db, actor.id);
}

/**
 * Marks some of the actor's own notifications read, or all of them; ids of someone else's (or unknown ones) change
 * nothing, so nobody learns which ids exist.
 * @returns how many were marked now, and the unread count after
 */
export async function markNotificationsRead(
  deps: Pick<ServiceDeps, "db" | "now">,
  actor: Actor,
  body: MarkNotificationsReadBody,
): Promise<{ marked: number; count: number }> {
  return deps.db.transaction(async (trx) => {
    const marked = await notificationsRepository.markRead(trx, actor.id, "all" in body ? { all: true } : { ids: body.ids }, deps.now());
    return { marked, count: await notificationsRepository.unreadCount(trx, actor.id) };
  });
}
