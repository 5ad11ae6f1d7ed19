import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { changeRequestQuote, fromCents, type ChangeRequest, type Story } from "@forgehire/core";
import { createUser } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, dollars, unique } from "./support/session.js";
import { paidJob } from "./support/job-api.js";
import { BackOfficePage } from "./pages/back-office.js";
import { DeliveryPages } from "./pages/delivery.js";
import { PaymentPages } from "./pages/payments.js";

const session = appSession();

async function signedIn(firstName: string) {
  const me = await session.signIn("client", firstName);
  return { ...me, delivery: new DeliveryPages(me.page), payments: new PaymentPages(me.page) };
}

/** The change request block of the Change Requests panel. */
const changeRequestBlock = (page: Page, description: string) => page.getByTestId("change-request").filter({ hasText: description });

describe("a change request on a paid job in the browser", () => {
  it("[cr-3] the client requests a change on a paid job, sees its quote, pays it by test card and sees the new story with its milestone", async () => {
    const client = await signedIn("Quinn");
    // The job's own payment is payments.spec.ts's journey: here it is paid by test card over the API.
    const { jobId, priceCents } = await paidJob(client.page, {
      title: "Tea House Website",
      description: "A site for a tea house with a menu, events and table bookings.",
    });
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
    const { jobId } = await paidJob(client.page, { title: "Pottery Studio Site", description: "A site for a pottery studio with classes and bookings." });
    const asked = await client.page.request.post(`/api/jobs/${jobId}/change-requests`, { data: { description: "Add a gift voucher shop." } });
    const { changeRequest } = (await asked.json()) as { changeRequest: ChangeRequest };
    const quote = `$${fromCents(changeRequest.quote!.priceCents).toFixed(2)} · 11 h`;

    const { server } = session;
    const boss = await createUser(server.services, { email: unique("boss"), password: "boss-pass", firstName: "Bo", lastName: "Ss", userType: "admin" });
    const { page } = await session.browser();
    await new BackOfficePage(page).logIn(boss.email, "boss-pass");
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
