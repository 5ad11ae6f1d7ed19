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

async function signedIn(userType: "client" | "freelancer" | "admin", firstName: string) {
  const email = unique(firstName.toLowerCase());
  await createUser(server.services, { email, password: `${firstName}-pass`, firstName, lastName: "Tester", userType });
  const browser = await openBrowser(server.url);
  browsers.push(browser);
  const portal = new PortalPage(browser.page);
  await portal.logIn(email, `${firstName}-pass`);
  // Admins land on the back office's dashboard.
  await browser.page.waitForURL((url) => url.pathname === (userType === "admin" ? "/admin/" : "/"));
  return { page: browser.page, portal, email, password: `${firstName}-pass` };
}

async function ok(response: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200) {
  const res = await response;
  expect(res.status()).toBe(status);
  return res.json();
}

async function submit(page: Page, story: Story) {
  for (const task of story.tasks) await ok(page.request.patch(`/api/tasks/${task.id}/status`, { data: { status: "done" } }));
  await ok(page.request.post(`/api/stories/${story.id}/submit`, { data: { note: "Ready for review" } }));
}

describe("payouts in the browser", () => {
  it("[payout-2] a freelancer with released money sets up payouts on the test provider's page and sees it paid out; admins see the payout", async () => {
    const client = await signedIn("client", "Carla");
    const { job } = (await ok(
      client.page.request.post("/api/jobs", {
        data: { title: "Bakery Ordering Site", description: "Customers order cakes online and pick a collection time.", industry: "Legal", scope: 500 },
      }),
      201,
    )) as { job: { id: number } };
    await ok(client.page.request.post(`/api/jobs/${job.id}/breakdown`), 201);
    await ok(client.page.request.post(`/api/jobs/${job.id}/lock`));
    const intent = (await ok(client.page.request.post(`/api/jobs/${job.id}/payment-intent`))) as { paymentId: string };
    await ok(
      client.page.request.post("/api/payments/test/confirm", {
        data: { paymentId: intent.paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" },
      }),
    );
    const freelancer = await signedIn("freelancer", "Felix");
    await ok(freelancer.page.request.post(`/api/jobs/${job.id}/start`));
    const [story] = (await ok(freelancer.page.request.get(`/api/jobs/${job.id}/stories`))) as Story[];
    await submit(freelancer.page, story!);
    await ok(client.page.request.post(`/api/stories/${story!.id}/approve`));
    const net = releaseAmounts(story!.amountCents!, 10).netCents;

    const page = freelancer.page;
    await page.goto("/earnings");
    await page.getByLabel(`Available: ${dollars(net)}`).waitFor();
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
          return page.getByLabel(`Paid out: ${dollars(net)}`).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    await page.getByLabel(`Available: ${dollars(0)}`).waitFor();
    await expect(page.getByRole("button", { name: "Set up payouts" }).count()).resolves.toBe(0);
    await expect(page.getByText("Payouts are not set up yet.", { exact: false }).count()).resolves.toBe(0);
    const payouts = page.getByRole("table", { name: "Payouts to your account" });
    const row = payouts.getByRole("row").filter({ hasText: "Bakery Ordering Site" });
    for (const text of [dollars(net), "Paid", story!.title]) await expect(row.innerText()).resolves.toContain(text);
    await expect(
      page.getByRole("table", { name: "Earnings per job and story" }).getByRole("row").filter({ hasText: story!.title }).innerText(),
    ).resolves.toContain("Paid out");
    await screenshot(page, "payouts-paid-out");

    // The back office lists it: freelancer, job, amount, status.
    const admin = await signedIn("admin", "Ada");
    await admin.page.goto("/admin/#/payouts");
    const adminRow = admin.page.getByRole("row").filter({ hasText: "Bakery Ordering Site" });
    await adminRow.waitFor();
    for (const text of ["Felix Tester", `$${(net / 100).toFixed(2)}`, "Paid"]) await expect(adminRow.innerText()).resolves.toContain(text);
    await screenshot(admin.page, "admin-payouts");
  });
});
