import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A PaymentIntent as the fake keeps it (Stripe's wire names). */
export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  description: string | null;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; type: string } | null;
  created: number;
}

/** A Connect Express account as the fake keeps it. */
export interface FakeAccount {
  id: string;
  object: "account";
  type: "express";
  email: string | null;
  payouts_enabled: boolean;
  details_submitted: boolean;
  charges_enabled: boolean;
  metadata: Record<string, string>;
  created: number;
}

/** A transfer as the fake keeps it. */
export interface FakeTransfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  source_transaction: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
  idempotencyKey: string | undefined;
}

/** The charge id the fake gives a succeeded intent (its `latest_charge`). */
export const fakeChargeOf = (intentId: string) => `ch_${intentId.replace(/^pi_/, "")}`;

export interface FakeStripe {
  /** Give it to the server as STRIPE_API_URL; the SDK reaches it with host, port and protocol. */
  url: string;
  /** Every intent created, by id. */
  intents: Map<string, FakeIntent>;
  /** Every create request: its form fields and idempotency key. */
  creates: Array<{ fields: Record<string, string>; idempotencyKey: string | undefined }>;
  /** Intent ids canceled through the API. */
  canceled: string[];
  /** Every refund made (once per idempotency key), as Stripe keeps them. */
  refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey: string | undefined }>;
  /** Every refund request, including idempotent repeats. */
  refundRequests: number;
  /** Makes the next refund answer this HTTP error (e.g. 500) once. */
  failNextRefund(status: number): void;
  /** Makes the next create answer this HTTP error (e.g. 500) once. */
  failNextCreate(status: number): void;
  /** Every Connect account created, by id. */
  accounts: Map<string, FakeAccount>;
  /** Every account link asked for: the account and the two URLs. */
  accountLinks: Array<{ account: string; refresh_url: string; return_url: string; type: string; url: string }>;
  /** Every transfer made (once per idempotency key). */
  transfers: FakeTransfer[];
  /** Every transfer request, including idempotent repeats. */
  transferRequests: number;
  /** Makes the next `count` transfer requests answer this HTTP error (e.g. 500): the SDK's own retries included. */
  failNextTransfers(count: number, status: number): void;
  /** Makes the next transfer refused with this message (a 400 invalid_request_error) once. */
  refuseNextTransfer(message: string): void;
  /** Makes the next created intent take this id (e.g. one already used, to break a later step). */
  reuseIdOnNextCreate(id: string): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });

