import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { DeliveryPages } from "./pages/delivery.js";

const session = appSession();

/** A fresh browser signed in as a new account of the given type. */
async function signedIn(userType: "client" | "freelancer", firstName: string) {
  const me = await session.signIn(userType, firstName);
  return { ...me, delivery: new DeliveryPages(me.page) };
}

describe("task comments in the project status table", () => {
  it("keeps the freelancer's question and the client's answer both in the task's thread", async () => {
    const client = await signedIn("client", "Clara");
    const freelancer = await signedIn("freelancer", "Fred");
    // The steps before the start have their own browser tests: here they go through the API.
    const posted = await client.page.request.post("/api/jobs", {
      data: { title: "Bakery Ordering Site", description: "Online ordering for a small bakery, with pickup times.", industry: "Automotive", scope: 500 },
    });
    expect(posted.status()).toBe(201);
    const jobId = ((await posted.json()) as { job: { id: number } }).job.id;
    const breakdown = await client.page.request.post(`/api/jobs/${jobId}/breakdown`);
    const taskTitle = ((await breakdown.json()) as { stories: Array<{ tasks: Array<{ title: string }> }> }).stories[0]!.tasks[0]!.title;
    expect((await client.page.request.post(`/api/jobs/${jobId}/lock`)).status()).toBe(200);
    await session.server.services.db("jobs").where({ id: jobId }).update({ payment_status: "paid" });
    expect((await freelancer.page.request.post(`/api/jobs/${jobId}/start`)).status()).toBe(200);

    // The freelancer asks, moving the task to Clarification.
    await freelancer.delivery.openProjectStatus(jobId);
    await freelancer.delivery.updateTaskStatus(taskTitle, "Clarification", "Which pickup times should the form offer?");
    await freelancer.delivery.toast("Task updated").waitFor();

    // The client answers in the same row: a comment without a status change.
    await client.delivery.openProjectStatus(jobId);
    const clientThread = client.page.getByRole("list", { name: `Comments on ${taskTitle}` });
    await clientThread.getByText("Which pickup times should the form offer?").waitFor();
    await client.page.getByRole("textbox", { name: `Comment on ${taskTitle}` }).fill("Every 15 minutes from 7:00 to 13:00.");
    await client.page.getByRole("button", { name: `Save ${taskTitle}` }).click();
    await client.delivery.toast("Task updated").waitFor();

    // Both stay, oldest first, each with its author and the status it came with.
    const comments = clientThread.getByTestId("task-comment");
    await expect.poll(() => comments.count()).toBe(2);
    await expect(comments.nth(0).innerText()).resolves.toMatch(/Fred Tester[\s\S]*Clarification[\s\S]*Which pickup times should the form offer\?/);
    await expect(comments.nth(1).innerText()).resolves.toMatch(/Clara Tester[\s\S]*Clarification[\s\S]*Every 15 minutes from 7:00 to 13:00\./);
    await screenshot(client.page, "project-status-comment-thread");

    // The freelancer sees the whole thread too.
    await freelancer.page.reload();
    const freelancerThread = freelancer.page.getByRole("list", { name: `Comments on ${taskTitle}` });
    await freelancerThread.getByText("Every 15 minutes from 7:00 to 13:00.").waitFor();
    await expect(freelancerThread.getByTestId("task-comment").count()).resolves.toBe(2);
    await freelancerThread.getByText("Which pickup times should the form offer?").waitFor();
  });
});

describe("notification e-mail switches on Update Profile", () => {
  it("turns task-message e-mails off and keeps the choice after a reload", async () => {
    const client = await signedIn("client", "Olga");
    await client.page.goto("/update-profile");
    const section = client.page.getByRole("region", { name: "Email Notifications" });
    const jobUpdates = section.getByRole("switch", { name: /Job updates/ });
    const taskMessages = section.getByRole("switch", { name: /Task messages/ });
    await expect(jobUpdates.isChecked()).resolves.toBe(true);
    await expect(taskMessages.isChecked()).resolves.toBe(true);

    await taskMessages.click();
    await client.delivery.toast("Email preferences saved").waitFor();
    await expect.poll(() => taskMessages.isChecked()).toBe(false);
    await screenshot(client.page, "update-profile-email-notifications");
    const row = (await session.server.services.db("users").where({ email: client.email }).first()) as {
      email_task_messages: boolean;
      email_job_updates: boolean;
    };
    expect(row).toMatchObject({ email_task_messages: false, email_job_updates: true });

    await client.page.reload();
    await expect
      .poll(() =>
        client.page
          .getByRole("region", { name: "Email Notifications" })
          .getByRole("switch", { name: /Task messages/ })
          .isChecked(),
      )
      .toBe(false);
    await expect(
      client.page
        .getByRole("region", { name: "Email Notifications" })
        .getByRole("switch", { name: /Job updates/ })
        .isChecked(),
    ).resolves.toBe(true);
  });
});
