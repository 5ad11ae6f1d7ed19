import { describe, expect, it } from "vitest";
import { releaseAmounts } from "@forgehire/core";
import { shot } from "./support/browser.js";
import { appSession, dollars } from "./support/session.js";
import { finishTasks, paidJob, startJob } from "./support/job-api.js";
import { DeliveryPages } from "./pages/delivery.js";

const session = appSession();

async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const me = await session.signIn(userType, firstName);
  return { ...me, delivery: new DeliveryPages(me.page) };
}

describe("story delivery in the browser", () => {
  it("[delivery-7] the freelancer submits a story, the client requests changes, the freelancer resubmits, the client approves and sees the release", async () => {
    const client = await signedIn("client", "Clara");
    // Paid by test card over the API (the card form is payments.spec.ts's journey): the price is captured into the
    // job's escrow, which the approval releases from.
    const { jobId } = await paidJob(client.page, {
      title: "Bakery Ordering Site",
      description: "An online shop for a bakery with pre-orders and pickup slots.",
    });

    const freelancer = await signedIn("freelancer", "Fiona");
    const stories = await startJob(freelancer.page, jobId);
    const story = stories[0]!;
    await finishTasks(freelancer.page, story);

    // The freelancer submits the story with a note and a link; the second story, tasks not done, offers no submit.
    await freelancer.delivery.openProjectStatus(jobId);
    const mine = freelancer.delivery.storyDelivery(story.title);
    await mine.getByLabel("Delivery: Building").waitFor();
    await expect(freelancer.delivery.storyDelivery(stories[1]!.title).getByRole("button", { name: "Submit delivery" }).count()).resolves.toBe(0);
    await mine.getByRole("button", { name: "Submit delivery" }).click();
    const submit = freelancer.delivery.dialog(`Submit “${story.title}” for review`);
    await submit.getByRole("textbox", { name: "Delivery note" }).fill("Pre-orders and pickup slots are live on the preview.");
    await submit.getByRole("textbox", { name: "Links (one per line)" }).fill("https://preview.example.test/bakery");
    await submit.getByRole("button", { name: "Submit for review" }).click();
    await freelancer.delivery.toast("Submitted for review").waitFor();
    await mine.getByLabel("Delivery: In review").waitFor();
    await shot(freelancer.page, "story-delivery-submitted", { endless: "skip" });

    // The client sees it in review with the note, the link and the milestone the approval releases.
    await client.delivery.openProjectStatus(jobId);
    const theirs = client.delivery.storyDelivery(story.title);
    await theirs.getByLabel("Delivery: In review").waitFor();
    await theirs.getByText("Pre-orders and pickup slots are live on the preview.").waitFor();
    await theirs.getByRole("link", { name: "https://preview.example.test/bakery" }).waitFor();
    const approveLabel = `Approve and release ${dollars(story.amountCents!)}`;
    await theirs.getByRole("button", { name: approveLabel }).waitFor();
    await shot(client.page, "story-delivery-in-review", { endless: "skip" });

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
    await shot(client.page, "story-delivery-approve", { endless: "skip" });
    await approve.getByRole("button", { name: approveLabel }).click();
    const { feeCents, netCents } = releaseAmounts(story.amountCents!, 10);
    await client.delivery.toast(`Approved: ${dollars(netCents)} released to the freelancer (${dollars(feeCents)} platform fee)`).waitFor();
    await theirs.getByLabel("Delivery: Approved").waitFor();
    await expect(theirs.getByRole("button", { name: "Request changes" }).count()).resolves.toBe(0);
    const row = await session.server.services.db("requirement_tasks").where({ id: story.id }).first();
    expect([row.delivery_status, row.approved_by, row.revision_count]).toEqual(["approved", "client", 1]);
  }, 240_000);
});
