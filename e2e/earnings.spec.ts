import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { releaseAmounts, type Story } from "@forgehire/core";
import { createUser } from "@forgehire/services";
import { openBrowser, screenshot, type Browser } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";
import { PortalPage } from "./pages/portal.js";

let server: AppServer;
let browsers: Browser[] = [];

beforeAll(async () => {
  server = await startAppServer();
});
afterEach(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  browsers = [];
});
afterAll(async () => {
  await server?.stop();
});

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const dollars = (cents: number) => usd.format(cents / 100);

async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const email = unique(firstName.toLowerCase());
  await createUser(server.services, { email, password: `${firstName}-pass`, firstName, lastName: "Tester", userType });
  const browser = await openBrowser(server.url);
  browsers.push(browser);
  const portal = new PortalPage(browser.page);
  await portal.logIn(email, `${firstName}-pass`);
  await browser.page.waitForURL((url) => url.pathname === "/");
  return { page: browser.page, portal };
}

async function ok(response: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200) {
  const res = await response;
  expect(res.status()).toBe(status);
  return res.json();
}

/** Submits a story as its freelancer does over the API: every task done, then the delivery. */
async function submit(page: Page, story: Story) {
  for (const task of story.tasks) await ok(page.request.patch(`/api/tasks/${task.id}/status`, { data: { status: "done" } }));
  await ok(page.request.post(`/api/stories/${story.id}/submit`, { data: { note: "Ready for review" } }));
}

describe("earnings in the browser", () => {
  it("[earnings-1] the freelancer opens Earnings from the account menu: in review, available and paid out, per story, with the CSV and the payouts notice", async () => {
    const client = await signedIn("client", "Carla");
    const { job } = (await ok(
      client.page.request.post("/api/jobs", {
        data: { title: "Florist Online Shop", description: "An online shop for a florist with same-day delivery slots.", industry: "Legal", scope: 500 },
      }),
      201,
    )) as { job: { id: number } };
    await ok(client.page.request.post(`/api/jobs/${job.id}/breakdown`), 201);
    await ok(client.page.request.post(`/api/jobs/${job.id}/lock`));
    // Paid by the built-in test provider's card, so the approval below releases from a real escrow.
    const intent = (await ok(client.page.request.post(`/api/jobs/${job.id}/payment-intent`))) as { paymentId: string };
    await ok(
      client.page.request.post("/api/payments/test/confirm", {
        data: { paymentId: intent.paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
      }),
    );

    const freelancer = await signedIn("freelancer", "Felix");
    await ok(freelancer.page.request.post(`/api/jobs/${job.id}/start`));
    const stories = (await ok(freelancer.page.request.get(`/api/jobs/${job.id}/stories`))) as Story[];
    const [released, inReview] = stories as [Story, Story];
    await submit(freelancer.page, released);
    await ok(client.page.request.post(`/api/stories/${released.id}/approve`));
    await submit(freelancer.page, inReview);

    const menu = await freelancer.portal.openAccountMenu();
    await menu.getByRole("menuitem", { name: "Earnings" }).click();
    await freelancer.page.waitForURL((url) => url.pathname === "/earnings");
    const page = freelancer.page;
    await page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();

    const releasedNet = releaseAmounts(released.amountCents!, 10);
    const inReviewNet = releaseAmounts(inReview.amountCents!, 10);
    await page.getByLabel(`In review: ${dollars(inReviewNet.netCents)}`).waitFor();
    await page.getByLabel(`Available: ${dollars(releasedNet.netCents)}`).waitFor();
    await page.getByLabel(`Paid out: ${dollars(0)}`).waitFor();
    await page.getByText("Payouts are not set up yet.", { exact: false }).waitFor();

    const table = page.getByRole("table", { name: "Earnings per job and story" });
    const rows = table.getByRole("row");
    await expect(rows.count()).resolves.toBe(3);
    const releasedRow = rows.filter({ hasText: released.title });
    await expect(releasedRow.innerText()).resolves.toContain("Florist Online Shop");
    for (const text of [dollars(releasedNet.grossCents), dollars(releasedNet.feeCents), dollars(releasedNet.netCents), "Available"]) {
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
