import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let ada: BuiltUser;
let novaProfileId: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, nova, ada] = await Promise.all([
    buildClient(server, { firstName: "Alice", lastName: "Poster" }),
    buildClient(server),
    buildFreelancer(server, { firstName: "Nova", lastName: "Quill" }),
    buildAdmin(server, { firstName: "Ada", lastName: "Admin" }),
  ]);
  const res = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  novaProfileId = res.body.id;
});
afterAll(async () => {
  await server?.stop();
});

const roomOf = () => `${alice.user.id}_freelancer_${novaProfileId}`;

describe("starting a chat", () => {
  it("is for clients only: a freelancer or an admin gets CLIENT_ONLY_CHAT, a visitor 401", async () => {
    const res = await nova.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(403);
    expect(res.body.error).toMatchObject({ code: "CLIENT_ONLY_CHAT", message: "Only clients can start chats with freelancers" });
    await ada.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(403);
    const anon = await server.agent().post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(401);
    expect(anon.body.error.code).toBe("UNAUTHENTICATED");
    expect(await server.services.db("chat_rooms").count({ n: "*" }).first()).toMatchObject({ n: 0 });
  });

  it("refuses a malformed or unknown freelancer id", async () => {
    const bad = await alice.agent.post("/api/chat/rooms").send({ freelancerId: "nope" }).expect(400);
    expect(bad.body.error.fields.freelancerId).toBe("Invalid freelancer ID format");
    await alice.agent.post("/api/chat/rooms").send({ freelancerId: "00000000-0000-4000-8000-000000000000" }).expect(404);
  });

  it("creates the room {clientId}_freelancer_{freelancerId} once, then reuses it", async () => {
    const first = await alice.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(201);
    expect(first.body).toMatchObject({ roomId: roomOf(), clientName: "Alice Poster", freelancerName: "Nova Quill", otherPartyName: "Nova Quill", lastMessage: null });
    const again = await alice.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(200);
    expect(again.body.roomId).toBe(roomOf());
  });
});

