import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { quote } from "@forgehire/core";
import { shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { JobsPages, money, type RequirementInput } from "./pages/jobs.js";

const session = appSession();

/** A fresh browser signed in as a new account of the given type (admins land on the back office's dashboard). */
async function signedIn(userType: "client" | "admin" | "freelancer", firstName: string) {
  const me = await session.signIn(userType, firstName);
  return { ...me, jobs: new JobsPages(me.page) };
}

/** Posts a job through the API as the signed-in browser user; answers its id. */
async function postJobByApi(page: Page, body: Record<string, unknown>): Promise<number> {
  const response = await page.request.post("/api/jobs", { data: body });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { job: { id: number } }).job.id;
}

const requirement: RequirementInput = {
  industry: "Healthcare",
  title: "Clinic Booking Portal",
  description: "A booking portal where patients pick a doctor, see free slots and book or cancel an appointment online.",
  scope: "Simple Application",
  extras: ["Content Development", "Deployment"],
  targetAudience: "Small clinics and their patients",
  userCategories: ["Patients", "Doctors"],
  keyFeatures: "Online booking, reminders by email, a calendar per doctor",
  stakeholders: "Clinic owner and front desk",
  projectFlags: ["Simple workflow", "User authentication"],
  projectTexts: { "Workflow details": "Patient books, doctor confirms, reminder goes out a day before." },
  compliance: ["HIPAA", "GDPR"],
  complianceNotes: "Patient data stays in the EU.",
  integrations: ["Calendly", "Email Systems"],
  existingSystems: "Google Calendar",
};

