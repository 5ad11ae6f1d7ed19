import { describe, expect, it } from "vitest";
import { paymentIntentBody, testConfirmBody } from "./payments.js";
import { refusal } from "./test-helpers.js";

const paymentId = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("testConfirmBody", () => {
  it("normalises the card number and a two-digit year", () => {
    expect(testConfirmBody.parse({ paymentId, cardNumber: "4242 4242 4242 4242", expMonth: "12", expYear: 34, cvc: 123 })).toEqual({
      paymentId,
      cardNumber: "4242424242424242",
      expMonth: 12,
      expYear: 2034,
      cvc: "123",
    });
  });

  it("refuses malformed card details field by field", () => {
    expect(refusal(testConfirmBody, { paymentId: "p1", cardNumber: "4242", expMonth: "may", expYear: 20.5, cvc: "12" })?.fields).toEqual({
      paymentId: "Invalid payment id",
      cardNumber: "Your card number is incomplete.",
      expMonth: "Your card's expiration month is invalid.",
      expYear: "Your card's expiration year is invalid.",
      cvc: "Your card's security code is incomplete.",
    });
  });

  it("a payment intent takes no body", () => {
    expect(paymentIntentBody.parse({ amount: 1 })).toEqual({});
  });
});
