/** The notification centre's HTTP and socket contract (API.md "Receipts, reviews and notifications"). */
import { z } from "zod";
import { errorCatalogue } from "../errors.js";
import { notificationTypes } from "../notifications/notification-types.js";
import { inputString } from "./common.js";

/** A notification's id: the decimal digits of a positive bigint. */
const notificationId = z.string().regex(/^[1-9]\d{0,17}$/, "Invalid notification ID");

/** One notification as the API returns it. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  body: z.string(),
  /** the portal path of its subject */
  link: z.string(),
  /** who caused it; null for the system */
  actorName: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The largest page a client may ask for. */
export const NOTIFICATION_PAGE_MAX = 100;
/** The page's size unless asked otherwise. */
export const NOTIFICATION_PAGE_DEFAULT = 20;

/** `GET /api/notifications?cursor=&limit=&unread=&type=`. */
export const notificationsQuery = z.object({
  /** the previous page's nextCursor */
  cursor: inputString()
    .regex(/^[1-9]\d{0,17}$/, errorCatalogue.INVALID_CURSOR.message)
    .optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(NOTIFICATION_PAGE_DEFAULT),
  /** only the unread ones */
  unread: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
  type: z.enum(notificationTypes).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

/** A page of notifications, newest first; `nextCursor` opens the next, null on the last. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `GET /api/notifications/unread-count`. */
export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `POST /api/notifications/read`: some of the user's notifications by id, or all of them. */
export const markNotificationsReadBody = z.union([
  z.object({ ids: z.array(notificationId).min(1).max(NOTIFICATION_PAGE_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBody>;

/** What `POST /api/notifications/read` answers: how many were marked now, and the unread count after. */
export const markNotificationsReadAnswer = z.object({ marked: z.number().int(), count: z.number().int() });
export type MarkNotificationsReadAnswer = z.infer<typeof markNotificationsReadAnswer>;

/** `notification:new`, to the recipient's user channel once the event committed: the notification and the new count. */
export const notificationNewEventSchema = z.object({ notification: notificationSchema, unreadCount: z.number().int().min(0) });
export type NotificationNewEvent = z.infer<typeof notificationNewEventSchema>;
