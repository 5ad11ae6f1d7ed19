import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { buildClient, buildFreelancer, buildJob, setJobState, type BuiltUser } from "../test/factories.js";
import { openSocket, sessionCookie } from "../test/sockets.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let taskId: string;
let roomId: string;
let bobsRoomId: string;
const sockets: Socket[] = [];

const cookieOf = (user: BuiltUser) => sessionCookie(server.url, user);

async function open(cookie?: string): Promise<Socket> {
  const socket = await openSocket(server.url, cookie);
  sockets.push(socket);
  return socket;
}

const join = (socket: Socket, body: object) => socket.emitWithAck("join", body) as Promise<{ ok?: true; error?: { code: string } }>;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, nova] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server)]);
  const job = await buildJob(alice);
  const res = await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  taskId = res.body.stories[0].tasks[0].id;
  await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  await setJobState(server, job.id, { payment_status: "paid" });
  await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  roomId = (await alice.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
  bobsRoomId = (await bob.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
});

/**
 * Resolves once a message nova sends bob afterwards reaches bob's socket: one server, one connection per socket, so
 * anything published to that socket before it has arrived by then.
 */
async function everythingEarlierHasReached(bobsSocket: Socket): Promise<void> {
  const sentinel = new Promise<void>((resolve) => bobsSocket.on("chat:message", (message: { content: string }) => message.content === "Sentinel" && resolve()));
  await nova.agent.post(`/api/chat/rooms/${bobsRoomId}/messages`).send({ content: "Sentinel" }).expect(201);
  await sentinel;
}
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe("chat messages in real time", () => {
  it("[proof-1] reach a member joined to the room who is not the recipient, as chat:message", async () => {
    // The sender's other tab: a member, but not the recipient, so only the room's channel can bring it the message
    // (the recipient's sockets would also hear it on their user channel and hide a missing room publish).
    const socket = await open(await cookieOf(alice));
    expect(await join(socket, { roomId })).toEqual({ ok: true });
    const received = new Promise<{ id: string; content: string; roomId: string; senderId: string }>((resolve) => socket.once("chat:message", resolve));
    const sent = await alice.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content: "Hello in real time" }).expect(201);
    expect(await received).toEqual(sent.body);
  });

  it("reach the recipient's other sockets through their user channel, without a join", async () => {
    const socket = await open(await cookieOf(nova));
    const received = new Promise<{ content: string }>((resolve) => socket.once("chat:message", resolve));
    await alice.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content: "For your inbox" }).expect(201);
    expect((await received).content).toBe("For your inbox");
  });

  it("reach a member joined to the room who is also the recipient exactly once, and the sender's joined socket once", async () => {
    // The recipient's socket is in the room's channel and in its user's channel; the sender's only in the room's.
    const [recipient, sender] = await Promise.all([open(await cookieOf(nova)), open(await cookieOf(alice))]);
    expect(await join(recipient, { roomId })).toEqual({ ok: true });
    expect(await join(sender, { roomId })).toEqual({ ok: true });
    const heard = { recipient: [] as string[], sender: [] as string[] };
    recipient.on("chat:message", (message: { id: string }) => heard.recipient.push(message.id));
    sender.on("chat:message", (message: { id: string }) => heard.sender.push(message.id));
    const first = (await alice.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content: "Once" }).expect(201)).body as { id: string };
    // A second message, heard after any copy of the first (one server, one connection per socket: in order).
    const closing = new Promise<void>((resolve) => {
      const seen = new Set<Socket>();
      for (const socket of [recipient, sender]) {
        socket.on("chat:message", (message: { content: string }) => {
          if (message.content !== "Closing") return;
          seen.add(socket);
          if (seen.size === 2) resolve();
        });
      }
    });
    const second = (await nova.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content: "Closing" }).expect(201)).body as { id: string };
    await closing;
    expect(heard).toEqual({ recipient: [first.id, second.id], sender: [first.id, second.id] });
  });

  it("announce a read to the reader's own sockets only, as chat:read", async () => {
    const [reader, other] = await Promise.all([open(await cookieOf(nova)), open(await cookieOf(alice))]);
    const overheard: unknown[] = [];
    other.on("chat:read", (event: unknown) => overheard.push(event));
    const heard = new Promise<unknown>((resolve) => reader.once("chat:read", resolve));
    await nova.agent.post(`/api/chat/rooms/${roomId}/read`).expect(204);
    expect(await heard).toEqual({ roomId });
    // The reader's event has arrived; the other member's would have come over the same server by now.
    expect(overheard).toEqual([]);
  });

  it("refuse a non-member's join, and nothing leaks to them", async () => {
    const socket = await open(await cookieOf(bob));
    expect((await join(socket, { roomId })).error?.code).toBe("NOT_ROOM_MEMBER");
    expect((await join(socket, { roomId: "no_such_room" })).error?.code).toBe("ROOM_NOT_FOUND");
    let leaked = false;
    socket.on("chat:message", (message: { content: string }) => (leaked ||= message.content === "Private"));
    await alice.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content: "Private" }).expect(201);
    await everythingEarlierHasReached(socket);
    expect(leaked).toBe(false);
  });
});

describe("task messages in real time", () => {
  it("reach a member joined to the task as soon as they are posted", async () => {
    const socket = await open(await cookieOf(nova));
    expect(await join(socket, { taskId })).toEqual({ ok: true });
    const received = new Promise<{ content: string; senderName: string; taskId: string }>((resolve) => socket.once("task:message", resolve));
    await alice.agent.post(`/api/tasks/${taskId}/messages`).send({ content: "Live hello" }).expect(201);
    const message = await received;
    expect(message).toMatchObject({ content: "Live hello", taskId, senderName: `${alice.user.firstName} ${alice.user.lastName}` });
  });

  it("refuse a non-member's join", async () => {
    const socket = await open(await cookieOf(bob));
    const answer = await join(socket, { taskId });
    expect(answer.error?.code).toBe("COMMUNICATION_DENIED");
    let leaked = false;
    socket.on("task:message", () => (leaked = true));
    await alice.agent.post(`/api/tasks/${taskId}/messages`).send({ content: "Private" }).expect(201);
    await everythingEarlierHasReached(socket);
    expect(leaked).toBe(false);
  });

  it("refuse a handshake without a session", async () => {
    await expect(open()).rejects.toThrow(/UNAUTHENTICATED/);
  });

  it("refuse a handshake from another site", async () => {
    const socket = connect(server.url, {
      transports: ["websocket"],
      extraHeaders: { cookie: await cookieOf(alice), origin: "https://evil.example" },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await expect(
      new Promise<void>((resolve, reject) => {
        socket.on("connect", () => resolve());
        socket.on("connect_error", reject);
      }),
    ).rejects.toThrow();
  });
});
