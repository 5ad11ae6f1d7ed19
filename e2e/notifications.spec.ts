import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Story } from "@forgehire/core";
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

async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;

async function signedIn(userType: "client" | "freelancer" | "admin", firstName: string) {
  const email = unique(firstName.toLowerCase());
  const user = await createUser(server.services, { email, password: `${firstName}-pass`, firstName, lastName: "Tester", userType });
  const browser = await openBrowser(server.url);
  browsers.push(browser);
  await new PortalPage(browser.page).logIn(email, `${firstName}-pass`);
  await browser.page.waitForURL((url) => url.pathname === "/");
  return { user, page: browser.page };
}

/** The nav's bell, by its accessible name: "Notifications" or "Notifications (n unread)". */
const bell = (page: Page, unread: number) => page.getByRole("button", { name: unread > 0 ? `Notifications (${unread} unread)` : "Notifications", exact: true });

describe("the notification centre in the browser", () => {
  it("the client sees the bell rise when the freelancer submits a story, opens it on the story, and marks all read", async () => {
    const client = await signedIn("client", "Clara");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Bakery Ordering Site", description: "An online shop for a bakery with pre-orders and pickup slots.", industry: "Legal", scope: 500 },
    });
    expect(created.status()).toBe(201);
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    const intent = await client.page.request.post(`/api/jobs/${jobId}/payment-intent`);
    const { paymentId } = (await intent.json()) as { paymentId: string };
    const card = { paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await client.page.request.post("/api/payments/test/confirm", { data: card })).status()).toBe(200);

    const freelancer = await signedIn("freelancer", "Fiona");
    expect((await freelancer.page.request.post(`/api/jobs/${jobId}/start`)).status()).toBe(200);
    const stories = (await (await freelancer.page.request.get(`/api/jobs/${jobId}/stories`)).json()) as Story[];
    const story = stories[0]!;
    for (const task of story.tasks) {
      expect((await freelancer.page.request.patch(`/api/tasks/${task.id}/status`, { data: { status: "done" } })).status()).toBe(200);
    }

    // The client is elsewhere: the payment and the start are already under the bell.
    await client.page.goto("/my-jobs");
    await bell(client.page, 2).waitFor();
    await shot(client.page, "notifications-bell-before");

    // The freelancer submits the story; the client's bell rises without a reload.
    expect((await freelancer.page.request.post(`/api/stories/${story.id}/submit`, { data: { note: "Pre-orders are live." } })).status()).toBe(200);
    await bell(client.page, 3).waitFor();
    expect(client.page.url()).toContain("/my-jobs");

    // The menu lists it first; opening it goes to the story and marks it read.
    await bell(client.page, 3).click();
    const menu = client.page.getByRole("menu", { name: "Notifications" });
    const item = menu.getByRole("menuitem").filter({ hasText: `Ready for review: ${story.title}` });
    await item.waitFor();
    await shot(client.page, "notifications-menu");
    await item.click();
    await client.page.waitForURL((url) => url.pathname === `/jobs/${jobId}` && url.searchParams.get("tab") === "project-status");
    await client.page
      .getByRole("rowheader")
      .filter({ has: client.page.getByText(story.title, { exact: true }) })
      .getByTestId("story-delivery")
      .getByLabel("Delivery: In review")
      .waitFor();
    await bell(client.page, 2).waitFor();

    // The page lists all three; unread only shows the two left; mark all read empties the count.
    await client.page.goto("/notifications");
    await client.page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
    const list = client.page.getByRole("list", { name: "Notifications" });
    await expect.poll(() => list.getByRole("button").count()).toBe(3);
    await shot(client.page, "notifications-page");
    await client.page.getByRole("switch", { name: "Unread only" }).click();
    await client.page.waitForURL((url) => url.searchParams.get("unread") === "true");
    await expect.poll(() => list.getByRole("button").count()).toBe(2);
    await client.page.getByRole("button", { name: "Mark all read" }).click();
    await bell(client.page, 0).waitFor();
    await client.page.getByText("No notification matches these filters.").waitFor();
    await shot(client.page, "notifications-all-read");
  });

  it("an admin in the back office sees the bell rise when a client opens a dispute, and marks all read", async () => {
    const client = await signedIn("client", "Dora");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Florist Delivery App", description: "Customers order bouquets for same-day delivery across the city.", industry: "Legal", scope: 500 },
    });
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    const { paymentId } = (await (await client.page.request.post(`/api/jobs/${jobId}/payment-intent`)).json()) as { paymentId: string };
    const card = { paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await client.page.request.post("/api/payments/test/confirm", { data: card })).status()).toBe(200);
    const freelancer = await signedIn("freelancer", "Finn");
    expect((await freelancer.page.request.post(`/api/jobs/${jobId}/start`)).status()).toBe(200);

    const email = unique("boss");
    await createUser(server.services, { email, password: "boss-pass", firstName: "Bea", lastName: "Boss", userType: "admin" });
    const browser = await openBrowser(server.url);
    browsers.push(browser);
    const admin = browser.page;
    await admin.goto("/admin/");
    await admin.getByRole("textbox", { name: "Email" }).fill(email);
    await admin.locator('input[name="password"]').fill("boss-pass");
    await admin.getByRole("button", { name: /sign in/i }).click();
    await bell(admin, 0).waitFor();

    expect((await client.page.request.post(`/api/jobs/${jobId}/disputes`, { data: { reason: "The delivery zones are wrong." } })).status()).toBe(201);
    await bell(admin, 1).click();
    await admin.getByRole("menu", { name: "Notifications" }).getByText("Dispute opened: Florist Delivery App").waitFor();
    await shot(admin, "notifications-back-office");
    await admin.getByRole("button", { name: "Mark all read" }).click();
    await admin.getByRole("button", { name: "Mark all read" }).and(admin.locator(":disabled")).waitFor();
    await admin.keyboard.press("Escape");
    await bell(admin, 0).waitFor();
  });
});
