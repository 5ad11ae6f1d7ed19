import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { setUserDisabled, updateUserByAdmin } from "@forgehire/services";
import { recordReliability, startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { buildAdmin, buildClient, buildFreelancer, DEFAULT_PASSWORD, type BuiltUser } from "../../test/factories.js";
import { openSocket, sessionCookie } from "../../test/sockets.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let mail: MailCatcher;
let admin: BuiltUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
  admin = await buildAdmin(server);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
  await mail?.close();
});

const actorOf = (built: BuiltUser) => ({ id: built.user.id, userType: built.user.userType, roleType: built.user.roleType });
const sessionsOf = (userId: string) => server.services.db("sessions").whereRaw("sess->'passport'->>'user' = ?", [userId]);
const me = (cookie: string) => fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
/** The session id a signed cookie names (`forgehire.sid=s:<sid>.<signature>`). */
const sidOf = (cookie: string) => /forgehire\.sid=s%3A([^.;]+)\./.exec(cookie)![1]!;
const sessionRow = (sid: string) => server.services.db("sessions").where({ sid }).first() as Promise<Record<string, unknown> | undefined>;

/** A live session of the user (another device): its cookie and a socket opened with it. */
async function device(user: BuiltUser) {
  const cookie = await sessionCookie(server.url, user);
  const socket = await openSocket(server.url, cookie);
  sockets.push(socket);
  return { cookie, socket };
}

/** Resolves with the reason when the server closes the socket, or "still open" after 5 s. */
const closedByServer = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) resolve("already");
    const timer = setTimeout(() => resolve("still open"), 5000);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe("a change of type ends the account's sessions and sockets", () => {
  it("[rights-1] an admin demoted to client in the back office loses every session and socket at once", async () => {
    const demoted = await buildAdmin(server);
    const first = await device(demoted);
    const second = await device(demoted);
    const closed = Promise.all([closedByServer(first.socket), closedByServer(second.socket)]);

    const res = await admin.agent.put(`/api/admin/users/${demoted.user.id}`).send({ userType: "client" }).expect(200);
    expect(res.body).toMatchObject({ id: demoted.user.id, userType: "client", roleType: "job_poster" });

    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    expect((await me(first.cookie)).status).toBe(401);
    expect((await me(second.cookie)).status).toBe(401);
    await demoted.agent.get("/api/admin/users").expect(401);
    expect(await sessionsOf(demoted.user.id)).toEqual([]);
    await expect(openSocket(server.url, first.cookie)).rejects.toThrow("UNAUTHENTICATED");
    // Signing in again gives the account's new rights, nothing more.
    const again = await sessionCookie(server.url, demoted);
    expect((await (await me(again)).json()) as unknown).toMatchObject({ user: { id: demoted.user.id, isAdmin: false } });
  });

  it("[rights-1] any type change does it, through the use case the CLI's users:set-type calls; a name change does not", async () => {
    const user = await buildClient(server);
    const { cookie, socket } = await device(user);
    await updateUserByAdmin(server.services, actorOf(admin), user.user.id, { firstName: "Renamed" });
    expect((await me(cookie)).status).toBe(200);
    expect(socket.connected).toBe(true);

    const closed = closedByServer(socket);
    await updateUserByAdmin(server.services, actorOf(admin), user.user.id, { userType: "freelancer" });
    expect(await closed).toBe("io server disconnect");
    expect((await me(cookie)).status).toBe(401);
    await user.agent.get("/api/auth/me").expect(401);
    expect(await sessionsOf(user.user.id)).toEqual([]);
  });

  it("[rights-1] a type change committed by another process (the CLI) closes the account's sockets at this server's sweep", async () => {
    const user = await buildClient(server);
    const { cookie, socket } = await device(user);
    const live = await device(await buildClient(server));
    const closed = closedByServer(socket);
    // The CLI's process has no socket server: its disconnect reaches nobody, and the sweep must find the session dead.
    const cli = {
      ...server.services,
      realtime: Object.create(server.services.realtime, { disconnect: { value: () => undefined } }) as typeof server.services.realtime,
    };
    await updateUserByAdmin(cli, actorOf(admin), user.user.id, { userType: "freelancer" });
    expect(socket.connected).toBe(true);
    expect(await server.sweepSessions()).toBe(1);
    expect(await closed).toBe("io server disconnect");
    expect(live.socket.connected).toBe(true);
    expect((await me(cookie)).status).toBe(401);
  });

  it("[rights-1] a refused change (the last admin's demotion) ends nothing", async () => {
    // Only this admin stays enabled in this test's view of the rule: every other admin is disabled for a moment.
    const others = await server.services.db("users").where({ user_type: "admin" }).whereNot({ id: admin.user.id }).where({ disabled: false }).pluck("id");
    await server.services.db("users").whereIn("id", others).update({ disabled: true });
    try {
      const { cookie } = await device(admin);
      await admin.agent.put(`/api/admin/users/${admin.user.id}`).send({ userType: "client" }).expect(409);
      expect((await me(cookie)).status).toBe(200);
    } finally {
      await server.services.db("users").whereIn("id", others).update({ disabled: false });
    }
  });
});

