/**
 * What a receipt or a credit note says (issue 19). A document's facts are fixed when it is issued and stored as this
 * snapshot beside its number; its PDF is always drawn from the snapshot, so a later change of a name, an address, a
 * story's title or the platform's settings never changes a document already issued. A correction is a new credit note.
 */
import { z } from "zod";

/** A receipt (a card payment captured) or a credit note (money given back). */
export const billingDocumentKinds = ["receipt", "credit_note"] as const;

/** The kind of a billing document. */
export type BillingDocumentKind = (typeof billingDocumentKinds)[number];

/** The schema version of the stored snapshot; a renderer reads every version it was ever written in. */
export const BILLING_CONTENT_VERSION = 1;

/** The longest billing name, address and VAT id a profile keeps. */
export const billingLimits = { name: 200, address: 500, vatId: 20 } as const;

const line = z.object({
  /** what was paid for: a story's title, or the payment as a whole */
  description: z.string(),
  amountCents: z.number().int(),
});

/** The stored facts of a document (its snapshot). */
export const billingDocumentContentSchema = z.object({
  version: z.literal(BILLING_CONTENT_VERSION),
  kind: z.enum(billingDocumentKinds),
  number: z.string(),
  /** ISO-8601 */
  issuedAt: z.string(),
  currency: z.string(),
  seller: z.object({ name: z.string(), address: z.string(), taxId: z.string() }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    billingName: z.string().nullable(),
    billingAddress: z.string().nullable(),
    vatId: z.string().nullable(),
  }),
  job: z.object({ id: z.number().int(), title: z.string() }),
  lines: z.array(line),
  totalCents: z.number().int(),
  payment: z.object({
    id: z.string(),
    /** e.g. Visa; null when the provider did not say */
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    /** when the card was charged (ISO-8601) */
    paidAt: z.string(),
  }),
  /** a credit note's receipt and why money went back; null on a receipt */
  credit: z.object({ receiptNumber: z.string().nullable(), reason: z.string(), refundedAt: z.string() }).nullable(),
});

/** The stored facts of a document. */
export type BillingDocumentContent = z.infer<typeof billingDocumentContentSchema>;

/** One line of a document. */
export type BillingLine = z.infer<typeof line>;

/** The platform as the seller (PLATFORM_LEGAL_NAME, PLATFORM_ADDRESS, PLATFORM_TAX_ID). */
export interface Seller {
  name: string;
  address: string;
  taxId: string;
}

/** The paying client as the documents name them. */
export interface Buyer {
  name: string;
  email: string;
  billingName: string | null;
  billingAddress: string | null;
  vatId: string | null;
}

/**
 * The lines of a receipt: one per story with its milestone when the stories add up to exactly what was charged (a
 * job's price is split over its stories at lock, summing to it); otherwise one line for the payment as a whole, so a
 * receipt's lines always add up to its total.
 * @param input the job's title, its stories' titles and milestones in order, and the amount charged
 * @returns the lines, summing to `amountCents`
 */
export function receiptLines(input: {
  jobTitle: string;
  stories: ReadonlyArray<{ title: string; amountCents: number | null }>;
  amountCents: number;
}): BillingLine[] {
  const priced = input.stories.filter((story) => story.amountCents !== null && story.amountCents > 0);
  const sum = priced.reduce((total, story) => total + story.amountCents!, 0);
  if (priced.length > 0 && sum === input.amountCents) return priced.map((story) => ({ description: story.title, amountCents: story.amountCents! }));
  return [{ description: `Payment for "${input.jobTitle}"`, amountCents: input.amountCents }];
}

/**
 * A receipt's facts.
 * @param input number, issue time, seller, buyer, job, lines, the payment's id, card and capture time
 * @returns the snapshot to store
 * @throws RangeError when the lines do not add up to the amount charged
 */
