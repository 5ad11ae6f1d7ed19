import { describe, expect, it } from "vitest";
import { errorCatalogue, paymentAmount, refusalWordings } from "@forgehire/core";
import { screenshot, shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { JobsPages } from "./pages/jobs.js";
import { DeliveryPages } from "./pages/delivery.js";

const session = appSession();

/** A fresh browser signed in as a new account of the given type. */
async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const me = await session.signIn(userType, firstName);
  return { ...me, jobs: new JobsPages(me.page), delivery: new DeliveryPages(me.page) };
}

describe("delivery in the browser", () => {
  it("breakdown → edit a task → lock → (paid) → a freelancer starts → status with a comment → a live task message → a change request", async () => {
    const { server } = session;
    const client = await signedIn("client", "Cleo");
    const response = await client.page.request.post("/api/jobs", {
      data: {
        title: "Vintage Record Shop",
        description: "An online shop for vintage vinyl records with a catalogue and checkout.",
        industry: "Automotive",
        scope: 500,
      },
    });
    expect(response.status()).toBe(201);
    const jobId = ((await response.json()) as { job: { id: number } }).job.id;

    // Create Story & Task from the card: the dialog names the engine, then the breakdown tab opens.
    await client.jobs.openMyJobs("My Posted Jobs");
    await client.jobs.card("Vintage Record Shop").getByRole("link", { name: "Create Story & Task" }).click();
    const creating = client.delivery.dialog("Create Story & Task");
    await creating.getByText("Created by the built-in rules engine").waitFor();
    await shot(client.page, "breakdown-create-dialog", { endless: "skip" });
    await client.page.waitForURL((url) => url.pathname === `/jobs/${jobId}` && url.searchParams.get("tab") === "requirements-breakdown");
    await client.page.getByRole("tab", { name: /^User Stories \(\d+\)$/ }).waitFor();
    await expect(client.page.getByRole("article").count()).resolves.toBeGreaterThan(1);
    await shot(client.page, "breakdown-stories", { endless: "skip" });

    // Stories exist now: the card's action says so and opens the tab.
    await client.jobs.openMyJobs("My Posted Jobs");
    await client.jobs.card("Vintage Record Shop").getByRole("link", { name: "Create Story & Task" }).click();
    await client.delivery.toast("Stories Already Exist").getByText("Stories and tasks already exist for this job.").waitFor();
    await client.page.waitForURL((url) => url.pathname === `/jobs/${jobId}` && url.searchParams.get("tab") === "requirements-breakdown");
    await shot(client.page, "breakdown-stories-exist", { endless: "skip" });

    // Edit a task title inline: a blank title is refused, Enter saves.
    await client.delivery.subTab("Tasks");
    const firstTitle = client.delivery.taskTitles().first();
    await firstTitle.fill("");
    await firstTitle.press("Enter");
    await client.page.getByText("Title cannot be empty").waitFor();
    const taskTitle = "Design the record catalogue pages";
    await firstTitle.fill(taskTitle);
    const saved = client.page.waitForResponse((answer) => answer.request().method() === "PATCH" && /\/api\/tasks\//.test(answer.url()));
    await firstTitle.press("Enter");
    expect((await saved).status()).toBe(200);
    await shot(client.page, "breakdown-tasks", { endless: "skip" });
    await client.delivery.openBreakdown(jobId);
    await client.delivery.subTab("Tasks");
    await expect(client.delivery.taskTitles().first().inputValue()).resolves.toBe(taskTitle);

    // Lock: the backlog turns read-only and says why after the tooltip delay.
    // The switch follows the server's answer, so it flips after the request, not on the click itself.
    await client.delivery.lockToggle().click();
    await client.delivery.toast("Requirements locked").waitFor();
    await expect.poll(() => client.delivery.lockToggle().isChecked()).toBe(true);
    await client.page.getByText("Locked", { exact: true }).waitFor();
    await expect.poll(() => client.delivery.taskTitles().count()).toBe(0);
    await client.page.getByLabel("Task title", { exact: true }).first().hover();
    await client.page.getByRole("tooltip", { name: errorCatalogue.LOCKED.message }).waitFor();
    // The lock fixed each story's milestone: its share of the price, shown on every story before payment.
    await expect.poll(() => client.page.getByLabel(/^Milestone: \$[\d,]+(\.\d\d)? milestone$/).count()).toBeGreaterThan(0);
    const shares = await server.services.db("requirement_tasks").where({ job_id: jobId, type: "story" }).pluck("amount_cents");
    const { budget } = await server.services.db("jobs").where({ id: jobId }).first("budget");
    expect((shares as number[]).reduce((sum, cents) => sum + cents, 0)).toBe(paymentAmount(Number(budget)));
    await shot(client.page, "breakdown-locked", { endless: "skip" });
    // Start is there for the client too, disabled, with the reason.
    await expect(client.delivery.startButton().isDisabled()).resolves.toBe(true);
    // A disabled button takes no pointer events: its tooltip listens on the wrapper around it.
    await client.delivery.startButton().locator("xpath=..").hover();
    await client.page.getByRole("tooltip", { name: "Only freelancers can start a project" }).waitFor();

    // Payments are built elsewhere: the job is marked paid directly.
    await server.services.db("jobs").where({ id: jobId }).update({ payment_status: "paid" });
    // Paid, its scope is frozen: the client's unlock switch is disabled and says why, in the server's words.
    await client.page.reload();
    await expect.poll(() => client.delivery.lockToggle().isDisabled()).toBe(true);
    await client.delivery.lockToggle().locator("xpath=ancestor::label/..").hover();
    await client.page.getByRole("tooltip", { name: refusalWordings.paidScope.message }).waitFor();

    // A freelancer opens the job and starts it.
    const freelancer = await signedIn("freelancer", "Felix");
    await freelancer.delivery.openBreakdown(jobId);
    await expect(freelancer.delivery.lockToggle().isDisabled()).resolves.toBe(true);
    await freelancer.delivery.startButton().click();
    await freelancer.delivery.toast("Project started").waitFor();
    await freelancer.page.getByText("Started", { exact: true }).waitFor();
    await expect(freelancer.delivery.startButton().isDisabled()).resolves.toBe(true);
    await shot(freelancer.page, "breakdown-started", { endless: "skip" });

    // The freelancer moves the edited task to In Progress with a comment.
    await freelancer.page.getByRole("tab", { name: "Project Status" }).click();
    await freelancer.page.getByRole("table", { name: "Tasks" }).waitFor();
    await freelancer.delivery.updateTaskStatus(taskTitle, "In Progress", "Started on the catalogue layout.");
    await freelancer.delivery.toast("Task updated").waitFor();
    const row = freelancer.delivery.statusRow(taskTitle);
    await row.getByText("Started on the catalogue layout.").waitFor();
    await row.getByText("In Progress", { exact: true }).first().waitFor();
    await freelancer.page.getByTestId("progress-percent").waitFor();
    await shot(freelancer.page, "project-status", { endless: "skip" });

    // The client opens the task's conversation; the freelancer writes with an attachment.
    await client.delivery.openProjectStatus(jobId);
    // The owner may comment on a task but not move it: both controls follow the job's `can` flags.
    const clientRow = client.delivery.statusRow(taskTitle);
    await expect.poll(() => clientRow.getByRole("combobox", { name: `Status of ${taskTitle}` }).getAttribute("aria-disabled")).toBe("true");
    await expect(clientRow.getByRole("textbox", { name: `Comment on ${taskTitle}` }).isEditable()).resolves.toBe(true);
    const clientDialog = await client.delivery.openCommunication(taskTitle);
    await clientDialog.getByText("No messages yet. Start the conversation about this task.").waitFor();
    await expect(clientDialog.getByRole("button", { name: "Send" }).isDisabled()).resolves.toBe(true);

    const freelancerDialog = await freelancer.delivery.openCommunication(taskTitle);
    await freelancer.delivery.writeMessage(freelancerDialog, "The catalogue mock-up is attached.\nFeedback welcome.", [
      { name: "catalogue-notes.txt", mimeType: "text/plain", buffer: Buffer.from("Grid of 12 records per page, filters by genre and decade.\n") },
    ]);
    await freelancerDialog.getByText(/^catalogue-notes\.txt/).waitFor();
    await shot(freelancer.page, "task-communication-composer", { endless: "skip" });
    await freelancerDialog.getByRole("textbox", { name: "Message" }).press("Enter");
    await freelancer.delivery.messages(freelancerDialog).filter({ hasText: "The catalogue mock-up is attached." }).waitFor();
    await expect(freelancer.delivery.messages(freelancerDialog).count()).resolves.toBe(1);

    // The client sees it arrive without reloading, with its attachment opening in a new tab.
    const arrived = client.delivery.messages(clientDialog).filter({ hasText: "The catalogue mock-up is attached." });
    await arrived.waitFor();
    await arrived.getByText("Felix Tester").waitFor();
    const attachment = arrived.getByRole("link", { name: /catalogue-notes\.txt/ });
    await expect(attachment.getAttribute("target")).resolves.toBe("_blank");
    const file = await client.page.request.get((await attachment.getAttribute("href")) ?? "");
    expect(await file.text()).toContain("Grid of 12 records");
    await shot(client.page, "task-communication-live", { endless: "skip" });

    // The client answers; the freelancer sees it live too, and only once.
    // Shift+Enter adds a line and Enter sends, as in the chat dialog; the message keeps its line break.
    const composer = clientDialog.getByRole("textbox", { name: "Message" });
    await composer.fill("Looks good,");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("go ahead.");
    await expect(composer.inputValue()).resolves.toBe("Looks good,\ngo ahead.");
    await composer.press("Enter");
    const answer = freelancer.delivery.messages(freelancerDialog).filter({ hasText: "go ahead." });
    await answer.waitFor();
    expect(await answer.innerText()).toContain("Looks good,\ngo ahead.");
    await expect(freelancer.delivery.messages(freelancerDialog).count()).resolves.toBe(2);
    await expect(client.delivery.messages(clientDialog).count()).resolves.toBe(2);
    await clientDialog.getByRole("button", { name: "Close" }).click();
    await client.delivery.statusRow(taskTitle).getByText("2 messages").waitFor();

    // A change request: blank is refused; on this paid job it is quoted (issue 18), and joins the scope once paid
    // (change-request-quote.spec.ts pays one).
    await client.page.getByRole("tab", { name: "Requirements Breakdown" }).click();
    await client.page.getByRole("heading", { name: "Project Requirements" }).waitFor();
    await client.page.getByRole("button", { name: "Change Request" }).first().click();
    const change = client.delivery.dialog("Request a Change");
    await change.getByRole("button", { name: "Submit Change Request" }).click();
    await change.getByText("Please describe the requested changes.").waitFor();
    await shot(client.page, "change-request-dialog", { endless: "skip" });
    await change.getByLabel("Requested changes").fill("Add a wishlist so visitors can save records for later.");
    await change.getByRole("button", { name: "Submit Change Request" }).click();
    await change.waitFor({ state: "detached" });
    await client.delivery.toast("Change request quoted at").waitFor();
    const quoted = client.page.getByTestId("change-request").filter({ hasText: "Add a wishlist" });
    await quoted.getByText("Quoted", { exact: true }).waitFor();
    await expect(client.delivery.storyTitleText("Change Request Implementation").count()).resolves.toBe(0);
    await quoted.scrollIntoViewIfNeeded();
    await screenshot(client.page, "change-request-story");
  });
});
