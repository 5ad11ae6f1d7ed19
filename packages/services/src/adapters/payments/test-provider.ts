import { randomBytes, randomUUID } from "node:crypto";
import { domainError } from "@forgehire/core";
import type { PaymentProvider, RefundInput, TransferInput } from "./provider.js";

/** The built-in test provider; it remembers the refunds it was asked for, as a provider's dashboard lists them. */
export interface TestPaymentProvider extends PaymentProvider {
  readonly name: "test";
  /** Every refund made, once per idempotency key. */
  readonly refunds: ReadonlyArray<RefundInput & { id: string }>;
  /** Every transfer made to a connected account, once per idempotency key. */
  readonly transfers: ReadonlyArray<TransferInput & { id: string }>;
}

/** The path of the test provider's own onboarding page (served by the server, routes/payouts). */
export const TEST_ONBOARDING_PATH = "/api/payouts/test/onboarding";

/**
 * The built-in test provider (the embedded default when no Stripe keys are set): intents are made up locally and
 * the payment is confirmed by `POST /api/payments/test/confirm`, whose outcome goes through the same event path
 * as a Stripe webhook. It keeps no records of its own (our tables are the truth), so a reconciliation finds nothing new and no webhook
 * is ever accepted for it.
 */
export function createTestProvider(): TestPaymentProvider {
  const refunds: Array<RefundInput & { id: string }> = [];
  const transfers: Array<TransferInput & { id: string }> = [];
  const accountsByKey = new Map<string, string>();
  return {
    refunds,
    transfers,
    name: "test",
    publishableKey: null,
    async createIntent(input) {
      const id = `pi_test_${randomUUID().replace(/-/g, "")}`;
      return {
        id,
        clientSecret: testClientSecret(id),
        amount: input.amount,
        currency: input.currency,
        status: "requires_payment_method",
        outcome: null,
        usable: true,
        lastError: null,
      };
    },
    async retrieveIntent(intentId) {
      // Still usable until our own tables say otherwise; its outcome only ever arrives through the confirm endpoint.
      return {
        id: intentId,
        clientSecret: testClientSecret(intentId),
        amount: 0,
        currency: "usd",
        status: "requires_payment_method",
        outcome: null,
        usable: true,
        lastError: null,
      };
    },
    async cancelIntent() {
      // Nothing exists outside our own tables.
    },
    async refund(input) {
      const previous = refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
      if (previous) return { id: previous.id };
      const id = `re_test_${randomUUID().replace(/-/g, "")}`;
      refunds.push({ ...input, id });
      return { id };
    },
    parseWebhook() {
      throw domainError("INVALID_SIGNATURE");
    },
    async createConnectedAccount(input) {
      const id = accountsByKey.get(input.idempotencyKey) ?? `acct_test_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
      accountsByKey.set(input.idempotencyKey, id);
      return { id, payoutsEnabled: false, detailsSubmitted: false };
    },
    async createOnboardingLink(input) {
      // Its own page on our origin: the freelancer completes onboarding there, signed in, without leaving the site.
      const url = new URL(TEST_ONBOARDING_PATH, input.returnUrl);
      url.searchParams.set("account", input.accountId);
      return { url: url.toString() };
    },
    async retrieveAccount() {
      // The account's state lives in our connected_accounts table, set by the onboarding page.
      return undefined;
    },
    async createTransfer(input) {
      const previous = transfers.find((t) => t.idempotencyKey === input.idempotencyKey);
      if (previous) return { id: previous.id };
      const id = `tr_test_${randomUUID().replace(/-/g, "")}`;
      transfers.push({ ...input, id });
      return { id };
    },
  };
}

/** The test provider's client secret: the intent id with a random suffix, shaped like Stripe's. */
export function testClientSecret(intentId: string): string {
  return `${intentId}_secret_${randomBytes(12).toString("hex")}`;
}