export function buildReceipt(input: {
  number: string;
  issuedAt: Date;
  seller: Seller;
  buyer: Buyer;
  job: { id: number; title: string };
  lines: BillingLine[];
  amountCents: number;
  payment: { id: string; brand: string | null; last4: string | null; paidAt: Date };
}): BillingDocumentContent {
  assertLinesAddUp(input.lines, input.amountCents);
  return {
    version: BILLING_CONTENT_VERSION,
    kind: "receipt",
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    currency: "usd",
    seller: { ...input.seller },
    buyer: { ...input.buyer },
    job: { ...input.job },
    lines: input.lines.map((entry) => ({ ...entry })),
    totalCents: input.amountCents,
    payment: { id: input.payment.id, brand: input.payment.brand, last4: input.payment.last4, paidAt: input.payment.paidAt.toISOString() },
    credit: null,
  };
}

/**
 * A credit note's facts: what went back, on which receipt's payment, and why.
 * @param input as a receipt's, plus the receipt credited (null when none was issued), the reason and refund time
 * @returns the snapshot to store
 * @throws RangeError when the lines do not add up to the amount refunded
 */
export function buildCreditNote(
  input: Parameters<typeof buildReceipt>[0] & { receiptNumber: string | null; reason: string; refundedAt: Date },
): BillingDocumentContent {
  return {
    ...buildReceipt(input),
    kind: "credit_note",
    credit: { receiptNumber: input.receiptNumber, reason: input.reason, refundedAt: input.refundedAt.toISOString() },
  };
}

function assertLinesAddUp(lines: ReadonlyArray<BillingLine>, amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`a document's total must be positive whole cents, got ${amountCents}`);
  const sum = lines.reduce((total, entry) => total + entry.amountCents, 0);
  if (lines.length === 0 || sum !== amountCents) throw new RangeError(`the lines add up to ${sum} cents, not the total of ${amountCents}`);
}

/**
 * A card's brand from its number, as the card networks number them (the test provider keeps no more than this and
 * the last four digits).
 * @param cardNumber the digits (spaces allowed)
 * @returns Visa, Mastercard, American Express, Discover, or null when unknown
 */
export function cardBrandOf(cardNumber: string): string | null {
  const digits = cardNumber.replace(/\D/g, "");
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^6(011|5)/.test(digits)) return "Discover";
  return null;
}

const brandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
};

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json | undefined => (typeof value === "object" && value !== null ? (value as Json) : undefined);
const textAt = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * The card a payment event says was charged: the test provider's `{brand, last4}` on the intent, or Stripe's
 * `payment_method_details.card` on the intent's latest charge (or its legacy `charges` list).
 * @param payload the stored provider event
 * @returns the brand's display name and last four digits, each null when the event does not say
 */
export function cardOfPaymentEvent(payload: unknown): { brand: string | null; last4: string | null } {
  const intent = objectAt(objectAt(objectAt(payload)?.data)?.object);
  if (!intent) return { brand: null, last4: null };
  const charge = objectAt(intent.latest_charge) ?? objectAt((objectAt(intent.charges)?.data as unknown[] | undefined)?.[0]);
  const card = objectAt(objectAt(charge?.payment_method_details)?.card);
  const brand = textAt(card?.brand) ?? textAt(intent.brand);
  const last4 = textAt(card?.last4) ?? textAt(intent.last4);
  return { brand: brand === null ? null : (brandNames[brand.toLowerCase()] ?? brand), last4: last4 && /^\d{4}$/.test(last4) ? last4 : null };
}

/**
 * Cents as a US-dollar amount for a document: `$1,234.56`, a minus sign before the dollar sign.
 * @param cents whole cents
 * @returns the formatted amount
 */
export function formatDocumentMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * The file name a document downloads as.
 * @param content the document's kind and number
 * @returns e.g. forgehire-receipt-FH-2026-000001.pdf
 */
export function documentFileName(content: Pick<BillingDocumentContent, "kind" | "number">): string {
  return `forgehire-${content.kind === "receipt" ? "receipt" : "credit-note"}-${content.number}.pdf`;
}

/** The attempt statuses of a charge the card provider captured: each has a receipt. */
export const capturedPaymentStatuses = ["succeeded", "needs_refund", "refunded"] as const;

/**
 * Whether an attempt in this status was captured (the card was charged), and so has a receipt.
 * @param status the attempt's status
 * @returns true for succeeded, needs_refund and refunded
 */
export function isCapturedStatus(status: string): boolean {
  return (capturedPaymentStatuses as readonly string[]).includes(status);
}
