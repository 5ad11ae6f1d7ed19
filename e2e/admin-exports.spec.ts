import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { shot } from "./support/browser.js";
import { appSession, ok } from "./support/session.js";
import { BackOfficePage } from "./pages/back-office.js";

const session = appSession();
const JOBS = 1_500;

beforeAll(async () => {
  const client = (await session.signIn("client", "Cora")).page;
  const posted = await ok<{ job: { id: number } }>(
    client.request.post("/api/jobs", { data: { title: "Export 0001", description: "A shop for exports.", industry: "Legal", scope: 500 } }),
    201,
  );
  // The other 1,499 jobs are copies of the posted row, a few statements: the API or the wizard would take minutes.
  const db = session.server.services.db;
  const { id: _id, ...row } = (await db("jobs").where({ id: posted.job.id }).first()) as Record<string, unknown>;
  const copies = Array.from({ length: JOBS - 1 }, (_, i) => ({ ...row, title: `Export ${String(i + 2).padStart(4, "0")}` }));
  for (let i = 0; i < copies.length; i += 500) await db("jobs").insert(copies.slice(i, i + 500));
  // Something for "Needs attention": a failed e-mail and a change request waiting for its quote.
  await db("emails").insert({ to_address: "cora@example.test", subject: "Down", body_text: "Down", kind: "admin_email", status: "failed", error: "SMTP down" });
  await db("job_change_requests").insert({ job_id: posted.job.id, description: "A second language", status: "pending" });
}, 120_000);

describe("the back office's exports and what needs attention", () => {
  it("an admin exports all 1,500 jobs as CSV and sees what needs attention, on the dashboard and in the menu", async () => {
    const { page } = await session.signIn("admin", "Ada");
    const office = new BackOfficePage(page);

    const attention = page.getByRole("region", { name: "Needs attention" });
    await expect.poll(() => attention.getByRole("listitem", { name: "Failed emails" }).textContent()).toContain("1");
    await expect.poll(() => attention.getByRole("listitem", { name: "Pending change requests" }).textContent()).toContain("1");
    await expect.poll(() => attention.getByRole("listitem", { name: "Open disputes" }).textContent()).toContain("0");
    await expect.poll(() => page.getByTestId("badge-emails").textContent()).toBe("1");
    await expect.poll(() => page.getByTestId("badge-change-requests").textContent()).toBe("1");
    await attention.scrollIntoViewIfNeeded();
    await shot(page, "admin-needs-attention", { fromTop: false });

    // A count opens the list of exactly what it counts.
    await attention.getByRole("link", { name: /Failed emails/ }).click();
    await page.getByRole("cell", { name: "cora@example.test" }).waitFor();

    await office.open("/jobs");
    await expect.poll(() => page.getByText(/of 1,?500/).count()).toBeGreaterThan(0);
    await shot(page, "admin-jobs-export");
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "forgehire-export-")), download.suggestedFilename());
    await download.saveAs(file);
    const lines = readFileSync(file, "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toMatch(/^ID,Title,Description,/);
    expect(lines.length - 1).toBe(JOBS);
  });
});
