import { describe, expect, it } from "vitest";
import { releaseAmounts } from "@forgehire/core";
import { screenshot } from "./support/browser.js";
import { appSession, ok, usd } from "./support/session.js";
import { paidJob, startJob, submitStory } from "./support/job-api.js";

const session = appSession();

describe("payouts in the browser", () => {
  it("[payout-2] a freelancer with released money sets up payouts on the test provider's page and sees it paid out; admins see the payout", async () => {
    const client = await session.signIn("client", "Carla");
    const { jobId } = await paidJob(client.page, { title: "Bakery Ordering Site", description: "Customers order cakes online and pick a collection time." });
    const freelancer = await session.signIn("freelancer", "Felix");
    const [story] = await startJob(freelancer.page, jobId);
    await submitStory(freelancer.page, story!);
    await ok(client.page.request.post(`/api/stories/${story!.id}/approve`));
    const net = releaseAmounts(story!.amountCents!, 10).netCents;

    const page = freelancer.page;
    await page.goto("/earnings");
    await page.getByLabel(`Available: ${usd(net)}`).waitFor();
    await page.getByText("Payouts are not set up yet.", { exact: false }).waitFor();
    await screenshot(page, "payouts-not-set-up");

    await page.getByRole("button", { name: "Set up payouts" }).click();
    await page.waitForURL((url) => url.pathname === "/api/payouts/test/onboarding");
    await page.getByRole("heading", { name: "Set up payouts" }).waitFor();
    await screenshot(page, "payouts-test-provider-onboarding");
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await page.waitForURL((url) => url.pathname === "/earnings");

    // The transfer is the queue's, a moment after onboarding: the page shows it once it is made.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();
          return page.getByLabel(`Paid out: ${usd(net)}`).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await page.getByLabel(`Available: ${usd(0)}`).waitFor();
    await expect(page.getByRole("button", { name: "Set up payouts" }).count()).resolves.toBe(0);
    await expect(page.getByText("Payouts are not set up yet.", { exact: false }).count()).resolves.toBe(0);
    const payouts = page.getByRole("table", { name: "Payouts to your account" });
    const row = payouts.getByRole("row").filter({ hasText: "Bakery Ordering Site" });
    for (const text of [usd(net), "Paid", story!.title]) await expect(row.innerText()).resolves.toContain(text);
    await expect(
      page.getByRole("table", { name: "Earnings per job and story" }).getByRole("row").filter({ hasText: story!.title }).innerText(),
    ).resolves.toContain("Paid out");
    await screenshot(page, "payouts-paid-out");

    // The back office lists it: freelancer, job, amount, status.
    const admin = await session.signIn("admin", "Ada");
    await admin.page.goto("/admin/#/payouts");
    const adminRow = admin.page.getByRole("row").filter({ hasText: "Bakery Ordering Site" });
    await adminRow.waitFor();
    for (const text of ["Felix Tester", `$${(net / 100).toFixed(2)}`, "Paid"]) await expect(adminRow.innerText()).resolves.toContain(text);
    await screenshot(admin.page, "admin-payouts");
  });
});
