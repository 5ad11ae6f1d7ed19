import { beforeAll, expect, it } from "vitest";
import { jobCreateBody } from "@forgehire/core";
import { breakDownJob, createFreelancerProfile, createUser, lockJob, postJob, requestChange, type UserRecord } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, mailCatcher } from "./support/session.js";
import { BackOfficePage } from "./pages/back-office.js";
import { ChatPages } from "./pages/chat.js";
import { PortalPage } from "./pages/portal.js";

const mail = mailCatcher();
const session = appSession(() => ({ SMTP_URL: mail().url }));
let carla: UserRecord;
beforeAll(async () => {
  const { server } = session;
  await createUser(server.services, { email: "boss@example.test", password: "boss-pass", firstName: "Bo", lastName: "Ss", userType: "admin" });
  carla = await createUser(server.services, {
    email: "carla@example.test",
    password: "carla-pass",
    firstName: "Carla",
    lastName: "Client",
    userType: "client",
  });
});

async function logInToBackOffice(email: string, password: string) {
  const { page } = await session.browser();
  await new BackOfficePage(page).logIn(email, password);
  return page;
}

it("an admin signs in to the back office and lists, searches and sorts users", async () => {
  const page = await logInToBackOffice("boss@example.test", "boss-pass");
  await page.getByRole("menuitem", { name: /users/i }).click();
  await page.getByText("carla@example.test").waitFor();
  await page.getByText("boss@example.test").waitFor();
  await screenshot(page, "admin-users");
  await page.getByRole("button", { name: "Email" }).click();
  await page.waitForFunction(() => location.hash.includes("sort=email"));
  // The hash changes before the sorted page arrives: poll the rendered rows rather than read them once.
  const emails = page.getByRole("link", { name: /@example\.test$/ });
  await expect.poll(() => emails.allInnerTexts()).toEqual(["boss@example.test", "carla@example.test"]);
  await page.getByPlaceholder("Search").fill("carla");
  await page.waitForFunction(() => !document.body.innerText.includes("boss@example.test"));
  await expect(page.getByText("carla@example.test").count()).resolves.toBe(1);
});

it("a client signing in to the back office sees that admin access is required", async () => {
  const page = await logInToBackOffice("carla@example.test", "carla-pass");
  await page.getByText("Admin access required").waitFor();
  await screenshot(page, "admin-access-required");
  await page.getByRole("link", { name: /back to the portal/i }).waitFor();
  await expect(page.getByRole("menuitem", { name: /users/i }).count()).resolves.toBe(0);
});

/** Posts a job as Carla through the use case, then puts it straight into a later state (lock, completion, payment). */
async function carlasJob(title: string, state: Record<string, unknown>): Promise<number> {
  const { server } = session;
  const input = jobCreateBody.parse({ title, description: "A small website for a local shop.", industry: "Legal", scope: 50 });
  const { job } = await postJob(server.services, { id: carla.id, userType: carla.userType, roleType: carla.roleType }, input);
  if (Object.keys(state).length) await server.services.db("jobs").where({ id: job.id }).update(state);
  return job.id;
}

it("an admin lists jobs by view in the back office and follows Pay Now, shown only when can.pay, to the payment page", async () => {
  const dueId = await carlasJob("Finished Bakery Site", { status: "completed", payment_status: "unpaid", locked: true, started_at: new Date() });
  await carlasJob("Paid Florist Site", { status: "completed", payment_status: "paid", locked: true, started_at: new Date() });
  await carlasJob("Open Garage Site", {});

  const page = await logInToBackOffice("boss@example.test", "boss-pass");
  await page.getByRole("menuitem", { name: /jobs/i }).click();
  // Newest first. The list renders before and after its data arrives: poll the rows rather than read them once.
  const titles = page.locator("td.column-title");
  const poll = { timeout: 15_000 };
  await expect.poll(() => titles.allInnerTexts(), poll).toEqual(["Open Garage Site", "Paid Florist Site", "Finished Bakery Site"]);

  const chooseView = async (label: string) => {
    await page.getByRole("combobox", { name: "View" }).click();
    await page.getByRole("option", { name: label }).click();
  };
  await chooseView("Completed");
  await expect.poll(() => titles.allInnerTexts(), poll).toEqual(["Paid Florist Site", "Finished Bakery Site"]);
  const row = (title: string) => page.getByRole("row").filter({ hasText: title });
  await expect.poll(() => row("Finished Bakery Site").getByRole("link", { name: "Pay Now" }).count(), poll).toBe(1);
  await expect(row("Paid Florist Site").getByRole("link", { name: "Pay Now" }).count()).resolves.toBe(0);
  await expect(row("Paid Florist Site").getByRole("link", { name: "View" }).getAttribute("href")).resolves.toMatch(/^\/jobs\/\d+$/);
  await screenshot(page, "admin-jobs");

  await chooseView("With Communication");
  await page.getByText("No projects match the selected filter.").waitFor();

  await chooseView("Payment Due");
  await expect.poll(() => titles.allInnerTexts(), poll).toEqual(["Finished Bakery Site"]);
  await row("Finished Bakery Site").getByRole("link", { name: "Pay Now" }).click();
  // A plain link out of the back office: the portal's payment page, not a react-admin route.
  await page.waitForURL((url) => url.pathname === `/payments/${dueId}`);
  await page.getByRole("heading", { name: "Finished Bakery Site" }).waitFor();
  await page.getByRole("button", { name: "Pay Now with Stripe" }).waitFor();
  await screenshot(page, "admin-jobs-pay-now");
});

