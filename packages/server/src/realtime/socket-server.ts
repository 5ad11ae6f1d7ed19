import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { Server, type Socket } from "socket.io";
import {
  authorizeBackOffice,
  errorCatalogue,
  JOIN_REFUSALS_BEFORE_CLOSE,
  SOCKET_MESSAGES_PER_TURN,
  isDomainError,
  joinRequestSchema,
  type ClientToServerEvents,
  type InterServerEvents,
  type JoinAnswer,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SocketData,
} from "@forgehire/core";
import {
  adminsChannel,
  chatHubChannel,
  authorizeTaskConversation,
  getChatRoom,
  roomChannel,
  sessionChannel,
  userChannel,
  taskChannel,
  type Services,
  type UserRecord,
  enabledAdminIds,
  readLiveSessions,
  readSessionWithUser,
} from "@forgehire/services";
import { toDomainError } from "../middlewares/error-handler.js";
import { JoinLimits } from "./join-limits.js";
import { presenters } from "./present-event.js";
import { createPostgresAdapter } from "./postgres-adapter.js";

/** The socket.io server of the typed event maps in packages/core. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

type Ack = (answer: JoinAnswer) => void;

/** What this file uses of an engine.io connection (socket.io's transport underneath each socket). */
interface EngineConnection {
  on(event: "packet", listener: (packet: { type: string }) => void): void;
  close(): void;
}

/** Emits one event, typed by the event map, to the sockets of all the channels (each socket once). */
function emit<E extends ServerEventName>(io: RealtimeServer, channels: readonly string[], event: E, payload: ServerEventPayload<E>): void {
  // socket.io's typed emit cannot narrow a generic event name to its parameters; E and payload are tied above.
  (io.to([...channels]).emit as (event: E, payload: ServerEventPayload<E>) => boolean)(event, payload);
}

/** Session middlewares run only on the handshake request, not on every polling request after it. */
function onlyForHandshake(middleware: RequestHandler) {
  return (req: IncomingMessage & { _query?: Record<string, string> }, res: ServerResponse, next: (err?: unknown) => void) => {
    if (req._query?.sid === undefined) (middleware as unknown as (a: unknown, b: unknown, c: unknown) => void)(req, res, next);
    else next();
  };
}

/**
 * socket.io on the same origin as the API: the handshake is authenticated by the session cookie, `join` is
 * refused to non-members (judged by the user as they are at the join) and past the socket's and the user's limits
 * (JoinLimits), and every event the services publish reaches the sockets joined to its channel — on
 * every server process, through the Postgres adapter when the database is PostgreSQL.
 * @param httpServer the HTTP server to attach to
 * @param services the wired services (their realtime bus is forwarded)
 * @param session the same session middlewares as the API (express-session, passport)
 * @param options sessionSweepMs: how often this process closes its sockets whose session has ended by other means
 *   (expiry, a CLI disabling the account); 0 turns the timer off (tests call `sweepSessions` themselves)
 * @returns the socket.io server, the sweep, and how to close it (and the adapter's connections)
 */
