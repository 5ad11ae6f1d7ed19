import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { formatCents, type UserType } from "@forgehire/core";
import { createUser } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, ok } from "./support/session.js";
import { finishTasks, paidJob, startJob } from "./support/job-api.js";
import { BackOfficePage } from "./pages/back-office.js";

const session = appSession();
beforeAll(async () => {
  const { server } = session;
  await createUser(server.services, { email: "money-boss@example.test", password: "boss-pass", firstName: "Mona", lastName: "Boss", userType: "admin" });
});

/** A portal user signed in, whose page's request context calls the API with their session. */
const signedIn = async (userType: UserType, firstName: string) => (await session.signIn(userType, firstName)).page;

async function backOffice() {
  const { page } = await session.browser();
  const office = new BackOfficePage(page);
  await office.logIn("money-boss@example.test", "boss-pass");
  await page.getByRole("list", { name: "Money counters" }).waitFor();
  return { page, office };
}

/** A screenshot from the top of the page: react-admin hides its app bar while scrolled down (after filling a form). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("banner").waitFor();
  await screenshot(page, name);
}

const moneyCounter = (page: Page, label: string) => page.getByRole("list", { name: "Money counters" }).getByRole("listitem", { name: label, exact: true });

/** Clara's job paid by test card and started by Fiona, stories 1 and 2 submitted, story 2 disputed by Clara. */
async function scenario() {
  const client = await signedIn("client", "Clara");
  const { jobId, priceCents } = await paidJob(client, {
    title: "Pottery Studio Shop",
    description: "An online shop for a pottery studio with class bookings.",
  });

  const freelancer = await signedIn("freelancer", "Fiona");
  const stories = await startJob(freelancer, jobId);
  expect(stories.length).toBeGreaterThanOrEqual(3);
  const [reviewed, disputed] = [stories[0]!, stories[1]!];
  for (const story of [reviewed, disputed]) await finishTasks(freelancer, story);
  await ok(
    freelancer.request.post(`/api/stories/${reviewed.id}/submit`, {
      data: { note: "Class bookings are live on the preview.", links: ["https://preview.example.test/pottery"] },
    }),
  );
  await ok(freelancer.request.post(`/api/stories/${disputed.id}/submit`, { data: { note: "Catalogue done." } }));
  await ok(client.request.post(`/api/jobs/${jobId}/disputes`, { data: { reason: "Half the catalogue photos are missing.", storyId: disputed.id } }), 201);
  return { jobId, priceCents, reviewed, disputed };
}