/** A poster of her own, so the titles below stay apart from Carla's jobs of the other tests. */
async function doraWithJobs() {
  const { server } = session;
  const dora = await createUser(server.services, {
    email: "dora@example.test",
    password: "dora-pass",
    firstName: "Dora",
    lastName: "Poster",
    userType: "client",
  });
  const post = async (title: string, state: Record<string, unknown>) => {
    const input = jobCreateBody.parse({ title, description: "A garden centre's online shop.", industry: "Others", scope: 50 });
    const { job } = await postJob(server.services, { id: dora.id, userType: dora.userType, roleType: dora.roleType }, input);
    if (Object.keys(state).length) await server.services.db("jobs").where({ id: job.id }).update(state);
    return job.id;
  };
  const dueId = await post("Garden Centre Shop", { status: "completed", payment_status: "unpaid", locked: true, started_at: new Date() });
  const openId = await post("Garden Blog", {});
  return { dora, dueId, openId };
}

it("an admin lands on the Admin Dashboard, filters Payment Due, emails a poster and chats with her live from the Communication Hub", async () => {
  const { server } = session;
  const { dora, dueId } = await doraWithJobs();
  const { page } = await session.browser();
  const office = new BackOfficePage(page);
  const poll = { timeout: 15_000 };

  // Signing in on the portal brings an admin to the back office's dashboard.
  await new PortalPage(page).logIn("boss@example.test", "boss-pass");
  await page.waitForURL((url) => url.pathname === "/admin/");
  await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
  await page.getByText("Complete Project Status Overview").waitFor();
  // The counters are the server's figures.
  const stats = (await (await page.request.get("/api/admin/stats")).json()) as { total: number; paymentDue: number };
  await expect.poll(() => office.counter("Payment Due").innerText(), poll).toContain(String(stats.paymentDue));
  await expect.poll(() => office.counter("Total Projects").innerText(), poll).toContain(String(stats.total));
  await expect.poll(() => office.projectNames(), poll).toContain("Garden Blog");
  await page.getByRole("figure", { name: "Jobs by status" }).locator(".recharts-bar-rectangle").first().waitFor();
  await screenshot(page, "back-office-dashboard");

  await office.chooseView("Payment Due");
  await expect.poll(() => office.projectNames(), poll).toContain("Garden Centre Shop");
  expect(await office.projectNames()).not.toContain("Garden Blog");
  expect(await office.jobRow("Garden Centre Shop").getByRole("link", { name: "Garden Centre Shop" }).getAttribute("href")).toBe(`/jobs/${dueId}`);

  await office.openTab("Job Poster Details");
  const row = office.jobRow("Garden Centre Shop");
  await row.getByText("dora@example.test").waitFor();
  await row.getByText("Dora Poster").waitFor();
  expect(await row.getByRole("link", { name: "Pay Now" }).getAttribute("href")).toBe(`/payments/${dueId}`);
  await screenshot(page, "back-office-dashboard-job-posters");
  // Pay Now only where the job is completed and not paid (the row's can.pay).
  await office.chooseView("All Projects");
  await office.jobRow("Garden Blog").getByRole("button", { name: "Email" }).waitFor();
  expect(await office.jobRow("Garden Blog").getByRole("link", { name: "Pay Now" }).count()).toBe(0);

  await row.getByRole("button", { name: "Email" }).click();
  const dialog = office.dialog;
  await dialog.getByRole("heading", { name: "Send Email to Job Poster" }).waitFor();
  expect(await dialog.getByLabel("Subject").inputValue()).toBe("Regarding your project: Garden Centre Shop");
  // Nothing to send until both fields are filled.
  expect(await dialog.getByRole("button", { name: "Send Email" }).isDisabled()).toBe(true);
  await dialog.getByLabel("Message").fill("Your project is finished: the payment is all that is left.");
  await office.dialogSettled();
  await screenshot(page, "back-office-email-dialog");
  // How the dialog words a failure: the spec's 'Client email not found' for an unknown recipient, 'Failed to send
  // email' for a fault, the server's own words for any other refusal. (Faked once each: real ones need a broken server.)
  const failures = [
    { status: 404, code: "CLIENT_EMAIL_NOT_FOUND", message: "No email address for this poster.", shown: "Client email not found" },
    { status: 500, code: "INTERNAL", message: "Something went wrong.", shown: "Failed to send email" },
    { status: 409, code: "SOME_RULE", message: "This poster asked not to be emailed.", shown: "This poster asked not to be emailed." },
    // A failed attempt the queue retries: the server's words, with the attempt's number.
    {
      status: 503,
      code: "EMAIL_SEND_FAILED",
      message: "Failed to send email: attempt 1 of 12 failed (connect ECONNREFUSED); it will be retried automatically.",
      shown: "Failed to send email: attempt 1 of 12 failed (connect ECONNREFUSED); it will be retried automatically.",
    },
  ];
  for (const failure of failures) {
    await page.route("**/api/admin/emails", (route) =>
      route.fulfill({ status: failure.status, json: { error: { code: failure.code, title: "Refused", message: failure.message } } }),
    );
    await dialog.getByRole("button", { name: "Send Email" }).click();
    await dialog.getByRole("alert").filter({ hasText: failure.shown }).waitFor();
    await page.unroute("**/api/admin/emails");
  }
  await dialog.getByRole("button", { name: "Send Email" }).click();
  // 'Sent' only once the outbox says so: this server has SMTP, and the first attempt is made before the answer.
  await page.getByText("Email sent successfully!").waitFor();
  await dialog.waitFor({ state: "detached" });
  const sent = await server.services.db("emails").where({ to_address: "dora@example.test", subject: "Regarding your project: Garden Centre Shop" });
  expect(sent).toHaveLength(1);
  expect((sent[0] as { body_text: string }).body_text).toContain("Your project is finished");

  // The Communication Hub: no conversation yet, then one started with the poster from All Projects.
  await office.menuItem("Communication Hub").click();
  await page.getByRole("heading", { name: "Communication Hub", level: 1 }).waitFor();
  await page.getByText("You haven't started any conversations with job posters yet.").waitFor();
  await page.getByText("No messages", { exact: true }).waitFor();
  await screenshot(page, "back-office-hub-empty");

  await office.openTab("All Projects");
  await page.getByPlaceholder("Search projects or clients...").fill("no such project");
  await page.getByText("There are no projects matching your search criteria.").waitFor();
  await page.getByText("No projects found").waitFor();
  await page.getByPlaceholder("Search projects or clients...").fill("Garden");
  const card = page.getByRole("listitem", { name: "Garden Centre Shop" });
  await card.getByText("Dora Poster · Client").waitFor();
  await card.getByText("Completed").waitFor();
  await screenshot(page, "back-office-hub-projects");
  await card.getByRole("button", { name: "Start Chat" }).click();
  await dialog.getByRole("heading", { name: /Chat with Dora Poster/ }).waitFor();
  await dialog.getByPlaceholder("Type your message...").fill("Hello Dora, your shop is ready for payment.");
  await dialog.getByPlaceholder("Type your message...").press("Enter");
  const log = dialog.getByRole("log", { name: "Messages" });
  await log.getByText("Hello Dora, your shop is ready for payment.").waitFor();
  const room = (await server.services.db("chat_rooms").where({ client_id: dora.id, job_id: dueId }).first()) as { room_id: string };
  const stored = await server.services.db("messages").where({ room_id: room.room_id, content: "Hello Dora, your shop is ready for payment." });
  expect(stored).toHaveLength(1);

  // Dora answers from the portal; the admin's open dialog shows it without reloading (socket.io).
  const doraBrowser = await session.browser();
  const chat = new ChatPages(doraBrowser.page);
  await new PortalPage(doraBrowser.page).logIn(dora.email, "dora-pass");
  await doraBrowser.page.waitForURL((url) => url.pathname === "/");
  await doraBrowser.page.goto(`/messages/${encodeURIComponent(room.room_id)}`);
  await chat.log.getByText("Hello Dora, your shop is ready for payment.").waitFor();
  await chat.send("Thanks, I will pay today.");
  await log.getByText("Thanks, I will pay today.").waitFor();
  await screenshot(page, "back-office-chat-dialog");
  await dialog.getByRole("button", { name: "Close" }).click();

  // The conversation is listed with both parties, searchable, and under its project.
  await office.openTab("All Conversations");
  const conversation = page.getByRole("listitem", { name: "Dora Poster and Bo Ss" });
  await conversation.getByText("Thanks, I will pay today.").waitFor();
  await page.getByPlaceholder("Search conversations...").fill("pay today");
  await conversation.waitFor();
  await page.getByPlaceholder("Search conversations...").fill("nothing like this");
  await page.getByText("No conversations found").waitFor();
  await screenshot(page, "back-office-hub-conversations");
  // By Project groups the conversations under their project, found by its title.
  await office.openTab("By Project");
  await page.getByRole("textbox", { name: "Search by project, client or freelancer..." }).fill("Garden Centre");
  await page.getByRole("listitem", { name: "Garden Centre Shop" }).getByRole("listitem", { name: "Dora Poster and Bo Ss" }).waitFor();
  await screenshot(page, "back-office-hub-by-project");

  // Disabling Dora ends the session she is using at once, and she cannot sign in again until enabled.
  expect((await doraBrowser.page.request.get("/api/auth/me")).status()).toBe(200);
  await office.menuItem("Users").click();
  await page.getByRole("row").filter({ hasText: "dora@example.test" }).getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: "Disable" }).click();
  await dialog.getByText("They are signed out everywhere at once").waitFor();
  await office.dialogSettled();
  await screenshot(page, "back-office-users-disable");
  await dialog.getByRole("button", { name: "Disable" }).click();
  await page.getByText("Account disabled: its sessions have ended.").waitFor();
  await page.getByRole("button", { name: "Enable" }).waitFor();
  expect(((await server.services.db("users").where({ id: dora.id }).first()) as { disabled: boolean }).disabled).toBe(true);
  expect((await doraBrowser.page.request.get("/api/auth/me")).status()).toBe(401);
  const refused = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: dora.email, password: "dora-pass" }),
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("ACCOUNT_DISABLED");

  // The disable dialog must be gone before the next click, or the click lands on its closing backdrop.
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Enable" }).click();
  await dialog.getByRole("button", { name: "Enable" }).waitFor();
  await office.dialogSettled();
  await dialog.getByRole("button", { name: "Enable" }).click();
  await page.getByText("Account enabled.").waitFor();
  await page.getByRole("button", { name: "Disable" }).waitFor();
  expect(((await server.services.db("users").where({ id: dora.id }).first()) as { disabled: boolean }).disabled).toBe(false);
});

