import type { Page } from "playwright-core";

/** What a person does on the portal's account screens, in the words on the screen. */
export class PortalPage {
  constructor(readonly page: Page) {}

  get nav() {
    return this.page.getByRole("navigation", { name: "Main" });
  }

  async signUp(input: { kind: "Post a Requirement" | "Work as Freelancer"; firstName: string; lastName: string; email: string; password: string }) {
    await this.page.goto("/signup");
    await this.page.getByRole("button", { name: new RegExp(input.kind) }).click();
    await this.page.getByLabel("First Name").fill(input.firstName);
    await this.page.getByLabel("Last Name").fill(input.lastName);
    await this.page.getByLabel("Email").fill(input.email);
    await this.page.getByLabel("Password", { exact: true }).fill(input.password);
    await this.page.getByRole("button", { name: "Create Account" }).click();
  }

  async logIn(email: string, password: string) {
    await this.page.goto("/login");
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByLabel("Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Sign In" }).click();
  }

  async openAccountMenu() {
    await this.page.getByRole("button", { name: "My Account" }).click();
    return this.page.getByRole("menu");
  }

  async logOut() {
    const menu = await this.openAccountMenu();
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  }

  /** The visible text of the main nav's links and buttons. */
  async navItems(): Promise<string[]> {
    const items = await this.nav.locator("a, button").allInnerTexts();
    return items.map((text) => text.trim()).filter(Boolean);
  }
}
