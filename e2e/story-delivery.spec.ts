import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { fromCents, releaseAmounts, type Story } from "@forgehire/core";
import { createUser } from "@forgehire/services";
import { openBrowser, screenshot, type Browser } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";
import { PortalPage } from "./pages/portal.js";
import { DeliveryPages } from "./pages/delivery.js";
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

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const dollars = (cents: number) => money(fromCents(cents));

async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const email = unique(firstName.toLowerCase());
  const user = await createUser(server.services, { email, password: `${firstName}-pass`, firstName, lastName: "Tester", userType });
  const browser = await openBrowser(server.url);
  browsers.push(browser);
  await new PortalPage(browser.page).logIn(email, `${firstName}-pass`);
  await browser.page.waitForURL((url) => url.pathname === "/");
  return { user, page: browser.page, delivery: new DeliveryPages(browser.page) };
}

/** The delivery block of a story on the project status tab. */
const storyDelivery = (page: Page, title: string) =>
  page
    .getByRole("rowheader")
    .filter({ has: page.getByText(title, { exact: true }) })
    .getByTestId("story-delivery");

describe("story delivery in the browser", () => {
  it("[delivery-7] the freelancer submits a story, the client requests changes, the freelancer resubmits, the client approves and sees the release", async () => {
    const client = await signedIn("client", "Clara");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Bakery Ordering Site", description: "An online shop for a bakery with pre-orders and pickup slots.", industry: "Legal", scope: 500 },
    });
    expect(created.status()).toBe(201);
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    // Paid by test card over the API (the card form is payments.spec.ts's journey): the price is captured into the
    // job's escrow, which the approval releases from.
    const intent = await client.page.request.post(`/api/jobs/${jobId}/payment-intent`);
    expect(intent.status()).toBe(200);
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

    // The freelancer submits the story with a note and a link; the second story, tasks not done, offers no submit.
    await freelancer.delivery.openProjectStatus(jobId);
    const mine = storyDelivery(freelancer.page, story.title);
    await mine.getByLabel("Delivery: Building").waitFor();
    await expect(storyDelivery(freelancer.page, stories[1]!.title).getByRole("button", { name: "Submit delivery" }).count()).resolves.toBe(0);
    await mine.getByRole("button", { name: "Submit delivery" }).click();
    const submit = freelancer.delivery.dialog(`Submit “${story.title}” for review`);
    await submit.getByRole("textbox", { name: "Delivery note" }).fill("Pre-orders and pickup slots are live on the preview.");
    await submit.getByRole("textbox", { name: "Links (one per line)" }).fill("https://preview.example.test/bakery");
    await submit.getByRole("button", { name: "Submit for review" }).click();
    await freelancer.delivery.toast("Submitted for review").waitFor();
    await mine.getByLabel("Delivery: In review").waitFor();
    await shot(freelancer.page, "story-delivery-submitted");

    // The client sees it in review with the note, the link and the milestone the approval releases.
    await client.delivery.openProjectStatus(jobId);
    const theirs = storyDelivery(client.page, story.title);
    await theirs.getByLabel("Delivery: In review").waitFor();
    await theirs.getByText("Pre-orders and pickup slots are live on the preview.").waitFor();
    await theirs.getByRole("link", { name: "https://preview.example.test/bakery" }).waitFor();
    const approveLabel = `Approve and release ${dollars(story.amountCents!)}`;
    await theirs.getByRole("button", { name: approveLabel }).waitFor();
    await shot(client.page, "story-delivery-in-review");

    // Request changes: a blank reason is refused in the dialog; a reason sends the story back.
    await theirs.getByRole("button", { name: "Request changes" }).click();
    const changes = client.delivery.dialog(`Request changes to “${story.title}”`);
    await changes.getByRole("button", { name: "Request changes" }).click();
    await changes.getByText("Please say what needs to change.").waitFor();
    await changes.getByRole("textbox", { name: "What needs to change" }).fill("Pickup slots must stop at 6 pm.");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await client.delivery.toast("Changes requested").waitFor();
    await theirs.getByLabel("Delivery: Changes requested").waitFor();
    await expect(theirs.getByRole("button", { name: approveLabel }).count()).resolves.toBe(0);

    // The freelancer resubmits; the client approves, the dialog saying what is released, the toast what was.
    await freelancer.page.reload();
    await mine.getByRole("button", { name: "Submit delivery" }).click();
    await submit.getByRole("textbox", { name: "Delivery note" }).fill("Slots now end at 6 pm.");
    await submit.getByRole("button", { name: "Submit for review" }).click();
    await mine.getByLabel("Delivery: In review").waitFor();

    await client.page.reload();
    await theirs.getByText("1 round of changes").waitFor();
    await theirs.getByRole("button", { name: approveLabel }).click();
    const approve = client.delivery.dialog(`Approve “${story.title}”?`);
    await approve.getByText(`releases this story's milestone of ${dollars(story.amountCents!)}`, { exact: false }).waitFor();
    await approve.getByText("Acceptance criteria").waitFor();
    await shot(client.page, "story-delivery-approve");
    await approve.getByRole("button", { name: approveLabel }).click();
    const { feeCents, netCents } = releaseAmounts(story.amountCents!, 10);
    await client.delivery.toast(`Approved: ${dollars(netCents)} released to the freelancer (${dollars(feeCents)} platform fee)`).waitFor();
    await theirs.getByLabel("Delivery: Approved").waitFor();
    await expect(theirs.getByRole("button", { name: "Request changes" }).count()).resolves.toBe(0);
    const row = await server.services.db("requirement_tasks").where({ id: story.id }).first();
    expect([row.delivery_status, row.approved_by, row.revision_count]).toEqual(["approved", "client", 1]);
  }, 240_000);
});
