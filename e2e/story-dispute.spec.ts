import { describe, expect, it } from "vitest";
import { releaseAmounts } from "@forgehire/core";
import { createUser, resolveDispute } from "@forgehire/services";
import { shot } from "./support/browser.js";
import { appSession, dollars, unique } from "./support/session.js";
import { finishTasks, paidJob, startJob } from "./support/job-api.js";
import { DeliveryPages } from "./pages/delivery.js";

// One round of changes per story: the second review meets the revision limit, which points to a dispute.
const session = appSession({ MAX_REVISIONS: "1" });

async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const me = await session.signIn(userType, firstName);
  return { ...me, delivery: new DeliveryPages(me.page) };
}

const handover = { name: "handover-notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n") };

describe("a story's dispute in the browser", () => {
  it("the freelancer delivers a file, the client downloads it, requests changes, meets the revision limit and disputes; the outcome shows", async () => {
    const client = await signedIn("client", "Dana");
    const { jobId } = await paidJob(client.page, { title: "Florist Delivery Site", description: "An online shop for a florist with same-day delivery slots." });

    const freelancer = await signedIn("freelancer", "Fern");
    const stories = await startJob(freelancer.page, jobId);
    const story = stories[0]!;
    await finishTasks(freelancer.page, story);

    // The freelancer submits with a file picked in the dialog.
    await freelancer.delivery.openProjectStatus(jobId);
    const mine = freelancer.delivery.storyDelivery(story.title);
    await mine.getByRole("button", { name: "Submit delivery" }).click();
    const submit = freelancer.delivery.dialog(`Submit “${story.title}” for review`);
    await submit.getByRole("textbox", { name: "Delivery note" }).fill("Delivery slots work; the handover notes are attached.");
    await submit.locator('input[type="file"]').setInputFiles([handover]);
    await submit.getByLabel("Files to deliver").getByText("handover-notes.pdf", { exact: false }).waitFor();
    await shot(freelancer.page, "story-dispute-submit-with-file", { endless: "skip" });
    await submit.getByRole("button", { name: "Submit for review" }).click();
    await freelancer.delivery.toast("Submitted for review").waitFor();
    await mine.getByLabel("Delivery: In review").waitFor();
    await mine.getByRole("link", { name: "Download handover-notes.pdf" }).waitFor();

    // The client sees the file and downloads it; the approve dialog says exactly what is released.
    await client.delivery.openProjectStatus(jobId);
    const theirs = client.delivery.storyDelivery(story.title);
    await theirs.getByLabel("Delivery: In review").waitFor();
    const download = theirs.getByRole("link", { name: "Download handover-notes.pdf" });
    await download.waitFor();
    await shot(client.page, "story-dispute-in-review-with-file", { endless: "skip" });
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
    await shot(client.page, "story-dispute-approve-dialog", { endless: "skip" });
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
    await shot(client.page, "story-dispute-revision-limit", { endless: "skip" });
    await theirs.getByRole("button", { name: "Dispute" }).click();
    const dispute = client.delivery.dialog(`Dispute “${story.title}”`);
    await dispute.getByRole("button", { name: "Open dispute" }).click();
    await dispute.getByText("Please say what the dispute is about.").waitFor();
    await dispute.getByRole("textbox", { name: "What the dispute is about" }).fill("Slots still open after noon on weekends.");
    await shot(client.page, "story-dispute-dialog", { endless: "skip" });
    await dispute.getByRole("button", { name: "Open dispute" }).click();
    await client.delivery.toast("Dispute opened").waitFor();
    await theirs.getByLabel("Delivery: Disputed").waitFor();
    const notice = theirs.getByTestId("story-dispute");
    await notice.getByText("Disputed — an admin will resolve it").waitFor();
    await notice.getByText("Slots still open after noon on weekends.").waitFor();
    await expect(theirs.getByRole("button", { name: /^Approve/ }).count()).resolves.toBe(0);
    await shot(client.page, "story-dispute-disputed", { endless: "skip" });

    // The freelancer sees the same, without a second Dispute button.
    await freelancer.page.reload();
    await mine.getByTestId("story-dispute").getByText("Disputed — an admin will resolve it").waitFor();
    await expect(mine.getByRole("button", { name: "Dispute", exact: true }).count()).resolves.toBe(0);

    // An admin splits it; both parties see the outcome on the story.
    const { server } = session;
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
    await shot(client.page, "story-dispute-resolved", { endless: "skip" });
  }, 300_000);

  it("the assigned freelancer disputes the whole job: every story not approved shows Disputed", async () => {
    const client = await signedIn("client", "Omar");
    const { jobId } = await paidJob(client.page, {
      title: "Garden Booking App",
      description: "A booking app for a garden centre with workshops and deliveries.",
    });
    const freelancer = await signedIn("freelancer", "Gus");
    const stories = await startJob(freelancer.page, jobId);

    await freelancer.delivery.openProjectStatus(jobId);
    await freelancer.page.getByRole("button", { name: "Dispute the job" }).click();
    const dialog = freelancer.delivery.dialog("Dispute “Garden Booking App”");
    await dialog.getByRole("textbox", { name: "What the dispute is about" }).fill("The client changed the scope twice after paying.");
    await dialog.getByRole("button", { name: "Open dispute" }).click();
    await freelancer.delivery.toast("Dispute opened").waitFor();
    await freelancer.page.getByTestId("job-dispute").getByText("The client changed the scope twice after paying.", { exact: false }).waitFor();
    for (const story of stories) await freelancer.delivery.storyDelivery(story.title).getByLabel("Delivery: Disputed").waitFor();
    await expect(freelancer.page.getByRole("button", { name: "Dispute the job" }).count()).resolves.toBe(0);
    await shot(freelancer.page, "story-dispute-job-disputed", { endless: "skip" });
  }, 240_000);
});
