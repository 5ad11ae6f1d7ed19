import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatRoomListItemSchema, chatUnreadSchema } from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let carl: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let ada: BuiltUser;
let aliceRoom: string;
let carlRoom: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, carl, bob, nova, ada] = await Promise.all([
    buildClient(server, { firstName: "Alice" }),
    buildClient(server, { firstName: "Carl" }),
    buildClient(server, { firstName: "Bob" }),
    buildFreelancer(server, { firstName: "Nova" }),
    buildAdmin(server, { firstName: "Ada" }),
  ]);
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  aliceRoom = (await alice.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
  carlRoom = (await carl.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
});
afterAll(async () => {
  await server?.stop();
});

async function unreadRooms(agent: BuiltUser["agent"]): Promise<number> {
  return chatUnreadSchema.parse((await agent.get("/api/chat/unread").expect(200)).body).rooms;
}

async function unreadCounts(agent: BuiltUser["agent"]): Promise<Record<string, number>> {
  const rooms = chatRoomListItemSchema.array().parse((await agent.get("/api/chat/rooms").expect(200)).body);
  return Object.fromEntries(rooms.map((room) => [room.roomId, room.unreadCount]));
}

const post = (user: BuiltUser, roomId: string, content: string) => user.agent.post(`/api/chat/rooms/${roomId}/messages`).send({ content }).expect(201);

const readMarks = (roomId: string) => server.services.db("chat_room_reads").where({ room_id: roomId }).orderBy("user_id");

describe("unread chat messages", () => {
  it("start at zero and need a session", async () => {
    expect(await unreadRooms(nova.agent)).toBe(0);
    expect(await unreadCounts(nova.agent)).toEqual({ [aliceRoom]: 0, [carlRoom]: 0 });
    const anon = await server.agent().get("/api/chat/unread").expect(401);
    expect(anon.body.error.code).toBe("UNAUTHENTICATED");
    await server.agent().post(`/api/chat/rooms/${aliceRoom}/read`).expect(401);
  });

  it("go up when the other party posts, not for one's own messages", async () => {
    await post(alice, aliceRoom, "Hello Nova");
    expect(await unreadRooms(nova.agent)).toBe(1);
    expect(await unreadRooms(alice.agent)).toBe(0);
    await post(alice, aliceRoom, "Are you there?");
    expect(await unreadRooms(nova.agent)).toBe(1);
    expect(await unreadCounts(nova.agent)).toEqual({ [aliceRoom]: 2, [carlRoom]: 0 });
    expect(await unreadCounts(alice.agent)).toEqual({ [aliceRoom]: 0 });

    await post(carl, carlRoom, "Hi from Carl");
    expect(await unreadRooms(nova.agent)).toBe(2);
    expect(await unreadCounts(nova.agent)).toEqual({ [aliceRoom]: 2, [carlRoom]: 1 });
  });

  it("survive across sessions: a second login sees the same counts", async () => {
    const again = server.agent();
    await again.post("/api/auth/login").send({ email: nova.user.email, password: nova.password }).expect(200);
    expect(await unreadRooms(again)).toBe(2);
    expect(await unreadCounts(again)).toEqual({ [aliceRoom]: 2, [carlRoom]: 1 });
  });

  it("go down to 0 once the room is read, in every session, and stay read", async () => {
    await nova.agent.post(`/api/chat/rooms/${aliceRoom}/read`).expect(204);
    expect(await unreadRooms(nova.agent)).toBe(1);
    expect(await unreadCounts(nova.agent)).toEqual({ [aliceRoom]: 0, [carlRoom]: 1 });
    // Reading again changes nothing; the other member's messages are still theirs to read.
    await nova.agent.post(`/api/chat/rooms/${aliceRoom}/read`).expect(204);
    expect(await unreadRooms(nova.agent)).toBe(1);

    const again = server.agent();
    await again.post("/api/auth/login").send({ email: nova.user.email, password: nova.password }).expect(200);
    expect(await unreadCounts(again)).toEqual({ [aliceRoom]: 0, [carlRoom]: 1 });

    await post(alice, aliceRoom, "One more thing");
    expect(await unreadCounts(nova.agent)).toEqual({ [aliceRoom]: 1, [carlRoom]: 1 });
    await nova.agent.post(`/api/chat/rooms/${aliceRoom}/read`).expect(204);
  });

  it("sending a message marks the room read for the sender", async () => {
    await post(nova, carlRoom, "Hi Carl");
    expect(await unreadRooms(nova.agent)).toBe(0);
    expect(await unreadCounts(nova.agent)).toEqual({ [aliceRoom]: 0, [carlRoom]: 0 });
    expect(await unreadRooms(carl.agent)).toBe(1);
    expect(await unreadCounts(carl.agent)).toEqual({ [carlRoom]: 1 });
  });

  it("a non-member cannot mark a room read (403, nothing stored); an unknown room is 404", async () => {
    const before = await readMarks(aliceRoom);
    const res = await bob.agent.post(`/api/chat/rooms/${aliceRoom}/read`).expect(403);
    expect(res.body.error.code).toBe("NOT_ROOM_MEMBER");
    expect(await readMarks(aliceRoom)).toEqual(before);
    expect(before.map((mark: { user_id: string }) => mark.user_id)).not.toContain(bob.user.id);
    const unknown = await bob.agent.post("/api/chat/rooms/nobody_freelancer_x/read").expect(404);
    expect(unknown.body.error.code).toBe("ROOM_NOT_FOUND");
    expect(await unreadRooms(bob.agent)).toBe(0);
  });

  it("reading an empty room stores nothing", async () => {
    const dana = await buildClient(server, { firstName: "Dana" });
    const novaProfile = (await nova.agent.get(`/api/chat/rooms/${aliceRoom}`).expect(200)).body.freelancerId as string;
    const room = (await dana.agent.post("/api/chat/rooms").send({ freelancerId: novaProfile }).expect(201)).body.roomId as string;
    await dana.agent.post(`/api/chat/rooms/${room}/read`).expect(204);
    expect(await readMarks(room)).toEqual([]);
  });

  it("admins count only the rooms they are a member of", async () => {
    // Ada joins Alice's room (issue 20: an admin posts only where a member) and writes: the members' counts go up,
    // Ada's own stays 0 (her join's note and her message are read for her).
    await ada.agent.post(`/api/admin/chat-rooms/${aliceRoom}/join`).expect(201);
    expect(await unreadRooms(ada.agent)).toBe(0);
    await post(ada, aliceRoom, "Checking in from support");
    expect(await unreadRooms(alice.agent)).toBe(1);
    expect(await unreadRooms(nova.agent)).toBe(1);
    expect(await unreadRooms(ada.agent)).toBe(0);
    expect((await unreadCounts(ada.agent))[aliceRoom]).toBe(0);
    // Ada may still mark any room read (admins read every room).
    await ada.agent.post(`/api/chat/rooms/${carlRoom}/read`).expect(204);

    const job = await buildJob(alice);
    const jobRoom = (await ada.agent.post("/api/admin/chat-rooms").send({ jobId: job.id }).expect(201)).body.roomId as string;
    await post(alice, jobRoom, "Question about my job");
    expect(await unreadRooms(ada.agent)).toBe(1);
    expect((await unreadCounts(ada.agent))[jobRoom]).toBe(1);
    await ada.agent.post(`/api/chat/rooms/${jobRoom}/read`).expect(204);
    expect(await unreadRooms(ada.agent)).toBe(0);
  });
});
