import { describe, expect, it } from "vitest";
import { createUser } from "@forgehire/services";
import { shot } from "./support/browser.js";
import { appSession, ok, unique } from "./support/session.js";
import { BackOfficePage } from "./pages/back-office.js";

const session = appSession();

describe("the audit trail in the back office", () => {
  it("an admin disables a user and edits a job; both are in the Audit log and in each record's History, before and after", async () => {
    const { server } = session;
    const dana = await createUser(server.services, { email: unique("dana"), password: "dana-pass", firstName: "Dana", lastName: "Doe", userType: "client" });
    const client = await session.signIn("client", "Carl", { lastName: "Client" });
    const posted = await ok<{ job: { id: number } }>(
      client.page.request.post("/api/jobs", {
        data: { title: "Audited Bakery Shop", description: "An online shop for a bakery with pre-orders.", industry: "Legal", scope: 500 },
      }),
      201,
    );
    const admin = await session.signIn("admin", "Ada", { lastName: "Auditor" });
    const { page } = admin;
    const office = new BackOfficePage(page);

    // Disable Dana from her account's page.
    await office.open(`/users/${dana.id}`);
    await page.getByRole("button", { name: "Disable" }).click();
    await office.dialog.getByRole("button", { name: "Disable" }).waitFor();
    await office.dialogSettled();
    await office.dialog.getByRole("button", { name: "Disable" }).click();
    await page.getByText("Account disabled: its sessions have ended.").waitFor();
    await office.dialog.waitFor({ state: "detached" });
    // The page's History shows the change at once, without a reload.
    const userHistory = page.getByRole("region", { name: "History" });
    const disabledRow = userHistory.getByRole("row").filter({ hasText: "Disabled the account" });
    await disabledRow.waitFor();
    expect(await disabledRow.innerText()).toMatch(/Ada Auditor[\s\S]*Back office[\s\S]*disabled\s*false\s*→\s*true/);
    await shot(page, "audit-log-user-history");

    // Edit the job's title.
    await office.open(`/jobs/${posted.job.id}`);
    await page.getByLabel("Title *").fill("Audited Bakery Shop, with delivery");
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(async () => ((await server.services.db("jobs").where({ id: posted.job.id }).first()) as { title: string }).title)
      .toBe("Audited Bakery Shop, with delivery");
    // The save lands on the list; going on before it would be undone by that redirect.
    await page.waitForURL(/#\/jobs(\?.*)?$/);
    await office.open(`/jobs/${posted.job.id}/show/history`);
    const jobRow = page.getByRole("region", { name: "History" }).getByRole("row").filter({ hasText: "Edited the job" });
    await jobRow.waitFor();
    expect(await jobRow.innerText()).toMatch(/title\s*Audited Bakery Shop\s*→\s*Audited Bakery Shop, with delivery/);
    await shot(page, "audit-log-job-history");

    // Both in the Audit log, newest first.
    await office.menuItem("Audit log").click();
    await page.waitForURL(/#\/audit-log/);
    const rows = office.main.locator("tbody tr");
    // The record's link is drawn once its reference is read: wait for it before reading the rows.
    await rows
      .filter({ hasText: "Edited the job" })
      .filter({ hasText: /jobs\s+\d+/ })
      .waitFor();
    await rows
      .filter({ hasText: "Disabled the account" })
      .filter({ hasText: /users\s+\S+/ })
      .waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts[0]).toMatch(
      /Ada Auditor[\s\S]*Back office[\s\S]*Edited the job[\s\S]*jobs[\s\S]*Audited Bakery Shop\s*→\s*Audited Bakery Shop, with delivery/,
    );
    expect(texts[1]).toMatch(/Ada Auditor[\s\S]*Back office[\s\S]*Disabled the account[\s\S]*users[\s\S]*false\s*→\s*true/);
    await shot(page, "audit-log-list");

    // Narrowed to the users' entries: the disable alone.
    await office.open(`/audit-log?filter=${encodeURIComponent(JSON.stringify({ resource: "users" }))}`);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("Disabled the account");
  });
});
