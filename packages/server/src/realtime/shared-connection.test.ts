import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect } from "socket.io-client";
import type { ChatMessage } from "@forgehire/core";
import { RealtimeConnection, type RealtimeSocket } from "@forgehire/realtime-client";
import { buildClient, buildFreelancer, type BuiltUser } from "../test/factories.js";
import { sessionCookie } from "../test/sockets.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

// The web apps' one socket per tab (packages/realtime-client) against the real server: views share it, a room
// joined by two views is joined once and left by the last, and a reconnect joins again.
let server: TestServer;
let alice: BuiltUser;
let nova: BuiltUser;
let roomId: string;
const connections: RealtimeConnection[] = [];

/** A tab's connection as the signed-in user; counts the sockets it opens. */
function tab(cookie: string) {
  const opened: RealtimeSocket[] = [];
  const connection = new RealtimeConnection(() => {
    const socket: RealtimeSocket = connect(server.url, { transports: ["websocket"], extraHeaders: { cookie }, forceNew: true, reconnectionDelay: 100 });
    opened.push(socket);
    return socket;
  });
  connections.push(connection);
  return { connection, opened };
}

const connected = (socket: RealtimeSocket) => (socket.connected ? Promise.resolve() : new Promise<void>((resolve) => socket.once("connect", () => resolve())));

const post = async (by: BuiltUser, content: string) =>
  (await by.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content }).expect(201)).body as ChatMessage;

beforeAll(async () => {
  server = await startTestServer();
  [alice, nova] = await Promise.all([buildClient(server), buildFreelancer(server)]);
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  roomId = (await alice.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
});
afterAll(async () => {
  for (const connection of connections) connection.release();
  await server?.stop();
});

describe("one socket per tab (@forgehire/realtime-client)", () => {
  it("is opened once for every view that holds it, and closed by the last one to let go", async () => {
    const { connection, opened } = tab(await sessionCookie(server.url, alice));
    const first = connection.acquire();
    const second = connection.acquire();
    expect(second).toBe(first);
    expect(opened).toHaveLength(1);
    await connected(first);
    connection.release();
    expect(first.connected).toBe(true);
    connection.release();
    expect(first.connected).toBe(false);
    expect(first.active).toBe(false);
  });

  it("joins a room two views hold once, hears each message once, and leaves it when the last view lets go", async () => {
    // Alice sends, so her socket hears her messages only through the room's channel (not her user channel).
    const { connection } = tab(await sessionCookie(server.url, alice));
    const socket = connection.acquire();
    connection.acquire();
    const heard: string[] = [];
    socket.on("chat:message", (message) => heard.push(message.content));
    const leaveA = connection.join({ roomId });
    const leaveB = connection.join({ roomId });
    expect(await leaveA.joined).toBe(true);
    expect(await leaveB.joined).toBe(true);

    // Nova, the recipient, hears every message on her user channel: once she has, Alice's socket would have too.
    const { connection: novaTab } = tab(await sessionCookie(server.url, nova));
    const novaSocket = novaTab.acquire();
    await connected(novaSocket);
    const novaHeard = (content: string) =>
      new Promise<void>((resolve) => {
        const handler = (message: ChatMessage) => {
          if (message.content !== content) return;
          novaSocket.off("chat:message", handler);
          resolve();
        };
        novaSocket.on("chat:message", handler);
      });

    let arrived = novaHeard("both views");
    await post(alice, "both views");
    await arrived;
    leaveA();
    arrived = novaHeard("one view");
    await post(alice, "one view");
    await arrived;
    leaveB();
    // The server handles a socket's events in order: once a later join is answered, the leave has been applied.
    expect(await socket.emitWithAck("join", { roomId: "no_such_room" })).toMatchObject({ error: { code: "ROOM_NOT_FOUND" } });
    await post(alice, "no view");
    // Nova's answer reaches Alice's socket on her user channel, after anything published to it before.
    const answered = new Promise<void>((resolve) => socket.on("chat:message", (message) => message.content === "answer" && resolve()));
    await post(nova, "answer");
    await answered;
    expect(heard).toEqual(["both views", "one view", "answer"]);
    connection.release();
    connection.release();
  });

  it("joins the room again after a reconnect and tells the view, so it can fetch what it missed", async () => {
    const { connection } = tab(await sessionCookie(server.url, alice));
    const socket = connection.acquire();
    let rejoined = 0;
    let leave!: ReturnType<typeof connection.join>;
    const rejoinedOnce = new Promise<void>((resolve) => {
      leave = connection.join({ roomId }, () => {
        rejoined += 1;
        resolve();
      });
    });
    // The first join's answer is where a rejoin would be announced: the first connect is not a reconnect.
    expect(await leave.joined).toBe(true);
    expect(rejoined).toBe(0);
    // The transport drops (a network blip): socket.io reconnects by itself, in no channel.
    socket.io.engine.close();
    await rejoinedOnce;
    const heard = new Promise<ChatMessage>((resolve) => socket.once("chat:message", resolve));
    await post(alice, "after the blip");
    expect((await heard).content).toBe("after the blip");
    connection.release();
  });
});
