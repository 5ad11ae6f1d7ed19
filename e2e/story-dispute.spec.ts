import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { fromCents, releaseAmounts, type Story } from "@forgehire/core";
import { createUser, resolveDispute } from "@forgehire/services";
import { openBrowser, screenshot, type Browser } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";
import { PortalPage } from "./pages/portal.js";
import { DeliveryPages } from "./pages/delivery.js";
import { money } from "./pages/jobs.js";

let server: AppServer;
let browsers: Browser[] = [];

beforeAll(async () => {
  // One round of changes per story: the second review meets the revision limit, which points to a dispute.
  server = await startAppServer({ MAX_REVISIONS: "1" });
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

const storyDelivery = (page: Page, title: string) =>
  page
    .getByRole("rowheader")
    .filter({ has: page.getByText(title, { exact: true }) })
    .getByTestId("story-delivery");

const handover = { name: "handover-notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") };

describe("a story's dispute in the browser", () => {
  it("the freelancer delivers a file, the client downloads it, requests changes, meets the revision limit and disputes; the outcome shows", async () => {
    const client = await signedIn("client", "Dana");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Florist Delivery Site", description: "An online shop for a florist with same-day delivery slots.", industry: "Legal", scope: 500 },
    });
    expect(created.status()).toBe(201);
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    const intent = await client.page.request.post(`/api/jobs/${jobId}/payment-intent`);
    const { paymentId } = (await intent.json()) as { paymentId: string };
    const card = { paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await client.page.request.post("/api/payments/test/confirm", { data: card })).status()).toBe(200);

    const freelancer = await signedIn("freelancer", "Fern");
    expect((await freelancer.page.request.post(`/api/jobs/${jobId}/start`)).status()).toBe(200);
    const stories = (await (await freelancer.page.request.get(`/api/jobs/${jobId}/stories`)).json()) as Story[];
    const story = stories[0]!;
    for (const task of story.tasks) {
      expect((await freelancer.page.request.patch(`/api/tasks/${task.id}/status`, { data: { status: "done" } })).status()).toBe(200);
    }

    // The freelancer submits with a file picked in the dialog.
    await freelancer.delivery.openProjectStatus(jobId);
    const mine = storyDelivery(freelancer.page, story.title);
    await mine.getByRole("button", { name: "Submit delivery" }).click();
    const submit = freelancer.delivery.dialog(`Submit “${story.title}” for review`);
    await submit.getByRole("textbox", { name: "Delivery note" }).fill("Delivery slots work; the handover notes are attached.");
    await submit.locator('input[type="file"]').setInputFiles([handover]);
    await submit.getByLabel("Files to deliver").getByText("handover-notes.pdf", { exact: false }).waitFor();
    await shot(freelancer.page, "story-dispute-submit-with-file");
    await submit.getByRole("button", { name: "Submit for review" }).click();
    await freelancer.delivery.toast("Submitted for review").waitFor();
    await mine.getByLabel("Delivery: In review").waitFor();
    await mine.getByRole("link", { name: "Download handover-notes.pdf" }).waitFor();

    // The client sees the file and downloads it; the approve dialog says exactly what is released.
    await client.delivery.openProjectStatus(jobId);
    const theirs = storyDelivery(client.page, story.title);
    await theirs.getByLabel("Delivery: In review").waitFor();
    const download = theirs.getByRole("link", { name: "Download handover-notes.pdf" });
    await download.waitFor();
    await shot(client.page, "story-dispute-in-review-with-file");
    const [file] = await Promise.all([client.page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe("handover-notes.pdf");
    // The run's one Chromium is shared over its debugging socket, where a download has no local path: save a copy.
    const { mkdtemp, readFile } = await import("node:fs/promises");
    const saved = `${await mkdtemp(`${(await import("node:os")).tmpdir()}/download-`)}/handover-notes.pdf`;
    await file.saveAs(saved);
    expect((await readFile(saved)).equals(handover.buffer)).toBe(true);

    await theirs.getByRole("button", { name: `Approve and release ${dollars(story.amountCents!)}` }).click();
    const approve = client.delivery.dialog(`Approve “${story.title}”?`);
    const release = releaseAmounts(story.amountCents!, 10);
    const figures = approve.getByLabel("Release");
    await figures.getByText(dollars(release.grossCents), { exact: true }).waitFor();
    await figures.getByText(`−${dollars(release.feeCents)}`, { exact: true }).waitFor();
    await figures.getByText(dollars(release.netCents), { exact: true }).waitFor();
    await approve.getByRole("link", { name: "Download handover-notes.pdf" }).waitFor();
    const criteria = approve.getByRole("checkbox");
    expect(await criteria.count()).toBeGreaterThan(0);
    await criteria.first().check();
    await approve.getByText(`Acceptance criteria (1/${await criteria.count()} checked)`).waitFor();
    await shot(client.page, "story-dispute-approve-dialog");
    await approve.getByRole("button", { name: "Cancel" }).click();

    // The client requests changes; the freelancer resubmits.
    await theirs.getByRole("button", { name: "Request changes" }).click();
    const changes = client.delivery.dialog(`Request changes to “${story.title}”`);
    await changes.getByRole("textbox", { name: "What needs to change" }).fill("Same-day slots must close at noon.");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await theirs.getByLabel("Delivery: Changes requested").waitFor();

    await freelancer.page.reload();
    await mine.getByRole("button", { name: "Submit delivery" }).click();
    await submit.getByRole("textbox", { name: "Delivery note" }).fill("Slots now close at noon.");
    await submit.getByRole("button", { name: "Submit for review" }).click();
    await mine.getByLabel("Delivery: In review").waitFor();

    // At the revision limit the client reads the server's why, pointing to a dispute, and disputes the story.
    await client.page.reload();
    await theirs.getByLabel("Delivery: In review").waitFor();
    await theirs.getByTestId("revision-limit").getByText("Open a dispute so an admin can settle it.", { exact: false }).waitFor();
    await expect(theirs.getByRole("button", { name: "Request changes" }).count()).resolves.toBe(0);
    await shot(client.page, "story-dispute-revision-limit");
    await theirs.getByRole("button", { name: "Dispute" }).click();
    const dispute = client.delivery.dialog(`Dispute “${story.title}”`);
    await dispute.getByRole("button", { name: "Open dispute" }).click();
    await dispute.getByText("Please say what the dispute is about.").waitFor();
    await dispute.getByRole("textbox", { name: "What the dispute is about" }).fill("Slots still open after noon on weekends.");
    await shot(client.page, "story-dispute-dialog");
    await dispute.getByRole("button", { name: "Open dispute" }).click();
    await client.delivery.toast("Dispute opened").waitFor();
    await theirs.getByLabel("Delivery: Disputed").waitFor();
    const notice = theirs.getByTestId("story-dispute");
    await notice.getByText("Disputed — an admin will resolve it").waitFor();
    await notice.getByText("Slots still open after noon on weekends.").waitFor();
    await expect(theirs.getByRole("button", { name: /^Approve/ }).count()).resolves.toBe(0);
    await shot(client.page, "story-dispute-disputed");

    // The freelancer sees the same, without a second Dispute button.
    await freelancer.page.reload();
    await mine.getByTestId("story-dispute").getByText("Disputed — an admin will resolve it").waitFor();
    await expect(mine.getByRole("button", { name: "Dispute", exact: true }).count()).resolves.toBe(0);

    // An admin splits it; both parties see the outcome on the story.
    const admin = await createUser(server.services, { email: unique("admin"), password: "admin-pass", firstName: "Ada", lastName: "Min", userType: "admin" });
    const [open] = await server.services.db("disputes").where({ job_id: jobId, status: "open" });
    const releaseCents = Math.floor(story.amountCents! / 2);
    await resolveDispute(server.services, { id: admin.id, userType: "admin", roleType: admin.roleType }, open.id, {
      releaseCents,
      refundCents: story.amountCents! - releaseCents,
      note: "Half the slots work as agreed.",
    });
    await client.page.reload();
    await theirs.getByLabel("Delivery: Approved").waitFor();
    const outcome = theirs.getByTestId("dispute-outcome");
    await outcome
      .getByText(`${dollars(releaseCents)} released to the freelancer, ${dollars(story.amountCents! - releaseCents)} refunded to the client.`)
      .waitFor();
    await outcome.getByText("Half the slots work as agreed.").waitFor();
    await shot(client.page, "story-dispute-resolved");
  }, 300_000);

  it("the assigned freelancer disputes the whole job: every story not approved shows Disputed", async () => {
    const client = await signedIn("client", "Omar");
    const created = await client.page.request.post("/api/jobs", {
      data: { title: "Garden Booking App", description: "A booking app for a garden centre with workshops and deliveries.", industry: "Legal", scope: 500 },
    });
    const jobId = ((await created.json()) as { job: { id: number } }).job.id;
    expect((await client.page.request.post(`/api/jobs/${jobId}/breakdown`)).status()).toBe(201);
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    const { paymentId } = (await (await client.page.request.post(`/api/jobs/${jobId}/payment-intent`)).json()) as { paymentId: string };
    const card = { paymentId, cardNumber: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" };
    expect((await client.page.request.post("/api/payments/test/confirm", { data: card })).status()).toBe(200);
    const freelancer = await signedIn("freelancer", "Gus");
    expect((await freelancer.page.request.post(`/api/jobs/${jobId}/start`)).status()).toBe(200);
    const stories = (await (await freelancer.page.request.get(`/api/jobs/${jobId}/stories`)).json()) as Story[];

    await freelancer.delivery.openProjectStatus(jobId);
    await freelancer.page.getByRole("button", { name: "Dispute the job" }).click();
    const dialog = freelancer.delivery.dialog("Dispute “Garden Booking App”");
    await dialog.getByRole("textbox", { name: "What the dispute is about" }).fill("The client changed the scope twice after paying.");
    await dialog.getByRole("button", { name: "Open dispute" }).click();
    await freelancer.delivery.toast("Dispute opened").waitFor();
    await freelancer.page.getByTestId("job-dispute").getByText("The client changed the scope twice after paying.", { exact: false }).waitFor();
    for (const story of stories) await storyDelivery(freelancer.page, story.title).getByLabel("Delivery: Disputed").waitFor();
    await expect(freelancer.page.getByRole("button", { name: "Dispute the job" }).count()).resolves.toBe(0);
    await shot(freelancer.page, "story-dispute-job-disputed");
  }, 240_000);
});
