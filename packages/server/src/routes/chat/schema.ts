import { z } from "zod";

const messageId = z.string().regex(/^\d{1,18}$/, "Invalid message id");

/** GET /api/chat/rooms/:roomId/messages query: the latest page, older ones, or those after a known id. */
export const messagesQuery = z
  .object({
    /** messages older than this id (scrolling back) */
    before: messageId.optional(),
    /** messages newer than this id (a reconnecting client's last message) */
    after: messageId.optional(),
    /** page size, 1-200 (default 50) */
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: "Use before or after, not both", path: ["before"] });

/** PATCH /api/chat/rooms/:roomId: the meeting link ('Join Meeting'); blank or null removes it. */
export const roomUpdateBody = z.object({
  /** an http(s) link to the meeting */
  meetLink: z.preprocess(
    (value) => (value === "" ? null : value),
    z.url({ protocol: /^https?$/, error: "Please enter a valid http(s) link" }).max(2_000).nullable(),
  ),
});
