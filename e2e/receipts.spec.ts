import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatDocumentMoney } from "@forgehire/core";
import { documentAttachment } from "@forgehire/services";
import { pdfText } from "@forgehire/server/test/pdf-text";
import { screenshot, shot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { JobsPages } from "./pages/jobs.js";
import { PaymentPages } from "./pages/payments.js";

const session = appSession();

describe("receipts in the browser", () => {
  it("a client sets billing details, pays by test card, opens the e-mailed receipt and downloads it again from the Billing page", async () => {
    const { server } = session;
    const { page, email, portal } = await session.signIn("client", "Rita", { lastName: "Receipt" });

    // Billing details on the profile, printed on the receipt.
    await page.goto("/update-profile");
    const form = page.getByRole("form", { name: "Billing details" });
    await form.getByLabel("Billing name").fill("Receipt Studio Ltd");
    await form.getByLabel("Billing address").fill("12 Ledger Row\nDublin D02 X285");
    await form.getByLabel("VAT ID").fill("IE 1234567 FA");
    await form.getByRole("button", { name: "Save Billing Details" }).click();
    await page.getByText("Billing details saved").waitFor();
    await expect(form.getByLabel("VAT ID").inputValue()).resolves.toBe("IE1234567FA");
    await shot(page, "receipts-billing-details");

    // A locked job with stories, paid by card.
    const created = await page.request.post("/api/jobs", {
      data: { title: "Bakery Webshop", description: "A shop for a bakery.", industry: "Others", scope: 500 },
    });
    const { job } = (await created.json()) as { job: { id: number; title: string } };
    expect((await page.request.post(`/api/jobs/${job.id}/breakdown`)).status()).toBe(201);
    expect((await page.request.post(`/api/jobs/${job.id}/lock`)).status()).toBe(200);
    const payments = new PaymentPages(page);
    await payments.open(job.id);
    await payments.startPayment();
    await payments.payWith("4242 4242 4242 4242");
    await new JobsPages(page).toast("Payment Successful").waitFor();
    // The payment section offers the receipt once the job shows paid.
    const onPaymentPage = page.getByTestId("receipt-download");
    await onPaymentPage.waitFor();
    await shot(page, "receipts-payment-complete");

    // The receipt's e-mail, as the outbox holds it: its link opens the PDF for the signed-in payer, and the file the
    // mail worker attaches is the same PDF.
    const outbox = (await server.services.db("emails").where({ to_address: email, kind: "receipt" })) as Array<{
      subject: string;
      body_text: string;
      document_id: string;
    }>;
    expect(outbox).toHaveLength(1);
    const link = /(http:\/\/\S+\/api\/payments\/[0-9a-f-]+\/receipt)/.exec(outbox[0]!.body_text)?.[1];
    expect(link, "the e-mail links its receipt").toBeTruthy();
    const number = /Receipt (FH-\d{4}-\d{6})/.exec(outbox[0]!.subject)![1]!;
    const opened = await page.request.get(link!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()["content-type"]).toBe("application/pdf");
    const pdf = Buffer.from(await opened.body());
    expect(pdf.equals((await documentAttachment(server.services.db, outbox[0]!.document_id)).content)).toBe(true);
    const text = await pdfText(pdf);
    for (const fact of [
      `Number: ${number}`,
      `Job #${job.id}: Bakery Webshop`,
      "Receipt Studio Ltd",
      "12 Ledger Row",
      "VAT ID: IE1234567FA",
      "Visa ending in 4242",
      email,
    ]) {
      expect(text).toContain(fact);
    }
    const budget = ((await server.services.db("jobs").where({ id: job.id }).first("budget")) as { budget: string | number }).budget;
    expect(text).toContain(`${formatDocumentMoney(Math.round(Number(budget) * 100))} USD`);

    // The Billing page, from the account menu, lists it; Download saves the same PDF.
    await page.goto("/");
    const menu = await portal.openAccountMenu();
    await menu.getByRole("menuitem", { name: "Billing" }).click();
    await page.waitForURL("**/billing");
    const row = page.getByTestId("billing-document").filter({ hasText: number });
    await row.getByText("Bakery Webshop").waitFor();
    await row.getByText("Receipt", { exact: true }).waitFor();
    await shot(page, "receipts-billing-page");
    const [file] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: `Download receipt ${number}` }).click()]);
    expect(file.suggestedFilename()).toBe(`forgehire-receipt-${number}.pdf`);
    // The run's one Chromium is shared over its debugging socket, where a download has no local path: save a copy.
    const saved = path.join(await mkdtemp(path.join(tmpdir(), "receipt-")), file.suggestedFilename());
    await file.saveAs(saved);
    expect((await readFile(saved)).equals(pdf)).toBe(true);

    // The job's page offers it too.
    await page.goto(`/jobs/${job.id}`);
    await page.getByTestId("receipt-download").waitFor();
    await shot(page, "receipts-job-page");

    // The back office: Documents lists it and its page shows the lines and the PDF; Payments link the receipt.
    const { page: admin } = await session.signIn("admin", "Bo", { lastName: "Ss" });
    await admin.getByRole("menuitem", { name: "Documents" }).click();
    await admin.getByText(number).waitFor();
    await admin.getByText("Receipt Studio Ltd <" + email + ">").waitFor();
    await screenshot(admin, "receipts-admin-documents");
    await admin.getByText(number).click();
    await admin.getByRole("cell", { name: "Project Setup" }).first().waitFor();
    const [adminFile] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: `Download ${number}` }).click()]);
    expect(adminFile.suggestedFilename()).toBe(`forgehire-receipt-${number}.pdf`);
    await screenshot(admin, "receipts-admin-document");
    await admin.getByRole("menuitem", { name: "Payments" }).click();
    await admin
      .getByRole("link", { name: /Download the receipt of payment/ })
      .first()
      .waitFor();
    await screenshot(admin, "receipts-admin-payments");
  }, 180_000);
});
