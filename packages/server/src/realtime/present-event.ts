import type { BreakdownDoneEvent, BreakdownProgressEvent, ChatReadEvent, NotificationNewEvent, ServerEventName, ServerEventPayload } from "@forgehire/core";
import type { ChatMessageRecord, TaskMessageRecord } from "@forgehire/services";
import { presentChatMessage } from "../presenters/present-chat.js";
import { presentTaskMessage } from "../presenters/present-story.js";

/**
 * Each event's payload as the wire carries it: records are presented as the HTTP API presents them; the others are
 * published in their wire shape already. The services' bus is untyped (it knows no presenters), so this table is
 * where its payloads get their types back.
 */
export const presenters: { [E in ServerEventName]: (payload: unknown) => ServerEventPayload<E> } = {
  "task:message": (payload) => presentTaskMessage(payload as TaskMessageRecord),
  "chat:message": (payload) => presentChatMessage(payload as ChatMessageRecord),
  "chat:read": (payload) => payload as ChatReadEvent,
  "breakdown:progress": (payload) => payload as BreakdownProgressEvent,
  "breakdown:done": (payload) => payload as BreakdownDoneEvent,
  "notification:new": (payload) => payload as NotificationNewEvent,
};
