import type { Page } from "playwright-core";

/** A tiny valid PNG and PDF for the upload steps. */
export const pngBytes = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
export const pdfBytes = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** What a person does on the freelancer screens, in the words on the screen. */
export class FreelancerPages {
  constructor(readonly page: Page) {}

  picker(label: "Skills" | "Domains" | "Languages") {
    return this.page.getByRole("group", { name: label });
  }

  async pick(label: "Skills" | "Domains" | "Languages", option: string) {
    await this.picker(label).getByRole("combobox").click();
    await this.page.getByRole("option", { name: option, exact: true }).click();
  }

  async fillCreateProfile(input: { title: string; bio: string; hourlyRate: string }) {
    await this.page.getByLabel("Professional Title").fill(input.title);
    await this.page.getByLabel("Bio").fill(input.bio);
    await this.page.getByLabel("Hourly Rate ($)").fill(input.hourlyRate);
  }

  async uploadAvatar(name: string, bytes: Buffer, mimeType: string) {
    await this.page.locator('input[aria-label="Avatar"]').setInputFiles({ name, mimeType, buffer: bytes });
  }

  async uploadDocument(name: string, bytes: Buffer, mimeType: string) {
    await this.page.locator('input[aria-label="Portfolio document"]').setInputFiles({ name, mimeType, buffer: bytes });
  }

  async search(text: string) {
    await this.page.getByLabel("Search freelancers").fill(text);
  }

  card(name: string) {
    return this.page.getByTestId("freelancer-card").filter({ hasText: name });
  }
}
