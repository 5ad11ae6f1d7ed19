import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { setUserDisabled } from "@forgehire/services";
import { buildAdmin, buildClient, buildFreelancer, DEFAULT_PASSWORD, type BuiltUser } from "../../test/factories.js";
import { startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { openSocket, sessionCookie } from "../../test/sockets.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let mail: MailCatcher;
const sockets: Socket[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
  await mail?.close();
});

const actorOf = (built: BuiltUser) => ({ id: built.user.id, userType: built.user.userType, roleType: built.user.roleType });

async function open(cookie: string): Promise<Socket> {
  const socket = await openSocket(server.url, cookie);
  sockets.push(socket);
  return socket;
}

/** Resolves when the server closes the socket (not when the test does). */
const closedByServer = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) resolve("already");
    socket.once("disconnect", (reason) => resolve(reason));
  });

/** A second live session (another device) of the same user: its cookie and a socket opened with it. */
async function device(user: BuiltUser) {
  const cookie = await sessionCookie(server.url, user);
  return { cookie, socket: await open(cookie) };
}

/** Proves a socket still hears its user's news: a chat:read published to the user arrives on it. */
async function stillListening(socket: Socket, userId: string) {
  const heard = new Promise((resolve) => socket.once("chat:read", resolve));
  server.services.realtime.publish(`user:${userId}`, "chat:read", { roomId: "probe" });
  await heard;
  expect(socket.connected).toBe(true);
}

