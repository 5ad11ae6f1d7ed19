import type { Locator, Page } from "playwright-core";

/** What a client does on the payment screen (/payments/:jobId), in the words on the screen. */
export class PaymentPages {
  constructor(readonly page: Page) {}

  async open(jobId: number) {
    await this.page.goto(`/payments/${jobId}`);
  }

  status(): Locator {
    return this.page.getByTestId("payment-status");
  }

  async startPayment() {
    await this.page.getByRole("button", { name: "Pay Now with Stripe" }).click();
    await this.page.getByRole("form", { name: "Card payment" }).waitFor();
  }

  /** Fills the test provider's card form and presses Pay Now. */
  async payWith(cardNumber: string, expiry = "12/34", cvc = "123") {
    await this.page.getByLabel("Card number").fill(cardNumber);
    await this.page.getByLabel("Expiry (MM/YY)").fill(expiry);
    await this.page.getByLabel("CVC").fill(cvc);
    await this.page.getByRole("button", { name: "Pay Now", exact: true }).click();
  }

  errorAlert(): Locator {
    return this.page.getByRole("form", { name: "Card payment" }).getByRole("alert");
  }
}
