import { describe, expect, it } from "vitest";
import {
  buildCreditNote,
  buildReceipt,
  cardBrandOf,
  cardOfPaymentEvent,
  documentFileName,
  formatDocumentMoney,
  receiptLines,
  billingDocumentContentSchema,
} from "./documents.js";
import { documentSeriesProblems, documentYear, formatDocumentNumber, parseDocumentNumber } from "./numbering.js";
import { buildStatement, statementCsv, statementPeriod, statementQuery } from "./statement.js";
import { authorizeReadBillingDocument, authorizeReadStatement, canReadBillingDocument } from "../policies/billing.js";
import { billingDetailsBody } from "../schemas/billing.js";
import type { Actor } from "../users.js";

describe("document numbers", () => {
  it("are FH-YYYY-NNNNNN: the UTC year and a six-digit running number, wider past a million", () => {
    expect(formatDocumentNumber(2026, 1)).toBe("FH-2026-000001");
    expect(formatDocumentNumber(2026, 123456)).toBe("FH-2026-123456");
    expect(formatDocumentNumber(2026, 1234567)).toBe("FH-2026-1234567");
    expect(() => formatDocumentNumber(2026, 0)).toThrow(RangeError);
    expect(() => formatDocumentNumber(26, 1)).toThrow(RangeError);
    expect(documentYear(new Date("2026-12-31T23:59:59.999Z"))).toBe(2026);
    expect(documentYear(new Date("2027-01-01T00:00:00.000Z"))).toBe(2027);
  });

  it("read back to their year and sequence; anything else is not a number", () => {
    expect(parseDocumentNumber("FH-2026-000042")).toEqual({ year: 2026, sequence: 42 });
    for (const bad of ["FH-2026-42", "XX-2026-000001", "FH-2026-000000", "FH-26-000001", ""]) expect(parseDocumentNumber(bad)).toBeNull();
  });

  it("a series without gaps, repeats or disorder has no problems; each kind of break is named", () => {
    const series = (...values: string[]) => values.map((number) => ({ number }));
    expect(documentSeriesProblems(series("FH-2026-000001", "FH-2026-000002", "FH-2027-000001", "FH-2027-000002"))).toEqual([]);
    expect(documentSeriesProblems(series("FH-2026-000001", "FH-2026-000003"))).toEqual(["FH-2026-000003: expected FH-2026-000002 next"]);
    expect(documentSeriesProblems(series("FH-2026-000001", "FH-2026-000001"))).toHaveLength(1);
    expect(documentSeriesProblems(series("FH-2026-000002", "FH-2026-000001"))).toHaveLength(2);
  });
});

const seller = { name: "Forgehire Inc.", address: "1 Market St\nSan Francisco", taxId: "EIN 12-3456789" };
const buyer = { name: "Alice Client", email: "alice@example.test", billingName: "Alice Corp", billingAddress: "2 Rue X\nParis", vatId: "FR12345678901" };

describe("receipt lines", () => {
  it("one line per story with its milestone when the stories add up to the charge", () => {
    const stories = [
      { title: "Cart", amountCents: 30000 },
      { title: "Checkout", amountCents: 20000 },
    ];
    expect(receiptLines({ jobTitle: "Shop", stories, amountCents: 50000 })).toEqual([
      { description: "Cart", amountCents: 30000 },
      { description: "Checkout", amountCents: 20000 },
    ]);
  });

  it("one line for the whole payment when they do not (no milestones, another amount): the lines always add up", () => {
    expect(receiptLines({ jobTitle: "Shop", stories: [{ title: "Cart", amountCents: null }], amountCents: 50000 })).toEqual([
      { description: 'Payment for "Shop"', amountCents: 50000 },
    ]);
    expect(receiptLines({ jobTitle: "Shop", stories: [{ title: "Cart", amountCents: 100 }], amountCents: 50000 })).toHaveLength(1);
    expect(receiptLines({ jobTitle: "Shop", stories: [], amountCents: 50000 })).toHaveLength(1);
  });
});

