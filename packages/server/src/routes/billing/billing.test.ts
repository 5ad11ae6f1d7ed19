/**
 * Receipts, credit notes and statements over HTTP (issue 19), on PGlite and, with TEST_DATABASE_URL, PostgreSQL:
 * the series without gaps under concurrent captures and a rollback, the PDFs read back, who may read what, the
 * receipt's e-mail with its PDF attached, and the freelancer's monthly statement.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentSeriesProblems, formatDocumentMoney, payoutTransaction, statementCsvHeader, type Story } from "@forgehire/core";
import { postLedgerTransaction, renderBillingDocumentPdf } from "@forgehire/services";
import { billingDocumentsRepository } from "@forgehire/services/repositories";
import { recordReliability, startMailCatcher, type MailCatcher } from "@forgehire/services/testing";
import { buildAdmin, buildClient, buildFreelancer, buildJob, payByTestCard, testCard, type BuiltUser } from "../../test/factories.js";
import { binaryParser, pdfText } from "../../test/pdf-text.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

let server: TestServer;
let catcher: MailCatcher;
let alice: BuiltUser;
let bob: BuiltUser;
let nova: BuiltUser;
let admin: BuiltUser;

const seller = { PLATFORM_LEGAL_NAME: "Forgehire Test Ltd", PLATFORM_ADDRESS: "9 Ledger Lane\\nLisbon 1100-148", PLATFORM_TAX_ID: "PT509999990" };

beforeAll(async () => {
  catcher = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: catcher.url, ...seller });
  [alice, bob, nova, admin] = await Promise.all([buildClient(server), buildClient(server), buildFreelancer(server), buildAdmin(server)]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await catcher?.close();
});

const db = () => server.services.db;

/** A job of `owner`'s with stories, locked (milestones fixed), and its payment intent. */
async function lockedJobWithIntent(owner: BuiltUser) {
  const job = await buildJob(owner);
  await owner.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
  await owner.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
  const intent = await owner.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200);
  return { job, paymentId: intent.body.paymentId as string, amount: intent.body.amount as number };
}

const getPdf = (agent: BuiltUser["agent"], url: string) => agent.get(url).buffer(true).parse(binaryParser);