describe("sockets end with their session", () => {
  it("[session-1] logout disconnects the sockets of that session only, and the closed socket hears nothing more", async () => {
    const user = await buildClient(server);
    const leaving = await device(user);
    const staying = await device(user);
    const closed = closedByServer(leaving.socket);
    const heardAfter: unknown[] = [];
    leaving.socket.on("chat:read", (payload) => heardAfter.push(payload));

    await fetch(`${server.url}/api/auth/logout`, { method: "POST", headers: { cookie: leaving.cookie } });
    expect(await closed).toBe("io server disconnect");
    await stillListening(staying.socket, user.user.id);
    expect(heardAfter).toEqual([]);
  });

  it("[session-1] a password change disconnects the sockets of the user's other sessions, not the current one", async () => {
    const user = await buildClient(server);
    const current = await device(user);
    const other = await device(user);
    const closed = closedByServer(other.socket);
    const res = await fetch(`${server.url}/api/auth/password`, {
      method: "PUT",
      headers: { cookie: current.cookie, "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: DEFAULT_PASSWORD, password: "changed-pass", confirmPassword: "changed-pass" }),
    });
    expect(res.status).toBe(204);
    expect(await closed).toBe("io server disconnect");
    await stillListening(current.socket, user.user.id);
  });

  it("[session-1] a password reset disconnects every socket of the user's sessions", async () => {
    const user = await buildClient(server);
    const other = await device(user);
    const closed = closedByServer(other.socket);
    await server.agent().post("/api/auth/recover").send({ email: user.user.email }).expect(202);
    const token = new URL(await mail.resetLink(user.user.email)).searchParams.get("token");
    await server.agent().post("/api/auth/reset").send({ token, password: "reset-pass-1" }).expect(204);
    expect(await closed).toBe("io server disconnect");
  });

  it("[session-1] disabling an account disconnects all its sockets at once", async () => {
    const admin = await buildAdmin(server);
    const user = await buildFreelancer(server);
    const first = await device(user);
    const second = await device(user);
    const closed = Promise.all([closedByServer(first.socket), closedByServer(second.socket)]);
    await setUserDisabled(server.services, actorOf(admin), user.user.id, true);
    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    // And the cookie no longer opens a socket.
    await expect(openSocket(server.url, first.cookie)).rejects.toThrow("UNAUTHENTICATED");
  });
});

describe("sockets of sessions ended elsewhere", () => {
  it("[session-1] the sweep closes sockets whose session expired, was deleted, or whose account was disabled by another process, and leaves live ones", async () => {
    const [expiring, deleted, disabled, live] = await Promise.all([buildClient(server), buildClient(server), buildClient(server), buildClient(server)]);
    const sockets = await Promise.all([device(expiring), device(deleted), device(disabled), device(live)]);
    const closed = Promise.all(sockets.slice(0, 3).map((d) => closedByServer(d.socket)));
    const sessionsOf = (user: BuiltUser) => server.services.db("sessions").whereRaw("sess->'passport'->>'user' = ?", [user.user.id]);
    await sessionsOf(expiring).update({ expired: new Date(Date.now() - 1000) });
    await sessionsOf(deleted).delete();
    // What the CLI does on another process: no socket server there to close anything.
    await server.services.db("users").where({ id: disabled.user.id }).update({ disabled: true });

    expect(await server.sweepSessions()).toBe(3);
    expect(await closed).toEqual(["io server disconnect", "io server disconnect", "io server disconnect"]);
    await stillListening(sockets[3]!.socket, live.user.id);
  });
});

describe("joining after the session ended", () => {
  it("[session-1] a socket whose session was ended elsewhere is refused its next join and closed", async () => {
    const user = await buildClient(server);
    const { socket } = await device(user);
    const closed = closedByServer(socket);
    await server.services.db("sessions").whereRaw("sess->'passport'->>'user' = ?", [user.user.id]).delete();
    const answer = (await socket.emitWithAck("join", { roomId: "any-room" })) as { error?: { code: string } };
    expect(answer.error?.code).toBe("UNAUTHENTICATED");
    expect(await closed).toBe("io server disconnect");
  });
});

describe("disabling an account", () => {
  it("refuses the login with 403 ACCOUNT_DISABLED and the existing session with 401; enabling again lets them in", async () => {
    const admin = await buildAdmin(server);
    const user = await buildClient(server);
    await user.agent.get("/api/auth/me").expect(200);

    const disabled = await setUserDisabled(server.services, actorOf(admin), user.user.id, true);
    expect(disabled.disabled).toBe(true);
    const me = await user.agent.get("/api/auth/me").expect(401);
    expect(me.body.error.code).toBe("UNAUTHENTICATED");
    const login = await server.agent().post("/api/auth/login").send({ email: user.user.email, password: DEFAULT_PASSWORD }).expect(403);
    expect(login.body.error).toMatchObject({ code: "ACCOUNT_DISABLED", title: "Account Disabled" });
    // A wrong password still says only that the credentials are wrong.
    const wrong = await server.agent().post("/api/auth/login").send({ email: user.user.email, password: "not-it" }).expect(401);
    expect(wrong.body.error.code).toBe("INVALID_CREDENTIALS");
    expect(await server.services.db("sessions").whereRaw("sess->'passport'->>'user' = ?", [user.user.id])).toEqual([]);

    const enabled = await setUserDisabled(server.services, actorOf(admin), user.user.id, false);
    expect(enabled.disabled).toBe(false);
    const again = await server.agent().post("/api/auth/login").send({ email: user.user.email, password: DEFAULT_PASSWORD }).expect(200);
    expect(again.body.user).toMatchObject({ id: user.user.id, disabled: false });
  });

  it("refuses a session whose user was disabled behind the use case's back on its next request", async () => {
    const user = await buildClient(server);
    await server.services.db("users").where({ id: user.user.id }).update({ disabled: true });
    await user.agent.get("/api/auth/me").expect(401);
  });

  it("is for admins only", async () => {
    const client = await buildClient(server);
    const other = await buildClient(server);
    await expect(setUserDisabled(server.services, actorOf(client), other.user.id, true)).rejects.toMatchObject({ code: "ADMIN_ONLY" });
    await other.agent.get("/api/auth/me").expect(200);
  });

  it("refuses an admin disabling themselves, and an unknown user", async () => {
    const admin = await buildAdmin(server);
    await expect(setUserDisabled(server.services, actorOf(admin), admin.user.id, true)).rejects.toMatchObject({
      code: "CANNOT_DISABLE_SELF",
      kind: "conflict",
    });
    await expect(setUserDisabled(server.services, actorOf(admin), "00000000-0000-4000-8000-000000000000", true)).rejects.toMatchObject({
      code: "USER_NOT_FOUND",
    });
    await expect(setUserDisabled(server.services, actorOf(admin), "not-a-uuid", true)).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
  });

  it("refuses disabling the last enabled admin, even when two admins disable each other at once", async () => {
    // Only these two admins stay enabled in this database.
    await server.services.db("users").where({ user_type: "admin" }).orWhere({ role_type: "admin" }).update({ disabled: true });
    const first = await buildAdmin(server);
    const second = await buildAdmin(server);
    const outcomes = await Promise.allSettled([
      setUserDisabled(server.services, actorOf(first), second.user.id, true),
      setUserDisabled(server.services, actorOf(second), first.user.id, true),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect(refused?.reason).toMatchObject({ code: "LAST_ADMIN", kind: "conflict" });
    const enabled = await server.services.db("users").whereIn("id", [first.user.id, second.user.id]).where({ disabled: false });
    expect(enabled).toHaveLength(1);
  });
});

describe("the session's cost per request (issue 13)", () => {
  it("reads the session and its user in one statement, without the password hash, and leaves the row alone within a minute", async () => {
    const client = await buildClient(server);
    const cookie = await sessionCookie(server.url, client);
    const seen: string[] = [];
    const listener = (query: { sql: string }) => seen.push(query.sql);
    server.services.db.on("query", listener);
    try {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
        expect(((await response.json()) as { user: { id: string } }).user.id).toBe(client.user.id);
      }
    } finally {
      server.services.db.off("query", listener);
    }
    // One read per request; the row's expiry was written at sign-in, less than a minute ago: no touch.
    expect(seen).toHaveLength(3);
    expect(seen.join("\n")).not.toMatch(/password_hash/);
    expect(seen.join("\n")).not.toMatch(/update "sessions"/);
  });

  it("still signs out a disabled user's session on its next request", async () => {
    const admin = await buildAdmin(server);
    const client = await buildClient(server);
    const cookie = await sessionCookie(server.url, client);
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    await setUserDisabled(server.services, actorOf(admin), client.user.id, true);
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });
});
