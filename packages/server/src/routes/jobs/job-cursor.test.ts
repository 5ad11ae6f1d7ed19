import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let carol: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  carol = await buildClient(server);
});
afterAll(async () => {
  await server?.stop();
});

interface ListBody {
  items: Array<{ id: number }>;
  total: number;
  page: number;
  perPage: number;
  nextCursor: string | null;
}

/** Live jobs of one owner straight into the table, at the given creation times (several may share one). */
async function insertJobs(owner: BuiltUser, createdAt: string[]): Promise<number[]> {
  const rows = (await server.services
    .db("jobs")
    .insert(
      createdAt.map((time, index) => ({
        title: `Cursor job ${index} ${Math.random()}`,
        description: "A job for the cursor tests.",
        industry: "Others",
        scope: 50,
        budget: 50,
        owner_id: owner.user.id,
        created_at: time,
        updated_at: time,
      })),
    )
    .returning("id")) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

/** Follows nextCursor from page 1 to the end, calling between() after each page. */
async function walk(agent: BuiltUser["agent"], path: string, perPage: number, between: (page: ListBody) => Promise<void> = async () => {}) {
  const pages: ListBody[] = [];
  let cursor: string | null | undefined;
  do {
    const res = await agent
      .get(path)
      .query({ perPage, ...(cursor && { cursor }) })
      .expect(200);
    const body = res.body as ListBody;
    pages.push(body);
    cursor = body.nextCursor;
    await between(body);
  } while (cursor);
  return pages;
}

const ids = (pages: ListBody[]) => pages.flatMap((page) => page.items.map((job) => job.id));

describe("keyset pagination of the job lists (cursor)", () => {
  it("walks every job once, newest first, ties of equal creation time (to the microsecond) broken by id", async () => {
    const dave = await buildClient(server);
    // Seven jobs at one instant, two a microsecond apart within one millisecond (a JS Date cannot tell them apart).
    const same = await insertJobs(
      dave,
      Array.from({ length: 7 }, () => "2026-01-01T10:00:00.000500Z"),
    );
    const [later] = await insertJobs(dave, ["2026-01-01T10:00:00.000501Z"]);
    const [earlier] = await insertJobs(dave, ["2026-01-01T10:00:00.000499Z"]);
    const expected = [later!, ...[...same].sort((a, b) => b - a), earlier!];

    const pages = await walk(dave.agent, "/api/jobs/mine", 2);
    expect(ids(pages)).toEqual(expected);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3, 4, 5]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The total of the last page comes from the page, uncounted; it is the same list's total.
    expect(pages.at(-1)!.total).toBe(expected.length);
  });

  it("shows a page by cursor exactly as the same page by number, and keeps page numbers working", async () => {
    const erin = await buildClient(server);
    await insertJobs(
      erin,
      Array.from({ length: 5 }, (_, i) => `2026-02-0${i + 1}T00:00:00Z`),
    );
    const first = (await erin.agent.get("/api/jobs/mine").query({ perPage: 2 }).expect(200)).body as ListBody;
    const byNumber = (await erin.agent.get("/api/jobs/mine").query({ page: 2, perPage: 2 }).expect(200)).body as ListBody;
    const byCursor = (await erin.agent.get("/api/jobs/mine").query({ cursor: first.nextCursor, perPage: 2 }).expect(200)).body as ListBody;
    expect(byCursor.items).toEqual(byNumber.items);
    expect(byCursor).toMatchObject({ page: 2, perPage: 2, total: 5 });
    expect(byNumber.nextCursor).toEqual(byCursor.nextCursor);
    // A full last page says there is no next one, without a page that comes back empty.
    const last = (await erin.agent.get("/api/jobs/mine").query({ page: 1, perPage: 5 }).expect(200)).body as ListBody;
    expect(last).toMatchObject({ total: 5, nextCursor: null });
  });

  it("neither repeats nor skips a job while new jobs are posted between pages (the listing)", async () => {
    await insertJobs(
      carol,
      Array.from({ length: 9 }, (_, i) => `2026-03-01T00:00:0${i}Z`),
    );
    const before = ids(await walk(carol.agent, "/api/jobs", 100));
    const posted: number[] = [];
    const pages = await walk(carol.agent, "/api/jobs", 2, async () => {
      posted.push((await buildJob(carol)).id);
    });
    const seen = ids(pages);
    expect(new Set(seen).size).toBe(seen.length);
    // Everything that was there, in the same order; the new jobs went in front of page 1 and are not in the walk.
    expect(seen).toEqual(before);
    expect(seen.some((id) => posted.includes(id))).toBe(false);
  });

  it.each([
    ["not base64", "%%%"],
    ["not JSON", "bm90IGpzb24"],
    ["a made-up position", Buffer.from(JSON.stringify(["yesterday", 1, 2])).toString("base64url")],
    ["a date that does not exist", Buffer.from(JSON.stringify(["2026-02-30T00:00:00.000000Z", 1, 2])).toString("base64url")],
    ["an id out of range", Buffer.from(JSON.stringify(["2026-02-01T00:00:00.000000Z", 2 ** 40, 2])).toString("base64url")],
    ["page 1", Buffer.from(JSON.stringify(["2026-02-01T00:00:00.000000Z", 1, 1])).toString("base64url")],
    ["too long", "A".repeat(5000)],
    ["empty", ""],
  ])("answers a bad cursor (%s) with 400 INVALID_CURSOR, never a 500", async (_name, cursor) => {
    for (const path of ["/api/jobs", "/api/jobs/mine"]) {
      const res = await carol.agent.get(path).query({ cursor }).expect(400);
      expect(res.body).toEqual({
        error: {
          code: "INVALID_CURSOR",
          title: "Validation Error",
          message: "This list position is not valid. Please start again from the first page.",
          fields: { cursor: "This list position is not valid. Please start again from the first page." },
        },
      });
    }
  });

  it("needs a session, cursor or not", async () => {
    const first = (await carol.agent.get("/api/jobs").query({ perPage: 1 }).expect(200)).body as ListBody;
    await server.agent().get("/api/jobs").query({ cursor: first.nextCursor }).expect(401);
  });
});
