import { describe, expect, it } from "vitest";
import { releaseAmounts, type Story } from "@forgehire/core";
import { verifyLedger } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, dollars, ok } from "./support/session.js";
import { finishTasks, lockedJob, startJob } from "./support/job-api.js";
import { DeliveryPages } from "./pages/delivery.js";
import { PaymentPages } from "./pages/payments.js";
import { BackOfficePage } from "./pages/back-office.js";

// The whole money loop of issue 18's "Done when", in one job: the client pays by card, the freelancer delivers story
// by story, the client approves two (one after requesting changes on it), lets one auto-approve and disputes the
// rest, an admin splits the dispute in the back office, and the freelancer, once onboarded on the test
// provider, is paid out. Then every face is held against the ledger: the client's money, the freelancer's earnings,
// the back office's payouts, the emails and the ledger's verification, to the cent.

// Long enough for a client's approval in the browser on a loaded machine, short enough to wait for an auto-approval.
const REVIEW_SECONDS = 60;
const FEE_PERCENT = 10;
const session = appSession({ REVIEW_PERIOD: `PT${REVIEW_SECONDS}S`, PLATFORM_FEE_PERCENT: String(FEE_PERCENT) });

async function signedIn(userType: "client" | "freelancer" | "admin", firstName: string) {
  const me = await session.signIn(userType, firstName, { lastName: "Walker" });
  return { ...me, delivery: new DeliveryPages(me.page) };
}

interface Money {
  paidCents: number;
  heldCents: number;
  releasedCents: number;
  refundedCents: number;
  feeCents: number;
}

