import {
  authorizeBackOffice,
  authorizeReadBillingDocument,
  documentFileName,
  domainError,
  isCapturedStatus,
  type Actor,
  type BillingDetails,
  type BillingDetailsBody,
  type BillingDocumentItem,
  type BillingDocumentKind,
  type Page,
} from "@forgehire/core";
import type { Knex } from "knex";
import { renderBillingDocumentPdf } from "../../adapters/pdf/billing-pdf.js";
import type { ServiceDeps } from "../../deps.js";
import { billingDocumentsRepository, type BillingDocumentRecord, type DocumentListFilter } from "../../repositories/billing-documents.js";
import { jobsRepository } from "../../repositories/jobs.js";
import { paymentsRepository } from "../../repositories/payments.js";
import { paymentTransaction } from "../payments/lock-order.js";
import { issueReceipt, type IssueDeps } from "./issue-documents.js";

type Deps = Pick<ServiceDeps, "db">;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document as a file: its PDF, drawn from its stored facts, and the name it downloads as. */
export interface DocumentFile {
  document: BillingDocumentRecord;
  fileName: string;
  pdf: Buffer;
}

/**
 * Where a document's PDF is downloaded: a receipt by its payment, a credit note by its refund (API.md).
 * @param document the document
 * @returns the API path
 */
export function documentUrl(document: Pick<BillingDocumentRecord, "kind" | "paymentId" | "refundId">): string {
  return document.kind === "receipt" ? `/api/payments/${document.paymentId}/receipt` : `/api/refunds/${document.refundId}/credit-note`;
}

/**
 * A document's PDF, drawn from its snapshot (the same bytes every time).
 * @param document the stored document
 * @returns the file
 */
export async function documentFile(document: BillingDocumentRecord): Promise<DocumentFile> {
  return { document, fileName: documentFileName(document.content), pdf: await renderBillingDocumentPdf(document.content) };
}

/**
 * The receipt of a payment (`GET /api/payments/:id/receipt`, `forgehire payments:receipt`), for the client billed and
 * admins. Whether the payment exists is said only to them.
 * @param deps the database
 * @param actor the signed-in person (the CLI's operator)
 * @param paymentId the payment
 * @returns the receipt and its PDF
 * @throws UNAUTHENTICATED; PAYMENT_NOT_FOUND; DOCUMENT_ACCESS_DENIED for anyone but the job's client and admins;
 *   BILLING_DOCUMENT_NOT_FOUND when the payment was never captured (a captured one without a receipt gets it now)
 */
export async function getPaymentReceipt(deps: Deps & IssueDeps & Pick<ServiceDeps, "logger">, actor: Actor | null, paymentId: string): Promise<DocumentFile> {
  if (!actor) throw domainError("UNAUTHENTICATED");
  const payment = uuid.test(paymentId) ? await paymentsRepository.findById(deps.db, paymentId) : undefined;
  if (!payment) throw domainError("PAYMENT_NOT_FOUND");
  const job = await jobsRepository.findById(deps.db, payment.jobId);
  authorizeReadBillingDocument(actor, { clientId: job?.ownerId ?? payment.userId });
  const receipt = (await billingDocumentsRepository.findReceiptOfPayment(deps.db, payment.id)) ?? (await issueLateReceipt(deps, payment.id));
  if (!receipt) throw domainError("BILLING_DOCUMENT_NOT_FOUND", { message: "This payment has no receipt: it was not captured." });
  return documentFile(receipt);
}

/**
 * A charge captured before receipts existed (or by hand) gets its receipt when it is first asked for: issued now,
 * under the payment lock order (job, then payment), and numbered in the series like any other.
 */
async function issueLateReceipt(deps: Deps & IssueDeps & Pick<ServiceDeps, "logger">, paymentId: string): Promise<BillingDocumentRecord | undefined> {
  return paymentTransaction(deps, async (trx) => {
    const found = await paymentsRepository.findById(trx, paymentId);
    if (!found || !isCapturedStatus(found.status)) return undefined;
    await jobsRepository.findById(trx, found.jobId, { forUpdate: true });
    const payment = (await paymentsRepository.findById(trx, paymentId, { forUpdate: true }))!;
    if (!isCapturedStatus(payment.status)) return undefined;
    const { document } = await issueReceipt(deps, trx, payment, { counts: payment.status === "succeeded", paidAt: payment.lastEventAt ?? payment.updatedAt });
    return document;
  });
}

/**
 * The credit note of a refund (`GET /api/refunds/:id/credit-note`): the refund's id is its ledger transaction's.
 * @param deps the database
 * @param actor the signed-in person
 * @param refundId the refund
 * @returns the credit note and its PDF
 * @throws UNAUTHENTICATED; REFUND_NOT_FOUND; DOCUMENT_ACCESS_DENIED for anyone but the client billed and admins
 */
export async function getRefundCreditNote(deps: Deps, actor: Actor | null, refundId: string): Promise<DocumentFile> {
  if (!actor) throw domainError("UNAUTHENTICATED");
  const id = /^[1-9]\d{0,9}$/.test(refundId) ? Number(refundId) : NaN;
  const note = Number.isSafeInteger(id) && id <= 2_147_483_647 ? await billingDocumentsRepository.findCreditNoteOfRefund(deps.db, id) : undefined;
  if (!note) throw domainError("REFUND_NOT_FOUND");
  authorizeReadBillingDocument(actor, note);
  return documentFile(note);
}

/**
 * A document as the Billing page and the back office list it.
 * @param document the stored document
 * @param jobTitle its job's title as issued
 * @returns the list item
 */