describe("the back office's money", () => {
  it("[admin-money-8] an admin approves a delivery, splits a dispute, reads the ledger and the money counters", async () => {
    const { jobId, priceCents, reviewed, disputed } = await scenario();
    const { page, office } = await backOffice();

    // The dashboard: everything paid is held; one story in review, one disputed.
    await expect.poll(() => moneyCounter(page, "Money Held").innerText()).toContain(formatCents(priceCents));
    await expect(moneyCounter(page, "In Review").innerText()).resolves.toContain(formatCents(reviewed.amountCents!));
    await expect(moneyCounter(page, "Disputed").innerText()).resolves.toContain(formatCents(disputed.amountCents!));
    await shot(page, "admin-money-dashboard");

    // Deliveries in review, due soonest first; the delivery's page and its approval.
    await office.menuItem(/deliveries/i).click();
    const row = page.getByRole("row").filter({ hasText: reviewed.title });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain(formatCents(reviewed.amountCents!));
    await shot(page, "admin-money-deliveries");
    await row.click();
    await office.main.getByText("Class bookings are live on the preview.").waitFor();
    await office.main.getByRole("link", { name: "https://preview.example.test/pottery" }).waitFor();
    const criterion = reviewed.tasks.flatMap((task) => task.acceptanceCriteria)[0]!;
    await office.main.getByText(criterion, { exact: true }).first().waitFor();
    await shot(page, "admin-money-delivery");
    await page.getByRole("button", { name: `Approve and release ${formatCents(reviewed.amountCents!)}` }).click();
    await page.getByText(/^Approved: .* released to the freelancer/).waitFor();
    await office.main.getByText(/Approved .* by admin\./).waitFor();
    await expect(page.getByRole("button", { name: /Approve and release/ }).isDisabled()).resolves.toBe(true);
    await shot(page, "admin-money-delivery-approved");

    // The dispute: its reason, the thread, the delivery and the job's money beside the resolution form.
    await office.menuItem(/disputes/i).click();
    const disputeRow = page.getByRole("row").filter({ hasText: "Half the catalogue photos" });
    await expect(disputeRow.innerText()).resolves.toContain(formatCents(disputed.amountCents!));
    await shot(page, "admin-money-disputes");
    await disputeRow.click();
    await office.main.getByText("Dispute opened: Half the catalogue photos are missing.").waitFor();
    await office.main.getByRole("group", { name: "Job money" }).getByText(formatCents(priceCents)).first().waitFor();
    await office.main.getByText("Catalogue done.").waitFor();
    await shot(page, "admin-money-dispute");
    const form = page.getByRole("form", { name: "Resolve dispute" });
    // A split that does not add up: the server's RESOLUTION_MISMATCH, shown as it is, nothing resolved.
    await form.getByRole("textbox", { name: /Release to freelancer/ }).fill("1.00");
    await form.getByRole("textbox", { name: /Refund to client/ }).fill("1.00");
    await form.getByRole("button", { name: "Resolve dispute" }).click();
    await form.getByRole("alert").getByText("RESOLUTION_MISMATCH").waitFor();
    await expect(form.getByRole("alert").innerText()).resolves.toContain(`must add up to ${disputed.amountCents!} cents`);
    await shot(page, "admin-money-dispute-mismatch");
    // The split in dollars, sent as cents exactly: 12.29 refunded (a float would make 0.29 × 100 = 28.999…).
    const refundCents = 1229;
    const releaseCents = disputed.amountCents! - refundCents;
    await form.getByRole("textbox", { name: /Release to freelancer/ }).fill((releaseCents / 100).toFixed(2));
    await form.getByRole("textbox", { name: /Refund to client/ }).fill("12.29");
    await form.getByRole("textbox", { name: "Note to both parties" }).fill("Photos missing for part of the catalogue.");
    await form.getByRole("button", { name: "Resolve dispute" }).click();
    await office.main
      .getByRole("group", { name: "Resolution" })
      .getByText(`${formatCents(releaseCents)} released to the freelancer, ${formatCents(refundCents)} refunded`)
      .waitFor();
    await shot(page, "admin-money-dispute-resolved");
    const stored = await session.server.services.db("disputes").where({ job_id: jobId }).first();
    expect([Number(stored.release_cents), Number(stored.refund_cents)]).toEqual([releaseCents, refundCents]);

    // The ledger: this job's transactions, each with entries summing to zero.
    await office.menuItem(/ledger/i).click();
    await page.getByRole("row").filter({ hasText: "Payment Captured" }).first().waitFor();
    await expect(page.getByRole("row").filter({ hasText: "Refund" }).first().innerText()).resolves.toContain(formatCents(refundCents));
    await shot(page, "admin-money-ledger");
    await page.getByRole("row").filter({ hasText: "Refund" }).first().click();
    await expect(office.main.getByLabel("Sum of entries").innerText()).resolves.toBe("$0.00");
    await shot(page, "admin-money-ledger-transaction");

    // Back on the dashboard: what was approved or split has left escrow; nothing in review or disputed.
    await office.open("/");
    await expect.poll(() => moneyCounter(page, "Money Held").innerText()).toContain(formatCents(priceCents - reviewed.amountCents! - disputed.amountCents!));
    await expect(moneyCounter(page, "In Review").innerText()).resolves.toContain("$0.00");
    await expect(moneyCounter(page, "Disputed").innerText()).resolves.toContain("$0.00");
    await shot(page, "admin-money-dashboard-after");
  });
});