describe("messages", () => {
  it("are sent and listed oldest first by members; blank is refused", async () => {
    await alice.agent.post(`/api/chat/rooms/${roomOf()}/messages`).send({ content: "Hello Nova" }).expect(201);
    const reply = await nova.agent.post(`/api/chat/rooms/${roomOf()}/messages`).send({ content: "  Hi Alice  " }).expect(201);
    expect(reply.body).toMatchObject({ content: "Hi Alice", senderId: nova.user.id, receiverId: alice.user.id });
    const blank = await alice.agent.post(`/api/chat/rooms/${roomOf()}/messages`).send({ content: "   " }).expect(400);
    expect(blank.body.error.code).toBe("EMPTY_MESSAGE");
    const list = await nova.agent.get(`/api/chat/rooms/${roomOf()}/messages`).expect(200);
    expect(list.body.map((m: { content: string }) => m.content)).toEqual(["Hello Nova", "Hi Alice"]);
    const rooms = await nova.agent.get("/api/chat/rooms").expect(200);
    expect(rooms.body).toEqual([expect.objectContaining({ roomId: roomOf(), otherPartyName: "Alice Poster", lastMessage: expect.objectContaining({ content: "Hi Alice" }) })]);
  });

  it("cannot be read or posted by a non-member; the room is unchanged", async () => {
    const read = await bob.agent.get(`/api/chat/rooms/${roomOf()}/messages`).expect(403);
    expect(read.body.error.code).toBe("NOT_ROOM_MEMBER");
    const post = await bob.agent.post(`/api/chat/rooms/${roomOf()}/messages`).send({ content: "Let me in" }).expect(403);
    expect(post.body.error.code).toBe("NOT_ROOM_MEMBER");
    expect(await server.services.db("messages").where({ room_id: roomOf() }).count({ n: "*" }).first()).toMatchObject({ n: 2 });
    expect((await bob.agent.get("/api/chat/rooms").expect(200)).body).toEqual([]);
    await bob.agent.get("/api/chat/rooms/nobody_freelancer_x/messages").expect(404);
  });

  it("are open to admins, who see every room", async () => {
    await ada.agent.get(`/api/chat/rooms/${roomOf()}/messages`).expect(200);
    const rooms = await ada.agent.get("/api/chat/rooms").expect(200);
    expect(rooms.body.map((r: { roomId: string }) => r.roomId)).toContain(roomOf());
  });

  it("page backwards with before, and forwards with after (a reconnecting client)", async () => {
    for (let i = 0; i < 5; i++) await alice.agent.post(`/api/chat/rooms/${roomOf()}/messages`).send({ content: `n${i}` }).expect(201);
    const latest = (await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ limit: 3 }).expect(200)).body;
    expect(latest.map((m: { content: string }) => m.content)).toEqual(["n2", "n3", "n4"]);
    const older = (await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ limit: 3, before: latest[0].id }).expect(200)).body;
    expect(older.map((m: { content: string }) => m.content)).toEqual(["Hi Alice", "n0", "n1"]);
    const missed = (await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ after: older[2].id }).expect(200)).body;
    expect(missed.map((m: { content: string }) => m.content)).toEqual(["n2", "n3", "n4"]);
    await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ before: "x" }).expect(400);
  });

  it("e-mail the recipient at most once per room per 10 minutes", async () => {
    await server.services.background.drain();
    const emails = await server.services.db("emails").where({ kind: "chat_notification" }).orderBy("created_at");
    // Alice wrote 6 messages to Nova and Nova 1 to Alice: one e-mail each way.
    expect(emails.map((e: { to_address: string }) => e.to_address).sort()).toEqual([alice.user.email, nova.user.email].sort());
  });

  it("a meeting link can be set by a member and is shown with the room", async () => {
    const res = await alice.agent.patch(`/api/chat/rooms/${roomOf()}`).send({ meetLink: "https://meet.example.com/abc" }).expect(200);
    expect(res.body.meetLink).toBe("https://meet.example.com/abc");
    await bob.agent.patch(`/api/chat/rooms/${roomOf()}`).send({ meetLink: "https://evil.example" }).expect(403);
    await alice.agent.patch(`/api/chat/rooms/${roomOf()}`).send({ meetLink: "javascript:alert(1)" }).expect(400);
  });
});

describe("admin job rooms", () => {
  it("are opened by admins only, one per job and poster, and reused", async () => {
    const job = await buildJob(alice);
    const denied = await alice.agent.post("/api/admin/chat-rooms").send({ jobId: job.id }).expect(403);
    expect(denied.body.error.code).toBe("ADMIN_ONLY");
    const first = await ada.agent.post("/api/admin/chat-rooms").send({ jobId: job.id }).expect(201);
    expect(first.body).toMatchObject({ jobId: job.id, jobTitle: job.title, clientId: alice.user.id, freelancerId: `admin_${ada.user.id}` });
    expect(first.body.roomId).toMatch(new RegExp(`^admin_${ada.user.id}_${job.id}_\\d+$`));
    const again = await ada.agent.post("/api/admin/chat-rooms").send({ jobId: job.id }).expect(200);
    expect(again.body.roomId).toBe(first.body.roomId);
    await ada.agent.post("/api/admin/chat-rooms").send({ jobId: 999999 }).expect(404);

    await ada.agent.post(`/api/chat/rooms/${first.body.roomId}/messages`).send({ content: "About your project" }).expect(201);
    const rooms = (await alice.agent.get("/api/chat/rooms").expect(200)).body as Array<{ roomId: string; otherPartyName: string }>;
    expect(rooms.find((r) => r.roomId === first.body.roomId)?.otherPartyName).toBe("Ada Admin");
    await alice.agent.post(`/api/chat/rooms/${first.body.roomId}/messages`).send({ content: "Thanks" }).expect(201);
  });
});
