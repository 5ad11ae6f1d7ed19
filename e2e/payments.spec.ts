import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot } from "./support/browser.js";
import { appSession, type AppSession } from "./support/session.js";
import { JobsPages, money } from "./pages/jobs.js";
import { PaymentPages } from "./pages/payments.js";

const session = appSession();

async function signedInClient(firstName: string, on: AppSession = session) {
  const me = await on.signIn("client", firstName);
  return { ...me, jobs: new JobsPages(me.page), payments: new PaymentPages(me.page) };
}

/** Posts and locks a job through the API as the signed-in browser user. */
async function lockedJob(page: Page, title: string): Promise<{ id: number; budget: number }> {
  const response = await page.request.post("/api/jobs", { data: { title, description: "A storefront with a cart.", industry: "Legal", scope: 500 } });
  expect(response.status()).toBe(201);
  const { job } = (await response.json()) as { job: { id: number; budget: number } };
  expect((await page.request.post(`/api/jobs/${job.id}/lock`)).status()).toBe(200);
  return job;
}

const jobState = async (id: number) => (await session.server.services.db("jobs").where({ id }).first()) as { payment_status: string };

describe("paying a job in the browser (built-in test provider)", () => {
  it("a client pays a locked job with 4242 4242 4242 4242 and sees it paid on the card, in My Jobs and on the detail page", async () => {
    const { page, jobs, payments } = await signedInClient("Paula");
    const job = await lockedJob(page, "Flower Shop Checkout");

    // Pay Now on the card in My Jobs follows can.pay.
    await jobs.openMyJobs("My Posted Jobs");
    await jobs.card("Flower Shop Checkout").getByRole("link", { name: "Pay Now" }).click();
    await page.waitForURL(`**/payments/${job.id}`);
    await page.getByRole("heading", { name: "Flower Shop Checkout" }).waitFor();
    await page.getByText(money(job.budget)).waitFor();
    await expect(payments.status().textContent()).resolves.toBe("Payment Required");
    await page.getByRole("link", { name: "Back to My Jobs" }).waitFor();
    await shot(page, "payment-required");

    await payments.startPayment();
    await shot(page, "payment-card-form");
    await payments.payWith("4242 4242 4242 4242");
    await jobs.toast("Payment Successful").waitFor();
    await page.getByText("Payment complete. Thank you for your business!").waitFor();
    await page.getByTestId("payment-status").filter({ hasText: "Paid" }).waitFor();
    await shot(page, "payment-complete");
    expect((await jobState(job.id)).payment_status).toBe("paid");

    // Back to My Jobs after 2 seconds: the card shows it paid and no Pay Now.
    await page.waitForURL("**/my-jobs");
    const card = jobs.card("Flower Shop Checkout");
    await card.getByText("Payment Complete").waitFor();
    await expect(card.getByRole("link", { name: "Pay Now" }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Paid", exact: true }).click();
    await card.waitFor();
    await shot(page, "payment-my-jobs-paid");

    await page.goto(`/jobs/${job.id}`);
    await page.getByText("Payment: Completed").waitFor();
    await expect(page.getByRole("link", { name: "Pay Now" }).count()).resolves.toBe(0);
    await shot(page, "payment-job-detail-paid");

    // The payment page of a paid job says so.
    await payments.open(job.id);
    await page.getByText("Payment complete. Thank you for your business!").waitFor();
  });

  it("a declined card shows its error and leaves the job unpaid", async () => {
    const { page, jobs, payments } = await signedInClient("Dario");
    const job = await lockedJob(page, "Law Firm Intake");
    await payments.open(job.id);
    await payments.startPayment();
    await payments.payWith("4000 0000 0000 0002");
    await payments.errorAlert().filter({ hasText: "Card error: Your card was declined." }).waitFor();
    await jobs.toast("Payment Failed").waitFor();
    await shot(page, "payment-declined");
    expect((await jobState(job.id)).payment_status).toBe("unpaid");
    await expect(payments.status().textContent()).resolves.toBe("Payment Required");

    // A bad card number is a validation error, checked before anything is sent.
    await payments.payWith("4242");
    await payments.errorAlert().filter({ hasText: "Please check your card details: Your card number is incomplete." }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Pay Now with Stripe" }).waitFor();
    expect((await jobState(job.id)).payment_status).toBe("unpaid");
  });

  it("shows Job not found and Access Denied", async () => {
    const owner = await signedInClient("Olive");
    const job = await lockedJob(owner.page, "Private Project");

    const { page, payments } = await signedInClient("Oscar");
    await payments.open(job.id);
    await page.getByText("Access Denied").waitFor();
    await page.getByText("You are not authorized to make payments for this job.").waitFor();
    await shot(page, "payment-access-denied");
    await payments.open(999999);
    await page.getByRole("heading", { name: "Job not found" }).waitFor();
    await page.getByRole("link", { name: "Return to My Jobs" }).waitFor();
    await shot(page, "payment-job-not-found");
  });
});

describe("paying when the card provider cannot be reached", () => {
  // Stripe is configured, but its API address answers nothing: creating the payment fails.
  const stripeDown = appSession({
    STRIPE_SECRET_KEY: "sk_test_unreachable",
    STRIPE_PUBLISHABLE_KEY: "pk_test_unreachable",
    STRIPE_WEBHOOK_SECRET: "whsec_unreachable",
    STRIPE_API_URL: "http://127.0.0.1:9",
  });

  it("shows the Payment Error panel and its toast, Try Again asks again, and the job stays unpaid", async () => {
    const { page } = await signedInClient("Perry", stripeDown);
    const job = await lockedJob(page, "Garden Tools Store");
    await page.goto(`/payments/${job.id}`);
    await page.getByRole("button", { name: "Pay Now with Stripe" }).click();
    await page.getByText("Payment Setup Failed").waitFor();
    const panel = page.getByRole("alert").filter({ hasText: "Payment Error" });
    await panel.getByText(/Failed to initialize payment: /).waitFor();
    await shot(page, "payment-setup-error");

    const retried = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === `/api/jobs/${job.id}/payment-intent`);
    await panel.getByRole("button", { name: "Try Again" }).click();
    await retried;
    await panel.getByText(/Failed to initialize payment: /).waitFor();
    const row = (await stripeDown.server.services.db("jobs").where({ id: job.id }).first()) as { payment_status: string };
    expect(row.payment_status).toBe("unpaid");
  });
});
