import type Stripe from "stripe";
import { domainError } from "@forgehire/core";
import { outcomeOfEventType, outcomeOfIntentStatus, type PaymentEvent, type PaymentProvider, type ProviderIntent } from "./provider.js";

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

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      } catch (cause) {
        throw domainError("INVALID_SIGNATURE", { cause });
      }
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
      };
    },
  };
}
