/**
 * Request and response schemas of payments (API.md "Payments").
 */
import { z } from "zod";
import { inputString, uuidId } from "./common.js";

/** POST /api/jobs/:id/payment-intent takes no body: the amount always comes from the job's budget. */
export const paymentIntentBody = z.object({});
/** What a handler receives once `paymentIntentBody` has parsed the input. */
export type PaymentIntentBody = z.infer<typeof paymentIntentBody>;

const whole = (message: string) =>
  z.union([z.number(), inputString().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(z.number().int(message));

/** POST /api/payments/test/confirm: the card of the built-in test provider. */
export const testConfirmBody = z.object({
  /** the payment returned by payment-intent */
  paymentId: uuidId("Invalid payment id"),
  /** 12 to 19 digits; spaces and dashes are ignored */
  cardNumber: inputString({ error: "Your card number is incomplete." })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, "Your card number is incomplete.")),
  /** a whole number; whether it is a month (1 to 12) is the card check's answer, a 402 as the card provider gives */
  expMonth: whole("Your card's expiration month is invalid."),
  /** four digits, or two meaning 20xx; whether it has passed is the card check's answer (402) */
  expYear: whole("Your card's expiration year is invalid.").transform((year) => (year >= 0 && year < 100 ? 2000 + year : year)),
  /** 3 or 4 digits */
  cvc: z.union([inputString(), z.number().int().transform(String)], { error: "Your card's security code is incomplete." }).pipe(
    z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  ),
});
/** What a handler receives once `testConfirmBody` has parsed the input. */
export type TestConfirmBody = z.infer<typeof testConfirmBody>;

/** The body of `POST /api/jobs/:id/payment-intent`. */
export const paymentIntentSchema = z.object({
  paymentId: z.string(),
  provider: z.enum(["stripe", "test"]),
  /** handed to the card form */
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  /** whole cents: the budget × 100 */
  amount: z.number().int(),
  currency: z.literal("usd"),
});
/** The shape `paymentIntentSchema` describes. */
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** A payment record of `GET /api/jobs/:id/payments`. */
export const paymentRecordSchema = z.object({
  id: z.string(),
  jobId: z.number().int(),
  /** the change request whose quote it pays; null for the job's own price */
  changeRequestId: z.string().nullable().optional(),
  provider: z.enum(["stripe", "test"]),
  /** whole cents */
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(["requires_payment", "processing", "succeeded", "failed", "canceled", "needs_refund", "refunded"]),
  createdAt: z.string(),
  /** the receipt's PDF once the card was charged (`GET /api/payments/:id/receipt`), else null */
  receiptUrl: z.string().nullable().optional(),
});
/** The shape `paymentRecordSchema` describes. */
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
