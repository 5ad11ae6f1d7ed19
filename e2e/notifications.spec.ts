import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { finishTasks, paidJob, startJob } from "./support/job-api.js";

const session = appSession();

/** A screenshot where the page is (the bell's menu is open), once every finite transition has ended. */
const shotHere = (page: Page, name: string) => shot(page, name, { fromTop: false, endless: "skip" });

/** The nav's bell, by its accessible name: "Notifications" or "Notifications (n unread)". */
const bell = (page: Page, unread: number) => page.getByRole("button", { name: unread > 0 ? `Notifications (${unread} unread)` : "Notifications", exact: true });

describe("the notification centre in the browser", () => {
  it("the client sees the bell rise when the freelancer submits a story, opens it on the story, and marks all read", async () => {
    const client = await session.signIn("client", "Clara");
    const { jobId } = await paidJob(client.page, {
      title: "Bakery Ordering Site",
      description: "An online shop for a bakery with pre-orders and pickup slots.",
    });

    const freelancer = await session.signIn("freelancer", "Fiona");
    const story = (await startJob(freelancer.page, jobId))[0]!;
    await finishTasks(freelancer.page, story);

    // The client is elsewhere: the payment and the start are already under the bell.
    await client.page.goto("/my-jobs");
    await bell(client.page, 2).waitFor();
    await shotHere(client.page, "notifications-bell-before");

    // The freelancer submits the story; the client's bell rises without a reload.
    expect((await freelancer.page.request.post(`/api/stories/${story.id}/submit`, { data: { note: "Pre-orders are live." } })).status()).toBe(200);
    await bell(client.page, 3).waitFor();
    expect(client.page.url()).toContain("/my-jobs");

    // The menu lists it first; opening it goes to the story and marks it read.
    await bell(client.page, 3).click();
    const menu = client.page.getByRole("menu", { name: "Notifications" });
    const item = menu.getByRole("menuitem").filter({ hasText: `Ready for review: ${story.title}` });
    await item.waitFor();
    await shotHere(client.page, "notifications-menu");
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
    await shotHere(client.page, "notifications-page");
    await client.page.getByRole("switch", { name: "Unread only" }).click();
    await client.page.waitForURL((url) => url.searchParams.get("unread") === "true");
    await expect.poll(() => list.getByRole("button").count()).toBe(2);
    await client.page.getByRole("button", { name: "Mark all read" }).click();
    await bell(client.page, 0).waitFor();
    await client.page.getByText("No notification matches these filters.").waitFor();
    await shotHere(client.page, "notifications-all-read");
  });

  it("an admin in the back office sees the bell rise when a client opens a dispute, and marks all read", async () => {
    const client = await session.signIn("client", "Dora");
    const { jobId } = await paidJob(client.page, {
      title: "Florist Delivery App",
      description: "Customers order bouquets for same-day delivery across the city.",
    });
    const freelancer = await session.signIn("freelancer", "Finn");
    expect((await freelancer.page.request.post(`/api/jobs/${jobId}/start`)).status()).toBe(200);

    const { page: admin } = await session.signIn("admin", "Bea", { lastName: "Boss" });
    await bell(admin, 0).waitFor();

    expect((await client.page.request.post(`/api/jobs/${jobId}/disputes`, { data: { reason: "The delivery zones are wrong." } })).status()).toBe(201);
    await bell(admin, 1).click();
    await admin.getByRole("menu", { name: "Notifications" }).getByText("Dispute opened: Florist Delivery App").waitFor();
    await shotHere(admin, "notifications-back-office");
    await admin.getByRole("button", { name: "Mark all read" }).click();
    await admin.getByRole("button", { name: "Mark all read" }).and(admin.locator(":disabled")).waitFor();
    // The disabled button let go of the focus: Escape goes to the menu itself, as a keyboard user's would.
    await admin.getByRole("menu", { name: "Notifications" }).press("Escape");
    await bell(admin, 0).waitFor();
  });
});
