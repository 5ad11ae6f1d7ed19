import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildClient, buildFreelancer, buildJob, type BuiltUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let admin: BuiltUser;
let alice: BuiltUser;
let freelancer: BuiltUser;

const BULK = 1_500;
const HOSTILE = ['=HYPERLINK("http://evil.example","click")', "+1+2", "-3", "@SUM(A1)", "\tTabbed", "\rReturn", 'Comma, "quoted"'];

/** RFC 4180 rows: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && body[i + 1] === "\n") {
      endRow();
      i++;
    } else cell += char;
  }
  if (cell || row.length) endRow();
  return rows;
}

const param = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

async function exportCsv(resource: string, query: { filter?: unknown; sort?: unknown } = {}, agent = admin.agent) {
  const res = await agent
    .get(`/api/admin/${resource}/export.csv`)
    .query(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, param(value)])))
    .buffer(true)
    .parse((response, done) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => done(null, text));
    });
  return { res, rows: res.status === 200 ? parseCsv(res.body as string) : [] };
}

const list = (resource: string, query: { filter?: unknown; sort?: unknown; range?: unknown }) =>
  admin.agent.get(`/api/admin/${resource}`).query(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, param(value)])));

const totalOf = (res: { headers: Record<string, string> }) => Number(res.headers["content-range"]?.split("/")[1]);

beforeAll(async () => {
  server = await startTestServer();
  [admin, alice, freelancer] = await Promise.all([
    buildAdmin(server),
    buildClient(server, { firstName: "Alice", lastName: "Anders" }),
    buildFreelancer(server),
  ]);
  const first = await buildJob(alice, { title: "Bulk 0000" });
  // The other jobs are copies of the first row, written in a few statements: the API would take minutes for 1,500.
  const { id: _id, ...row } = (await server.services.db("jobs").where({ id: first.id }).first()) as Record<string, unknown>;
  const copies = Array.from({ length: BULK - 1 }, (_, i) => ({ ...row, title: `Bulk ${String(i + 1).padStart(4, "0")}` }));
  for (let i = 0; i < copies.length; i += 500) await server.services.db("jobs").insert(copies.slice(i, i + 500));
  // Written straight to the row: the API trims a title's leading tab or carriage return, older rows may hold one.
  for (const title of HOSTILE) {
    const { id } = await buildJob(alice);
    await server.services.db("jobs").where({ id }).update({ title });
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("GET /api/admin/:resource/export.csv", () => {
  it("[export-1] exports every matching row: 1,500 jobs and more give as many data rows as the list counts", async () => {
    const listed = await list("jobs", {});
    expect(listed.status).toBe(200);
    const total = totalOf(listed);
    expect(total).toBe(BULK + HOSTILE.length);
    const { res, rows } = await exportCsv("jobs");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="jobs-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(rows.length - 1).toBe(total);
    const ids = rows.slice(1).map((row) => row[0]);
    expect(new Set(ids).size).toBe(total);
  });

  it("[export-2] cells a spreadsheet would run as formulas are prefixed with ', without the can/why fields, under readable headers", async () => {
    const { rows } = await exportCsv("jobs", { filter: { q: "" } });
    const [header = [], ...data] = rows;
    expect(header.slice(0, 3)).toEqual(["ID", "Title", "Description"]);
    expect(header).toContain("Owner name");
    expect(header).toContain("Payment status");
    expect(header.some((name) => /^(can|why)\b/i.test(name))).toBe(false);
    const titles = data.map((row) => row[header.indexOf("Title")]);
    expect(titles).toEqual(
      expect.arrayContaining(['\'=HYPERLINK("http://evil.example","click")', "'+1+2", "'-3", "'@SUM(A1)", "'\tTabbed", "'\rReturn", 'Comma, "quoted"']),
    );
    for (const row of data) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("[export-3] the export keeps the list's filter and sort; lists serve pages of up to 1,000 rows", async () => {
    const query = { filter: { q: "Bulk" }, sort: ["title", "DESC"] };
    const firstPage = await list("jobs", { ...query, range: [0, 999] });
    const secondPage = await list("jobs", { ...query, range: [1000, 1999] });
    expect(firstPage.body).toHaveLength(1_000);
    expect(totalOf(firstPage)).toBe(BULK);
    const listedIds = [...firstPage.body, ...secondPage.body].map((job: { id: number }) => String(job.id));
    const { rows } = await exportCsv("jobs", query);
    expect(rows.slice(1).map((row) => row[0])).toEqual(listedIds);
    expect(rows[1]?.[1]).toBe("Bulk 1499");

    const users = await exportCsv("users", { filter: { userType: "freelancer" } });
    expect(users.rows.slice(1).map((row) => row[users.rows[0]?.indexOf("Email") ?? -1])).toEqual([freelancer.user.email]);
  });

  it("[export-4] only admins export (403, signed out 401); a bad filter or sort is a 400 and an unknown resource a 404; every list resource exports", async () => {
    expect((await exportCsv("jobs", {}, alice.agent)).res.status).toBe(403);
    expect((await server.agent().get("/api/admin/jobs/export.csv")).status).toBe(401);
    const badFilter = await exportCsv("jobs", { filter: { view: "nope" } });
    expect(badFilter.res.status).toBe(400);
    expect((await exportCsv("jobs", { filter: "{not json" })).res.status).toBe(400);
    expect((await exportCsv("jobs", { sort: ["password", "ASC"] })).res.status).toBe(400);
    expect((await exportCsv("nope")).res.status).toBe(404);
    expect((await exportCsv("stats")).res.status).toBe(404);
    const resources = [
      "users",
      "jobs",
      "stories",
      "tasks",
      "change-requests",
      "chat-rooms",
      "messages",
      "emails",
      "freelancers",
      "payments",
      "disputes",
      "reviews",
      "payouts",
      "deliveries",
      "ledger-transactions",
      "documents",
    ];
    for (const resource of resources) {
      const { res } = await exportCsv(resource);
      expect([resource, res.status]).toEqual([resource, 200]);
    }
  });
});

describe("GET /api/admin/stats/attention", () => {
  it("[export-5] counts failed e-mails, payments to refund, pending change requests, overdue reviews and open disputes, each the total of the list it links to; admins only", async () => {
    const db = server.services.db;
    const job = await buildJob(alice, { title: "Attention" });
    const email = { to_address: "a@example.com", subject: "Hi", body_text: "Hi", kind: "admin_email" };
    await db("emails").insert([
      { ...email, status: "failed", error: "down" },
      { ...email, status: "failed", error: "down" },
      { ...email, status: "sent" },
    ]);
    await db("job_change_requests").insert([
      { job_id: job.id, description: "More pages", status: "pending" },
      { job_id: job.id, description: "A blog", status: "pending" },
      { job_id: job.id, description: "Declined one", status: "declined", price_cents: 5_000 },
    ]);
    const hour = 3_600_000;
    const story = (title: string, dueIn: number) => ({
      job_id: job.id,
      type: "story",
      title,
      delivery_status: "in_review",
      submitted_at: new Date(Date.now() - 80 * hour),
      review_due_at: new Date(Date.now() + dueIn),
    });
    await db("requirement_tasks").insert([story("Late one", -hour), story("Late two", -2 * hour), story("On time", 24 * hour)]);

    const res = await admin.agent.get("/api/admin/stats/attention").expect(200);
    expect(res.body).toEqual({ failedEmails: 2, paymentsToRefund: 0, pendingChangeRequests: 2, overdueReviews: 2, openDisputes: 0 });
    const links = {
      failedEmails: ["emails", { status: "failed" }],
      paymentsToRefund: ["payments", { needsRefund: true }],
      pendingChangeRequests: ["change-requests", { status: "pending" }],
      overdueReviews: ["deliveries", { status: "in_review", overdue: true }],
      openDisputes: ["disputes", { status: "open" }],
    } as const;
    for (const [key, [resource, filter]] of Object.entries(links)) {
      expect([key, totalOf(await list(resource, { filter }))]).toEqual([key, res.body[key]]);
    }
    await alice.agent.get("/api/admin/stats/attention").expect(403);
    await server.agent().get("/api/admin/stats/attention").expect(401);
  });
});
