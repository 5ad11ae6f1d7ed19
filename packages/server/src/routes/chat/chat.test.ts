import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { statementsDuring } from "../../test/statements.js";
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
    expect(first.body).toMatchObject({
      roomId: roomOf(),
      clientName: "Alice Poster",
      freelancerName: "Nova Quill",
      otherPartyName: "Nova Quill",
      lastMessage: null,
    });
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
    expect(rooms.body).toEqual([
      expect.objectContaining({ roomId: roomOf(), otherPartyName: "Alice Poster", lastMessage: expect.objectContaining({ content: "Hi Alice" }) }),
    ]);
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

  it("list rooms a page at a time, newest activity first, with X-Total-Count", async () => {
    // Three more clients start rooms with Nova, one after the other: the latest activity comes first.
    const clients = [];
    for (let i = 0; i < 3; i++) {
      const client = await buildClient(server);
      await client.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(201);
      clients.push(client);
    }
    const all = await nova.agent.get("/api/chat/rooms").expect(200);
    const total = Number(all.headers["x-total-count"]);
    expect(total).toBe(all.body.length);
    const first = await nova.agent.get("/api/chat/rooms").query({ page: 1, perPage: 2 }).expect(200);
    const second = await nova.agent.get("/api/chat/rooms").query({ page: 2, perPage: 2 }).expect(200);
    expect(first.headers["x-total-count"]).toBe(String(total));
    expect(first.body.map((r: { clientId: string }) => r.clientId)).toEqual([clients[2]!.user.id, clients[1]!.user.id]);
    expect(second.body.map((r: { roomId: string }) => r.roomId)).toEqual(all.body.slice(2, 4).map((r: { roomId: string }) => r.roomId));
    await nova.agent.get("/api/chat/rooms").query({ perPage: 101 }).expect(400);
    await nova.agent.get("/api/chat/rooms").query({ page: 0 }).expect(400);
  });

  it("are open to admins, who see every room", async () => {
    await ada.agent.get(`/api/chat/rooms/${roomOf()}/messages`).expect(200);
    const rooms = await ada.agent.get("/api/chat/rooms").expect(200);
    expect(rooms.body.map((r: { roomId: string }) => r.roomId)).toContain(roomOf());
  });

  it("page backwards with before, and forwards with after (a reconnecting client)", async () => {
    for (let i = 0; i < 5; i++)
      await alice.agent
        .post(`/api/chat/rooms/${roomOf()}/messages`)
        .send({ content: `n${i}` })
        .expect(201);
    const latest = (await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ limit: 3 }).expect(200)).body;
    expect(latest.map((m: { content: string }) => m.content)).toEqual(["n2", "n3", "n4"]);
    const older = (await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ limit: 3, before: latest[0].id }).expect(200)).body;
    expect(older.map((m: { content: string }) => m.content)).toEqual(["Hi Alice", "n0", "n1"]);
    const missed = (await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ after: older[2].id }).expect(200)).body;
    expect(missed.map((m: { content: string }) => m.content)).toEqual(["n2", "n3", "n4"]);
    await alice.agent.get(`/api/chat/rooms/${roomOf()}/messages`).query({ before: "x" }).expect(400);
  });

  it("e-mail the recipient at most once per room per 10 minutes", async () => {
    await server.services.settle();
    const emails = await server.services.db("emails").where({ kind: "chat_notification" }).orderBy("created_at");
    // Alice wrote 6 messages to Nova and Nova 1 to Alice: one e-mail each way.
    expect(emails.map((e: { to_address: string }) => e.to_address).sort()).toEqual([alice.user.email, nova.user.email].sort());
  });

  it("a message whose recipient was e-mailed within the window costs at most 5 statements, the session's included: with the realtime publish, 6 (issue 13)", async () => {
    const seen = await statementsDuring(server, () => alice.agent.post(`/api/chat/rooms/${roomOf()}/messages`).send({ content: "One more" }).expect(201));
    expect(seen.length, seen.join("\n")).toBeLessThanOrEqual(5);
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

/** A freelancer profile for the user, as the API creates it; returns its id. */
async function createProfile(freelancer: BuiltUser): Promise<string> {
  const res = await freelancer.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  return res.body.id as string;
}

/** The chat e-mails sent to an address about one room. */
async function chatEmails(target: TestServer, to: string, roomId: string) {
  await target.services.settle();
  return (await target.services.db("emails").where({ kind: "chat_notification", to_address: to }).orderBy("id")).filter((e: { body_text: string }) =>
    e.body_text.includes(`/messages/${roomId}`),
  ) as Array<{ status: string; error: string | null; subject: string }>;
}

describe("admins in rooms they are not members of", () => {
  it("an admin posts in a room they are not a member of only after joining it (issue 20); it is addressed to the client", async () => {
    const room = (await bob.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(201)).body.roomId as string;
    const refused = await ada.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Admin here" }).expect(403);
    expect(refused.body.error.code).toBe("NOT_ROOM_MEMBER");
    await ada.agent.post(`/api/admin/chat-rooms/${room}/join`).expect(201);
    const res = await ada.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Admin here" }).expect(201);
    expect(res.body).toMatchObject({ content: "Admin here", senderId: ada.user.id, receiverId: bob.user.id });
    const stored = await server.services.db("messages").where({ room_id: room, sender_id: ada.user.id }).first();
    expect(stored).toMatchObject({ content: "Admin here", receiver_id: bob.user.id });
    for (const member of [bob, nova]) {
      const list = (await member.agent.get(`/api/chat/rooms/${room}/messages`).expect(200)).body as Array<{ content: string }>;
      expect(list.map((m) => m.content)).toContain("Admin here");
    }
  });
});

describe("chat e-mail notifications", () => {
  it("e-mails the recipient again for the same room once 10 minutes have passed since the last e-mail", async () => {
    const room = `${bob.user.id}_freelancer_${novaProfileId}`;
    await bob.agent.post("/api/chat/rooms").send({ freelancerId: novaProfileId }).expect(200);
    const realNow = server.services.now;
    const t0 = new Date();
    const at = (ms: number) => {
      server.services.now = () => new Date(t0.getTime() + ms);
    };
    try {
      at(0);
      await bob.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "first" }).expect(201);
      expect(await chatEmails(server, nova.user.email, room)).toHaveLength(1);

      at(10 * 60 * 1000 - 1000);
      await bob.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "within ten minutes" }).expect(201);
      expect(await chatEmails(server, nova.user.email, room)).toHaveLength(1);

      at(10 * 60 * 1000);
      await bob.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "ten minutes later" }).expect(201);
      const emails = await chatEmails(server, nova.user.email, room);
      expect(emails).toHaveLength(2);
      expect(emails[1]!.subject).toBe(`New message from ${bob.user.firstName} ${bob.user.lastName}`);

      // The window restarts at the second e-mail.
      at(10 * 60 * 1000 + 60 * 1000);
      await bob.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "a minute after that" }).expect(201);
      expect(await chatEmails(server, nova.user.email, room)).toHaveLength(2);
    } finally {
      server.services.now = realNow;
    }
  });

  describe("with a mail server that refuses connections", () => {
    let failing: TestServer;
    let client: BuiltUser;
    let freelancer: BuiltUser;
    let profileId: string;

    beforeAll(async () => {
      // A port that was just free: nothing listens there, so SMTP connections are refused at once.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise((resolve) => probe.close(resolve));
      failing = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      [client, freelancer] = await Promise.all([buildClient(failing), buildFreelancer(failing)]);
      profileId = await createProfile(freelancer);
    });
    afterAll(async () => {
      await failing?.stop();
    });

    it("a failing mailer still gives 201 and the message is stored; the e-mail's failed attempt is recorded for a retry", async () => {
      const room = (await client.agent.post("/api/chat/rooms").send({ freelancerId: profileId }).expect(201)).body.roomId as string;
      const res = await client.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Are you there?" }).expect(201);
      expect(res.body).toMatchObject({ content: "Are you there?", senderId: client.user.id, receiverId: freelancer.user.id });
      const emails = await chatEmails(failing, freelancer.user.email, room);
      expect(emails).toEqual([expect.objectContaining({ status: "queued", attempts: 1, error: expect.any(String) })]);
      expect(await failing.services.db("messages").where({ room_id: room }).select("content")).toEqual([{ content: "Are you there?" }]);
      const list = (await freelancer.agent.get(`/api/chat/rooms/${room}/messages`).expect(200)).body as Array<{ content: string }>;
      expect(list.map((m) => m.content)).toEqual(["Are you there?"]);
      await freelancer.agent.post(`/api/chat/rooms/${room}/messages`).send({ content: "Yes" }).expect(201);
    });
  });
});