describe("[receipts-1] the series under concurrent captures and a rollback", () => {
  it("[receipts-1] 50 concurrent captures and one rolled back after drawing its number: receipts FH-YYYY-000001…50 with no gap, in issue order; the next capture takes 51", async () => {
    const clients = [alice, bob, ...(await Promise.all([buildClient(server), buildClient(server), buildClient(server)]))];
    const perClient = await Promise.all(clients.map(async (client) => Promise.all(Array.from({ length: 10 }, () => lockedJobWithIntent(client)))));
    const payments = perClient.flatMap((jobs, i) => jobs.map((job) => ({ ...job, owner: clients[i]! })));
    const doomed = await lockedJobWithIntent(clients[0]!);
    expect(await db()("billing_documents").count({ n: "*" })).toEqual([{ n: expect.anything() }]);
    expect(Number(((await db()("billing_documents").count({ n: "*" })) as Array<{ n: number | string }>)[0]!.n)).toBe(0);

    // The doomed capture fails after its receipt drew a number: the receipt's e-mail cannot be stored, so the whole
    // capture (payment, ledger, job, receipt, counter) rolls back.
    await db().raw(`create function fail_receipt_mail() returns trigger language plpgsql as $$
      begin
        if new.kind = 'receipt' and new.job_id = ${doomed.job.id} then raise exception 'forced rollback'; end if;
        return new;
      end; $$`);
    await db().raw("create trigger fail_receipt_mail before insert on emails for each row execute function fail_receipt_mail()");

    const started = Date.now();
    const answers = await Promise.all([
      ...payments.map(({ owner, paymentId }) => owner.agent.post("/api/payments/test/confirm").send(testCard(paymentId))),
      clients[0]!.agent.post("/api/payments/test/confirm").send(testCard(doomed.paymentId)),
    ]);
    const elapsedMs = Date.now() - started;
    expect(answers.slice(0, 50).map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(answers[50]!.status).toBe(500);
    await db().raw("drop trigger fail_receipt_mail on emails");
    await db().raw("drop function fail_receipt_mail()");

    const year = new Date().getUTCFullYear();
    const issued = await billingDocumentsRepository.listInIssueOrder(db());
    expect(issued.map((d) => d.number)).toEqual(Array.from({ length: 50 }, (_, i) => `FH-${year}-${String(i + 1).padStart(6, "0")}`));
    expect(documentSeriesProblems(issued)).toEqual([]);
    // In issue order: each number was issued no earlier than the one before it.
    for (let i = 1; i < issued.length; i++) expect(issued[i]!.issuedAt.getTime()).toBeGreaterThanOrEqual(issued[i - 1]!.issuedAt.getTime());
    // One receipt per captured payment, for its amount; none for the rolled-back one, which left its job unpaid.
    const receipts = (await db()("billing_documents").select("payment_id", "amount_cents", "kind")) as Array<{
      payment_id: string;
      amount_cents: string | number;
    }>;
    expect(new Set(receipts.map((r) => r.payment_id))).toEqual(new Set(payments.map((p) => p.paymentId)));
    for (const payment of payments) expect(Number(receipts.find((r) => r.payment_id === payment.paymentId)!.amount_cents)).toBe(payment.amount);
    expect(((await db()("jobs").where({ id: doomed.job.id }).first("payment_status")) as { payment_status: string }).payment_status).toBe("unpaid");
    expect(await db()("payment_events").where({ payment_id: doomed.paymentId })).toEqual([]);

    // Tried again, the rolled-back payment takes the next number: nothing was skipped, nothing reused.
    await clients[0]!.agent.post("/api/payments/test/confirm").send(testCard(doomed.paymentId)).expect(200);
    expect((await billingDocumentsRepository.findReceiptOfPayment(db(), doomed.paymentId))?.number).toBe(`FH-${year}-000051`);
    expect(documentSeriesProblems(await billingDocumentsRepository.listInIssueOrder(db()))).toEqual([]);
    recordReliability({ id: "receipts-1", metric: "concurrent captures, each with its receipt, in ms", value: elapsedMs, unit: "ms" });
  }, 240_000);
});

describe("[receipts-2] the receipt's PDF", () => {
  let job: { id: number; title: string };
  let paymentId: string;
  let stories: Story[];

  beforeAll(async () => {
    await alice.agent
      .put("/api/profile/billing")
      .send({ billingName: "Alice Widgets GmbH", billingAddress: "Hauptstraße 5\n10115 Berlin", vatId: "de 123 456 789" })
      .expect(200);
    const locked = await lockedJobWithIntent(alice);
    job = locked.job;
    paymentId = locked.paymentId;
    await alice.agent.post("/api/payments/test/confirm").send(testCard(paymentId)).expect(200);
    stories = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
  });

  it("[receipts-2] is a PDF with its number, each story and its amount, the total, the buyer's billing details, the configured seller and the card", async () => {
    const res = await getPdf(alice.agent, `/api/payments/${paymentId}/receipt`).expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const receipt = (await billingDocumentsRepository.findReceiptOfPayment(db(), paymentId))!;
    expect(res.headers["content-disposition"]).toBe(`attachment; filename=forgehire-receipt-${receipt.number}.pdf`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain("Receipt");
    expect(text).toContain(`Number: ${receipt.number}`);
    expect(text).toContain(`Job #${job.id}: ${job.title}`);
    expect(stories.length).toBeGreaterThan(1);
    for (const story of stories) {
      expect(text).toContain(story.title);
      expect(text).toContain(formatDocumentMoney(story.amountCents!));
    }
    expect(stories.reduce((sum, story) => sum + story.amountCents!, 0)).toBe(receipt.amountCents);
    expect(text).toContain(`${formatDocumentMoney(receipt.amountCents)} USD`);
    for (const fact of ["Alice Widgets GmbH", "Hauptstraße 5", "10115 Berlin", "VAT ID: DE123456789", alice.user.email]) expect(text).toContain(fact);
    for (const fact of ["Forgehire Test Ltd", "9 Ledger Lane", "Lisbon 1100-148", "Tax ID: PT509999990"]) expect(text).toContain(fact);
    expect(text).toContain("Payment method: Visa ending in 4242");
    expect(receipt.content.lines).toEqual(stories.map((story) => ({ description: story.title, amountCents: story.amountCents })));
  });

  it("[receipts-2] is immutable: the database refuses to change or delete it, a later change of billing details leaves it as issued, and it renders to the same bytes", async () => {
    const receipt = (await billingDocumentsRepository.findReceiptOfPayment(db(), paymentId))!;
    await expect(db()("billing_documents").where({ id: receipt.id }).update({ amount_cents: 1 })).rejects.toMatchObject({ code: "23514" });
    await expect(db()("billing_documents").where({ id: receipt.id }).delete()).rejects.toMatchObject({ code: "23514" });
    await alice.agent.put("/api/profile/billing").send({ billingName: "Someone Else", billingAddress: "", vatId: null }).expect(200);
    const first = (await getPdf(alice.agent, `/api/payments/${paymentId}/receipt`).expect(200)).body as Buffer;
    const second = (await getPdf(admin.agent, `/api/payments/${paymentId}/receipt`).expect(200)).body as Buffer;
    expect(first.equals(second)).toBe(true);
    expect(first.equals(await renderBillingDocumentPdf(receipt.content))).toBe(true);
    expect(await pdfText(first)).toContain("Alice Widgets GmbH");
  });

  it("[receipts-2] is e-mailed to the client when captured, with the PDF attached; the queued job carries only the document's id", async () => {
    const receipt = (await billingDocumentsRepository.findReceiptOfPayment(db(), paymentId))!;
    const outbox = (await db()("emails").where({ document_id: receipt.id })) as Array<{ kind: string; to_address: string; subject: string }>;
    expect(outbox).toMatchObject([{ kind: "receipt", to_address: alice.user.email, subject: `Receipt ${receipt.number}: ${job.title}` }]);
    const queued = (await db()
      .withSchema("pgboss")
      .from("job")
      .whereRaw("data->>'emailId' = (select id::text from emails where document_id = ?)", [receipt.id])
      .select("data")) as Array<{ data: Record<string, unknown> }>;
    for (const { data } of queued) expect(Object.keys(data).sort()).toEqual(["attempt", "emailId"]);

    // The mail worker sends it from the queue: wait for it to arrive (up to 10 s).
    const receiptMail = () => catcher.messages.find((m) => m.raw.includes(`Receipt ${receipt.number}`));
    await expect.poll(receiptMail, { timeout: 10_000, interval: 100 }).toBeDefined();
    const mail = receiptMail();
    expect(mail?.to).toEqual([alice.user.email]);
    const part = /Content-Type: application\/pdf;[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!.raw);
    expect(part, "a PDF part").not.toBeNull();
    const attached = Buffer.from(part![1]!.replace(/\r\n/g, ""), "base64");
    expect(mail!.raw).toContain(`forgehire-receipt-${receipt.number}.pdf`);
    expect(attached.equals(await renderBillingDocumentPdf(receipt.content))).toBe(true);
    expect(await pdfText(attached)).toContain(receipt.number);
  });
});

describe("[receipts-3] who may read receipts, credit notes, lists and statements", () => {
  let paymentId: string;
  let refundId: number;
  let creditNoteNumber: string;

  beforeAll(async () => {
    const job = await buildJob(bob);
    await bob.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    await bob.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    ({ paymentId } = await payByTestCard(bob, job.id));
    await nova.agent.post(`/api/jobs/${job.id}/start`).expect(200);
    const stories = (await bob.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
    const story = stories[0]!;
    const dispute = (await bob.agent.post(`/api/jobs/${job.id}/disputes`).send({ reason: "Not delivered", storyId: story.id }).expect(201)).body.dispute;
    await admin.agent
      .post(`/api/admin/disputes/${dispute.id}/resolve`)
      .send({ releaseCents: story.amountCents! - 2500, refundCents: 2500, note: "Half done" })
      .expect(200);
    const note = (await db()("billing_documents").where({ job_id: job.id, kind: "credit_note" }).first()) as { refund_id: number; number: string };
    refundId = Number(note.refund_id);
    creditNoteNumber = note.number;
  });

  it("[receipts-3] a dispute's refund gets a credit note, in the resolution's commit, crediting the receipt, with the refunded story and the reason", async () => {
    const refund = (await db()("ledger_transactions").where({ id: refundId }).first()) as { kind: string; idempotency_key: string };
    expect(refund.kind).toBe("refund");
    const text = await pdfText((await getPdf(bob.agent, `/api/refunds/${refundId}/credit-note`).expect(200)).body as Buffer);
    const receipt = (await billingDocumentsRepository.findReceiptOfPayment(db(), paymentId))!;
    expect(text).toContain("Credit note");
    expect(text).toContain(`Number: ${creditNoteNumber}`);
    expect(text).toContain(`Credits receipt: ${receipt.number}`);
    expect(text).toContain(`${formatDocumentMoney(2500)} USD`);
    expect(text).toContain("Reason: Dispute resolved by the platform: Half done.");
    expect(text).toContain("Visa ending in 4242");
  });

  it("[receipts-3] the payer and admins read a receipt and a credit note; another client and the freelancer get 403, a visitor 401, unknown ids 404, and nothing changes", async () => {
    const before = await db()("billing_documents").count({ n: "*" });
    for (const [who, agent, status] of [
      ["payer", bob.agent, 200],
      ["admin", admin.agent, 200],
      ["another client", alice.agent, 403],
      ["freelancer of the job", nova.agent, 403],
      ["visitor", server.agent(), 401],
    ] as const) {
      const receipt = await getPdf(agent, `/api/payments/${paymentId}/receipt`);
      const note = await getPdf(agent, `/api/refunds/${refundId}/credit-note`);
      expect([who, receipt.status, note.status]).toEqual([who, status, status]);
      if (status === 403) expect(JSON.parse(receipt.body.toString()).error.code).toBe("DOCUMENT_ACCESS_DENIED");
      if (status === 200) expect(note.headers["content-type"]).toBe("application/pdf");
    }
    for (const url of [
      "/api/payments/00000000-0000-4000-8000-000000000000/receipt",
      "/api/payments/not-a-uuid/receipt",
      "/api/refunds/999999999/credit-note",
      "/api/refunds/abc/credit-note",
      "/api/refunds/99999999999999999999/credit-note",
    ]) {
      expect((await bob.agent.get(url)).status).toBe(404);
    }
    // A payment not captured yet has no receipt (404), and only its payer learns that.
    const unpaid = await lockedJobWithIntent(bob);
    expect((await bob.agent.get(`/api/payments/${unpaid.paymentId}/receipt`).expect(404)).body.error.code).toBe("BILLING_DOCUMENT_NOT_FOUND");
    await alice.agent.get(`/api/payments/${unpaid.paymentId}/receipt`).expect(403);
    expect(await db()("billing_documents").count({ n: "*" })).toEqual(before);
  });

  it("[receipts-3] GET /api/billing/documents lists the signed-in client's own receipts and credit notes, newest first, paginated", async () => {
    const list = async (query: string) => {
      const res = await bob.agent.get(`/api/billing/documents?${query}`).expect(200);
      return { items: res.body as Array<{ id: string }>, total: Number(res.headers["x-total-count"]) };
    };
    const page = await list("perPage=2");
    const all = await list("perPage=100");
    const owned = (await db()("billing_documents")
      .where({ client_id: bob.user.id })
      .orderBy([
        { column: "issued_at", order: "desc" },
        { column: "id", order: "desc" },
      ])) as Array<{ id: string }>;
    expect(all.total).toBe(owned.length);
    expect(all.items.map((d: { id: string }) => d.id)).toEqual(owned.map((d) => d.id));
    expect(page.total).toBe(owned.length);
    expect(page.items).toEqual(all.items.slice(0, 2));
    expect(all.items).toContainEqual(
      expect.objectContaining({ kind: "credit_note", number: creditNoteNumber, amountCents: 2500, url: `/api/refunds/${refundId}/credit-note` }),
    );
    expect(all.items).toContainEqual(expect.objectContaining({ kind: "receipt", url: `/api/payments/${paymentId}/receipt` }));
    for (const item of all.items) expect(Object.keys(item).sort()).toEqual(["amountCents", "id", "issuedAt", "jobId", "jobTitle", "kind", "number", "url"]);
    // Nobody sees another's documents in their list; a freelancer's is empty; visitors are refused.
    const alices = (await alice.agent.get("/api/billing/documents?perPage=100").expect(200)).body as Array<{ id: string }>;
    expect(alices.some((d) => all.items.some((b: { id: string }) => b.id === d.id))).toBe(false);
    const novas = await nova.agent.get("/api/billing/documents").expect(200);
    expect([novas.body, novas.headers["x-total-count"]]).toEqual([[], "0"]);
    await server.agent().get("/api/billing/documents").expect(401);
    await bob.agent.get("/api/billing/documents?perPage=0").expect(400);
    await bob.agent.get("/api/billing/documents?page=abc").expect(400);
  });

  it("[receipts-3] billing details: each user reads and writes their own; bad input is a 400 with fields, nothing changed", async () => {
    await bob.agent.put("/api/profile/billing").send({ billingName: "Bob Ltd", billingAddress: "1 Road", vatId: "GB123456789" }).expect(200);
    expect((await bob.agent.get("/api/profile/billing").expect(200)).body).toEqual({ billingName: "Bob Ltd", billingAddress: "1 Road", vatId: "GB123456789" });
    const bad = await bob.agent.put("/api/profile/billing").send({ vatId: "123" }).expect(400);
    expect(bad.body.error.fields).toHaveProperty("vatId");
    await bob.agent
      .put("/api/profile/billing")
      .send({ billingName: "x".repeat(201) })
      .expect(400);
    await bob.agent.put("/api/profile/billing").send({ userId: alice.user.id }).expect(400);
    expect((await bob.agent.get("/api/profile/billing").expect(200)).body.billingName).toBe("Bob Ltd");
    await server.agent().put("/api/profile/billing").send({ billingName: "X" }).expect(401);
  });
});

describe("[receipts-4] a charge that did not pay the job: receipt, then credit note", () => {
  it("[receipts-4] a second charge of a paid job is captured with its receipt and refunded with its credit note, both numbered in the series", async () => {
    const { job, paymentId: first } = await lockedJobWithIntent(alice);
    const second = (await alice.agent.post(`/api/jobs/${job.id}/payment-intent`).expect(200)).body.paymentId as string;
    expect(second).toBe(first);
    await alice.agent.post("/api/payments/test/confirm").send(testCard(first)).expect(200);
    // The provider reports a second success for the paid job (a doubled charge): receipt and credit note, no job change.
    const row = (await db()("payments").where({ id: first }).first()) as { provider_payment_id: string };
    const doubled = (await db()("payments")
      .insert({
        job_id: job.id,
        user_id: alice.user.id,
        provider: "test",
        provider_payment_id: `${row.provider_payment_id}_again`,
        amount: 1234,
        currency: "usd",
        status: "requires_payment",
        attempt: 99,
        idempotency_key: `doubled-${first}`,
      })
      .returning("id")) as Array<{ id: string }>;
    const { applyPaymentEvent } = await import("@forgehire/services");
    await applyPaymentEvent(server.services, {
      id: `evt_doubled_${first}`,
      type: "payment_intent.succeeded",
      intentId: `${row.provider_payment_id}_again`,
      paymentId: doubled[0]!.id,
      outcome: "succeeded",
      lastError: null,
      amount: 1234,
      occurredAt: null,
      payload: { data: { object: { brand: "Mastercard", last4: "4444" } } },
    });
    const docs = (await db()("billing_documents").where({ payment_id: doubled[0]!.id }).orderBy("sequence")) as Array<{
      kind: string;
      number: string;
      refund_id: number | null;
    }>;
    expect(docs.map((d) => d.kind)).toEqual(["receipt", "credit_note"]);
    const text = await pdfText((await getPdf(alice.agent, `/api/refunds/${docs[1]!.refund_id}/credit-note`).expect(200)).body as Buffer);
    expect(text).toContain(`Credits receipt: ${docs[0]!.number}`);
    expect(text).toContain("Mastercard ending in 4444");
    expect(text).toContain(formatDocumentMoney(1234));
    expect(documentSeriesProblems(await billingDocumentsRepository.listInIssueOrder(db()))).toEqual([]);
  });
});

describe("[receipts-4] a paid change request's quote", () => {
  it("[receipts-4] its capture issues its own receipt, one line for the change request's story at its quote, e-mailed with the PDF", async () => {
    const job = await buildJob(alice);
    await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    await payByTestCard(alice, job.id);
    const { changeRequest } = (await alice.agent.post(`/api/jobs/${job.id}/change-requests`).send({ description: "Add a wishlist page" }).expect(201)).body as {
      changeRequest: { id: string; quote: { priceCents: number } };
    };
    const intent = await alice.agent.post(`/api/change-requests/${changeRequest.id}/payment-intent`).expect(200);
    await alice.agent.post("/api/payments/test/confirm").send(testCard(intent.body.paymentId)).expect(200);
    const receipt = (await billingDocumentsRepository.findReceiptOfPayment(db(), intent.body.paymentId as string))!;
    expect(receipt.amountCents).toBe(changeRequest.quote.priceCents);
    expect(receipt.content.lines).toEqual([{ description: expect.stringMatching(/^Change request: /), amountCents: changeRequest.quote.priceCents }]);
    const text = await pdfText((await getPdf(alice.agent, `/api/payments/${intent.body.paymentId}/receipt`).expect(200)).body as Buffer);
    expect(text).toContain(`${formatDocumentMoney(changeRequest.quote.priceCents)} USD`);
    expect(await db()("emails").where({ document_id: receipt.id, kind: "receipt" })).toHaveLength(1);
    // Both of the job's receipts are in the job's payment section.
    const payments = (await alice.agent.get(`/api/jobs/${job.id}/payments`).expect(200)).body as Array<{ receiptUrl: string | null }>;
    expect(payments.filter((p) => p.receiptUrl).length).toBe(2);
  });
});

describe("[receipts-5] a freelancer's monthly statement", () => {
  it("[receipts-5] PDF and CSV of the month's releases (gross, fee, net) and payouts, from the ledger; the freelancer's own only", async () => {
    const job = await buildJob(alice);
    await alice.agent.post(`/api/jobs/${job.id}/breakdown`).expect(201);
    await alice.agent.post(`/api/jobs/${job.id}/lock`).expect(200);
    await payByTestCard(alice, job.id);
    const atlas = await buildFreelancer(server);
    await atlas.agent.post(`/api/jobs/${job.id}/start`).expect(200);
    const [story] = (await alice.agent.get(`/api/jobs/${job.id}/stories`).expect(200)).body as Story[];
    for (const task of story!.tasks) await atlas.agent.patch(`/api/tasks/${task.id}/status`).send({ status: "done" }).expect(200);
    await atlas.agent.post(`/api/stories/${story!.id}/submit`).send({ note: "Ready" }).expect(200);
    const release = (await alice.agent.post(`/api/stories/${story!.id}/approve`).expect(200)).body.release as {
      grossCents: number;
      feeCents: number;
      netCents: number;
    };
    await db().transaction((trx) =>
      postLedgerTransaction(
        trx,
        payoutTransaction({ jobId: job.id, storyId: story!.id, freelancerId: atlas.user.id, amountCents: 1000, reference: `stmt-${story!.id}` }),
        {
          kind: "system",
          id: null,
        },
      ),
    );
    const month = new Date().toISOString().slice(0, 7);

    const csv = await atlas.agent.get(`/api/earnings/statement?month=${month}&format=csv`).expect(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename=forgehire-statement-${month}.csv`);
    const rows = csv.text.trim().split("\r\n");
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(rows[0]).toBe(statementCsvHeader.join(","));
    expect(rows[1]).toBe(",opening_balance,,,,,,0.00");
    expect(rows[2]).toMatch(new RegExp(`,release,${job.id},.*,${dollars(release.grossCents)},${dollars(release.feeCents)},${dollars(release.netCents)}$`));
    expect(rows[3]).toMatch(new RegExp(`,payout,${job.id},.*,10.00,0.00,-10.00$`));
    expect(rows[4]).toBe(`,closing_balance,,,,,,${dollars(release.netCents - 1000)}`);

    const pdf = await getPdf(atlas.agent, `/api/earnings/statement?month=${month}`).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.body as Buffer);
    for (const fact of [
      "Earnings statement",
      `Month: ${month}`,
      story!.title,
      `Released (gross): ${formatDocumentMoney(release.grossCents)}`,
      `Platform fees: ${formatDocumentMoney(release.feeCents)}`,
      `Released to you (net): ${formatDocumentMoney(release.netCents)}`,
      `Paid out: ${formatDocumentMoney(1000)}`,
      "Forgehire Test Ltd",
    ])
      expect(text).toContain(fact);

    // A month before anything happened is empty; one not begun yet, or malformed, is a 400.
    const empty = await atlas.agent.get("/api/earnings/statement?month=2020-01&format=csv").expect(200);
    expect(empty.text).toBe(`${statementCsvHeader.join(",")}\r\n,opening_balance,,,,,,0.00\r\n,closing_balance,,,,,,0.00\r\n`);
    await atlas.agent.get("/api/earnings/statement?month=2999-01").expect(400);
    await atlas.agent.get("/api/earnings/statement?month=2026-13").expect(400);
    await atlas.agent.get(`/api/earnings/statement?month=${month}&format=xls`).expect(400);
    // Clients and admins have no statement; visitors are refused; nobody can name another freelancer.
    for (const [agent, status] of [
      [alice.agent, 403],
      [admin.agent, 403],
      [server.agent(), 401],
    ] as const) {
      await agent.get(`/api/earnings/statement?month=${month}`).expect(status);
    }
    const novaCsv = await nova.agent.get(`/api/earnings/statement?month=${month}&format=csv&freelancerId=${atlas.user.id}`).expect(200);
    expect(novaCsv.text).not.toContain(`,${job.id},`);
  });
});

describe("[receipts-6] the back office's documents", () => {
  it("[receipts-6] Documents follows ra-data-simple-rest (Content-Range, sort, range, filter by kind, job and number), read only; payments carry their receipt's link; non-admins 403", async () => {
    const list = (query: Record<string, unknown>) =>
      admin.agent.get("/api/admin/documents").query(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, JSON.stringify(value)])));
    const total = Number(((await db()("billing_documents").count({ n: "*" })) as Array<{ n: number | string }>)[0]!.n);
    const first = await list({ sort: ["issuedAt", "DESC"], range: [0, 9] }).expect(200);
    expect(first.headers["content-range"]).toBe(`documents 0-9/${total}`);
    const { adminDocumentSchema } = await import("@forgehire/core");
    for (const row of first.body) expect(adminDocumentSchema.parse(row)).toEqual(row);
    const byNumber = (await list({ sort: ["number", "ASC"], range: [0, 999] }).expect(200)).body as Array<{
      number: string;
      kind: string;
      url: string;
      id: string;
    }>;
    expect(byNumber.map((d) => d.number)).toEqual([...byNumber.map((d) => d.number)].sort());
    const notes = (await list({ filter: { kind: "credit_note" }, range: [0, 999] }).expect(200)).body as Array<{ kind: string; creditsReceipt: string | null }>;
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((d) => d.kind === "credit_note" && d.creditsReceipt !== null)).toBe(true);
    expect((await list({ filter: { q: byNumber[0]!.number } }).expect(200)).body.map((d: { id: string }) => d.id)).toEqual([byNumber[0]!.id]);
    const one = (await admin.agent.get(`/api/admin/documents/${byNumber[0]!.id}`).expect(200)).body;
    expect(one).toEqual(byNumber.find((d) => d.id === one.id));
    // The admin downloads through the row's url, as the client does.
    expect((await getPdf(admin.agent, one.url).expect(200)).headers["content-type"]).toBe("application/pdf");
    await admin.agent.get("/api/admin/documents/00000000-0000-4000-8000-000000000000").expect(404);
    await admin.agent.get("/api/admin/documents/nope").expect(404);
    await list({ filter: { kind: "invoice" } }).expect(400);
    await list({ sort: ["content", "ASC"] }).expect(400);
    // Read only.
    await admin.agent.put(`/api/admin/documents/${one.id}`).send({ amountCents: 1 }).expect(404);
    await admin.agent.delete(`/api/admin/documents/${one.id}`).expect(404);
    await admin.agent.post("/api/admin/documents").send({ kind: "receipt" }).expect(404);
    for (const someone of [alice, nova]) {
      expect((await someone.agent.get("/api/admin/documents").expect(403)).body.error.code).toBe("ADMIN_ONLY");
      await someone.agent.get(`/api/admin/documents/${one.id}`).expect(403);
    }
    // Payments: a captured one links its receipt, one not captured has none.
    const payments = (
      await admin.agent
        .get("/api/admin/payments")
        .query({ range: JSON.stringify([0, 999]) })
        .expect(200)
    ).body as Array<{ id: string; status: string; receiptUrl: string | null }>;
    for (const payment of payments) {
      expect(payment.receiptUrl).toBe(["succeeded", "needs_refund", "refunded"].includes(payment.status) ? `/api/payments/${payment.id}/receipt` : null);
    }
    expect(payments.some((p) => p.receiptUrl === null)).toBe(true);
  });

  it("[receipts-6] a charge captured before receipts existed gets its receipt, numbered in the series, when first asked for", async () => {
    const { job, paymentId } = await lockedJobWithIntent(bob);
    await bob.agent.post("/api/payments/test/confirm").send(testCard(paymentId)).expect(200);
    // As if captured before this feature: no receipt, and no counter entry for it.
    await db().raw("alter table billing_documents disable trigger billing_documents_immutable");
    await db()("emails").where({ job_id: job.id }).whereNotNull("document_id").update({ document_id: null });
    await db()("billing_documents").where({ payment_id: paymentId }).delete();
    await db().raw("alter table billing_documents enable trigger billing_documents_immutable");
    await db()("billing_document_counters").update({ next: db().raw("next - 1") });
    const text = await pdfText((await getPdf(bob.agent, `/api/payments/${paymentId}/receipt`).expect(200)).body as Buffer);
    const receipt = (await billingDocumentsRepository.findReceiptOfPayment(db(), paymentId))!;
    expect(text).toContain(receipt.number);
    expect(documentSeriesProblems(await billingDocumentsRepository.listInIssueOrder(db()))).toEqual([]);
  });
});
