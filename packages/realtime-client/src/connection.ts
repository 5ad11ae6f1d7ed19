import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, JoinRequest, ServerToClientEvents } from "@forgehire/core";

/** A socket typed by the event maps in packages/core. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long a `join` waits for the server's acknowledgement. */
const JOIN_TIMEOUT_MS = 10_000;

const joinKey = (request: JoinRequest) =>
  "taskId" in request ? `task:${request.taskId}` : "roomId" in request ? `room:${request.roomId}` : `hub:${request.hub}`;

interface Joined {
  request: JoinRequest;
  holders: number;
  /** settles with the first answer of the server: whether the socket got in */
  firstAnswer: Promise<boolean>;
  answered: (joined: boolean) => void;
  /** called after the channel is joined again on a reconnect, so views fetch what they missed */
  onRejoined: Set<() => void>;
}

/** What `join` returns: the function that leaves, and when the server first answered. */
export type Leave = (() => void) & { joined: Promise<boolean> };

/**
 * The one socket of a browser tab, shared by every view that listens. It opens when the first view needs it and
 * closes when the last one lets go; the channels the views join are counted, joined once, left when no view holds
 * them any more, and joined again after every reconnect (a new connection starts in no channel).
 */
export class RealtimeConnection {
  #socket: RealtimeSocket | null = null;
  #holders = 0;
  #connectedBefore = false;
  readonly #joined = new Map<string, Joined>();
  readonly #open: () => RealtimeSocket;

  /**
   * @param open makes the socket: by default on the page's own origin, where the session cookie authenticates it
   */
  constructor(open: () => RealtimeSocket = () => io({ withCredentials: true })) {
    this.#open = open;
  }

  /**
   * The tab's socket, opened if no view held it; every call needs one `release`.
   * @returns the shared socket
   */
  acquire(): RealtimeSocket {
    this.#holders += 1;
    if (!this.#socket) {
      const socket = this.#open();
      this.#connectedBefore = false;
      socket.on("connect", () => this.#handleConnect(socket));
      this.#socket = socket;
    }
    return this.#socket;
  }

  /** Lets go of the socket; the last holder closes it. */
  release(): void {
    this.#holders = Math.max(0, this.#holders - 1);
    if (this.#holders > 0 || !this.#socket) return;
    this.#socket.off();
    this.#socket.disconnect();
    this.#socket = null;
    this.#joined.clear();
  }

  /**
   * Joins a task's or a room's channel for as long as the returned function is not called. The caller holds the
   * socket (`acquire`) meanwhile.
   * @param request the task or room
   * @param onRejoined called after each reconnect once the channel is joined again
   * @returns the leave function; its `joined` settles with the server's first answer (true: joined)
   */
  join(request: JoinRequest, onRejoined?: () => void): Leave {
    const socket = this.#socket;
    if (!socket) throw new Error("RealtimeConnection.join needs the socket acquired");
    const key = joinKey(request);
    const entry = this.#joined.get(key) ?? this.#newEntry(socket, key, request);
    entry.holders += 1;
    if (onRejoined) entry.onRejoined.add(onRejoined);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      if (onRejoined) entry.onRejoined.delete(onRejoined);
      entry.holders -= 1;
      if (entry.holders > 0 || this.#joined.get(key) !== entry) return;
      this.#joined.delete(key);
      if (this.#socket === socket && socket.connected) socket.emit("leave", request);
    };
    return Object.assign(leave, { joined: entry.firstAnswer });
  }

  #newEntry(socket: RealtimeSocket, key: string, request: JoinRequest): Joined {
    let answered: (joined: boolean) => void = () => undefined;
    const firstAnswer = new Promise<boolean>((resolve) => (answered = resolve));
    const entry: Joined = { request, holders: 0, onRejoined: new Set(), firstAnswer, answered };
    this.#joined.set(key, entry);
    // Not connected yet: the connect handler joins every held channel.
    if (socket.connected) void this.#emitJoin(socket, request).then(answered);
    return entry;
  }

  /** Whether the socket is open and connected now. */
  get connected(): boolean {
    return this.#socket?.connected ?? false;
  }

  #handleConnect(socket: RealtimeSocket): void {
    const reconnect = this.#connectedBefore;
    this.#connectedBefore = true;
    for (const entry of this.#joined.values()) {
      void this.#emitJoin(socket, entry.request).then((joined) => {
        entry.answered(joined);
        if (joined && reconnect) for (const callback of entry.onRejoined) callback();
      });
    }
  }

  /** @returns whether the server let the socket in (a refusal leaves the view on the history it loaded) */
  async #emitJoin(socket: RealtimeSocket, request: JoinRequest): Promise<boolean> {
    try {
      const answer = await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck("join", request);
      return "ok" in answer;
    } catch {
      return false;
    }
  }
}
