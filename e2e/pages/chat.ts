import type { Page } from "playwright-core";

/** What a person does on the messages page and in the chat dialog. */
export class ChatPages {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole("dialog");
  }

  get log() {
    return this.dialog.getByRole("log", { name: "Messages" });
  }

  roomCard(text: string) {
    return this.page.getByTestId("chat-room-card").filter({ hasText: text });
  }

  async send(text: string) {
    await this.dialog.getByPlaceholder("Type your message...").fill(text);
    await this.dialog.getByPlaceholder("Type your message...").press("Enter");
  }
}
