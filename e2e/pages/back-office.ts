import type { Page } from "playwright-core";

/** What an admin does in the back office (/admin/), in the words on the screen. */
export class BackOfficePage {
  constructor(readonly page: Page) {}

  /** Signs in on the back office's own login screen (not the portal's). */
  async logIn(email: string, password: string) {
    await this.page.goto("/admin/");
    await this.page.getByRole("textbox", { name: "Email" }).fill(email);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.getByRole("button", { name: /sign in/i }).click();
  }

  /** A react-admin route, e.g. "/jobs/3/show" or "/communication". */
  async open(route: string) {
    await this.page.goto(`/admin/#${route}`);
  }

  /** The page's content, without the menu and app bar. */
  get main() {
    return this.page.locator("#main-content");
  }

  menuItem(name: string | RegExp) {
    return this.page.getByRole("menuitem", { name });
  }

  get dialog() {
    return this.page.getByRole("dialog");
  }

  /** Waits for the open dialog's fade-in to end, so a screenshot shows it as a person sees it. */
  async dialogSettled() {
    await this.page.waitForFunction(() => {
      const container = document.querySelector(".MuiDialog-container");
      return container !== null && getComputedStyle(container).opacity === "1";
    });
  }

  /** The Admin Dashboard's counter with this label, e.g. "Payment Due". */
  counter(label: string) {
    return this.page.getByRole("list", { name: "Project counters" }).getByRole("listitem", { name: label, exact: true });
  }

  /** A row of the dashboard's table (either tab), found by the project's title. */
  jobRow(title: string) {
    return this.page.getByRole("row").filter({ hasText: title });
  }

  /** The Project Name links of the dashboard's Overview table, in order (they lead to the portal's /jobs/:id). */
  projectNames() {
    return this.page.locator("tbody a[href^='/jobs/']").allInnerTexts();
  }

  async chooseView(label: string) {
    await this.page.getByRole("combobox", { name: "Filter" }).click();
    await this.page.getByRole("option", { name: label, exact: true }).click();
  }

  async openTab(name: string) {
    await this.page.getByRole("tab", { name, exact: true }).click();
  }
}
