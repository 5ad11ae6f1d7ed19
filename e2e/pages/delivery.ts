import type { Locator, Page } from "playwright-core";
import type { AttachedFile } from "./jobs.js";

/** What a person does on a job's breakdown and project status tabs and in their dialogs, in the words on the screen. */
export class DeliveryPages {
  constructor(readonly page: Page) {}

  /** The dialog of the given title. */
  dialog(title: string): Locator {
    return this.page.getByRole("dialog").filter({ has: this.page.getByRole("heading", { name: title }) });
  }

  /** The visible toast (notistack shows one at a time). */
  toast(text: string): Locator {
    return this.page.locator("#notistack-snackbar").filter({ hasText: text });
  }

  async openBreakdown(jobId: number) {
    await this.page.goto(`/jobs/${jobId}?tab=requirements-breakdown`);
    await this.page.getByRole("heading", { name: "Project Requirements" }).waitFor();
  }

  async openProjectStatus(jobId: number) {
    await this.page.goto(`/jobs/${jobId}?tab=project-status`);
    await this.page.getByRole("table", { name: "Tasks" }).waitFor();
  }

  async subTab(name: "User Stories" | "Tasks") {
    await this.page.getByRole("tab", { name: new RegExp(`^${name}`) }).click();
  }

  /** The editable title fields of the tasks, in order. */
  taskTitles(): Locator {
    return this.page.getByRole("textbox", { name: "Task title", exact: true });
  }

  /** The read-only titles of the stories, once the backlog cannot be edited. */
  storyTitleText(title: string): Locator {
    return this.page.getByRole("article").getByText(title, { exact: true });
  }

  /** The delivery block of a story on the project status tab. */
  storyDelivery(title: string): Locator {
    return this.page
      .getByRole("rowheader")
      .filter({ has: this.page.getByText(title, { exact: true }) })
      .getByTestId("story-delivery");
  }

  /** The Locked/Unlocked switch. */
  lockToggle(): Locator {
    return this.page.getByRole("switch");
  }

  startButton(): Locator {
    return this.page.getByRole("button", { name: "Start", exact: true });
  }

  /** The project status row of a task. */
  statusRow(taskTitle: string): Locator {
    return this.page.getByTestId("status-row").filter({ has: this.page.getByText(taskTitle, { exact: true }) });
  }

  /** Sets a task's status in the project status table, with a comment, and saves both. */
  async updateTaskStatus(taskTitle: string, status: string, comment: string) {
    await this.page.getByRole("combobox", { name: `Status of ${taskTitle}` }).click();
    await this.page.getByRole("option", { name: status, exact: true }).click();
    await this.page.getByRole("textbox", { name: `Comment on ${taskTitle}` }).fill(comment);
    await this.page.getByRole("button", { name: `Save ${taskTitle}` }).click();
  }

  /** Opens the Task Communication dialog of a task from its project status row. */
  async openCommunication(taskTitle: string): Promise<Locator> {
    await this.page.getByRole("button", { name: new RegExp(`^Open communication for ${escapeRegExp(taskTitle)}`) }).click();
    const dialog = this.dialog("Task Communication");
    await dialog.waitFor();
    return dialog;
  }

  /** Types a message in the open Task Communication dialog, attaches files, and sends with Enter. */
  async writeMessage(dialog: Locator, text: string, files: AttachedFile[] = []) {
    if (files.length > 0) await dialog.locator('input[type="file"]').setInputFiles(files);
    await dialog.getByRole("textbox", { name: "Message" }).fill(text);
  }

  /** The sent messages of the open dialog. */
  messages(dialog: Locator): Locator {
    return dialog.getByRole("list", { name: "Messages" }).getByRole("listitem");
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
