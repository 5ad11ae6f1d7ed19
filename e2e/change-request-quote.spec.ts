import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { changeRequestQuote, fromCents, type ChangeRequest, type Story } from "@forgehire/core";
import { createUser } from "@forgehire/services";
import { openBrowser, screenshot, type Browser } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";
import { PortalPage } from "./pages/portal.js";
import { DeliveryPages } from "./pages/delivery.js";
import { PaymentPages } from "./pages/payments.js";
import { money } from "./pages/jobs.js";

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
const dollars = (cents: number) => money(fromCents(cents));

async function signedIn(firstName: string) {
  const email = unique(firstName.toLowerCase());
  const user = await createUser(server.services, { email, password: `${firstName}-pass`, firstName, lastName: "Tester", userType: "client" });
  const browser = await openBrowser(server.url);
  browsers.push(browser);
  await new PortalPage(browser.page).logIn(email, `${firstName}-pass`);
  await browser.page.waitForURL((url) => url.pathname === "/");
  return { user, page: browser.page, delivery: new DeliveryPages(browser.page), payments: new PaymentPages(browser.page) };
}

/** The change request block of the Change Requests panel. */
const changeRequestBlock = (page: Page, description: string) => page.getByTestId("change-request").filter({ hasText: description });

describe("a change request on a paid job in the browser", () => {
  it("[cr-3] the client requests a change on a paid job, sees its quote, pays it by test card and sees the new story with its milestone", async () => {
    const client = await signedIn("Quinn");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Tea House Website", description: "A site for a tea house with a menu, events and table bookings.", industry: "Legal", scope: 500 },
    });
    expect(created.status()).toBe(201);
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    // The job's own payment is payments.spec.ts's journey: here it is paid by test card over the API.
    const intent = await client.page.request.post(`/api/jobs/${jobId}/payment-intent`);
    const { paymentId, amount: priceCents } = (await intent.json()) as { paymentId: string; amount: number };
    const card = { paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await client.page.request.post("/api/payments/test/confirm", { data: card })).status()).toBe(200);
    const before = (await (await client.page.request.get(`/api/jobs/${jobId}/stories`)).json()) as Story[];
    const jobHours = before.reduce((sum, story) => sum + (story.estimateHours ?? 0), 0);
    // The change request story's estimate is 2 + 6 + 3 hours, priced at the job's own rate.
    const expected = changeRequestQuote({ jobPriceCents: priceCents, jobEstimateHours: jobHours, estimateHours: 11 })!;

    // The client asks for a change: the dialog says it will be quoted; the change is quoted, not added.
    await client.delivery.openBreakdown(jobId);
    await client.page.getByRole("button", { name: "Change Request" }).first().click();
    const change = client.delivery.dialog("Request a Change");
    await change.getByText("This job is paid, so the change is quoted at the job's own rate").waitFor();
    await change.getByLabel("Requested changes").fill("Add a loyalty card page for regular customers.");
    await change.getByRole("button", { name: "Submit Change Request" }).click();
    await change.waitFor({ state: "detached" });
    await client.delivery.toast(`Change request quoted at ${dollars(expected.priceCents)}`).waitFor();
    const block = changeRequestBlock(client.page, "Add a loyalty card page");
    await block.getByText(`${dollars(expected.priceCents)} for 11 h at the job's rate`).waitFor();
    await block.getByText("Quoted", { exact: true }).waitFor();
    await expect(client.delivery.storyTitleText("Change Request Implementation").count()).resolves.toBe(0);
    await block.scrollIntoViewIfNeeded();
    await screenshot(client.page, "change-request-quoted");

    // Pay $X opens the job payment's own test card form; 4242… pays it.
    await block.getByRole("button", { name: `Pay ${dollars(expected.priceCents)}` }).click();
    await block.getByRole("form", { name: "Card payment" }).waitFor();
    await screenshot(client.page, "change-request-pay-form");
    await client.payments.payWith("4242 4242 4242 4242");
    await client.delivery.toast("Quote paid").waitFor();
    await block.getByText("Paid", { exact: true }).waitFor();

    // Only now is it scope: a story of the job with its own milestone, the quote.
    const story = client.page.getByRole("article").filter({ has: client.page.getByText("Change Request Implementation", { exact: true }) });
    await story.getByText(`${dollars(expected.priceCents)} milestone`).waitFor();
    await story.scrollIntoViewIfNeeded();
    await screenshot(client.page, "change-request-paid-story");

    const requests = (await (await client.page.request.get(`/api/jobs/${jobId}/change-requests`)).json()) as ChangeRequest[];
    expect(requests).toMatchObject([{ status: "paid", quote: expected }]);
    const held = (await (await client.page.request.get(`/api/jobs/${jobId}/money`)).json()) as { paidCents: number; heldCents: number };
    expect(held).toMatchObject({ paidCents: priceCents + expected.priceCents, heldCents: priceCents + expected.priceCents });
  });
});

describe("a change request's quote in the back office", () => {
  it("[cr-2] an admin sees a paid job's change request quoted, with its price and hours, in the list, on its page and on the job", async () => {
    const client = await signedIn("Rhea");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Pottery Studio Site", description: "A site for a pottery studio with classes and bookings.", industry: "Legal", scope: 500 },
    });
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    const intent = (await (await client.page.request.post(`/api/jobs/${jobId}/payment-intent`)).json()) as { paymentId: string };
    const card = { paymentId: intent.paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await client.page.request.post("/api/payments/test/confirm", { data: card })).status()).toBe(200);
    const asked = await client.page.request.post(`/api/jobs/${jobId}/change-requests`, { data: { description: "Add a gift voucher shop." } });
    const { changeRequest } = (await asked.json()) as { changeRequest: ChangeRequest };
    const quote = `$${fromCents(changeRequest.quote!.priceCents).toFixed(2)} · 11 h`;

    const boss = await createUser(server.services, { email: unique("boss"), password: "boss-pass", firstName: "Bo", lastName: "Ss", userType: "admin" });
    const browser = await openBrowser(server.url);
    browsers.push(browser);
    const { page } = browser;
    await page.goto("/admin/");
    await page.getByRole("textbox", { name: "Email" }).fill(boss.email);
    await page.locator('input[name="password"]').fill("boss-pass");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
    await page.goto("/admin/#/change-requests");
    const row = page.locator("tbody tr").filter({ hasText: "Add a gift voucher shop." });
    await row.getByText(quote).waitFor();
    await row.getByText("Quoted").waitFor();
    await screenshot(page, "back-office-change-requests-quoted");
    await page.goto(`/admin/#/change-requests/${changeRequest.id}/show`);
    await page.getByRole("main").getByText(quote).first().waitFor();
    await screenshot(page, "back-office-change-request-quoted-show");
    // A fresh load: a hash change alone keeps react-admin's previous screens mounted (hidden) beside the new one.
    await page.goto("about:blank");
    await page.goto(`/admin/#/jobs/${jobId}/show/change-requests`);
    await page.getByText(`quote ${quote}`, { exact: false }).first().waitFor();
    await screenshot(page, "back-office-job-change-requests-quoted");
  });
});
