import { afterAll, beforeAll, describe, expect, it } from "vitest";
import supertest from "supertest";
import { buildAdmin, buildClient, DEFAULT_PASSWORD } from "../../test/factories.js";
import { startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url });
});
afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

const signup = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2, 10)}@example.test`,
  password: "abcdef",
  firstName: "Ada",
  lastName: "Lovelace",
  userType: "client",
  ...overrides,
});

/** The link of the next reset email to this address, as the recipient's mail client receives it. */
const latestResetLink = (email: string) => mail.resetLink(email);

describe("signup", () => {
  it("creates a client with role job_poster and signs them in", async () => {
    const agent = server.agent();
    const body = signup();
    const res = await agent.post("/api/auth/signup").send(body).expect(201);
    expect(res.body.user).toMatchObject({ email: body.email, userType: "client", roleType: "job_poster", isAdmin: false });
    expect(res.body.user.passwordHash).toBeUndefined();
    const me = await agent.get("/api/auth/me").expect(200);
    expect(me.body.user.id).toBe(res.body.user.id);
  });

  it("gives freelancers role freelancer", async () => {
    const res = await server
      .agent()
      .post("/api/auth/signup")
      .send(signup({ userType: "freelancer" }))
      .expect(201);
    expect(res.body.user).toMatchObject({ userType: "freelancer", roleType: "freelancer" });
  });

  it("never makes an admin", async () => {
    const res = await server
      .agent()
      .post("/api/auth/signup")
      .send(signup({ userType: "admin" }))
      .expect(400);
    expect(res.body.error.code).toBe("VALIDATION");
    expect(res.body.error.fields.userType).toBeTruthy();
  });

  it("refuses a password shorter than 6 characters with WEAK_PASSWORD", async () => {
    const body = signup({ password: "abcde" });
    const res = await server.agent().post("/api/auth/signup").send(body).expect(400);
    expect(res.body.error).toMatchObject({ code: "WEAK_PASSWORD", message: "Password must be at least 6 characters" });
    expect(await server.services.db("users").where({ email: body.email }).first()).toBeUndefined();
  });

  it("requires every field and names the missing ones", async () => {
    const res = await server.agent().post("/api/auth/signup").send({ email: "x@example.test" }).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["password", "firstName", "lastName", "userType"]));
  });

  it("answers EMAIL_TAKEN for a registered email, whatever its case", async () => {
    const body = signup();
    await server.agent().post("/api/auth/signup").send(body).expect(201);
    const res = await server
      .agent()
      .post("/api/auth/signup")
      .send({ ...body, email: body.email.toUpperCase() })
      .expect(409);
    expect(res.body.error.code).toBe("EMAIL_TAKEN");
  });

  it("creates one account when the same email signs up twice at once", async () => {
    const body = signup();
    const results = await Promise.all([1, 2, 3].map(() => server.agent().post("/api/auth/signup").send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const [{ count }] = (await server.services.db("users").where({ email: body.email }).count({ count: "*" })) as [{ count: number }];
    expect(Number(count)).toBe(1);
  });
});

describe("login and logout", () => {
  it("signs in with the right pair and rotates the session id", async () => {
    const { user } = await buildClient(server);
    const agent = server.agent();
    const before = await agent.get("/api/auth/me");
    expect(before.status).toBe(401);
    const first = await agent.post("/api/auth/login").send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
    const cookieA = String(first.headers["set-cookie"]);
    const second = await agent.post("/api/auth/login").send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
    const cookieB = String(second.headers["set-cookie"]);
    expect(cookieA).toMatch(/forgehire\.sid=.+HttpOnly/i);
    expect(cookieA).toMatch(/SameSite=Lax/i);
    expect(cookieB.split(";")[0]).not.toBe(cookieA.split(";")[0]);
  });

  it("ends the session a second login replaces, and deletes no session on a first login (goal 6: nothing slow on the path)", async () => {
    const { user } = await buildClient(server);
    const statements: string[] = [];
    const listener = (query: { sql: string }) => statements.push(query.sql);
    server.services.db.on("query", listener);
    const first = await server.agent().post("/api/auth/login").send({ email: user.email, password: DEFAULT_PASSWORD }).expect(200);
    server.services.db.off("query", listener);
    expect(statements.filter((sql) => /^delete from "sessions"/i.test(sql))).toEqual([]);

    const oldCookie = String(first.headers["set-cookie"]).split(";")[0]!;
    const second = await supertest(server.url)
      .post("/api/auth/login")
      .set("Cookie", oldCookie)
      .send({ email: user.email, password: DEFAULT_PASSWORD })
      .expect(200);
    const newCookie = String(second.headers["set-cookie"]).split(";")[0]!;
    expect(newCookie).not.toBe(oldCookie);
    await supertest(server.url).get("/api/auth/me").set("Cookie", oldCookie).expect(401);
    await supertest(server.url).get("/api/auth/me").set("Cookie", newCookie).expect(200);
  });

  it("refuses a wrong password and an unknown email with the same INVALID_CREDENTIALS", async () => {
    const { user } = await buildClient(server);
    const wrong = await server.agent().post("/api/auth/login").send({ email: user.email, password: "nope-nope" }).expect(401);
    const unknown = await server.agent().post("/api/auth/login").send({ email: "ghost@example.test", password: "nope-nope" }).expect(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toMatchObject({ code: "INVALID_CREDENTIALS", message: "Invalid email or password. Please try again." });
  });

  it("needs an email and a password", async () => {
    const res = await server.agent().post("/api/auth/login").send({ email: "" }).expect(400);
    expect(res.body.error.fields).toHaveProperty("password");
  });

  it("ends the session at logout, server side", async () => {
    const { agent } = await buildClient(server);
    const sessionsBefore = await server.services.db("sessions").count({ n: "*" });
    await agent.post("/api/auth/logout").expect(204);
    await agent.get("/api/auth/me").expect(401);
    const sessionsAfter = await server.services.db("sessions").count({ n: "*" });
    expect(Number(sessionsAfter[0]?.n)).toBe(Number(sessionsBefore[0]?.n) - 1);
  });
});

describe("password recovery", () => {
  it("answers 202 whether or not the account exists, and mails only real accounts", async () => {
    const { user } = await buildClient(server);
    await server.agent().post("/api/auth/recover").send({ email: user.email }).expect(202);
    await server.agent().post("/api/auth/recover").send({ email: "nobody@example.test" }).expect(202);
    const link = await latestResetLink(user.email);
    await server.services.settle();
    expect(await server.services.db("emails").where({ to_address: "nobody@example.test" }).first()).toBeUndefined();
    expect(mail.messages.filter((m) => m.to.includes("nobody@example.test"))).toEqual([]);
    expect(link).toMatch(/^http:\/\/forgehire\.test\/change-password\?token=/);
  });

  it("stores the token hashed", async () => {
    const { user } = await buildClient(server);
    await server.agent().post("/api/auth/recover").send({ email: user.email }).expect(202);
    const token = new URL(await latestResetLink(user.email)).searchParams.get("token")!;
    const rows = (await server.services.db("password_reset_tokens").where({ user_id: user.id })) as Array<{ token_hash: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it("resets the password once, then the link is spent, and other sessions end", async () => {
    const { user, agent: otherDevice } = await buildClient(server);
    await server.agent().post("/api/auth/recover").send({ email: user.email }).expect(202);
    const token = new URL(await latestResetLink(user.email)).searchParams.get("token")!;
    await server.agent().get(`/api/auth/reset/${token}`).expect(200, { valid: true });

    await server.agent().post("/api/auth/reset").send({ token, password: "brand-new-pass" }).expect(204);
    await otherDevice.get("/api/auth/me").expect(401);
    await server.agent().post("/api/auth/login").send({ email: user.email, password: DEFAULT_PASSWORD }).expect(401);
    await server.agent().post("/api/auth/login").send({ email: user.email, password: "brand-new-pass" }).expect(200);

    const again = await server.agent().post("/api/auth/reset").send({ token, password: "another-pass" }).expect(400);
    expect(again.body.error).toMatchObject({
      code: "INVALID_RESET_TOKEN",
      message: "Invalid or expired recovery link. Please request a new one.",
    });
    await server.agent().get(`/api/auth/reset/${token}`).expect(400);
  });

  it("refuses a token older than one hour", async () => {
    const { user } = await buildClient(server);
    await server.agent().post("/api/auth/recover").send({ email: user.email }).expect(202);
    const token = new URL(await latestResetLink(user.email)).searchParams.get("token")!;
    await server.services
      .db("password_reset_tokens")
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    await server.agent().get(`/api/auth/reset/${token}`).expect(400);
    await server.agent().post("/api/auth/reset").send({ token, password: "brand-new-pass" }).expect(400);
  });

  it("refuses an unknown token", async () => {
    const res = await server.agent().post("/api/auth/reset").send({ token: "made-up", password: "brand-new-pass" }).expect(400);
    expect(res.body.error.code).toBe("INVALID_RESET_TOKEN");
  });
});

describe("password change and profile", () => {
  it("changes the password after checking the current one", async () => {
    const { user, agent } = await buildClient(server);
    const wrong = await agent.put("/api/auth/password").send({ currentPassword: "wrong-one", password: "next-pass" }).expect(400);
    expect(wrong.body.error.code).toBe("WRONG_CURRENT_PASSWORD");
    await agent.put("/api/auth/password").send({ currentPassword: DEFAULT_PASSWORD, password: "next-pass" }).expect(204);
    await agent.get("/api/auth/me").expect(200);
    await server.agent().post("/api/auth/login").send({ email: user.email, password: "next-pass" }).expect(200);
  });

  it("refuses a short new password", async () => {
    const { agent } = await buildClient(server);
    const res = await agent.put("/api/auth/password").send({ currentPassword: DEFAULT_PASSWORD, password: "123" }).expect(400);
    expect(res.body.error.code).toBe("WEAK_PASSWORD");
  });

  it("updates names but never the email", async () => {
    const { user, agent } = await buildClient(server);
    const res = await agent.patch("/api/profile").send({ firstName: "Grace", lastName: "Hopper" }).expect(200);
    expect(res.body.user).toMatchObject({ firstName: "Grace", lastName: "Hopper", email: user.email });
    const withEmail = await agent.patch("/api/profile").send({ firstName: "G", lastName: "H", email: "x@example.test" }).expect(400);
    expect(withEmail.body.error.code).toBe("VALIDATION");
    const row = await server.services.db("users").where({ id: user.id }).first();
    expect(row.email).toBe(user.email);
  });

  it("needs a session", async () => {
    await server.agent().patch("/api/profile").send({ firstName: "A", lastName: "B" }).expect(401);
    await server.agent().put("/api/auth/password").send({ currentPassword: "a", password: "bcdefg" }).expect(401);
  });
});

describe("request hygiene", () => {
  it("answers malformed JSON with 400 in the error shape", async () => {
    const res = await server.agent().post("/api/auth/login").set("Content-Type", "application/json").send("{oops").expect(400);
    expect(res.body.error.code).toBe("MALFORMED_JSON");
  });

  it("answers wrong types with 400", async () => {
    const res = await server
      .agent()
      .post("/api/auth/login")
      .send({ email: 42, password: ["x"] })
      .expect(400);
    expect(res.body.error.code).toBe("VALIDATION");
  });

  it("answers an oversized body with 413", async () => {
    const res = await server
      .agent()
      .post("/api/auth/login")
      .send({ email: "a@b.c", password: "x".repeat(2_000_000) })
      .expect(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a cross-site write with 403 CSRF and changes nothing", async () => {
    const { user, agent } = await buildClient(server);
    const res = await agent.patch("/api/profile").set("Origin", "https://evil.example").send({ firstName: "Evil", lastName: "Corp" }).expect(403);
    expect(res.body.error.code).toBe("CSRF");
    await agent.patch("/api/profile").set("Sec-Fetch-Site", "cross-site").send({ firstName: "Evil", lastName: "Corp" }).expect(403);
    const row = await server.services.db("users").where({ id: user.id }).first();
    expect(row.first_name).toBe("Test");
  });

  it("accepts writes from the public origin", async () => {
    const { agent } = await buildClient(server);
    await agent.patch("/api/profile").set("Origin", "http://forgehire.test").send({ firstName: "Ok", lastName: "Fine" }).expect(200);
  });

  it("answers unknown API paths with 404 in the error shape", async () => {
    const res = await server.agent().get("/api/nothing-here").expect(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });

  it("tags every answer with a request id", async () => {
    const res = await server.agent().get("/healthz").expect(200, { ok: true });
    expect(res.headers["x-request-id"]).toMatch(/[\w-]+/);
  });

  it("is ready when the database answers and migrations are current", async () => {
    const res = await server.agent().get("/readyz").expect(200);
    expect(res.body.ok).toBe(true);
  });
});

describe("admin users", () => {
  it("lists users for admins with Content-Range, sort, range and q", async () => {
    const { agent } = await buildAdmin(server);
    await buildClient(server, { email: "zeta-person@example.test", firstName: "Zeta" });
    const res = await agent
      .get("/api/admin/users")
      .query({ sort: JSON.stringify(["email", "ASC"]), range: JSON.stringify([0, 1]), filter: JSON.stringify({ q: "zeta" }) })
      .expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ email: "zeta-person@example.test" });
    expect(res.headers["content-range"]).toBe("users 0-0/1");
    expect(res.headers["access-control-expose-headers"]).toMatch(/Content-Range/);

    const page = await agent
      .get("/api/admin/users")
      .query({ range: JSON.stringify([0, 1]) })
      .expect(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers["content-range"]).toMatch(/^users 0-1\/\d+$/);
  });

  it("refuses non-admins with 403 and signed-out visitors with 401", async () => {
    const { agent } = await buildClient(server);
    const res = await agent.get("/api/admin/users").expect(403);
    expect(res.body.error.code).toBe("ADMIN_ONLY");
    await server.agent().get("/api/admin/users").expect(401);
  });

  it("answers a bad sort or range with 400, not 500", async () => {
    const { agent } = await buildAdmin(server);
    await agent.get("/api/admin/users").query({ sort: "not-json" }).expect(400);
    await agent
      .get("/api/admin/users")
      .query({ sort: JSON.stringify(["password_hash", "ASC"]) })
      .expect(400);
    await agent
      .get("/api/admin/users")
      .query({ range: JSON.stringify([5, 1]) })
      .expect(400);
  });
});
