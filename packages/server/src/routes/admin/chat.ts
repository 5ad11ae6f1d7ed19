import { Router } from "express";
import { z } from "zod";
import {
  adminChatRoomSortFields,
  adminMessageSortColumns,
  listChatRoomsForAdmin,
  listMessagesForAdmin,
  type AdminMessageSortField,
  type Services,
} from "@forgehire/services";
import { domainError, inputString } from "@forgehire/core";
import { currentActor } from "../../middlewares/require-user.js";
import { ids, jobIdFilter, parseFilter, pathId, q, serialId, uuid } from "./list-filters.js";
import { parseListParams, sendList } from "./list-params.js";
import { presentAdminChatRoom, presentAdminMessage } from "./present-admin.js";

const roomId = inputString().trim().min(1).max(300);
const roomFilter = z.object({ q, id: ids(roomId), jobId: jobIdFilter, clientId: uuid.optional() });
const messageFilter = z.object({ q, id: ids(serialId), roomId: roomId.optional(), jobId: jobIdFilter });

const firstPage = { offset: 0, limit: 1, order: "asc" as const };

/** The back office's `chat-rooms` (every conversation, both parties named) and `messages` (read only). */
export function adminChatRouter(services: Services): Router {
  const router = Router();

  router.get("/chat-rooms", async (req, res) => {
    const params = parseListParams(req.query, adminChatRoomSortFields, "lastMessageAt");
    const filter = parseFilter(roomFilter, params.filter);
    const { rows, total } = await listChatRoomsForAdmin(services, currentActor(req), { ...filter, ids: filter.id }, params);
    sendList(res, "chat-rooms", params, rows.map(presentAdminChatRoom), total);
  });

  router.get("/chat-rooms/:id", async (req, res) => {
    const id = pathId(roomId, req.params.id);
    const { rows } = await listChatRoomsForAdmin(services, currentActor(req), { ids: [id] }, { ...firstPage, sort: "id" });
    if (!rows[0]) throw domainError("RECORD_NOT_FOUND");
    res.json(presentAdminChatRoom(rows[0]));
  });

  router.get("/messages", async (req, res) => {
    const params = parseListParams(req.query, Object.keys(adminMessageSortColumns) as AdminMessageSortField[], "id");
    const filter = parseFilter(messageFilter, params.filter);
    const { rows, total } = await listMessagesForAdmin(services, currentActor(req), { ...filter, ids: filter.id }, params);
    sendList(res, "messages", params, rows.map(presentAdminMessage), total);
  });

  router.get("/messages/:id", async (req, res) => {
    const id = pathId(serialId, req.params.id);
    const { rows } = await listMessagesForAdmin(services, currentActor(req), { ids: [id] }, { ...firstPage, sort: "id" });
    if (!rows[0]) throw domainError("RECORD_NOT_FOUND");
    res.json(presentAdminMessage(rows[0]));
  });

  return router;
}
