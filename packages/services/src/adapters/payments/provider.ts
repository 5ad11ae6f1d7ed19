import type { PaymentOutcome } from "@forgehire/core";

/** A card provider's payment intent, as the use cases need it. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  /** The provider's own status word (e.g. requires_payment_method, processing, succeeded). */
  status: string;
  /** What that status means for our attempt, or null while the client still has to pay. */
  outcome: PaymentOutcome | null;
  /** Whether the client can still confirm this intent (it is neither finished nor processing). */
  usable: boolean;
  /** The provider's last error, e.g. 'Your card was declined.'. */
  lastError: string | null;
}

/** One provider event, whatever way it arrived: a signed webhook, the test provider, a reconciliation. */
export interface PaymentEvent {
  /** The provider's event id: each one acts once. */
  id: string;
  type: string;
  /** The intent the event is about, when it is about one. */
  intentId: string | null;
  /** Our payment id from the intent's metadata, when present. */
  paymentId: string | null;
  /** The amount the provider says the intent is for, in cents; null when the event does not say. */
  amount: number | null;
  /** What it means for the attempt; null for events we only record. */
  outcome: PaymentOutcome | null;
  lastError: string | null;
  /** When the provider says it happened; null for now (our own test provider, a reconciliation's fresh look). */
  occurredAt: Date | null;
  /** The event as received, kept in payment_events. */
  payload: unknown;
  /** What a Connect event (a connected account, a transfer) says; absent for a payment's events. */
  connect?: ConnectEvent;
  /** A chargeback the client opened with their bank (Stripe's charge.dispute.created); `intentId` is its charge's intent. */
  dispute?: ProviderDispute | undefined;
}

/**
 * A Connect event we act on: an account's payout capability changed, or a transfer came back. (Stripe has no
 * transfer failure event: a transfer fails when it is created, as the API's refusal, see TransferRefusedError.)
 */
export type ConnectEvent =
  | { kind: "account_updated"; account: ProviderAccount }
  | { kind: "transfer_reversed"; transferId: string; amountReversed: number | null; reason: string | null };

/** A freelancer's connected account as the provider reports it. */
export interface ProviderAccount {
  id: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export interface CreateAccountInput {
  userId: string;
  email: string;
  /** Sent as the provider's idempotency key: one account per freelancer, however often onboarding is started. */
  idempotencyKey: string;
}

export interface OnboardingLinkInput {
  accountId: string;
  /** Where the provider sends the freelancer when the link expired or was used: a fresh link is made there. */
  refreshUrl: string;
  /** Where the provider sends the freelancer when they leave onboarding (not a sign that it is complete). */
  returnUrl: string;
}

export interface TransferInput {
  /** The freelancer's connected account. */
  destination: string;
  amount: number;
  currency: string;
  /** Groups every transfer of one job's money (`job_<id>`). */
  transferGroup: string;
  /** The job's charge's payment intent, when known: its charge is the transfer's source_transaction. */
  sourceIntentId: string | null;
  /** Sent as the provider's idempotency key: `forgehire-transfer-<release transaction id>`. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/**
 * The provider refused a transfer for good (its request was invalid: no such account, payouts disabled, not enough
 * balance): the reservation is undone. Any other error (the network, a 5xx) is worth retrying with the same key.
 */
export class TransferRefusedError extends Error {
  override name = "TransferRefusedError";
}

/** A card dispute (chargeback) as the provider reports it. */
export interface ProviderDispute {
  /** the provider's dispute id (`dp_…`): it freezes a job's escrow once, whatever the deliveries */
  id: string;
  /** the provider's reason word, e.g. `fraudulent`, `product_not_received` */
  reason: string;
  /** the amount disputed, in cents */
  amount: number;
}

export interface CreateIntentInput {
  paymentId: string;
  jobId: number;
  amount: number;
  currency: string;
  description: string;
  /** Sent as the provider's idempotency key: a retried or doubled request gets the same intent back. */
  idempotencyKey: string;
}

export interface RefundInput {
  intentId: string;
  /** What we recorded the charge as, in cents (the provider refunds the whole charge); with `partial`, the part to give back. */
  amount: number;
  /** a part of the charge only (a dispute's refund): the provider is told the amount */
  partial?: boolean;
  /** Sent as the provider's idempotency key: one refund per payment, however often it is asked for. */
  idempotencyKey: string;
}

/** A card payment provider: Stripe, or the built-in test provider. */
export interface PaymentProvider {
  readonly name: "stripe" | "test";
  /** Handed to the browser's card form; null for the test provider. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** @returns the intent, or undefined when the provider keeps no such record */
  retrieveIntent(intentId: string): Promise<ProviderIntent | undefined>;
  /** The undo of createIntent; also how a price change closes an open intent so the client cannot confirm it. */
  cancelIntent(intentId: string): Promise<void>;
  /**
   * Gives back the whole charge of an intent. The idempotency key makes a retried or doubled refund one refund.
   * @returns the provider's refund id
   */
  refund(input: RefundInput): Promise<{ id: string }>;
  /**
   * Verifies and reads a webhook.
   * @throws INVALID_SIGNATURE when the signature is missing, wrong or too old
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** A connected account for a freelancer (Stripe: an Express account with the transfers capability). */
  createConnectedAccount(input: CreateAccountInput): Promise<ProviderAccount>;
  /** A one-time link to the provider's onboarding for the account (the test provider: its own page on our origin). */
  createOnboardingLink(input: OnboardingLinkInput): Promise<{ url: string }>;
  /** @returns the account as the provider has it now, or undefined when it keeps no such account */
  retrieveAccount(accountId: string): Promise<ProviderAccount | undefined>;
  /**
   * Transfers money to a connected account, once per idempotency key.
   * @returns the provider's transfer id
   * @throws TransferRefusedError when the provider refuses it for good
   */
  createTransfer(input: TransferInput): Promise<{ id: string }>;
}

/** The outcome a provider intent status means for our attempt. */
export function outcomeOfIntentStatus(status: string, hasError: boolean): PaymentOutcome | null {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "processing":
      return "processing";
    case "canceled":
      return "canceled";
    case "requires_payment_method":
      // Back to requires_payment_method after a refused card: the attempt failed (the client may retry on it).
      return hasError ? "failed" : null;
    default:
      return null;
  }
}

/** The outcome a provider event type means, for the types we act on. */
export function outcomeOfEventType(type: string): PaymentOutcome | null {
  switch (type) {
    case "payment_intent.succeeded":
      return "succeeded";
    case "payment_intent.processing":
      return "processing";
    case "payment_intent.payment_failed":
      return "failed";
    case "payment_intent.canceled":
      return "canceled";
    default:
      return null;
  }
}
