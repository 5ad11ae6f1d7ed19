import { Router } from "express";
import {
  adminChatRoomBody,
  chatMessageBody,
  chatRoomCreateBody,
  chatRoomsQuery,
  messagesQuery,
  roomIdParams,
  roomUpdateBody,
  type ChatUnread,
} from "@forgehire/core";
import {
  countUnreadChatRooms,
  getChatRoom,
  joinChatRoom,
  listChatMessages,
  listChatRooms,
  markChatRoomRead,
  postChatMessage,
  setMeetLink,
  startChat,
  startJobChat,
  type Services,
} from "@forgehire/services";
import { currentActor, requireUser } from "../../middlewares/require-user.js";
import { parse } from "../../middlewares/validate.js";
import { presentChatMessage, presentChatRoom, presentChatRoomListItem } from "../../presenters/present-chat.js";

/**
 * Chat rooms and messages (API.md "Chat"), and the admin's job rooms. Mounted before the back office's generic
 * `/admin/:resource` routes so `POST /api/admin/chat-rooms` reaches its own use case.
 */
export function chatRouter(services: Services): Router {
  const router = Router();
  router.use(["/chat", "/admin/chat-rooms"], requireUser);

  router.get("/chat/rooms", async (req, res) => {
    const { page, perPage } = parse(chatRoomsQuery, req.query);
    const actor = currentActor(req);
    const { rows, total } = await listChatRooms(services, actor, { offset: (page - 1) * perPage, limit: perPage });
    // The body stays the array of API.md; the page's place in the whole is in a header, as for the directory.
    res.set("X-Total-Count", String(total));
    res.json(rows.map((room) => presentChatRoomListItem(room, actor.id)));
  });

  // The nav's messages badge: a count of rooms, kept on the server so every browser and session agrees.
  router.get("/chat/unread", async (req, res) => {
    const body: ChatUnread = { rooms: await countUnreadChatRooms(services, currentActor(req)) };
    res.json(body);
  });

  router.post("/chat/rooms", async (req, res) => {
    const input = parse(chatRoomCreateBody, req.body);
    const actor = currentActor(req);
    const { room, created } = await startChat(services, actor, input);
    res.status(created ? 201 : 200).json(presentChatRoom(room, actor.id));
  });

  router.post("/admin/chat-rooms", async (req, res) => {
    const { jobId } = parse(adminChatRoomBody, req.body);
    const actor = currentActor(req);
    const { room, created } = await startJobChat(services, actor, jobId);
    res.status(created ? 201 : 200).json(presentChatRoom(room, actor.id));
  });

  // "Join the conversation": an admin becomes a member of someone else's room (once; the room says so to both parties).
  // `:id` as the back office's other record routes (the route-table checks put the record's id there).
  router.post("/admin/chat-rooms/:id/join", async (req, res) => {
    const { roomId } = parse(roomIdParams, { roomId: req.params.id });
    const actor = currentActor(req);
    const { room, message } = await joinChatRoom(services, actor, roomId);
    res.status(message ? 201 : 200).json({ room: presentChatRoom(room, actor.id), message: message && presentChatMessage(message) });
  });

  router.get("/chat/rooms/:roomId", async (req, res) => {
    const { roomId } = parse(roomIdParams, req.params);
    const actor = currentActor(req);
    res.json(presentChatRoom(await getChatRoom(services, actor, roomId), actor.id));
  });

  router.patch("/chat/rooms/:roomId", async (req, res) => {
    const { roomId } = parse(roomIdParams, req.params);
    const { meetLink } = parse(roomUpdateBody, req.body);
    const actor = currentActor(req);
    res.json(presentChatRoom(await setMeetLink(services, actor, roomId, meetLink), actor.id));
  });

  router.get("/chat/rooms/:roomId/messages", async (req, res) => {
    const { roomId } = parse(roomIdParams, req.params);
    const page = parse(messagesQuery, req.query);
    res.json((await listChatMessages(services, currentActor(req), roomId, page)).map(presentChatMessage));
  });

  router.post("/chat/rooms/:roomId/messages", async (req, res) => {
    const { roomId } = parse(roomIdParams, req.params);
    const { content } = parse(chatMessageBody, req.body);
    res.status(201).json(presentChatMessage(await postChatMessage(services, currentActor(req), roomId, { content })));
  });

  // A state change, so a POST sub-path; the server reads up to the room's newest message, the client sends nothing.
  router.post("/chat/rooms/:roomId/read", async (req, res) => {
    const { roomId } = parse(roomIdParams, req.params);
    await markChatRoomRead(services, currentActor(req), roomId);
    res.status(204).end();
  });

  return router;
}