describe("a disabled account is refused by the session's own read", () => {
  it("[rights-2] a session stored while the disable ran never signs in, not even once the account is enabled again", async () => {
    const user = await buildFreelancer(server);
    // The login reads the account, then spends its time on the password hash: the disable runs and commits in that
    // gap, so the login's session is stored after the disable deleted the account's sessions.
    let disabling: Promise<unknown> | undefined;
    const onQuery = (query: { sql: string; bindings?: unknown[] }) => {
      if (!disabling && /from "users"/.test(query.sql) && query.bindings?.includes(user.user.email)) {
        disabling = setUserDisabled(server.services, actorOf(admin), user.user.id, true);
      }
    };
    server.services.db.on("query", onQuery);
    let cookie: string;
    try {
      cookie = await sessionCookie(server.url, user);
    } finally {
      server.services.db.off("query", onQuery);
    }
    expect(disabling).toBeDefined();
    await disabling;
    // The late session is in the store: exactly the race.
    const sid = sidOf(cookie);
    expect(await sessionRow(sid)).toBeDefined();

    // Enabled again before that session was ever used: it still signs nobody in, on a request or a socket.
    await setUserDisabled(server.services, actorOf(admin), user.user.id, false);
    await expect(openSocket(server.url, cookie)).rejects.toThrow("UNAUTHENTICATED");
    expect((await me(cookie)).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
    // The account itself signs in again.
    expect((await me(await sessionCookie(server.url, user))).status).toBe(200);
  });

  it("[rights-2] a session row written back after the disable (a request in flight) is refused once the account is enabled again", async () => {
    const user = await buildClient(server);
    const cookie = await sessionCookie(server.url, user);
    const sid = sidOf(cookie);
    const stored = await sessionRow(sid);
    await setUserDisabled(server.services, actorOf(admin), user.user.id, true);
    // What a store write landing after the disable's delete leaves: the same row again.
    await server.services.db("sessions").insert(stored!);
    await setUserDisabled(server.services, actorOf(admin), user.user.id, false);

    await expect(openSocket(server.url, cookie)).rejects.toThrow("UNAUTHENTICATED");
    expect((await me(cookie)).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
  });

  it("[rights-2] a disabled account's request is signed out and its session deleted by that request's read", async () => {
    const user = await buildClient(server);
    const cookie = await sessionCookie(server.url, user);
    const sid = sidOf(cookie);
    // Behind the use case's back (another tool, a restore): only the read can catch it.
    await server.services.db("users").where({ id: user.user.id }).update({ disabled: true });
    expect((await me(cookie)).status).toBe(401);
    expect(await sessionRow(sid)).toBeUndefined();
    await server.services.db("users").where({ id: user.user.id }).update({ disabled: false });
    expect((await me(cookie)).status).toBe(401);
  });

  it("[rights-2] a socket's handshake is refused the same way, and its session deleted", async () => {
    const user = await buildClient(server);
    const cookie = await sessionCookie(server.url, user);
    const sid = sidOf(cookie);
    await server.services.db("users").where({ id: user.user.id }).update({ disabled: true });
    await expect(openSocket(server.url, cookie)).rejects.toThrow("UNAUTHENTICATED");
    expect(await sessionRow(sid)).toBeUndefined();
  });
});

describe("a reset or a password change revokes the other reset links", () => {
  /** Asks for n reset links in turn and reads each from the mail. */
  async function resetLinks(user: BuiltUser, n: number): Promise<string[]> {
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) {
      await server.agent().post("/api/auth/recover").send({ email: user.user.email }).expect(202);
      tokens.push(new URL(await mail.resetLink(user.user.email)).searchParams.get("token")!);
    }
    return tokens;
  }
  const alive = async (tokens: string[]) => {
    const answers = await Promise.all(tokens.map((token) => server.agent().get(`/api/auth/reset/${token}`)));
    return answers.filter((res) => res.status === 200).length;
  };

  it("[rights-3] a reset with one link spends every other outstanding link of that user", async () => {
    const user = await buildClient(server);
    const bystander = await buildClient(server);
    const [older, used, newer] = await resetLinks(user, 3);
    const [theirs] = await resetLinks(bystander, 1);
    // A new request leaves the older links usable: the account's owner may open any mail they received.
    expect(await alive([older!, used!, newer!])).toBe(3);

    await server.agent().post("/api/auth/reset").send({ token: used, password: "reset-pass-1" }).expect(204);
    const left = await alive([older!, newer!]);
    recordReliability({ id: "rights-3", metric: "reset links alive after a reset", value: left, unit: "links" });
    expect(left).toBe(0);
    for (const token of [older, newer]) {
      const res = await server.agent().post("/api/auth/reset").send({ token, password: "stolen-pass" }).expect(400);
      expect(res.body.error.code).toBe("INVALID_RESET_TOKEN");
    }
    await server.agent().post("/api/auth/login").send({ email: user.user.email, password: "reset-pass-1" }).expect(200);
    // Another account's link is not touched.
    expect(await alive([theirs!])).toBe(1);
  });

  it("[rights-3] a password change spends every outstanding link of that user", async () => {
    const user = await buildClient(server);
    const tokens = await resetLinks(user, 2);
    await user.agent
      .put("/api/auth/password")
      .send({ currentPassword: DEFAULT_PASSWORD, password: "changed-pass", confirmPassword: "changed-pass" })
      .expect(204);
    const left = await alive(tokens);
    recordReliability({ id: "rights-3", metric: "reset links alive after a reset", value: left, unit: "links" });
    expect(left).toBe(0);
    await server.agent().post("/api/auth/reset").send({ token: tokens[0], password: "stolen-pass" }).expect(400);
    await server.agent().post("/api/auth/login").send({ email: user.user.email, password: "changed-pass" }).expect(200);
  });
});
