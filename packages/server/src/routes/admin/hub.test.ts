import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { adminChatRoomSchema, chatMessageSchema } from "@forgehire/core";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { openSocket, sessionCookie } from "../../test/sockets.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

// The Communication Hub (issue 20): the admin reads every room, posts only where a member, joins a conversation
// once (both parties see it), searches and pages past 100 rooms, and sees unread counts and new messages live.
let server: TestServer;
let zelda: BuiltUser;
let nova: BuiltUser;
let ada: BuiltUser;
let admin2: BuiltUser;
let room: string;
let jobTitle: string;
const sockets: Socket[] = [];

const rooms = async (agent: BuiltUser["agent"], query: Record<string, string>) => {
  const res = await agent.get("/api/admin/chat-rooms").query(query).expect(200);
  return { rows: adminChatRoomSchema.array().parse(res.body), total: Number(/\/(\d+)$/.exec(String(res.headers["content-range"]))?.[1]) };
};
const messagesOf = async (agent: BuiltUser["agent"], roomId: string) =>
  chatMessageSchema.array().parse((await agent.get(`/api/chat/rooms/${roomId}/messages`).expect(200)).body);

beforeAll(async () => {
  server = await startTestServer();
  [zelda, nova, ada, admin2] = await Promise.all([
    buildClient(server, { firstName: "Zelda", lastName: "Quixote" }),
    buildFreelancer(server, { firstName: "Nova", lastName: "Hubble" }),
    buildAdmin(server, { firstName: "Ada", lastName: "Admin" }),
    buildAdmin(server, { firstName: "Bea", lastName: "Boss" }),
  ]);
  const job = await buildJob(zelda, { title: "Lighthouse keeper dashboard" });
  jobTitle = job.title;
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  room = (await zelda.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id, jobId: job.id }).expect(201)).body.roomId;
  await zelda.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Hello Nova" }).expect(201);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe("the Communication Hub", () => {
  it("[hub-1] an admin reads a client–freelancer room but may not post in it before joining (403, nothing stored)", async () => {
    expect((await messagesOf(ada.agent, room)).map((m) => m.content)).toEqual(["Hello Nova"]);
    const listed = (await rooms(ada.agent, { filter: JSON.stringify({ id: [room] }) })).rows[0];
    expect(listed).toMatchObject({ member: false });
    const refused = await ada.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Admin here" }).expect(403);
    expect(refused.body.error.code).toBe("NOT_ROOM_MEMBER");
    await ada.agent.patch(`/api/chat/rooms/${room}`).send({ meetLink: "https://meet.example.com/x" }).expect(403);
    expect(await server.services.db("messages").where({ room_id: room, sender_id: ada.user.id })).toHaveLength(0);
    // Clients and freelancers do not "join" rooms.
    expect((await zelda.agent.post(`/api/admin/chat-rooms/${room}/join`).expect(403)).body.error.code).toBe("ADMIN_ONLY");
    await ada.agent.post(`/api/admin/chat-rooms/no-such-room/join`).expect(404);
  });

  it("[hub-2] joining writes '<admin> joined the conversation' once, even for concurrent joins; then the admin posts and both parties read it", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => ada.agent.post(`/api/admin/chat-rooms/${room}/join`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const again = await ada.agent.post(`/api/admin/chat-rooms/${room}/join`).expect(200);
    expect(again.body.message).toBeNull();
    for (const party of [zelda, nova]) {
      const contents = (await messagesOf(party.agent, room)).map((m) => m.content);
      expect(contents.filter((c) => c === "Ada Admin joined the conversation")).toHaveLength(1);
    }
    expect((await rooms(ada.agent, { filter: JSON.stringify({ id: [room] }) })).rows[0]).toMatchObject({ member: true });
    const posted = await ada.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Admin here" }).expect(201);
    expect(posted.body).toMatchObject({ senderId: ada.user.id, receiverId: zelda.user.id });
    for (const party of [zelda, nova]) expect((await messagesOf(party.agent, room)).map((m) => m.content)).toContain("Admin here");
    // Another admin is still outside the room.
    await admin2.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Me too" }).expect(403);
  });

  it("[hub-3] an admin posts in their own admin–poster room without joining", async () => {
    const job = await buildJob(zelda, { title: "Poster contact job" });
    const own = (await ada.agent.post("/api/admin/chat-rooms").send({ jobId: job.id }).expect(201)).body.roomId as string;
    await ada.agent.post(`/api/chat/rooms/${own}/messages`).send({ content: "About your project" }).expect(201);
    expect((await rooms(ada.agent, { filter: JSON.stringify({ id: [own] }) })).rows[0]).toMatchObject({ member: true });
  });

  it("[hub-4] counts each room's messages unread for the admin, down to 0 once read", async () => {
    const fresh = await admin2.agent
      .get("/api/admin/chat-rooms")
      .query({ filter: JSON.stringify({ id: [room] }) })
      .expect(200);
    // Bea has read nothing: every message someone else wrote (the join, Zelda's and Ada's) is unread.
    expect(adminChatRoomSchema.parse(fresh.body[0]).unreadCount).toBe(3);
    await admin2.agent.post(`/api/chat/rooms/${room}/read`).expect(204);
    expect((await rooms(admin2.agent, { filter: JSON.stringify({ id: [room] }) })).rows[0]?.unreadCount).toBe(0);
    await nova.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Reply from Nova" }).expect(201);
    expect((await rooms(admin2.agent, { filter: JSON.stringify({ id: [room] }) })).rows[0]?.unreadCount).toBe(1);
    // Ada's own message is not unread for her; Nova's is.
    expect((await rooms(ada.agent, { filter: JSON.stringify({ id: [room] }) })).rows[0]?.unreadCount).toBe(1);
  });

  it("[hub-5] searches rooms by project title and by either party's name, and pages past 100 rooms", async () => {
    for (const q of ["lighthouse", "quixote", "Nova Hubble"]) {
      const found = await rooms(ada.agent, { filter: JSON.stringify({ q }) });
      expect(
        found.rows.map((r) => r.roomId),
        q,
      ).toContain(room);
    }
    expect((await rooms(ada.agent, { filter: JSON.stringify({ q: "no such words anywhere" }) })).total).toBe(0);
    // 130 more rooms, straight in the table: the hub's pages must reach all of them.
    const filler = await buildClient(server, { firstName: "Filler", lastName: "Client" });
    await server.services
      .db("chat_rooms")
      .insert(
        Array.from({ length: 130 }, (_, i) => ({ room_id: `hub-filler-${String(i).padStart(3, "0")}`, client_id: filler.user.id, freelancer_id: `fl-${i}` })),
      );
    const seen = new Set<string>();
    let total = 0;
    for (let page = 0; page < 7; page += 1) {
      const { rows, total: all } = await rooms(ada.agent, {
        range: JSON.stringify([page * 25, page * 25 + 24]),
        sort: JSON.stringify(["jobTitle", "ASC"]),
      });
      total = all;
      for (const row of rows) seen.add(row.roomId);
    }
    expect(total).toBeGreaterThan(130);
    expect(seen.size).toBe(total);
    const byTitle = await rooms(ada.agent, { filter: JSON.stringify({ q: jobTitle }), sort: JSON.stringify(["jobTitle", "ASC"]) });
    expect(byTitle.rows.map((r) => r.roomId)).toEqual([room]);
  });

  it("[hub-6] a new message in any room reaches an admin's socket joined to the hub (not a room), which only admins join", async () => {
    const outsider = await openSocket(server.url, await sessionCookie(server.url, nova));
    const socket = await openSocket(server.url, await sessionCookie(server.url, admin2));
    sockets.push(outsider, socket);
    const refused = (await outsider.emitWithAck("join", { hub: "chat" })) as { error?: { code: string } };
    expect(refused.error?.code).toBe("ADMIN_ONLY");
    expect(await socket.emitWithAck("join", { hub: "chat" })).toEqual({ ok: true });
    const heard = new Promise<{ roomId: string; content: string }>((resolve) =>
      socket.on("chat:message", (message: { roomId: string; content: string }) => message.content === "Live for the hub" && resolve(message)),
    );
    await zelda.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Live for the hub" }).expect(201);
    expect(await heard).toMatchObject({ roomId: room });
  });

  it("[hub-7] the join's message reaches both parties' sockets live", async () => {
    const other = await buildClient(server, { firstName: "Olga" });
    const profile = (await nova.agent.get("/api/freelancers/me").expect(200)).body as { id: string };
    const second = (await other.agent.post("/api/chat/rooms").send({ freelancerId: profile.id }).expect(201)).body.roomId as string;
    const [clientSocket, freelancerSocket] = await Promise.all([
      openSocket(server.url, await sessionCookie(server.url, other)),
      openSocket(server.url, await sessionCookie(server.url, nova)),
    ]);
    sockets.push(clientSocket, freelancerSocket);
    const hears = (socket: Socket) =>
      new Promise<string>((resolve) =>
        socket.on("chat:message", (message: { roomId: string; content: string }) => message.roomId === second && resolve(message.content)),
      );
    const both = Promise.all([hears(clientSocket), hears(freelancerSocket)]);
    await ada.agent.post(`/api/admin/chat-rooms/${second}/join`).expect(201);
    expect(await both).toEqual(["Ada Admin joined the conversation", "Ada Admin joined the conversation"]);
  });
});