export function presentDocumentItem(document: BillingDocumentRecord): BillingDocumentItem {
  return {
    id: document.id,
    number: document.number,
    kind: document.kind,
    amountCents: document.amountCents,
    issuedAt: document.issuedAt.toISOString(),
    url: documentUrl(document),
    jobId: document.jobId,
    jobTitle: document.content.job.title,
  };
}

/**
 * The signed-in client's receipts and credit notes (`GET /api/billing/documents`), newest first. Everyone lists their
 * own: a freelancer's list is empty, an admin reads everybody's in the back office.
 * @param deps the database
 * @param actor the signed-in person
 * @param page the page and its size
 * @returns the page
 * @throws UNAUTHENTICATED
 */
export async function listClientDocuments(deps: Deps, actor: Actor | null, page: { page: number; perPage: number }): Promise<Page<BillingDocumentItem>> {
  if (!actor) throw domainError("UNAUTHENTICATED");
  const { rows, total } = await billingDocumentsRepository.pageForClient(deps.db, actor.id, { offset: (page.page - 1) * page.perPage, limit: page.perPage });
  return { items: rows.map(presentDocumentItem), total, page: page.page, perPage: page.perPage };
}

/**
 * The back office's Documents (read-only), filtered and sorted.
 * @throws ADMIN_ONLY
 */
export function listDocumentsForAdmin(
  deps: Deps,
  actor: Actor,
  filter: DocumentListFilter,
  query: { sort: "issuedAt" | "number" | "amountCents"; order: "asc" | "desc"; offset: number; limit: number },
) {
  authorizeBackOffice(actor, "read", "documents");
  return billingDocumentsRepository.list(deps.db, filter, query);
}

/**
 * One document of the back office.
 * @throws ADMIN_ONLY; BILLING_DOCUMENT_NOT_FOUND
 */
export async function getDocumentForAdmin(deps: Deps, actor: Actor, id: string): Promise<BillingDocumentRecord> {
  authorizeBackOffice(actor, "read", "documents");
  const document = uuid.test(id) ? await billingDocumentsRepository.findById(deps.db, id) : undefined;
  if (!document) throw domainError("BILLING_DOCUMENT_NOT_FOUND");
  return document;
}

/**
 * The PDF attached to a document's e-mail, for the mail worker.
 * @param db the database
 * @param documentId the document the e-mail names
 * @returns the attachment
 */
export async function documentAttachment(db: Knex, documentId: string): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const document = await billingDocumentsRepository.findById(db, documentId);
  if (!document) throw new Error(`billing document ${documentId} not found`);
  const file = await documentFile(document);
  return { filename: file.fileName, content: file.pdf, contentType: "application/pdf" };
}

const kindWords: Record<BillingDocumentKind, string> = { receipt: "Receipt", credit_note: "Credit note" };

/**
 * Queues a document's e-mail to its client, in the transaction that issued it: the queued job names the document only,
 * and the mail worker draws the PDF and attaches it when it sends (mail payloads stay small). Sent whatever the
 * client's notice switches say, as a receipt is about their money.
 * @param deps mailer, public URL
 * @param trx the issuing transaction
 * @param document the document
 */
export async function emailDocument(deps: Pick<ServiceDeps, "mailer" | "config">, trx: Knex, document: BillingDocumentRecord): Promise<void> {
  const { content } = document;
  const amount = `$${(document.amountCents / 100).toFixed(2)}`;
  const what =
    document.kind === "receipt"
      ? `Thank you for your payment of ${amount} for "${content.job.title}". Your receipt ${document.number} is attached.`
      : `${amount} for "${content.job.title}" was refunded to your card. Your credit note ${document.number} is attached.`;
  await deps.mailer.send(
    {
      to: content.buyer.email,
      kind: document.kind,
      jobId: document.jobId,
      documentId: document.id,
      subject: `${kindWords[document.kind]} ${document.number}: ${content.job.title}`,
      text: `${what}\n\nDownload it any time: ${deps.config.publicUrl}${documentUrl(document)}\nAll your receipts: ${deps.config.publicUrl}/billing`,
    },
    trx,
  );
}

/**
 * The signed-in person's billing details (`GET /api/profile/billing`).
 * @throws UNAUTHENTICATED
 */
export async function getBillingDetails(deps: Deps, actor: Actor | null): Promise<BillingDetails> {
  if (!actor) throw domainError("UNAUTHENTICATED");
  const row = (await deps.db("users").where({ id: actor.id }).first("billing_name", "billing_address", "billing_vat_id")) as
    { billing_name: string | null; billing_address: string | null; billing_vat_id: string | null } | undefined;
  if (!row) throw domainError("USER_NOT_FOUND");
  return { billingName: row.billing_name, billingAddress: row.billing_address, vatId: row.billing_vat_id };
}

/**
 * Sets the signed-in person's billing details (`PUT /api/profile/billing`); they print on documents issued from now
 * on (documents already issued never change).
 * @throws UNAUTHENTICATED
 */
export async function updateBillingDetails(deps: Deps & Pick<ServiceDeps, "now">, actor: Actor | null, body: BillingDetailsBody): Promise<BillingDetails> {
  if (!actor) throw domainError("UNAUTHENTICATED");
  await deps
    .db("users")
    .where({ id: actor.id })
    .update({ billing_name: body.billingName, billing_address: body.billingAddress, billing_vat_id: body.vatId, updated_at: deps.now() });
  return getBillingDetails(deps, actor);
}
