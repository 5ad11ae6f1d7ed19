import type Stripe from "stripe";
import { domainError } from "@forgehire/core";
import {
  outcomeOfEventType,
  outcomeOfIntentStatus,
  TransferRefusedError,
  type ConnectEvent,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderIntent,
} from "./provider.js";

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another API origin (a local fake in tests), e.g. http://127.0.0.1:12111; default api.stripe.com. */
  apiUrl?: string | undefined;
}

const usableStatuses = new Set(["requires_payment_method", "requires_confirmation", "requires_action"]);

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const lastError = intent.last_payment_error?.message ?? null;
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    outcome: outcomeOfIntentStatus(intent.status, intent.last_payment_error != null),
    usable: usableStatuses.has(intent.status),
    lastError,
  };
}

function toAccount(account: Stripe.Account): ProviderAccount {
  return { id: account.id, payoutsEnabled: account.payouts_enabled === true, detailsSubmitted: account.details_submitted === true };
}

/** The Connect events we act on, read from a verified event; undefined for every other event. */
function connectEventOf(event: Stripe.Event): ConnectEvent | undefined {
  if (event.type === "account.updated") return { kind: "account_updated", account: toAccount(event.data.object) };
  if (event.type === "transfer.reversed") {
    const transfer = event.data.object;
    const reversal = transfer.reversals?.data?.[0];
    return {
      kind: "transfer_reversed",
      transferId: transfer.id,
      amountReversed: typeof transfer.amount_reversed === "number" ? transfer.amount_reversed : null,
      reason: reversal?.metadata?.reason ?? (reversal ? `reversal ${reversal.id}` : null),
    };
  }
  return undefined;
}

/**
 * A chargeback: the client disputed the card charge with their bank. The dispute names the charge's payment intent
 * (an id, or the object when expanded), which is how the job is found.
 */
function disputeEvent(event: Stripe.Event, dispute: Stripe.Dispute): PaymentEvent {
  const intent = dispute.payment_intent;
  return {
    id: event.id,
    type: event.type,
    intentId: typeof intent === "string" ? intent : (intent?.id ?? null),
    paymentId: null,
    amount: null,
    outcome: null,
    lastError: null,
    occurredAt: new Date(event.created * 1000),
    payload: event,
    dispute: { id: dispute.id, reason: dispute.reason, amount: dispute.amount },
  };
}

/** Where the SDK sends its requests: api.stripe.com, or the given origin (its host, port and protocol). */
function addressOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

/**
 * Stripe through its official SDK: PaymentIntents created with an idempotency key, webhooks verified with the
 * signing secret. Fulfilment comes from the webhook (or a reconciliation), never from the browser.
 * The SDK is imported here, not with this module, so that a server without Stripe keys never loads it (its import
 * was a large part of the time from start to /readyz).
 */
export async function createStripeProvider(options: StripeProviderOptions): Promise<PaymentProvider> {
  const { default: StripeSdk } = await import("stripe");
  const stripe = new StripeSdk(options.secretKey, { ...addressOf(options.apiUrl), maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: "stripe",
    publishableKey: options.publishableKey,

    async createIntent(input) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          automatic_payment_methods: { enabled: true },
          metadata: { jobId: String(input.jobId), paymentId: input.paymentId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    },

    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },

    async cancelIntent(intentId) {
      await stripe.paymentIntents.cancel(intentId);
    },

    async refund(input) {
      const refund = await stripe.refunds.create(
        { payment_intent: input.intentId, ...(input.partial && { amount: input.amount }) },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: refund.id };
    },

    async createConnectedAccount(input) {
      const account = await stripe.accounts.create(
        {
          type: "express",
          email: input.email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toAccount(account);
    },

    async createOnboardingLink(input) {
      const link = await stripe.accountLinks.create({
        account: input.accountId,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
        type: "account_onboarding",
      });
      return { url: link.url };
    },

    async retrieveAccount(accountId) {
      try {
        return toAccount(await stripe.accounts.retrieve(accountId));
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing")) return undefined;
        throw error;
      }
    },

    async createTransfer(input) {
      // Separate charges and transfers: the transfer draws on the job's own charge (source_transaction), so it never
      // waits on, or dips into, the platform's other balance.
      let sourceTransaction: string | undefined;
      if (input.sourceIntentId) {
        const intent = await stripe.paymentIntents.retrieve(input.sourceIntentId);
        const charge = intent.latest_charge;
        sourceTransaction = typeof charge === "string" ? charge : (charge?.id ?? undefined);
      }
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: input.amount,
            currency: input.currency,
            destination: input.destination,
            transfer_group: input.transferGroup,
            ...(sourceTransaction && { source_transaction: sourceTransaction }),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: transfer.id };
      } catch (error) {
        // A 4xx other than a rate limit or an idempotency clash is Stripe refusing this transfer for good.
        if (
          error instanceof StripeSdk.errors.StripeInvalidRequestError ||
          error instanceof StripeSdk.errors.StripePermissionError ||
          error instanceof StripeSdk.errors.StripeCardError
        ) {
          throw new TransferRefusedError(error.message, { cause: error });
        }
        throw error;
      }
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      } catch (cause) {
        throw domainError("INVALID_SIGNATURE", { cause });
      }
      const connect = connectEventOf(event);
      const object = event.data.object as Partial<Stripe.PaymentIntent> & { object?: string };
      const isIntent = object.object === "payment_intent";
      if (event.type === "charge.dispute.created") return disputeEvent(event, event.data.object as Stripe.Dispute);
      return {
        id: event.id,
        type: event.type,
        intentId: isIntent ? (object.id ?? null) : null,
        paymentId: isIntent ? (object.metadata?.paymentId ?? null) : null,
        amount: isIntent && typeof object.amount === "number" ? object.amount : null,
        outcome: isIntent ? outcomeOfEventType(event.type) : null,
        lastError: isIntent ? (object.last_payment_error?.message ?? null) : null,
        occurredAt: new Date(event.created * 1000),
        payload: event,
        ...(connect && { connect }),
      };
    },
  };
}