it("every back-office screen shows its records: jobs, users, freelancers, stories, tasks, change requests, chat rooms, messages, emails", async () => {
  const { server } = session;
  // A job with a backlog and a change request, a freelancer profile, a conversation and an e-mail.
  const erin = await createUser(server.services, {
    email: "erin@example.test",
    password: "erin-pass",
    firstName: "Erin",
    lastName: "Owner",
    userType: "client",
  });
  const erinActor = { id: erin.id, userType: erin.userType, roleType: erin.roleType };
  const input = jobCreateBody.parse({ title: "Clinic Booking App", description: "Online booking for a dental clinic.", industry: "Healthcare", scope: 50 });
  const { job } = await postJob(server.services, erinActor, input);
  await breakDownJob(server.services, server.services.engines.rules, erinActor, job.id);
  await lockJob(server.services, erinActor, job.id);
  await requestChange(server.services, erinActor, job.id, { description: "Add reminders by text message." });
  const nova = await createUser(server.services, {
    email: "nova@example.test",
    password: "nova-pass",
    firstName: "Nova",
    lastName: "Quill",
    userType: "freelancer",
  });
  await createFreelancerProfile(
    server.services,
    { id: nova.id, userType: nova.userType, roleType: nova.roleType },
    {
      title: "Voice Agent Builder",
      bio: "Voice agents for clinics.",
      hourlyRate: 65,
      skills: ["Whisper"],
      domains: ["Voice & Speech"],
    },
  );

  const page = await logInToBackOffice("boss@example.test", "boss-pass");
  const office = new BackOfficePage(page);
  await page.getByRole("heading", { name: "Admin Dashboard", level: 1 }).waitFor();
  const room = (await (await page.request.post("/api/admin/chat-rooms", { data: { jobId: job.id } })).json()) as { roomId: string };
  const posted = await page.request.post(`/api/chat/rooms/${encodeURIComponent(room.roomId)}/messages`, { data: { content: "About your booking app" } });
  expect(posted.status()).toBe(201);
  const email = await page.request.post("/api/admin/emails", { data: { jobId: job.id, subject: "Booking app questions", message: "Which clinics?" } });
  expect(email.status()).toBe(201);
  const emailId = ((await email.json()) as { id: string }).id;

  // Each screen: where it is, a text that proves its records arrived, and a picture for a person to look at.
  const screens: [name: string, route: string, text: string][] = [
    ["jobs-show", `/jobs/${job.id}/show`, "Clinic Booking App"],
    ["jobs-show-requirements", `/jobs/${job.id}/show/requirements`, "Online booking for a dental clinic."],
    ["jobs-show-stories", `/jobs/${job.id}/show/stories`, "Add reminders by text message."],
    ["jobs-show-change-requests", `/jobs/${job.id}/show/change-requests`, "Add reminders by text message."],
    ["jobs-show-activity", `/jobs/${job.id}/show/activity`, "Requirements locked"],
    ["users", "/users", "erin@example.test"],
    ["users-edit", `/users/${erin.id}`, "erin@example.test"],
    ["freelancers", "/freelancers", "Voice Agent Builder"],
    ["stories", "/stories", "Clinic Booking App"],
    ["tasks", "/tasks", "Clinic Booking App"],
    ["change-requests", "/change-requests", "Add reminders by text message."],
    ["chat-rooms", "/chat-rooms", "About your booking app"],
    ["chat-rooms-show", `/chat-rooms/${encodeURIComponent(room.roomId)}/show`, "About your booking app"],
    ["messages", "/messages", "About your booking app"],
    ["emails", "/emails", "Booking app questions"],
    ["emails-show", `/emails/${emailId}/show`, "Which clinics?"],
  ];
  for (const [name, route, text] of screens) {
    await office.open(route);
    await page.getByText(text).first().waitFor();
    await screenshot(page, `back-office-${name}`);
  }

  // A freelancer's page, a story and a task from the lists.
  await office.open("/freelancers");
  await page.getByText("Voice Agent Builder").click();
  await page.getByText("Voice agents for clinics.").waitFor();
  await office.main.getByText("Whisper", { exact: true }).waitFor();
  await office.main.getByText("Voice & Speech", { exact: true }).waitFor();
  await screenshot(page, "back-office-freelancers-show");
  await office.open(`/stories?filter=${encodeURIComponent(JSON.stringify({ jobId: job.id }))}`);
  await page.locator("tbody tr").first().click();
  await page.waitForURL(/#\/stories\/[^/]+\/show$/);
  // Labels only the show page has (the list has Tasks and Status columns too).
  await office.main.getByText("Description", { exact: true }).waitFor();
  await office.main.locator("tbody tr").first().waitFor();
  await screenshot(page, "back-office-stories-show");
  await office.open("/tasks");
  await page.locator("tbody tr").first().click();
  await page.waitForURL(/#\/tasks\/[^/]+\/show$/);
  await office.main.getByText("Status comments", { exact: true }).waitFor();
  await screenshot(page, "back-office-tasks-show");

  // Edit a job's wording as an admin, on a job that is neither locked nor paid.
  const { job: draft } = await postJob(server.services, erinActor, jobCreateBody.parse({ ...input, title: "Clinic Website" }));
  await office.open(`/jobs/${draft.id}`);
  await page.getByLabel("Title *").fill("Clinic Website, two languages");
  await screenshot(page, "back-office-jobs-edit");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => ((await server.services.db("jobs").where({ id: draft.id }).first()) as { title: string }).title)
    .toBe("Clinic Website, two languages");
  expect(((await server.services.db("jobs").where({ id: draft.id }).first()) as { owner_id: string }).owner_id).toBe(erin.id);
});
