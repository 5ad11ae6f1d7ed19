import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.js";

describe("password hashing", () => {
  it("stores argon2id hashes with a fresh salt each time", async () => {
    const [a, b] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    await expect(verifyPassword(stored, "correct horse")).resolves.toBe(true);
    await expect(verifyPassword(stored, "battery staple")).resolves.toBe(false);
  });

  it("treats a malformed stored hash as a mismatch rather than an error", async () => {
    await expect(verifyPassword("not-a-hash", "anything")).resolves.toBe(false);
  });
});
