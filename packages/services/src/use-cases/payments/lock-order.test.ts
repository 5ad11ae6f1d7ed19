import type { Knex } from "knex";
import { describe, expect, it, vi } from "vitest";
import { isRetryableTransactionError, paymentTransaction } from "./lock-order.js";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

/** A database whose transactions run the work on a stand-in transaction object. */
function fakeDb() {
  const trx = {} as Knex.Transaction;
  const db = { transaction: vi.fn(async (work: (t: Knex.Transaction) => Promise<unknown>) => work(trx)) } as unknown as Knex;
  const logger = { warn: vi.fn() };
  return { db, logger: logger as never, trx };
}

describe("paymentTransaction (money-4)", () => {
  it("[money-4] runs a transaction again once after a serialization failure or a deadlock", async () => {
    for (const code of ["40001", "40P01"]) {
      const deps = fakeDb();
      const work = vi.fn().mockRejectedValueOnce(pgError(code)).mockResolvedValueOnce("done");
      await expect(paymentTransaction(deps, work)).resolves.toBe("done");
      expect(work).toHaveBeenCalledTimes(2);
    }
  });

  it("[money-4] gives up after the second failure, and never retries other errors", async () => {
    const twice = fakeDb();
    const failing = vi.fn().mockRejectedValue(pgError("40P01"));
    await expect(paymentTransaction(twice, failing)).rejects.toMatchObject({ code: "40P01" });
    expect(failing).toHaveBeenCalledTimes(2);

    const other = fakeDb();
    const unique = vi.fn().mockRejectedValue(pgError("23505"));
    await expect(paymentTransaction(other, unique)).rejects.toMatchObject({ code: "23505" });
    expect(unique).toHaveBeenCalledTimes(1);
  });

  it("knows the retryable SQLSTATEs", () => {
    expect(isRetryableTransactionError(pgError("40001"))).toBe(true);
    expect(isRetryableTransactionError(pgError("40P01"))).toBe(true);
    expect(isRetryableTransactionError(pgError("23505"))).toBe(false);
    expect(isRetryableTransactionError(null)).toBe(false);
  });
});
