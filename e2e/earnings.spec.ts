import { describe, expect, it } from "vitest";
import { releaseAmounts, type Story } from "@forgehire/core";
import { screenshot } from "./support/browser.js";
import { appSession, ok, usd } from "./support/session.js";
import { paidJob, startJob, submitStory } from "./support/job-api.js";

const session = appSession();

describe("earnings in the browser", () => {
  it("[earnings-1] the freelancer opens Earnings from the account menu: in review, available and paid out, per story, with the CSV and the payouts notice", async () => {
    const client = await session.signIn("client", "Carla");
    // Paid by the built-in test provider's card, so the approval below releases from a real escrow.
    const { jobId } = await paidJob(client.page, { title: "Florist Online Shop", description: "An online shop for a florist with same-day delivery slots." });

    const freelancer = await session.signIn("freelancer", "Felix");
    const stories = await startJob(freelancer.page, jobId);
    const [released, inReview] = stories as [Story, Story];
    await submitStory(freelancer.page, released);
    await ok(client.page.request.post(`/api/stories/${released.id}/approve`));
    await submitStory(freelancer.page, inReview);

    const menu = await freelancer.portal.openAccountMenu();
    await menu.getByRole("menuitem", { name: "Earnings" }).click();
    await freelancer.page.waitForURL((url) => url.pathname === "/earnings");
    const page = freelancer.page;
    await page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();

    const releasedNet = releaseAmounts(released.amountCents!, 10);
    const inReviewNet = releaseAmounts(inReview.amountCents!, 10);
    await page.getByLabel(`In review: ${usd(inReviewNet.netCents)}`).waitFor();
    await page.getByLabel(`Available: ${usd(releasedNet.netCents)}`).waitFor();
    await page.getByLabel(`Paid out: ${usd(0)}`).waitFor();
    await page.getByText("Payouts are not set up yet.", { exact: false }).waitFor();

    const table = page.getByRole("table", { name: "Earnings per job and story" });
    const rows = table.getByRole("row");
    await expect(rows.count()).resolves.toBe(3);
    const releasedRow = rows.filter({ hasText: released.title });
    await expect(releasedRow.innerText()).resolves.toContain("Florist Online Shop");
    for (const text of [usd(releasedNet.grossCents), usd(releasedNet.feeCents), usd(releasedNet.netCents), "Available"]) {
      await expect(releasedRow.innerText()).resolves.toContain(text);
    }
    await expect(rows.filter({ hasText: inReview.title }).innerText()).resolves.toContain("In review");
    await screenshot(page, "earnings-freelancer");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("forgehire-earnings.csv");
    const csv = await (await page.request.get("/api/earnings.csv")).text();
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csv).toContain(`${(releasedNet.netCents / 100).toFixed(2)},available`);

    // A client has no earnings: the page says so instead of an empty table.
    await client.page.goto("/earnings");
    await client.page.getByRole("heading", { name: "Not available for your account type" }).waitFor();
  });
});