export function attachRealtime(httpServer: HttpServer, services: Services, session: RequestHandler[], options: { sessionSweepMs?: number } = {}) {
  const publicOrigin = new URL(services.config.publicUrl).origin;
  const io: RealtimeServer = new Server(httpServer, {
    serveClient: false,
    allowRequest: (req, callback) => {
      // The same cross-site rule as the API: a browser on another site may not open a socket with our cookie.
      const origin = req.headers.origin;
      callback(null, origin === undefined || origin === publicOrigin || origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`);
    },
  });

  const postgres =
    services.database.kind === "postgres" && services.config.databaseUrl ? createPostgresAdapter(services.config.databaseUrl, services.logger) : undefined;
  if (postgres) io.adapter(postgres.adapter);

  for (const middleware of session) io.engine.use(onlyForHandshake(middleware));
  io.engine.on("connection", (connection: EngineConnection) => {
    // Counted as engine.io hands each message over, before socket.io decodes it: once a connection is closed, the
    // rest of what it sent is dropped unread (engine.io ignores packets of a closing connection).
    let inThisTurn = 0;
    connection.on("packet", (packet) => {
      if (packet.type !== "message") return;
      if (inThisTurn === 0) setImmediate(() => (inThisTurn = 0));
      inThisTurn += 1;
      if (inThisTurn === SOCKET_MESSAGES_PER_TURN + 1) {
        services.logger.warn({ messages: inThisTurn }, "socket closed: too many messages at once");
        connection.close();
      }
    });
  });
  io.use((socket, next) => {
    const user = (socket.request as IncomingMessage & { user?: UserRecord }).user;
    next(user ? undefined : new Error("UNAUTHENTICATED"));
  });

  const joinLimits = new JoinLimits(services);
  const refusedForLoad: JoinAnswer = { error: { code: "RATE_LIMITED", message: errorCatalogue.RATE_LIMITED.message } };

  io.on("connection", (socket: RealtimeSocket) => {
    const user = (socket.request as IncomingMessage & { user: UserRecord }).user;
    // Every socket hears of messages addressed to its user, whatever room they are in (unread counts); its session's
    // channel is how logout, a password change or a disabled account close it on every process. News for all admins
    // is sent to the user channels of the admins of that moment (see the subscription below), never to a channel
    // joined here: the user's rights at connection are not theirs for as long as the socket lasts.
    const sid = (socket.request as IncomingMessage & { sessionID?: string }).sessionID;
    socket.data = { userId: user.id, sessionId: sid, userType: user.userType, roleType: user.roleType };
    void socket.join([userChannel(user.id), ...(sid ? [sessionChannel(sid)] : [])]);
    // A tab asks for a handful of channels and waits for the answers; a socket that goes on asking while refused is
    // a flood, and reading it costs the server's time even when every join is refused: it is closed.
    let refusedInARow = 0;
    const refuse = (reply: Ack, answer: JoinAnswer) => {
      reply(answer);
      refusedInARow += 1;
      if (refusedInARow > JOIN_REFUSALS_BEFORE_CLOSE) socket.disconnect(true);
    };
    socket.on("join", async (body: unknown, ack?: Ack) => {
      const reply: Ack = typeof ack === "function" ? ack : () => undefined;
      // Typed by the event map, but still the client's input: checked, never trusted.
      const parsed = joinRequestSchema.safeParse(body);
      if (!parsed.success) return refuse(reply, { error: { code: "VALIDATION", message: "join needs a taskId or a roomId" } });
      // Past the socket's or the user's share, refused before it costs the database anything.
      const release = joinLimits.admit(socket.id, user.id);
      if (!release) return refuse(reply, refusedForLoad);
      refusedInARow = 0;
      try {
        // The session and its user as they are now, in one statement: a socket whose session has ended (and not yet
        // been closed by the sweep) joins nothing more, and one whose user has lost a right joins by what is left.
        const current = sid ? (await readSessionWithUser(services.db, sid, services.now()))?.user : undefined;
        if (!current || current.disabled || current.id !== user.id) {
          reply({ error: { code: "UNAUTHENTICATED", message: errorCatalogue.UNAUTHENTICATED.message } });
          socket.disconnect(true);
          return;
        }
        // Closed meanwhile (a flood, a logout): nothing to join.
        if (!socket.connected) return;
        const actor = { id: current.id, userType: current.userType, roleType: current.roleType };
        if ("taskId" in parsed.data) {
          await authorizeTaskConversation(services.db, actor, parsed.data.taskId);
          await socket.join(taskChannel(parsed.data.taskId));
        } else if ("hub" in parsed.data) {
          // The back office's Communication Hub: admins only, by the back office's own rule.
          authorizeBackOffice(actor, "read", "chat-rooms");
          await socket.join(chatHubChannel);
        } else {
          // Members and admins only, checked by the same rule as GET /api/chat/rooms/:roomId.
          const room = await getChatRoom(services, actor, parsed.data.roomId);
          await socket.join(roomChannel(room.roomId));
        }
        reply({ ok: true });
      } catch (error) {
        // The HTTP API's translation, so a join while the database is away is DATABASE_UNAVAILABLE there too.
        const known = toDomainError(error);
        if (known && !isDomainError(error)) services.logger.warn({ err: error }, "join failed");
        if (known) return reply({ error: { code: known.code, message: known.message } });
        services.logger.error({ err: error }, "join failed");
        reply({ error: { code: "INTERNAL", message: "An unexpected error occurred. Please try again." } });
      } finally {
        release();
      }
    });
    // Leaving needs no check: it only ever narrows what the socket hears. The user and session channels are not
    // reachable from here.
    socket.on("leave", (body: unknown) => {
      const parsed = joinRequestSchema.safeParse(body);
      if (!parsed.success) return;
      void socket.leave("taskId" in parsed.data ? taskChannel(parsed.data.taskId) : "roomId" in parsed.data ? roomChannel(parsed.data.roomId) : chatHubChannel);
    });
  });

  /**
   * Closes this process's sockets whose session no longer lets anyone in, or whose user's type or role is no longer
   * what it was when the socket connected (the channels it joined were allowed by those). Logout, password changes
   * and disabling through the server close sockets at once; this catches what ends elsewhere (a session expiring,
   * the CLI disabling an account or changing it in the database from a process that has no socket server).
   * @returns how many sockets were closed
   */
  async function sweepSessions(): Promise<number> {
    // This process's own sockets: every process sweeps its own.
    const sockets = [...io.of("/").sockets.values()];
    const sidOf = (socket: RealtimeSocket) => socket.data.sessionId;
    const sids = [...new Set(sockets.map(sidOf).filter((sid): sid is string => Boolean(sid)))];
    const live = await readLiveSessions(services.db, sids, services.now());
    let closed = 0;
    for (const socket of sockets) {
      const sid = sidOf(socket);
      const now = sid ? live.get(sid) : undefined;
      if (now && now.id === socket.data.userId && now.userType === socket.data.userType && now.roleType === socket.data.roleType) continue;
      socket.disconnect(true);
      closed += 1;
    }
    return closed;
  }
  const sweepMs = options.sessionSweepMs ?? 60_000;
  const sweeper =
    sweepMs > 0
      ? setInterval(() => {
          sweepSessions().catch((err: unknown) => services.logger.warn({ err }, "socket session sweep failed"));
        }, sweepMs).unref()
      : undefined;

  // News for all admins waits for the list of admins of its moment; one after the other, so that a run's progress
  // and its end reach everyone in the order they were published.
  let adminDeliveries = Promise.resolve();
  const unsubscribe = services.realtime.subscribe(({ channels, event, payload }) => {
    // One emit to all the channels: socket.io sends it once to each socket in any of them (a member's socket is in
    // the room and in its user's channel), here and, through the adapter, on every other process.
    if (!channels.includes(adminsChannel)) return emit(io, channels, event, presenters[event](payload));
    const others = channels.filter((channel) => channel !== adminsChannel);
    adminDeliveries = adminDeliveries
      .then(async () => {
        // The admins as they are now: one demoted a moment ago (even straight in the database) hears nothing more.
        const admins = await enabledAdminIds(services.db).catch((err: unknown) => {
          services.logger.warn({ err }, "admins not read: news for the admins goes to its other channels only");
          return [];
        });
        const to = [...others, ...admins.map(userChannel)];
        // An empty list would be socket.io's broadcast to every socket.
        if (to.length > 0) emit(io, to, event, presenters[event](payload));
      })
      .catch((err: unknown) => services.logger.error({ err }, "news for the admins not sent"));
  });
  // The adapter forwards this to every server process, so a socket never outlives its session wherever it is.
  const stopDisconnecting = services.realtime.onDisconnect((channel) => {
    io.in(channel).disconnectSockets(true);
  });

  return {
    io,
    sweepSessions,
    async close() {
      unsubscribe();
      joinLimits.close();
      await adminDeliveries;
      stopDisconnecting();
      clearInterval(sweeper);
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server, which the caller does itself.
        io.engine.close();
        resolve();
      });
      // The Postgres adapter holds a LISTEN connection and heartbeat timers until its namespace adapter closes;
      // without this, pool.end() waits for that connection forever.
      if (postgres) await io.of("/").adapter.close();
      await postgres?.close();
    },
  };
}
