import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../test/factories.js";
import { openSocket, sessionCookie } from "../test/sockets.js";
import { startTestServer, type TestServer } from "../test/test-server.js";

let server: TestServer;
let alice: BuiltUser;
let bob: BuiltUser;
let admin: BuiltUser;
let alicesRoomId: string;
let bobsRoomId: string;
let taskId: string;
const sockets: Socket[] = [];

const join = (socket: Socket, body: object) => socket.emitWithAck("join", body) as Promise<{ ok?: true; error?: { code: string } }>;

beforeAll(async () => {
  server = await startTestServer();
  let nova: BuiltUser;
  [alice, bob, nova, admin] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server), buildAdmin(server)]);
  const profile = await nova.agent
    .post("/api/freelancers")
    .send({ title: "AI Bot Developer", bio: "Bots", hourlyRate: 50, skills: ["OpenAI GPT"], domains: ["Mobile Apps"] })
    .expect(201);
  alicesRoomId = (await alice.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
  bobsRoomId = (await bob.agent.post("/api/chat/rooms").send({ freelancerId: profile.body.id }).expect(201)).body.roomId;
  const job = await buildJob(bob);
  taskId = (await bob.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201)).body.stories[0].tasks[0].id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe("an admin's socket after the admin is demoted", () => {
  it("[rights-7] joins by the user as they are now: another user's room and task are refused, and the sweep closes the socket", async () => {
    const socket = await openSocket(server.url, await sessionCookie(server.url, admin));
    sockets.push(socket);
    // As an admin, the socket may join any room.
    expect(await join(socket, { roomId: alicesRoomId })).toEqual({ ok: true });

    // Straight in the database, not through the admin route (which also ends the user's sockets): nothing tells
    // the socket, which stays open.
    await server.services.db("users").where({ id: admin.user.id }).update({ user_type: "client", role_type: "job_poster" });

    expect((await join(socket, { roomId: bobsRoomId })).error?.code).toBe("NOT_ROOM_MEMBER");
    expect((await join(socket, { taskId })).error?.code).toBe("COMMUNICATION_DENIED");
    expect(socket.connected).toBe(true);

    // The room joined while an admin was allowed by rights the user no longer has: the sweep ends that socket.
    const closed = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));
    expect(await server.sweepSessions()).toBe(1);
    await closed;
  });

  it("still joins what the user's rights allow now, and a socket whose user kept their rights survives the sweep", async () => {
    const socket = await openSocket(server.url, await sessionCookie(server.url, bob));
    sockets.push(socket);
    expect(await join(socket, { roomId: bobsRoomId })).toEqual({ ok: true });
    expect(await join(socket, { taskId })).toEqual({ ok: true });
    expect(await server.sweepSessions()).toBe(0);
    expect(socket.connected).toBe(true);
  });
});
