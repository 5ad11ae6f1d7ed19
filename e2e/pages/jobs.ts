import type { Locator, Page } from "playwright-core";

/** A file to attach, as Playwright's setInputFiles takes it. */
export interface AttachedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** What a client enters in the four steps of the posting wizard. */
export interface RequirementInput {
  industry: string;
  title: string;
  description: string;
  /** the scope card's label, e.g. "Simple Application" */
  scope: string;
  /** extras by label, e.g. "Content Development" */
  extras: string[];
  targetAudience: string;
  userCategories: string[];
  keyFeatures: string;
  stakeholders: string;
  /** project-specific yes/no questions by label */
  projectFlags: string[];
  /** project-specific text fields by label */
  projectTexts: Record<string, string>;
  compliance: string[];
  complianceNotes: string;
  integrations: string[];
  existingSystems: string;
}

/**
 * The money format of the job screens: whole amounts without decimals, others with two (1,999 or 2,598.70).
 * @param amount US dollars
 */
export function money(amount: number): string {
  const text = Number.isInteger(amount)
    ? amount.toLocaleString("en-US", { maximumFractionDigits: 0 })
    : amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `$${text}`;
}

/** What a person does on the job screens (listing, My Jobs, the posting wizard, job detail), in the words on the screen. */
export class JobsPages {
  constructor(readonly page: Page) {}

  /** The card of a job in a listing, found by its exact title. */
  card(title: string): Locator {
    return this.page.getByRole("article").filter({ has: this.page.getByRole("heading", { name: title, exact: true }) });
  }

  /** The dialog of the given title. */
  dialog(title: string): Locator {
    return this.page.getByRole("dialog").filter({ has: this.page.getByRole("heading", { name: title }) });
  }

  /** The visible toast (notistack shows one at a time). */
  toast(text: string): Locator {
    return this.page.locator("#notistack-snackbar").filter({ hasText: text });
  }

  async openListing() {
    await this.page.goto("/jobs");
    await this.page.getByRole("heading", { name: "Available Requirements" }).waitFor();
  }

  async openMyJobs(heading: string) {
    await this.page.goto("/my-jobs");
    await this.page.getByRole("heading", { name: heading }).waitFor();
  }

  async stepHeading(name: string) {
    await this.page.getByRole("tabpanel").getByRole("heading", { name, level: 2 }).waitFor();
  }

  async next() {
    await this.page.getByRole("button", { name: "Next" }).click();
  }

  async chooseIndustry(industry: string) {
    await this.page.getByRole("combobox", { name: "Industry" }).click();
    await this.page.getByRole("option", { name: industry, exact: true }).click();
  }

  async fillBasicInformation(input: RequirementInput) {
    await this.stepHeading("Basic Information");
    await this.chooseIndustry(input.industry);
    await this.page.getByLabel("Title").fill(input.title);
    await this.page.getByLabel("Description").fill(input.description);
    await this.page.getByRole("radio", { name: new RegExp(`^${input.scope}:`) }).click();
    for (const extra of input.extras) await this.page.getByRole("checkbox", { name: extra }).check();
  }

  /** The total of the live quote once it shows the expected amount. */
  quoteTotal(): Locator {
    return this.page.getByTestId("quote-total");
  }

  async fillUsersAndFeatures(input: RequirementInput) {
    await this.stepHeading("Users & Features");
    await this.page.getByLabel("Target Audience").fill(input.targetAudience);
    const categories = this.page.getByLabel("User Categories");
    for (const category of input.userCategories) {
      await categories.fill(category);
      await categories.press("Enter");
    }
    await this.page.getByLabel("Key Features").fill(input.keyFeatures);
    await this.page.getByLabel("Stakeholders").fill(input.stakeholders);
    for (const flag of input.projectFlags) await this.page.getByRole("checkbox", { name: flag }).check();
    for (const [label, text] of Object.entries(input.projectTexts)) await this.page.getByLabel(label).fill(text);
  }

  async fillIntegrationAndCompliance(input: RequirementInput) {
    await this.stepHeading("Integration & Compliance");
    for (const option of input.compliance) await this.page.getByRole("checkbox", { name: option, exact: true }).check();
    await this.page.getByLabel("Compliance Notes").fill(input.complianceNotes);
    for (const option of input.integrations) await this.page.getByRole("checkbox", { name: option, exact: true }).check();
    await this.page.getByLabel("Existing Systems").fill(input.existingSystems);
  }

  /** The answer boxes of the follow-up questions, in order. */
  answers(): Locator {
    return this.page.getByPlaceholder("Your answer");
  }

  async attach(files: AttachedFile[]) {
    await this.page.locator('input[type="file"]').setInputFiles(files);
  }

  async submit() {
    await this.page.getByRole("button", { name: "Submit" }).click();
  }
}