describe("the money loop in the browser", () => {
  it("a paid job delivered story by story, approved, changed, auto-approved, disputed and split: every face and the ledger agree to the cent, and the freelancer is paid out", async () => {
    const { server } = session;
    // The client posts and locks a job, then pays its price on the payment screen by test card.
    const client = await signedIn("client", "Cleo");
    const job = await lockedJob(client.page, {
      title: "Pottery Studio Site",
      description: "An online shop for a pottery studio with class bookings and gift cards.",
    });
    const payments = new PaymentPages(client.page);
    await payments.open(job.id);
    await payments.startPayment();
    await payments.payWith("4242 4242 4242 4242");
    await client.page.getByText("Payment complete. Thank you for your business!").waitFor();
    const priceCents = Math.round(job.budget * 100);

    const freelancer = await signedIn("freelancer", "Finn");
    const stories = await startJob(freelancer.page, job.id);
    expect(stories.length).toBeGreaterThanOrEqual(4);
    expect(stories.reduce((sum, story) => sum + story.amountCents!, 0)).toBe(priceCents);
    const [autoApproved, approvedFirst, changed, ...disputed] = stories as [Story, Story, Story, ...Story[]];
    for (const story of [autoApproved, approvedFirst, changed]) await finishTasks(freelancer.page, story);
    const submit = (story: Story, note: string) => ok(freelancer.page.request.post(`/api/stories/${story.id}/submit`, { data: { note } }));

    // The story left to the clock is submitted first: nobody acts on it, and the queue approves it at its deadline.
    await submit(autoApproved, "Class bookings are live.");

    // The freelancer submits one in the browser; the client approves it, told what is released.
    await freelancer.delivery.openProjectStatus(job.id);
    await freelancer.delivery.storyDelivery(approvedFirst.title).getByRole("button", { name: "Submit delivery" }).click();
    const dialog = freelancer.delivery.dialog(`Submit “${approvedFirst.title}” for review`);
    await dialog.getByRole("textbox", { name: "Delivery note" }).fill("Gift cards can be bought and redeemed.");
    await dialog.getByRole("button", { name: "Submit for review" }).click();
    await freelancer.delivery.toast("Submitted for review").waitFor();

    const approveInBrowser = async (story: Story) => {
      await client.delivery.openProjectStatus(job.id);
      const block = client.delivery.storyDelivery(story.title);
      await block.getByRole("button", { name: `Approve and release ${dollars(story.amountCents!)}` }).click();
      const approve = client.delivery.dialog(`Approve “${story.title}”?`);
      await approve.getByRole("button", { name: `Approve and release ${dollars(story.amountCents!)}` }).click();
      const { feeCents, netCents } = releaseAmounts(story.amountCents!, FEE_PERCENT);
      await client.delivery.toast(`Approved: ${dollars(netCents)} released to the freelancer (${dollars(feeCents)} platform fee)`).waitFor();
      await block.getByLabel("Delivery: Approved").waitFor();
    };
    await approveInBrowser(approvedFirst);

    // Changes requested on another, with the reason; resubmitted, then approved: the second approval.
    await submit(changed, "Checkout works.");
    await client.delivery.openProjectStatus(job.id);
    const changedBlock = client.delivery.storyDelivery(changed.title);
    await changedBlock.getByRole("button", { name: "Request changes" }).click();
    const changes = client.delivery.dialog(`Request changes to “${changed.title}”`);
    await changes.getByRole("textbox", { name: "What needs to change" }).fill("Gift cards must show their balance at checkout.");
    await changes.getByRole("button", { name: "Request changes" }).click();
    await changedBlock.getByLabel("Delivery: Changes requested").waitFor();
    await submit(changed, "Balances now show at checkout.");
    await approveInBrowser(changed);

    // The first story, left alone, is approved by the system at its deadline: the client sees it without acting.
    // The queue's clock is awaited in the database, then the page is read once (a count right after a reload would
    // race the page's own fetch on a slow machine).
    await expect
      .poll(async () => (await server.services.db("requirement_tasks").where({ id: autoApproved.id }).first()).approved_by, {
        timeout: (REVIEW_SECONDS + 90) * 1000,
        interval: 1_000,
      })
      .toBe("system");
    await client.page.reload();
    await client.delivery.storyDelivery(autoApproved.title).getByLabel("Delivery: Approved").waitFor();
    const autoRow = await server.services.db("requirement_tasks").where({ id: autoApproved.id }).first();
    expect(autoRow.approved_by).toBe("system");
    await screenshot(client.page, "money-loop-approved-three");

    // The client disputes the rest of the job.
    await client.page.getByRole("button", { name: "Dispute the job" }).click();
    const disputeDialog = client.delivery.dialog("Dispute “Pottery Studio Site”");
    await disputeDialog.getByRole("textbox", { name: "What the dispute is about" }).fill("The launch work was never delivered.");
    await disputeDialog.getByRole("button", { name: "Open dispute" }).click();
    await client.delivery.toast("Dispute opened").waitFor();
    for (const story of disputed) await client.delivery.storyDelivery(story.title).getByLabel("Delivery: Disputed").waitFor();
    const disputedCents = disputed.reduce((sum, story) => sum + story.amountCents!, 0);

    // An admin splits it in the back office: a third to the freelancer, the rest back to the client.
    const admin = await signedIn("admin", "Ada");
    const office = new BackOfficePage(admin.page);
    await office.menuItem(/disputes/i).click();
    const disputeRow = admin.page.getByRole("row").filter({ hasText: "The launch work was never delivered." });
    await expect(disputeRow.innerText()).resolves.toContain(dollars(disputedCents));
    await disputeRow.click();
    const releaseCents = Math.floor(disputedCents / 3);
    const refundCents = disputedCents - releaseCents;
    const form = admin.page.getByRole("form", { name: "Resolve dispute" });
    await form.getByRole("textbox", { name: /Release to freelancer/ }).fill((releaseCents / 100).toFixed(2));
    await form.getByRole("textbox", { name: /Refund to client/ }).fill((refundCents / 100).toFixed(2));
    await form.getByRole("textbox", { name: "Note to both parties" }).fill("A third of the launch work was delivered.");
    await form.getByRole("button", { name: "Resolve dispute" }).click();
    await office.main
      .getByRole("group", { name: "Resolution" })
      .getByText(`${dollars(releaseCents)} released to the freelancer`, { exact: false })
      .waitFor();
    await screenshot(admin.page, "money-loop-dispute-split");

    // Nothing is held any more, and the job completed with its last story.
    const approvedGross = [autoApproved, approvedFirst, changed].map((story) => story.amountCents!);
    const releases = [...approvedGross, releaseCents].map((gross) => releaseAmounts(gross, FEE_PERCENT));
    const releasedCents = releases.reduce((sum, release) => sum + release.grossCents, 0);
    const feeCents = releases.reduce((sum, release) => sum + release.feeCents, 0);
    const netCents = releasedCents - feeCents;
    const clientMoney = await ok<Money>(client.page.request.get(`/api/jobs/${job.id}/money`));
    expect(clientMoney).toMatchObject({ paidCents: priceCents, heldCents: 0, releasedCents, refundedCents: refundCents, feeCents });
    expect((await ok<{ job: { status: string } }>(client.page.request.get(`/api/jobs/${job.id}`))).job.status).toBe("completed");

    // The freelancer's money waits as available until they set up payouts, then is paid out, all of it.
    await freelancer.page.goto("/earnings");
    await freelancer.page.getByLabel(`Available: ${dollars(netCents)}`).waitFor();
    await freelancer.page.getByRole("button", { name: "Set up payouts" }).click();
    await freelancer.page.getByRole("button", { name: "Complete onboarding" }).click();
    await freelancer.page.waitForURL((url) => url.pathname === "/earnings");
    await expect
      .poll(
        async () => {
          await freelancer.page.reload();
          await freelancer.page.getByRole("heading", { name: "Earnings", level: 1 }).waitFor();
          return freelancer.page.getByLabel(`Paid out: ${dollars(netCents)}`).count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    await freelancer.page.getByLabel(`Available: ${dollars(0)}`).waitFor();
    await screenshot(freelancer.page, "money-loop-paid-out");
    const earnings = await ok<{ availableCents: number; paidOutCents: number; inReviewCents: number }>(freelancer.page.request.get("/api/earnings"));
    expect(earnings).toMatchObject({ availableCents: 0, paidOutCents: netCents, inReviewCents: 0 });

    // The back office's payouts add up to the same net.
    const payouts = await ok<Array<{ amountCents: number; status: string; jobId: number }>>(
      admin.page.request.get(`/api/admin/payouts?filter=${encodeURIComponent(JSON.stringify({ jobId: job.id }))}&range=[0,99]`),
    );
    expect(payouts.every((payout) => payout.status === "paid")).toBe(true);
    expect(payouts.reduce((sum, payout) => sum + payout.amountCents, 0)).toBe(netCents);

    // The emails: the client was told of each submission and of the resolution; the freelancer of the dispute and its outcome.
    const mail = (to: string, kind: string) => server.services.db("emails").where({ to_address: to, kind, job_id: job.id }).count({ n: "*" }).first();
    expect(Number((await mail(client.email, "story_submitted"))?.n)).toBe(4);
    for (const to of [client.email, freelancer.email]) expect(Number((await mail(to, "dispute_resolved"))?.n)).toBe(1);
    expect(Number((await mail(freelancer.email, "dispute_opened"))?.n)).toBe(1);

    // And the operator's check over the whole database: what `forgehire ledger:verify` runs (the app server here is in
    // this process and does not share its embedded database with a CLI; the CLI itself is ledger-commands.test.ts's).
    const verification = await verifyLedger(server.services);
    expect(verification.violations).toEqual([]);
  }, 600_000);
});
