import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { createFreelancerProfile, createUser, startChat } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, unique } from "./support/session.js";

// Keyboard-only journeys: after signing in, every step uses page.keyboard alone (Tab, Shift+Tab, Enter, Space,
// arrows, typing); locators only read where the focus is and what the screen shows.

const session = appSession();

const signedIn = (userType: "client" | "freelancer", firstName: string) => session.signIn(userType, firstName, { lastName: "Keys" });

/** Whether the element (or something inside it) has the keyboard focus. */
async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus; fails when it is never reached, which is what a
 * non-focusable control or a focus trap looks like from the keyboard.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if (await hasFocus(target)) return;
  }
  throw new Error(`${max} presses of ${backwards ? "Shift+Tab" : "Tab"} never reached ${target.toString()}`);
}

/** The name of the focused element, as a screen reader would start to announce it. */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
  });
}

describe("keyboard only", () => {
  it("a client posts a job through the four wizard steps with the keyboard", async () => {
    const { page } = await signedIn("client", "Kira");
    await page.goto("/post-job");
    const panel = page.getByRole("tabpanel");
    await panel.getByRole("heading", { name: "Basic Information", level: 2 }).waitFor();

    // Step 1: the Industry select opens with Enter and its options move with the arrows.
    await tabTo(page, page.getByRole("combobox", { name: "Industry" }));
    await page.keyboard.press("Enter");
    await page.getByRole("listbox").waitFor();
    for (let presses = 0; presses < 30 && (await focusedText(page)) !== "Healthcare"; presses += 1) await page.keyboard.press("ArrowDown");
    expect(await focusedText(page)).toBe("Healthcare");
    await page.keyboard.press("Enter");
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await expect.poll(() => page.getByRole("combobox", { name: "Industry" }).textContent()).toBe("Healthcare");

    await tabTo(page, page.getByRole("textbox", { name: "Title" }));
    await page.keyboard.type("Keyboard Clinic Booking");
    await tabTo(page, page.getByRole("textbox", { name: "Description" }));
    await page.keyboard.type("Patients book a doctor online and get a reminder the day before.");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("Doctors confirm each booking.");

    await tabTo(page, page.getByRole("radio", { name: /^Simple Application:/ }));
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByRole("radio", { name: /^Simple Application:/ }).getAttribute("aria-checked")).toBe("true");
    const deployment = page.getByRole("checkbox", { name: "Deployment" });
    await tabTo(page, deployment);
    await page.keyboard.press("Space");
    await expect.poll(() => deployment.isChecked()).toBe(true);
    // Shift+Tab goes back to the scope cards and past them to the description.
    await tabTo(page, page.getByRole("textbox", { name: "Description" }), { backwards: true });
    await screenshot(page, "keyboard-post-job-step1");

    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 2: a user category is added with Enter.
    await panel.getByRole("heading", { name: "Users & Features", level: 2 }).waitFor();
    await tabTo(page, page.getByRole("textbox", { name: "Target Audience" }));
    await page.keyboard.type("Small clinics");
    await tabTo(page, page.getByRole("combobox", { name: "User Categories" }));
    await page.keyboard.type("Patients");
    await page.keyboard.press("Enter");
    await page
      .getByRole("button", { name: "Patients" })
      .or(page.getByText("Patients", { exact: true }))
      .first()
      .waitFor();
    await tabTo(page, page.getByRole("textbox", { name: "Key Features" }));
    await page.keyboard.type("Online booking and reminders");
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 3: a compliance box is ticked with Space.
    await panel.getByRole("heading", { name: "Integration & Compliance", level: 2 }).waitFor();
    const gdpr = page.getByRole("checkbox", { name: "GDPR", exact: true });
    await tabTo(page, gdpr);
    await page.keyboard.press("Space");
    await expect.poll(() => gdpr.isChecked()).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 4: answer a question, then Submit with Enter.
    await panel.getByRole("heading", { name: "Additional Information", level: 2 }).waitFor();
    await tabTo(page, page.getByPlaceholder("Your answer").first());
    await page.keyboard.type("Fewer phone calls at the front desk.");
    await screenshot(page, "keyboard-post-job-step4");
    await tabTo(page, page.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(`${session.server.url}/jobs`);
    await page.getByRole("heading", { name: "Keyboard Clinic Booking", exact: true }).waitFor();
  });

  it("a client opens a conversation, types, Shift+Enter adds a line and Enter sends", async () => {
    const { server } = session;
    const freelancer = await createUser(server.services, {
      email: unique("atlas"),
      password: "Atlas-pass",
      firstName: "Atlas",
      lastName: "Keys",
      userType: "freelancer",
    });
    const actor = { id: freelancer.id, userType: freelancer.userType, roleType: freelancer.roleType };
    const profile = await createFreelancerProfile(server.services, actor, {
      title: "Booking Builder",
      bio: "Booking apps.",
      hourlyRate: 50,
      skills: ["OpenAI GPT"],
      domains: ["Web Development"],
    });
    const { user, page } = await signedIn("client", "Lena");
    await startChat(server.services, { id: user.id, userType: user.userType, roleType: user.roleType }, { freelancerId: profile.freelancer.id });

    await page.goto("/messages");
    await tabTo(page, page.getByRole("button", { name: "Open Chat" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    // The dialog takes the focus and keeps it: Tab reaches the composer, and Shift+Tab from it stays inside.
    const composer = dialog.getByRole("textbox", { name: "Message" });
    await tabTo(page, composer);
    await page.keyboard.type("Hello from the keyboard");
    await page.keyboard.press("Shift+Enter");
    await page.keyboard.type("second line");
    expect(await composer.inputValue()).toBe("Hello from the keyboard\nsecond line");
    await page.keyboard.press("Enter");
    await dialog.getByRole("log", { name: "Messages" }).getByText("Hello from the keyboard\nsecond line").waitFor();
    await expect.poll(() => composer.inputValue()).toBe("");
    await tabTo(page, dialog.getByRole("button", { name: "Close" }), { backwards: true });
    expect(await hasFocus(dialog)).toBe(true);
    await screenshot(page, "keyboard-chat");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("a client edits a story and a task, their acceptance criteria, adds and deletes with the keyboard", async () => {
    const { page } = await signedIn("client", "Milo");
    const response = await page.request.post("/api/jobs", {
      data: {
        title: "Keyboard Record Shop",
        description: "An online shop for vintage vinyl records with a catalogue and checkout.",
        industry: "Automotive",
        scope: 500,
      },
    });
    expect(response.status()).toBe(201);
    const jobId = ((await response.json()) as { job: { id: number } }).job.id;
    // A small backlog (one story, one task) keeps the Tab walks short.
    const story = await page.request.post(`/api/jobs/${jobId}/stories`, { data: { title: "Browse the catalogue" } });
    expect(story.status()).toBe(201);
    const storyId = ((await story.json()) as { id: string }).id;
    const task = await page.request.post(`/api/stories/${storyId}/tasks`, {
      data: { title: "Design the catalogue", acceptanceCriteria: ["Given a visitor, when they open the shop, then they see the records"] },
    });
    expect(task.status()).toBe(201);
    await page.goto(`/jobs/${jobId}?tab=requirements-breakdown`);
    await page.getByRole("heading", { name: "Project Requirements" }).waitFor();

    // A story title: Tab in, replace the text, Enter saves.
    const storyTitle = page.getByRole("textbox", { name: "Story title", exact: true }).first();
    await tabTo(page, storyTitle);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Browse the catalogue by keyboard");
    let saved = page.waitForResponse((answer) => answer.request().method() === "PATCH" && /\/api\/stories\//.test(answer.url()));
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);

    // Add a story from its form with Enter.
    await tabTo(page, page.getByRole("textbox", { name: "New story title" }));
    await page.keyboard.type("Keyboard-added story");
    await page.keyboard.press("Enter");
    await page.getByRole("textbox", { name: "Story title", exact: true }).last().waitFor();
    await expect.poll(() => page.getByRole("textbox", { name: "Story title", exact: true }).last().inputValue()).toBe("Keyboard-added story");

    // Delete it: its delete button, then the dialog's Delete.
    const deleteStory = page.getByRole("button", { name: "Delete story Keyboard-added story" });
    await tabTo(page, deleteStory);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog");
    await tabTo(page, confirm.getByRole("button", { name: "Delete", exact: true }));
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => deleteStory.count()).toBe(0);

    // The Tasks sub-tab: tabs move with the arrows.
    await tabTo(page, page.getByRole("tab", { name: /^User Stories/ }), { backwards: true });
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("tab", { name: /^Tasks/ }).getAttribute("aria-selected")).toBe("true");

    const taskTitle = page.getByRole("textbox", { name: "Task title", exact: true }).first();
    await tabTo(page, taskTitle);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Design the catalogue by keyboard");
    saved = page.waitForResponse((answer) => answer.request().method() === "PATCH" && /\/api\/tasks\//.test(answer.url()));
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);

    // Its first acceptance criterion: replace the text, Enter saves; then add one from the criterion form.
    const criterion = page.getByRole("textbox", { name: "Acceptance criterion 1" }).first();
    await tabTo(page, criterion);
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Every page works with the keyboard alone");
    saved = page.waitForResponse((answer) => answer.request().method() === "PATCH" && /\/api\/tasks\//.test(answer.url()));
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);
    await tabTo(page, page.getByRole("textbox", { name: "New acceptance criterion" }).first());
    await page.keyboard.type("Focus is always visible");
    saved = page.waitForResponse((answer) => answer.request().method() === "PATCH" && /\/api\/tasks\//.test(answer.url()));
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);
    await expect.poll(() => criterion.inputValue()).toBe("Every page works with the keyboard alone");
    await page.getByRole("textbox", { name: "Acceptance criterion 2" }).first().waitFor();

    await tabTo(page, page.getByRole("textbox", { name: "New task title" }).first());
    await page.keyboard.type("Keyboard-added task");
    await page.keyboard.press("Enter");
    const deleteTask = page.getByRole("button", { name: "Delete task Keyboard-added task" });
    await tabTo(page, deleteTask, { max: 200 });
    await screenshot(page, "keyboard-breakdown");
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }));
    await page.keyboard.press("Enter");
    await expect.poll(() => deleteTask.count()).toBe(0);
  }, 240_000);
});
