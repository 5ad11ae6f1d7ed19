/**
 * Schemas of receipts, credit notes and billing details (API.md "Receipts, reviews and notifications").
 */
import { z } from "zod";
import { billingDocumentKinds, billingLimits } from "../billing/documents.js";
import { paginationQuery } from "./common.js";

/** Blank means "not set": stored as null. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} may be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A VAT id: a two-letter country prefix and 2–18 letters or digits (spaces, dots and dashes dropped, upper-cased),
 * e.g. DE123456789, GB123456789, ATU12345678.
 */
export const vatIdSchema = z
  .string({ error: "VAT ID must be text" })
  .trim()
  .nullish()
  .transform((value) => (value ? value.replace(/[\s.-]/g, "").toUpperCase() : null))
  .refine((value) => value === null || /^[A-Z]{2}[A-Z0-9]{2,18}$/.test(value), "Enter a VAT ID such as DE123456789 (country code, then the number)");

/** `PUT /api/profile/billing`: the optional billing details printed on the client's next receipts. */
export const billingDetailsBody = z
  .object({
    /** a company or legal name to bill instead of the account's name */
    billingName: optionalText(billingLimits.name, "Billing name"),
    /** the postal address, several lines */
    billingAddress: optionalText(billingLimits.address, "Billing address"),
    /** the buyer's VAT id */
    vatId: vatIdSchema,
  })
  .strict();
/** What a handler receives once `billingDetailsBody` has parsed the input. */
export type BillingDetailsBody = z.infer<typeof billingDetailsBody>;

/** The billing details as the API returns them. */
export const billingDetailsSchema = z.object({
  billingName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  vatId: z.string().nullable(),
});
/** The body of `GET /api/profile/billing`. */
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** `GET /api/billing/documents?page=&perPage=`: newest first. */
export const billingDocumentsQuery = paginationQuery;

/** One receipt or credit note in a list. */
export const billingDocumentItemSchema = z.object({
  id: z.string(),
  /** FH-YYYY-NNNNNN */
  number: z.string(),
  kind: z.enum(billingDocumentKinds),
  /** what was paid (receipt) or given back (credit note), positive whole cents */
  amountCents: z.number().int(),
  /** ISO-8601 */
  issuedAt: z.string(),
  /** the PDF: `/api/payments/:id/receipt` or `/api/refunds/:id/credit-note` */
  url: z.string(),
  jobId: z.number().int(),
  jobTitle: z.string(),
});
/** One document of the list. */
export type BillingDocumentItem = z.infer<typeof billingDocumentItemSchema>;

/** `GET /api/billing/documents`: a page of them (the total of all in X-Total-Count). */
export const billingDocumentsSchema = z.array(billingDocumentItemSchema);
/** The body of `GET /api/billing/documents`. */
export type BillingDocumentsBody = z.infer<typeof billingDocumentsSchema>;

/** A row of `/api/admin/documents` (read only): the document, whom it bills and its stored facts. */
export const adminDocumentSchema = billingDocumentItemSchema.extend({
  currency: z.string(),
  clientId: z.string(),
  /** the buyer as printed on the document */
  buyerName: z.string(),
  buyerEmail: z.string(),
  paymentId: z.string().nullable(),
  /** a credit note's refund (the ledger's refund transaction id) */
  refundId: z.number().int().nullable(),
  /** a credit note's receipt */
  creditsReceipt: z.string().nullable(),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
});
/** The shape `adminDocumentSchema` describes. */
export type AdminDocument = z.infer<typeof adminDocumentSchema>;