describe("document content", () => {
  const input = {
    number: "FH-2026-000007",
    issuedAt: new Date("2026-11-28T10:00:00Z"),
    seller,
    buyer,
    job: { id: 12, title: "Shop" },
    lines: [
      { description: "Cart", amountCents: 30000 },
      { description: "Checkout", amountCents: 20000 },
    ],
    amountCents: 50000,
    payment: { id: "p1", brand: "Visa", last4: "4242", paidAt: new Date("2026-11-28T09:59:00Z") },
  };

  it("a receipt keeps every fact printed on it, and is a valid stored snapshot", () => {
    const receipt = buildReceipt(input);
    expect(billingDocumentContentSchema.parse(receipt)).toEqual(receipt);
    expect(receipt).toMatchObject({ kind: "receipt", number: "FH-2026-000007", totalCents: 50000, seller, buyer, credit: null });
    expect(receipt.payment).toEqual({ id: "p1", brand: "Visa", last4: "4242", paidAt: "2026-11-28T09:59:00.000Z" });
  });

  it("a receipt whose lines do not add up to its total is refused", () => {
    expect(() => buildReceipt({ ...input, amountCents: 50001 })).toThrow(RangeError);
    expect(() => buildReceipt({ ...input, lines: [] })).toThrow(RangeError);
  });

  it("a credit note names the receipt it credits and why", () => {
    const note = buildCreditNote({
      ...input,
      number: "FH-2026-000008",
      lines: [{ description: "Refund: Cart", amountCents: 30000 }],
      amountCents: 30000,
      receiptNumber: "FH-2026-000007",
      reason: "Dispute resolved",
      refundedAt: new Date("2026-11-29T00:00:00Z"),
    });
    expect(note).toMatchObject({ kind: "credit_note", totalCents: 30000, credit: { receiptNumber: "FH-2026-000007", reason: "Dispute resolved" } });
    expect(documentFileName(note)).toBe("forgehire-credit-note-FH-2026-000008.pdf");
  });

  it("money prints as dollars with thousands separators", () => {
    expect(formatDocumentMoney(123456789)).toBe("$1,234,567.89");
    expect(formatDocumentMoney(5)).toBe("$0.05");
    expect(formatDocumentMoney(-100)).toBe("-$1.00");
  });
});

describe("the card on a receipt", () => {
  it("its brand from the number's prefix", () => {
    expect(cardBrandOf("4242 4242 4242 4242")).toBe("Visa");
    expect(cardBrandOf("5555555555554444")).toBe("Mastercard");
    expect(cardBrandOf("378282246310005")).toBe("American Express");
    expect(cardBrandOf("9999")).toBeNull();
  });

  it("read from the test provider's event or Stripe's latest charge; nothing else is trusted", () => {
    expect(cardOfPaymentEvent({ data: { object: { brand: "Visa", last4: "4242" } } })).toEqual({ brand: "Visa", last4: "4242" });
    expect(cardOfPaymentEvent({ data: { object: { latest_charge: { payment_method_details: { card: { brand: "amex", last4: "0005" } } } } } })).toEqual({
      brand: "American Express",
      last4: "0005",
    });
    expect(cardOfPaymentEvent({ data: { object: { charges: { data: [{ payment_method_details: { card: { brand: "visa", last4: "1111" } } }] } } } })).toEqual({
      brand: "Visa",
      last4: "1111",
    });
    expect(cardOfPaymentEvent({ data: { object: { last4: "42424242" } } })).toEqual({ brand: null, last4: null });
    expect(cardOfPaymentEvent(null)).toEqual({ brand: null, last4: null });
  });
});

describe("who reads billing documents", () => {
  const client: Actor = { id: "c1", userType: "client", roleType: "job_poster" };
  const other: Actor = { id: "c2", userType: "client", roleType: "job_poster" };
  const freelancer: Actor = { id: "f1", userType: "freelancer", roleType: "freelancer" };
  const admin: Actor = { id: "a1", userType: "admin", roleType: "admin" };
  const code = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it.each([
    ["the client billed", client, null],
    ["another client", other, "DOCUMENT_ACCESS_DENIED"],
    ["a freelancer", freelancer, "DOCUMENT_ACCESS_DENIED"],
    ["an admin", admin, null],
    ["nobody signed in", null, "UNAUTHENTICATED"],
  ])("a receipt or credit note: %s → %s", (_who, actor, expected) => {
    expect(code(() => authorizeReadBillingDocument(actor, { clientId: "c1" }))).toBe(expected);
    expect(canReadBillingDocument(actor, { clientId: "c1" })).toBe(expected === null);
  });

  it.each([
    ["a freelancer", freelancer, null],
    ["a client", client, "STATEMENT_DENIED"],
    ["an admin", admin, "STATEMENT_DENIED"],
    ["nobody signed in", null, "UNAUTHENTICATED"],
  ])("a statement: %s → %s", (_who, actor, expected) => {
    expect(code(() => authorizeReadStatement(actor))).toBe(expected);
  });
});