/** The `metadata[key]` form fields of a request. */
function metadataOf(fields: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/**
 * A local fake of the Stripe API's PaymentIntents on 127.0.0.1 that the real `stripe` SDK is pointed at. It keeps
 * Stripe's idempotency rule: a create repeated with the same Idempotency-Key answers the first intent again.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, FakeIntent>();
  const fake = {
    intents,
    creates: [],
    canceled: [],
    refunds: [],
    refundRequests: 0,
    accounts: new Map(),
    accountLinks: [],
    transfers: [],
    transferRequests: 0,
  } as unknown as FakeStripe;
  const accountsByKey = new Map<string, FakeAccount>();
  const transfersByKey = new Map<string, FakeTransfer>();
  let refuseTransfer: string | null = null;
  let failTransfers = { count: 0, status: 500 };
  fake.failNextTransfers = (count, status) => {
    failTransfers = { count, status };
  };
  fake.refuseNextTransfer = (message) => {
    refuseTransfer = message;
  };
  const refundsByKey = new Map<string, FakeStripe["refunds"][number]>();
  let failNext: number | null = null;
  let failNextRefund: number | null = null;
  fake.failNextRefund = (status) => {
    failNextRefund = status;
  };
  let nextId: string | null = null;
  fake.reuseIdOnNextCreate = (id) => {
    nextId = id;
  };
  fake.failNextCreate = (status) => {
    failNext = status;
  };

  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` }).end(JSON.stringify(body));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const fields = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const url = new URL(req.url ?? "/", "http://fake");
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer sk_")) return send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });

    if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      fake.creates.push({ fields, idempotencyKey });
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return send(res, status, { error: { type: "api_error", message: "Something went wrong" } });
      }
      const previous = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      if (previous) return send(res, 200, previous);
      const id = nextId ?? `pi_fake_${randomBytes(8).toString("hex")}`;
      nextId = null;
      const metadata = metadataOf(fields);
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: Number(fields.amount),
        currency: fields.currency ?? "usd",
        description: fields.description ?? null,
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        metadata,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (idempotencyKey) byKey.set(idempotencyKey, intent);
      return send(res, 200, intent);
    }

    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      fake.refundRequests += 1;
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      if (failNextRefund !== null) {
        const status = failNextRefund;
        failNextRefund = null;
        return send(res, status, { error: { type: "api_error", message: "Something went wrong" } });
      }
      const previous = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (previous) return send(res, 200, { object: "refund", status: "succeeded", ...previous });
      const target = intents.get(fields.payment_intent ?? "");
      if (!target) return send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
      // Stripe refunds only a charged intent.
      if (target.status !== "succeeded") {
        return send(res, 400, {
          error: { type: "invalid_request_error", code: "charge_not_succeeded", message: "This PaymentIntent does not have a successful charge to refund." },
        });
      }
      const refund = { id: `re_fake_${randomBytes(8).toString("hex")}`, payment_intent: target.id, amount: target.amount, idempotencyKey };
      fake.refunds.push(refund);
      if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
      return send(res, 200, { object: "refund", status: "succeeded", ...refund });
    }

    if (req.method === "POST" && url.pathname === "/v1/accounts") {
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      const previous = idempotencyKey ? accountsByKey.get(idempotencyKey) : undefined;
      if (previous) return send(res, 200, previous);
      if (fields.type !== "express") return send(res, 400, { error: { type: "invalid_request_error", message: "type must be express here" } });
      const account: FakeAccount = {
        id: `acct_fake${randomBytes(6).toString("hex")}`,
        object: "account",
        type: "express",
        email: fields.email ?? null,
        payouts_enabled: false,
        details_submitted: false,
        charges_enabled: false,
        metadata: metadataOf(fields),
        created: Math.floor(Date.now() / 1000),
      };
      fake.accounts.set(account.id, account);
      if (idempotencyKey) accountsByKey.set(idempotencyKey, account);
      return send(res, 200, account);
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && accountMatch) {
      const account = fake.accounts.get(accountMatch[1]!);
      if (!account) return send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" } });
      return send(res, 200, account);
    }

    if (req.method === "POST" && url.pathname === "/v1/account_links") {
      if (!fake.accounts.has(fields.account ?? "")) {
        return send(res, 400, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" } });
      }
      const link = {
        account: fields.account!,
        refresh_url: fields.refresh_url ?? "",
        return_url: fields.return_url ?? "",
        type: fields.type ?? "",
        url: `https://connect.stripe.com/setup/e/${fields.account}/${randomBytes(8).toString("hex")}`,
      };
      fake.accountLinks.push(link);
      return send(res, 200, { object: "account_link", created: Math.floor(Date.now() / 1000), expires_at: Math.floor(Date.now() / 1000) + 300, url: link.url });
    }

    if (req.method === "POST" && url.pathname === "/v1/transfers") {
      fake.transferRequests += 1;
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      if (failTransfers.count > 0) {
        failTransfers.count -= 1;
        return send(res, failTransfers.status, { error: { type: "api_error", message: "Something went wrong" } });
      }
      const previous = idempotencyKey ? transfersByKey.get(idempotencyKey) : undefined;
      if (previous) return send(res, 200, previous);
      if (refuseTransfer !== null) {
        const message = refuseTransfer;
        refuseTransfer = null;
        return send(res, 400, { error: { type: "invalid_request_error", code: "insufficient_capabilities_for_transfer", message } });
      }
      const destination = fake.accounts.get(fields.destination ?? "");
      if (!destination) return send(res, 400, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such destination" } });
      // As Stripe: source_transaction must be a charge of ours.
      const source = fields.source_transaction ?? null;
      if (source && ![...intents.values()].some((intent) => intent.status === "succeeded" && fakeChargeOf(intent.id) === source)) {
        return send(res, 400, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such charge: '${source}'` } });
      }
      const transfer: FakeTransfer = {
        id: `tr_fake${randomBytes(8).toString("hex")}`,
        object: "transfer",
        amount: Number(fields.amount),
        amount_reversed: 0,
        currency: fields.currency ?? "usd",
        destination: destination.id,
        transfer_group: fields.transfer_group ?? null,
        source_transaction: source,
        metadata: metadataOf(fields),
        reversed: false,
        created: Math.floor(Date.now() / 1000),
        idempotencyKey,
      };
      fake.transfers.push(transfer);
      if (idempotencyKey) transfersByKey.set(idempotencyKey, transfer);
      return send(res, 200, transfer);
    }

    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const intent = match ? intents.get(match[1]!) : undefined;
    if (match && !intent) return send(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } });
    if (intent && req.method === "GET" && !match?.[2]) {
      return send(res, 200, { ...intent, latest_charge: intent.status === "succeeded" ? fakeChargeOf(intent.id) : null });
    }
    if (intent && req.method === "POST" && match?.[2]) {
      // As Stripe: only an intent the client has not paid (or started paying) can be canceled.
      if (intent.status === "succeeded" || intent.status === "processing" || intent.status === "canceled") {
        return send(res, 400, {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = "canceled";
      fake.canceled.push(intent.id);
      return send(res, 200, intent);
    }
    send(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  };
  const server: Server = createServer((req, res) => {
    // A fault in the fake drops the connection, so the test sees it rather than hanging.
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A Stripe event around an intent, as a webhook carries it. */
export function stripeEvent(type: string, intent: FakeIntent, id = `evt_${randomBytes(8).toString("hex")}`) {
  return {
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object: { ...intent } },
  };
}

/** A Stripe event around any object (an account, a transfer), as a webhook carries it. */
export function stripeObjectEvent(type: string, object: object, id = `evt_${randomBytes(8).toString("hex")}`) {
  return {
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object: { ...object } },
  };
}
