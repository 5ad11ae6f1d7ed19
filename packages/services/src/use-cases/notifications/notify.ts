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
import { notificationsRepository, type NotificationRecord } from "../../repositories/notifications.js";
import { usersRepository } from "../../repositories/users.js";

/** What `notify` reaches: the database (for the count after the commit), the bus, the mailer and the clock. */
export type NotifyDeps = Pick<ServiceDeps, "db" | "realtime" | "mailer" | "config" | "now" | "logger">;

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
  if (!trx) {
    void run();
    return;
  }
  trx.executionPromise.then(
    () => void run(),
    // Rolled back: nothing happened, so nothing is announced.
    () => undefined,
  );
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
 * Writes an event's notifications in the event's own transaction (they exist exactly when the event does), queues
 * the type's own e-mail to those whose switch is on, and once the transaction has committed publishes
 * `notification:new` with the recipient's unread count to their user channel (every socket of theirs, on every
 * server process through the socket.io adapter).
 * @param deps database, bus, mailer, configuration, clock, logger
 * @param trx the transaction of the event
 * @param input the type, the actor, the parties and the facts
 * @returns the notifications written (none when the audience is only the actor)
 */
export async function notify(deps: NotifyDeps, trx: Knex, input: NotifyInput): Promise<NotificationRecord[]> {
  const definition = notificationTypeTable[input.type];
  const adminIds =
    definition.audience === "other_party_and_admins" && input.parties.adminIds === undefined
      ? await usersRepository.enabledAdminIds(trx)
      : input.parties.adminIds;
  const recipients = notificationRecipients(input.type, { ...input.parties, adminIds, actorId: input.actorId });
  if (recipients.length === 0) return [];
  const actor = input.actorId ? await usersRepository.findById(trx, input.actorId) : undefined;
  const rendered = definition.render({ ...input.facts, actorName: actor ? displayName(actor) : null });
  const createdAt = deps.now();
  const ids = await notificationsRepository.insert(
    trx,
    recipients.map((userId) => ({
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
    })),
  );
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
  const records: NotificationRecord[] = [];
  for (const id of ids) {
    const record = await notificationsRepository.findById(trx, id);
    if (record) records.push(record);
  }
  afterCommit(trx, deps.logger, async () => {
    for (const record of records) {
      const unreadCount = await notificationsRepository.unreadCount(deps.db, record.userId);
      deps.realtime.publish(userChannel(record.userId), "notification:new", {
        notification: presentNotification(record),
        unreadCount,
      } satisfies NotificationNewEvent);
    }
  });
  return records;
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
