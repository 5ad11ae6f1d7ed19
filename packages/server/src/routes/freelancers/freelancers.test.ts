import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildFreelancer, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
// A zip: named .pdf it must still be refused.
const zip = Buffer.from(
  "UEsDBBQAAAAAAMRIdl2sKpPYAgAAAAIAAAAJAAAAaGVsbG8udHh0aGlQSwECFAMUAAAAAADESHZdrCqT2AIAAAACAAAACQAAAAAAAAAAAAAAgAEAAAAAaGVsbG8udHh0UEsFBgAAAAABAAEANwAAACkAAAAAAA==",
  "base64",
);

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  title: "AI Bot Developer",
  bio: "I build conversational agents and retrieval pipelines for support teams.",
  hourlyRate: 80,
  skills: ["OpenAI GPT", "LangChain"],
  domains: ["Chatbots & Conversational AI"],
  ...overrides,
});

let server: TestServer;
let nova: BuiltUser;
let alice: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [nova, alice] = await Promise.all([buildFreelancer(server, { firstName: "Nova", lastName: "Quill" }), buildClient(server)]);
});
afterAll(async () => {
  await server?.stop();
});

describe("creating a profile", () => {
  it("refuses a client (403) and signed-out visitors (401)", async () => {
    const res = await alice.agent.post("/api/freelancers").send(profileBody()).expect(403);
    expect(res.body.error.code).toBe("FREELANCER_PROFILE_DENIED");
    await server.agent().post("/api/freelancers").send(profileBody()).expect(401);
    expect(await server.services.db("freelancers").where({ user_id: alice.user.id }).first()).toBeUndefined();
  });

  it.each([
    [{ skills: [] }, "skills", "Please select at least one skill"],
    [{ domains: [] }, "domains", "Please select at least one domain"],
    [{ skills: ["OpenAI GPT", "LangChain", "CrewAI", "Whisper"] }, "skills", "You can select up to 3 skills"],
    [{ domains: ["Mobile Apps", "Mobile Apps"] }, "domains", "Each domain can be selected only once"],
    [{ skills: ["Juggling"] }, "skills", "Please choose from the listed skills"],
    [{ hourlyRate: -1 }, "hourlyRate", "Hourly rate must be a number of at least 0"],
  ])("refuses %o with a field error", async (overrides, field, message) => {
    const res = await nova.agent.post("/api/freelancers").send(profileBody(overrides)).expect(400);
    const [key, text] = Object.entries(res.body.error.fields as Record<string, string>)[0]!;
    expect(key.split(".")[0]).toBe(field);
    expect(text).toBe(message);
  });

  it("creates the profile once, with the account's name", async () => {
    const res = await nova.agent.post("/api/freelancers").send(profileBody()).expect(201);
    expect(res.body).toMatchObject({ name: "Nova Quill", title: "AI Bot Developer", hourlyRate: 80, portfolioDocs: [], portfolios: [] });
    const again = await nova.agent.post("/api/freelancers").send(profileBody()).expect(409);
    expect(again.body.error.code).toBe("PROFILE_EXISTS");
    const me = await nova.agent.get("/api/freelancers/me").expect(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it("answers PROFILE_NOT_FOUND for a freelancer without one", async () => {
    const other = await buildFreelancer(server);
    const res = await other.agent.get("/api/freelancers/me").expect(404);
    expect(res.body.error.message).toBe("Could not find your freelancer profile");
  });
});

describe("managing a profile", () => {
  it("edits fields; skills may come comma separated", async () => {
    const res = await nova.agent
      .patch("/api/freelancers/me")
      .send({ bio: "Agents for support desks.", skills: "OpenAI GPT, Whisper", languages: ["English"] })
      .expect(200);
    expect(res.body).toMatchObject({ bio: "Agents for support desks.", skills: ["OpenAI GPT", "Whisper"], languages: ["English"] });
    await nova.agent.patch("/api/freelancers/me").send({ skills: "OpenAI GPT, Nonsense" }).expect(400);
  });

  it("takes a png avatar and refuses other content, whatever its name", async () => {
    const res = await nova.agent.post("/api/freelancers/me/avatar").attach("avatar", png, "me.png").expect(200);
    expect(res.body.avatarUrl).toMatch(/^\/files\//);
    await alice.agent.get(res.body.avatarUrl).expect(200).expect("content-type", "image/png");
    const bad = await nova.agent.post("/api/freelancers/me/avatar").attach("avatar", pdf, "me.png").expect(415);
    expect(bad.body.error.code).toBe("BAD_FILE_TYPE");
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    await nova.agent.post("/api/freelancers/me/avatar").attach("avatar", big, "big.png").expect(413);
  });

  it("keeps at most 3 documents, checked by content: a zip named .pdf is refused", async () => {
    const fake = await nova.agent.post("/api/freelancers/me/documents").attach("document", zip, "cv.pdf").expect(415);
    expect(fake.body.error).toMatchObject({ code: "BAD_FILE_TYPE", message: "Only .pdf, .doc, .docx files are allowed" });
    await nova.agent.post("/api/freelancers/me/documents").attach("document", pdf, "one.pdf").expect(201);
    await nova.agent.post("/api/freelancers/me/documents").attach("document", pdf, "two.pdf").expect(201);
    const third = await nova.agent.post("/api/freelancers/me/documents").attach("document", pdf, "three.pdf").expect(201);
    expect(third.body.portfolioDocs.map((d: { name: string }) => d.name)).toEqual(["one.pdf", "two.pdf", "three.pdf"]);
    const fourth = await nova.agent.post("/api/freelancers/me/documents").attach("document", pdf, "four.pdf").expect(400);
    expect(fourth.body.error).toMatchObject({ code: "TOO_MANY_DOCUMENTS", message: "You can only upload up to 3 documents" });
    expect(await server.services.db("portfolio_documents").count({ n: "*" }).first()).toMatchObject({ n: 3 });

    const docId = third.body.portfolioDocs[0].id;
    const removed = await nova.agent.delete(`/api/freelancers/me/documents/${docId}`).expect(200);
    expect(removed.body.portfolioDocs).toHaveLength(2);
    const again = await nova.agent.delete(`/api/freelancers/me/documents/${docId}`).expect(404);
    expect(again.body.error.message).toBe("Failed to remove document");
  });

  it("adds, edits and removes portfolio cards; another freelancer cannot touch them", async () => {
    const card = (
      await nova.agent
        .post("/api/freelancers/me/portfolios")
        .send({ title: "Support bot", description: "Answers 80% of tickets", projectUrl: "https://example.com/bot" })
        .expect(201)
    ).body;
    expect(card).toMatchObject({ title: "Support bot", imageUrl: null, projectUrl: "https://example.com/bot" });
    await nova.agent.post("/api/freelancers/me/portfolios").send({ title: "x", projectUrl: "javascript:alert(1)" }).expect(400);
    const edited = await nova.agent.patch(`/api/freelancers/me/portfolios/${card.id}`).send({ title: "Support agent" }).expect(200);
    expect(edited.body.title).toBe("Support agent");
    const other = await buildFreelancer(server);
    await other.agent.post("/api/freelancers").send(profileBody()).expect(201);
    await other.agent.delete(`/api/freelancers/me/portfolios/${card.id}`).expect(404);
    const page = await alice.agent.get(`/api/freelancers/${(await nova.agent.get("/api/freelancers/me")).body.id}`).expect(200);
    expect(page.body.portfolios).toEqual([expect.objectContaining({ id: card.id, title: "Support agent" })]);
    await nova.agent.delete(`/api/freelancers/me/portfolios/${card.id}`).expect(204);
  });
});

describe("the directory", () => {
  it("needs a signed-in user", async () => {
    await server.agent().get("/api/freelancers").expect(401);
  });

  it("searches name, title, bio, skills and domains on the server, and pages with X-Total-Count", async () => {
    const all = await alice.agent.get("/api/freelancers").expect(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(Number(all.headers["x-total-count"])).toBe(all.body.length);
    for (const q of ["nova", "bot developer", "support desks", "whisper", "conversational ai"]) {
      const res = await alice.agent.get("/api/freelancers").query({ q }).expect(200);
      expect(
        res.body.map((f: { name: string }) => f.name),
        q,
      ).toContain("Nova Quill");
    }
    const none = await alice.agent.get("/api/freelancers").query({ q: "zzz-nobody" }).expect(200);
    expect(none.body).toEqual([]);
    const first = await alice.agent.get("/api/freelancers").query({ perPage: 1, page: 1 }).expect(200);
    const second = await alice.agent.get("/api/freelancers").query({ perPage: 1, page: 2 }).expect(200);
    expect(first.body).toHaveLength(1);
    expect(second.body[0].id).not.toBe(first.body[0].id);
    expect(first.headers["x-total-count"]).toBe(all.headers["x-total-count"]);
  });

  it("shows a profile change at once despite the cache", async () => {
    await alice.agent.get("/api/freelancers").query({ q: "Nova" }).expect(200);
    await nova.agent.patch("/api/freelancers/me").send({ title: "Voice Agent Builder" }).expect(200);
    const res = await alice.agent.get("/api/freelancers").query({ q: "Nova" }).expect(200);
    expect(res.body[0].title).toBe("Voice Agent Builder");
  });

  it("shows a freelancer's new account name at once, in the directory and on the profile", async () => {
    const before = await alice.agent.get("/api/freelancers").query({ q: "Quill" }).expect(200);
    const id = before.body[0].id as string;
    try {
      await nova.agent.patch("/api/profile").send({ firstName: "Nova", lastName: "Quillon" }).expect(200);
      const listed = await alice.agent.get("/api/freelancers").query({ q: "Quill" }).expect(200);
      expect(listed.body.map((f: { name: string }) => f.name)).toEqual(["Nova Quillon"]);
      expect((await alice.agent.get(`/api/freelancers/${id}`).expect(200)).body.name).toBe("Nova Quillon");
    } finally {
      await nova.agent.patch("/api/profile").send({ firstName: "Nova", lastName: "Quill" }).expect(200);
    }
  });

  it("answers FREELANCER_NOT_FOUND for an unknown or malformed id", async () => {
    const res = await alice.agent.get("/api/freelancers/00000000-0000-4000-8000-000000000000").expect(404);
    expect(res.body.error).toMatchObject({ code: "FREELANCER_NOT_FOUND", message: "Freelancer not found" });
    await alice.agent.get("/api/freelancers/not-an-id").expect(404);
  });
});
