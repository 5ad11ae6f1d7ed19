import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.js";
import type { Actor } from "../users.js";
import { authorizeViewEarnings, centsToDecimalDollars, csvCell, earningsCsv, earningsCsvHeader, earningsStatusOf, inReviewAmounts } from "./earnings.js";

const actor = (userType: Actor["userType"]): Actor => ({
  id: "u1",
  userType,
  roleType: userType === "client" ? "job_poster" : userType,
});

const codeOf = (fn: () => void) => {
  try {
    fn();
    return "allowed";
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe("authorizeViewEarnings", () => {
  it.each([
    ["freelancer", "allowed"],
    ["client", "EARNINGS_DENIED"],
    ["admin", "EARNINGS_DENIED"],
  ] as const)("[earnings-3] a %s: %s", (userType, expected) => {
    expect(codeOf(() => authorizeViewEarnings(actor(userType)))).toBe(expected);
  });

  it("[earnings-3] a visitor is UNAUTHENTICATED", () => {
    expect(codeOf(() => authorizeViewEarnings(null))).toBe("UNAUTHENTICATED");
  });
});

describe("inReviewAmounts", () => {
  it("[earnings-1] is what the release will post: the fee rounded half up, net + fee = gross", () => {
    expect(inReviewAmounts(12_345, 10)).toEqual({ grossCents: 12_345, feeCents: 1_235, netCents: 11_110 });
    expect(inReviewAmounts(5, 10)).toEqual({ grossCents: 5, feeCents: 1, netCents: 4 });
    expect(inReviewAmounts(null, 10)).toEqual({ grossCents: 0, feeCents: 0, netCents: 0 });
  });
});

describe("earningsStatusOf", () => {
  it("[earnings-1] in review until released, available once released, paid out once a payout names it", () => {
    expect(earningsStatusOf({ released: false, paidOut: false })).toBe("in_review");
    expect(earningsStatusOf({ released: true, paidOut: false })).toBe("available");
    expect(earningsStatusOf({ released: true, paidOut: true })).toBe("paid_out");
  });
});

describe("earnings CSV", () => {
  it("[earnings-5] writes cents as dollars with two decimals, exactly", () => {
    expect([0, 5, 100, 123_456, 10_000_000_000, -5].map(centsToDecimalDollars)).toEqual(["0.00", "0.05", "1.00", "1234.56", "100000000.00", "-0.05"]);
  });

  it("[earnings-5] quotes commas, quotes and line breaks, and defuses a formula", () => {
    expect(csvCell("Shop, cart")).toBe('"Shop, cart"');
    expect(csvCell('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("Plain")).toBe("Plain");
  });

  it("[earnings-5] one CRLF line per item after the header", () => {
    const csv = earningsCsv([
      {
        jobId: 7,
        jobTitle: "Shop",
        storyId: "s1",
        storyTitle: "Cart, checkout",
        grossCents: 22_000,
        feeCents: 2_200,
        netCents: 19_800,
        status: "available",
        submittedAt: "2026-11-27T10:00:00.000Z",
        releasedAt: "2026-11-27T11:00:00.000Z",
      },
    ]);
    expect(csv).toBe(
      `${earningsCsvHeader.join(",")}\r\n7,Shop,s1,"Cart, checkout",220.00,22.00,198.00,available,2026-11-27T10:00:00.000Z,2026-11-27T11:00:00.000Z\r\n`,
    );
  });
});