describe("billing details", () => {
  it("blank fields are cleared, a VAT id is normalised and checked, long text refused", () => {
    expect(billingDetailsBody.parse({ billingName: "  ", billingAddress: "", vatId: "" })).toEqual({ billingName: null, billingAddress: null, vatId: null });
    expect(billingDetailsBody.parse({ billingName: "Alice Corp", vatId: "de 123.456-789" })).toEqual({
      billingName: "Alice Corp",
      billingAddress: null,
      vatId: "DE123456789",
    });
    expect(billingDetailsBody.safeParse({ vatId: "12345" }).success).toBe(false);
    expect(billingDetailsBody.safeParse({ billingName: "x".repeat(201) }).success).toBe(false);
    expect(billingDetailsBody.safeParse({ other: 1 }).success).toBe(false);
  });
});

describe("monthly statements", () => {
  const people = { freelancer: { name: "Nova", email: "nova@example.test" }, seller };

  it("a month is its UTC calendar month; only YYYY-MM is accepted", () => {
    expect(statementPeriod("2026-12")).toEqual({ from: new Date("2026-12-01T00:00:00Z"), to: new Date("2027-01-01T00:00:00Z") });
    expect(() => statementPeriod("2026-13")).toThrow(RangeError);
    expect(statementQuery.safeParse({ month: "2026-1" }).success).toBe(false);
    expect(statementQuery.parse({ month: "2026-11" })).toEqual({ month: "2026-11", format: "pdf" });
  });

  it("releases show gross, fee and net, payouts and reversals their amount; the lines take the opening balance to the closing one", () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day));
    const statement = buildStatement({
      month: "2026-11",
      ...people,
      openingBalanceCents: 1000,
      closingBalanceCents: 1000 + 9000 - 9000 + 500 + 4500,
      entries: [
        {
          kind: "payout",
          idempotencyKey: "payout:a",
          occurredAt: at(3),
          jobId: 1,
          jobTitle: "Shop",
          storyTitle: null,
          availableDeltaCents: -9000,
          feeCents: 0,
        },
        {
          kind: "release",
          idempotencyKey: "release:story:s1",
          occurredAt: at(2),
          jobId: 1,
          jobTitle: "Shop",
          storyTitle: "Cart",
          availableDeltaCents: 9000,
          feeCents: 1000,
        },
        {
          kind: "payout",
          idempotencyKey: "payout-reversal:a",
          occurredAt: at(4),
          jobId: 1,
          jobTitle: "Shop",
          storyTitle: null,
          availableDeltaCents: 500,
          feeCents: 0,
        },
        {
          kind: "release",
          idempotencyKey: "release:dispute:d",
          occurredAt: at(5),
          jobId: 2,
          jobTitle: "=Bot",
          storyTitle: null,
          availableDeltaCents: 4500,
          feeCents: 500,
        },
      ],
    });
    expect(statement.lines.map((l) => [l.kind, l.grossCents, l.feeCents, l.netCents])).toEqual([
      ["release", 10000, 1000, 9000],
      ["payout", 9000, 0, -9000],
      ["payout_reversal", 500, 0, 500],
      ["release", 5000, 500, 4500],
    ]);
    expect(statement.totals).toEqual({ releasedGrossCents: 15000, feeCents: 1500, releasedNetCents: 13500, paidOutCents: 8500 });
    const csv = statementCsv(statement).split("\r\n");
    expect(csv[0]).toBe("date,kind,job_id,job_title,story_title,gross_usd,fee_usd,net_usd");
    expect(csv[1]).toBe(",opening_balance,,,,,,10.00");
    expect(csv[2]).toBe("2026-11-02T00:00:00.000Z,release,1,Shop,Cart,100.00,10.00,90.00");
    // A title a spreadsheet would run as a formula is neutralised.
    expect(csv[5]).toContain(",'=Bot,");
    expect(csv[6]).toBe(",closing_balance,,,,,,60.00");
  });

  it("lines that do not explain the balances are refused", () => {
    expect(() => buildStatement({ month: "2026-11", ...people, openingBalanceCents: 0, closingBalanceCents: 1, entries: [] })).toThrow(RangeError);
  });
});