describe("jobs in the browser", () => {
  it("a client posts a requirement in four steps, finds it, opens it, edits it and deletes it", async () => {
    const { server } = session;
    const { jobs, page } = await signedIn("client", "Carla");
    const expectedTotal = quote({ scope: 1999, additionalServices: { contentDevelopment: true, deployment: true } }).total;
    const budget = money(expectedTotal);

    // Nothing posted yet.
    await jobs.openListing();
    await page.getByText("No jobs available at the moment.").waitFor();
    await shot(page, "jobs-empty");
    await page.getByRole("link", { name: "Post a Job" }).click();
    await page.getByRole("heading", { name: "Post a New Requirement" }).waitFor();

    // Step 1: Next refuses until the required fields are filled.
    await jobs.next();
    await jobs.toast("Missing fields").getByText("Please fill all required fields before proceeding").waitFor();
    await expect(page.getByRole("tab", { name: "Users & Features" }).isDisabled()).resolves.toBe(true);
    await shot(page, "post-job-missing-fields");
    await jobs.fillBasicInformation(requirement);
    await page.getByText("18 words", { exact: true }).waitFor();
    await jobs.quoteTotal().filter({ hasText: budget }).waitFor();
    // The delivery date follows the scope: 14 days for a simple application.
    await expect
      .poll(() => page.getByLabel("Expected Delivery Date").inputValue())
      .toBe(new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10));
    await shot(page, "post-job-step1");
    await jobs.next();

    // Step 2 shows the simple application's questions; the dependent text appears with its flag.
    await jobs.stepHeading("Users & Features");
    await expect(page.getByLabel("Workflow details").count()).resolves.toBe(0);
    await jobs.fillUsersAndFeatures(requirement);
    await shot(page, "post-job-step2");
    // Only earlier steps are reachable from the tab bar.
    await page.getByRole("tab", { name: "Basic Information" }).click();
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe(requirement.title);
    await jobs.next();
    await expect(page.getByLabel("Target Audience").inputValue()).resolves.toBe(requirement.targetAudience);
    await jobs.next();

    await jobs.fillIntegrationAndCompliance(requirement);
    await shot(page, "post-job-step3");
    await jobs.next();

    // Step 4: the first three questions come by default.
    await jobs.stepHeading("Additional Information");
    await page.getByText("Question #3").waitFor();
    await expect(jobs.answers().count()).resolves.toBe(3);
    await jobs.answers().nth(0).fill("Fewer phone calls at the front desk.");
    await jobs.answers().nth(1).fill("Patients book; doctors confirm.");
    await page.getByRole("button", { name: "Get More Questions" }).click();
    const analysis = jobs.dialog("Requirements Analysis");
    await analysis.getByText("3 new questions were added").waitFor();
    await analysis.getByText("Please answer at least 3 of the follow-up questions.").waitFor();
    await shot(page, "post-job-analysis-needs-more");
    await analysis.getByRole("button", { name: "Answer Questions" }).click();
    await expect(jobs.answers().count()).resolves.toBe(6);
    await jobs.answers().nth(3).fill("Yes, a simple approval by the doctor.");
    await page.getByRole("button", { name: "Analyze Requirements" }).click();
    await analysis.getByText("Your requirements are complete.").waitFor();
    await shot(page, "post-job-analysis-complete");
    await analysis.getByRole("button", { name: "Close" }).click();

    await jobs.attach([
      { name: "brief.txt", mimeType: "text/plain", buffer: Buffer.from("Clinic booking brief\n".repeat(40)) },
      { name: "extra.txt", mimeType: "text/plain", buffer: Buffer.from("to be removed") },
    ]);
    await page.getByRole("button", { name: "Remove extra.txt" }).click();
    await expect(page.getByRole("list", { name: "Attachments" }).getByRole("listitem").count()).resolves.toBe(1);
    await shot(page, "post-job-step4");
    await jobs.submit();
    await page.waitForURL(`${server.url}/jobs`);
    await jobs.toast("Requirement posted successfully").waitFor();

    // The listing and My Jobs show it with the server's budget, which is core's quote.
    const card = jobs.card(requirement.title);
    await card.waitFor();
    await card.getByText(`Budget: ${budget}`).waitFor();
    await expect(card.getByText(/Payment (Complete|Due)/).count()).resolves.toBe(0);
    await card.getByRole("link", { name: "Create Story & Task" }).waitFor();
    await card.getByRole("link", { name: "Edit" }).waitFor();
    await card.getByRole("button", { name: "Delete" }).waitFor();
    await expect(card.getByRole("link", { name: "Pay Now" }).count()).resolves.toBe(0);
    await expect(page.getByRole("list", { name: "Status indicators" }).count()).resolves.toBe(0);
    await shot(page, "jobs-listing");
    const row = await server.services.db("jobs").where({ title: requirement.title }).first();
    expect(Number(row.budget)).toBe(expectedTotal);

    await jobs.openMyJobs("My Posted Jobs");
    await page.getByRole("group", { name: "Filter jobs" }).waitFor();
    await jobs.card(requirement.title).getByText(`Budget: ${budget}`).waitFor();
    await shot(page, "my-jobs-client");
    await page.getByRole("button", { name: "Paid", exact: true }).click();
    await page.getByText("No jobs match this filter.").waitFor();
    await page.getByRole("button", { name: "All", exact: true }).click();

    // The detail page and its requirements tab.
    await jobs
      .card(requirement.title)
      .getByRole("link", { name: new RegExp(requirement.title) })
      .click();
    await page.waitForURL(`${server.url}/jobs/${row.id}`);
    await page.getByRole("heading", { name: requirement.title, level: 1 }).waitFor();
    await page.getByText(`Budget: ${budget}`).waitFor();
    await page.getByText("Payment: Due").waitFor();
    await page.getByText("Open", { exact: true }).waitFor();
    await expect(page.getByText("Admin Access").count()).resolves.toBe(0);
    for (const section of [
      "Basic Information",
      "Additional Services",
      "Core Requirements",
      "Project Specific Requirements",
      "Additional Questions",
      "Attached Files",
    ]) {
      await page.getByRole("region", { name: section }).waitFor();
    }
    const questions = page.getByRole("region", { name: "Additional Questions" });
    await questions.getByText("Question #6").waitFor();
    await expect(questions.getByText("No answer provided").count()).resolves.toBe(3);
    await page.getByRole("region", { name: "Project Specific Requirements" }).getByText("Patient books, doctor confirms").waitFor();
    await page.getByRole("region", { name: "Additional Services" }).getByText("Content Development").waitFor();
    const file = page.getByRole("region", { name: "Attached Files" }).getByRole("button", { name: /brief\.txt/ });
    await file.getByText(`${(("Clinic booking brief\n".length * 40) / 1024).toFixed(2)} KB`).waitFor();
    await shot(page, "job-detail-requirements");

    // Tabs live in ?tab= without adding history entries.
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole("tab", { name: "Requirements Breakdown" }).click();
    await page.waitForURL(/tab=requirements-breakdown/);
    await page.getByRole("heading", { name: "Project Requirements" }).waitFor();
    await page.getByRole("tab", { name: "Project Status" }).click();
    await page.waitForURL(/tab=project-status/);
    await expect(page.evaluate(() => history.length)).resolves.toBe(historyLength);
    await shot(page, "job-detail-status-tab");
    await page.getByRole("tab", { name: "Requirements", exact: true }).click();

    await file.click();
    const preview = jobs.dialog("brief.txt");
    await preview.getByRole("link", { name: "Open in New Tab" }).waitFor();
    await expect(preview.getByRole("link", { name: "Open in New Tab" }).getAttribute("href")).resolves.toMatch(/^\/files\//);
    await page.frameLocator('iframe[title="Preview of brief.txt"]').getByText("Clinic booking brief").first().waitFor();
    const box = await page.getByRole("dialog").boundingBox();
    expect(Math.round(box!.height)).toBe(Math.round(860 * 0.8));
    await shot(page, "job-file-preview");
    await preview.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Refresh Data" }).click();

    // Edit: every step is prefilled; the new title shows in the listing.
    await page.getByRole("link", { name: "Edit/Add Requirements" }).click();
    await page.waitForURL(`${server.url}/post-job?edit=${row.id}`);
    await page.getByRole("heading", { name: "Edit Requirement" }).waitFor();
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe(requirement.title);
    await expect(page.getByRole("checkbox", { name: "Deployment" }).isChecked()).resolves.toBe(true);
    await page.getByRole("radio", { name: /^Simple Application:/, checked: true }).waitFor();
    await page.getByLabel("Title").fill("Clinic Booking Portal v2");
    await shot(page, "post-job-edit");
    await jobs.next();
    await expect(page.getByLabel("Workflow details").inputValue()).resolves.toBe(requirement.projectTexts["Workflow details"]);
    await jobs.next();
    await expect(page.getByRole("checkbox", { name: "HIPAA" }).isChecked()).resolves.toBe(true);
    await jobs.next();
    await expect(jobs.answers().nth(0).inputValue()).resolves.toBe("Fewer phone calls at the front desk.");
    await page.getByText("already attached").waitFor();
    // Cancel asks first; keeping on editing stays here.
    await page.getByRole("button", { name: "Cancel" }).click();
    await jobs.dialog("Discard your changes?").getByRole("button", { name: "Keep Editing" }).click();
    await jobs.submit();
    await page.waitForURL(`${server.url}/jobs`);
    await jobs.toast("Requirement updated successfully").waitFor();
    await jobs.card("Clinic Booking Portal v2").getByText(`Budget: ${budget}`).waitFor();
    await expect(jobs.card(requirement.title).count()).resolves.toBe(0);

    // Delete asks for confirmation, then the job leaves the listing.
    await jobs.card("Clinic Booking Portal v2").getByRole("button", { name: "Delete" }).click();
    const confirm = jobs.dialog("Are you sure you want to delete this job?");
    await confirm.getByText("This action will remove the job from your job listings. It cannot be undone.").waitFor();
    await shot(page, "delete-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await jobs.card("Clinic Booking Portal v2").getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await jobs.card("Clinic Booking Portal v2").waitFor({ state: "detached" });
    await page.getByText("No jobs available at the moment.").waitFor();
    await page.reload();
    await page.getByText("No jobs available at the moment.").waitFor();
    const deleted = await server.services.db("jobs").where({ id: row.id }).first();
    expect(deleted.status).toBe("inactive");
  });

  it("Cancel on a new requirement asks, then goes back to the listing", async () => {
    const { jobs, page } = await signedIn("client", "Cory");
    await page.goto("/post-job");
    await jobs.stepHeading("Basic Information");
    await page.getByLabel("Title").fill("Half-written idea");
    await page.getByRole("button", { name: "Cancel" }).click();
    const dialog = jobs.dialog("Discard this requirement?");
    await shot(page, "post-job-cancel");
    await dialog.getByRole("button", { name: "Discard" }).click();
    await page.waitForURL(`${session.server.url}/jobs`);
  });

  it("a signed-out visitor sees the Login Required notice, and unknown jobs say Job not found", async () => {
    const { page } = await session.browser();
    await page.goto("/jobs");
    await page.getByRole("region", { name: "Login Required" }).waitFor();
    await expect(page.getByRole("article").count()).resolves.toBe(0);
    await shot(page, "jobs-login-required");

    const { page: clientPage } = await signedIn("client", "Nina");
    await clientPage.goto("/jobs/abc");
    await clientPage.getByRole("heading", { name: "Job not found" }).waitFor();
    await clientPage.getByText("Invalid job ID").waitFor();
    await clientPage.goto("/jobs/987654");
    await clientPage.getByRole("heading", { name: "Job not found" }).waitFor();
    await shot(clientPage, "job-not-found");
    await clientPage.getByRole("link", { name: "Back to Jobs" }).click();
    await clientPage.waitForURL(`${session.server.url}/jobs`);
  });

  it("a freelancer sees My Accepted Jobs without a filter, and cards without owner actions", async () => {
    const client = await signedIn("client", "Fiona");
    await postJobByApi(client.page, { title: "Recipe Blog", description: "A static blog of recipes.", industry: "Food & Beverage", scope: 50 });

    const { jobs, page } = await signedIn("freelancer", "Felix");
    await jobs.openMyJobs("My Accepted Jobs");
    await page.getByText("You have no jobs in progress.").waitFor();
    await expect(page.getByRole("group", { name: "Filter jobs" }).count()).resolves.toBe(0);
    await shot(page, "my-jobs-freelancer");
    await jobs.openListing();
    const card = jobs.card("Recipe Blog");
    await card.waitFor();
    await expect(page.getByRole("link", { name: "Post a Job" }).count()).resolves.toBe(0);
    await expect(card.getByRole("button").count()).resolves.toBe(0);
    await expect(card.getByRole("link", { name: /^(Edit|Pay Now|Create Story & Task)$/ }).count()).resolves.toBe(0);
  });

  it("an admin sees All Jobs with the indicator strip, Admin Access and Edit as Admin", async () => {
    const { server } = session;
    const client = await signedIn("client", "Olga");
    const jobId = await postJobByApi(client.page, {
      title: "Bakery Web Shop",
      description: "A small shop for cakes with pickup times.",
      industry: "Food & Beverage",
      scope: 500,
    });
    await server.services.db("jobs").where({ id: jobId }).update({ started_at: new Date(), status: "in_progress", payment_status: "paid", locked: true });

    const { jobs, page } = await signedIn("admin", "Adam");
    await jobs.openMyJobs("All Jobs");
    await page.getByRole("group", { name: "Filter jobs" }).waitFor();
    const card = jobs.card("Bakery Web Shop");
    await card.getByText("Admin Access").waitFor();
    await card.getByText("Payment Complete").waitFor();
    const indicators = card.getByRole("list", { name: "Status indicators" });
    await expect(indicators.getByRole("listitem").count()).resolves.toBe(4);
    await indicators.getByRole("listitem", { name: "Payment: Paid" }).waitFor();
    await indicators.getByRole("listitem", { name: "Project started" }).waitFor();
    await indicators.getByRole("listitem", { name: "No stories and tasks yet" }).waitFor();
    await indicators.getByRole("listitem", { name: "No client communication yet" }).waitFor();
    await indicators.getByRole("listitem", { name: "Payment: Paid" }).hover();
    await page.getByRole("tooltip", { name: "Payment: Paid" }).waitFor();
    await shot(page, "my-jobs-admin");
    await page.getByRole("button", { name: "In Progress" }).click();
    await card.waitFor();

    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("heading", { name: "Bakery Web Shop", level: 1 }).waitFor();
    await page.getByText("Payment: Completed").waitFor();
    await page.getByText("In Progress", { exact: true }).waitFor();
    await page.getByText("Admin Access").waitFor();
    // Started and paid: no edit, but a change request.
    await expect(page.getByRole("link", { name: "Edit as Admin" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Change Request" }).first().isEnabled()).resolves.toBe(true);
    await shot(page, "job-detail-admin");

    // An open job of the client can be edited by the admin, who keeps the owner.
    const open = await server.services
      .db("jobs")
      .insert({ title: "Admin Editable", description: "Editable by the admin.", industry: "Legal", scope: 50, budget: 50, owner_id: client.user.id })
      .returning("id");
    const openId = (open[0] as { id: number }).id;
    await server.services.db("job_requirements").insert({ job_id: openId, industry: "Legal" });
    await page.goto(`/jobs/${openId}`);
    await page.getByRole("link", { name: "Edit as Admin" }).click();
    await page.getByRole("heading", { name: "Admin Edit Requirement" }).waitFor();
    await shot(page, "post-job-admin-edit");
  });

  it("My Jobs pages through 13 jobs, 12 a page, and a link past the last page goes back to the last page", async () => {
    const { page } = await signedIn("client", "Pia");
    for (let index = 1; index <= 13; index++) {
      await postJobByApi(page, { title: `Paged Job ${String(index).padStart(2, "0")}`, description: "A job to fill the pages.", industry: "Legal", scope: 1 });
    }
    await page.goto("/my-jobs");
    const cards = page.getByRole("article");
    await expect.poll(() => cards.count()).toBe(12);
    const pager = page.getByRole("navigation", { name: /pagination/i });
    // The page after one shown goes on from its cursor (keyset), not from an offset.
    const nextPage = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/jobs/mine");
    await pager.getByRole("button", { name: "Go to page 2" }).click();
    expect(new URL((await nextPage).url()).searchParams.get("cursor")).toBeTruthy();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => cards.count()).toBe(1);
    // The oldest job is alone on page 2 (newest first).
    await page.getByRole("heading", { name: "Paged Job 01" }).waitFor();
    await shot(page, "my-jobs-page-2");

    await page.goto("/my-jobs?page=7");
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await page.getByRole("heading", { name: "Paged Job 01" }).waitFor();
    await expect(page.getByText("You have not posted any jobs yet.").count()).resolves.toBe(0);
  });

  it("a job page whose data fails to load says so, and Try Again loads it", async () => {
    const { page } = await signedIn("client", "Rita");
    const id = await postJobByApi(page, { title: "Flaky Network Shop", description: "A shop behind a flaky network.", industry: "Legal", scope: 50 });
    // The server is unreachable for this job's data (a proxy answering 503 with no body) until the test lets it through.
    let failing = true;
    await page.route(`**/api/jobs/${id}`, (route) => (failing ? route.fulfill({ status: 503, body: "" }) : route.continue()));
    await page.goto(`/jobs/${id}`);
    const failure = page.getByRole("alert").filter({ hasText: "Error Loading Requirements" });
    await failure.waitFor();
    await shot(page, "job-load-error");
    failing = false;
    await failure.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("heading", { name: "Flaky Network Shop" }).waitFor();
  });

  it("a paid job shows Payment Complete and no Delete; a finished unpaid one shows Payment Due", async () => {
    const { server } = session;
    const { jobs, page } = await signedIn("client", "Paula");
    const paidId = await postJobByApi(page, { title: "Paid Landing Page", description: "A landing page.", industry: "Legal", scope: 50 });
    const longDescription = Array.from({ length: 12 }, (_, index) => `Sentence ${index + 1} of a long description of a car parts store.`).join(" ");
    const dueId = await postJobByApi(page, { title: "Finished Store", description: longDescription, industry: "Automotive", scope: 500 });
    await server.services.db("jobs").where({ id: dueId }).update({ status: "completed", started_at: new Date(), locked: true });

    // The card still offers Delete; the server has the last word once the job is paid.
    await jobs.openListing();
    await jobs.card("Paid Landing Page").getByRole("button", { name: "Delete" }).waitFor();
    await server.services.db("jobs").where({ id: paidId }).update({ payment_status: "paid", locked: true });
    await jobs.card("Paid Landing Page").getByRole("button", { name: "Delete" }).click();
    await jobs.dialog("Are you sure you want to delete this job?").getByRole("button", { name: "Delete" }).click();
    const refused = jobs.dialog("Cannot Delete Paid Job");
    await jobs.dialog("Are you sure you want to delete this job?").waitFor({ state: "detached" });
    await refused
      .getByText("This job has already been paid for and cannot be deleted. Paid jobs are preserved for record-keeping and contractual purposes.")
      .waitFor();
    await shot(page, "cannot-delete-paid");
    await refused.getByRole("button", { name: "Close" }).click();

    await page.reload();
    const paid = jobs.card("Paid Landing Page");
    await paid.getByText("Payment Complete").waitFor();
    await expect(paid.getByRole("button", { name: "Delete" }).count()).resolves.toBe(0);
    await expect(paid.getByRole("link", { name: "Edit" }).count()).resolves.toBe(0);
    const due = jobs.card("Finished Store");
    await due.getByText("Payment Due").waitFor();
    await expect(due.getByRole("button", { name: "Delete" }).count()).resolves.toBe(0);
    // A long description is clamped to three lines.
    const clamp = await due.getByTestId("job-description").evaluate((element) => ({
      lines: getComputedStyle(element).webkitLineClamp,
      clipped: element.scrollHeight > element.clientHeight,
    }));
    expect(clamp).toEqual({ lines: "3", clipped: true });
    await shot(page, "jobs-payment-badges");

    await jobs.openMyJobs("My Posted Jobs");
    await page.getByRole("button", { name: "Unpaid" }).click();
    await jobs.card("Paid Landing Page").waitFor({ state: "detached" });
    await jobs.card("Finished Store").waitFor();
    await page.getByRole("button", { name: "Paid", exact: true }).click();
    await jobs.card("Finished Store").waitFor({ state: "detached" });
    await jobs.card("Paid Landing Page").waitFor();
    await shot(page, "my-jobs-paid-filter");

    // Editing a job that may no longer be edited says so instead of showing the form.
    await page.goto(`/post-job?edit=${paidId}`);
    await page.getByText("Cannot Edit Job").waitFor();
    await shot(page, "post-job-not-editable");
  });
});
