import { describe, expect, it } from "vitest";
import { readableReason } from "./readable-reason.js";

describe("readableReason", () => {
  it.each([
    ["500 The model is overloaded", "500 The model is overloaded"],
    ['500 {"error":{"message":"The model is overloaded","type":"server_error"}}', "500 The model is overloaded"],
    ['502 {"message":"Bad gateway"}', "502 Bad gateway"],
    ["Connection error.\n    at OpenAI.makeRequest (node_modules/openai/core.js:1:2)", "Connection error."],
    ['429 {"detail":"slow down"}', '429 {"detail":"slow down"}'],
  ])("%j reads as %j", (reason, line) => {
    expect(readableReason(reason)).toBe(line);
  });

  it("cuts a long line", () => {
    expect(readableReason("x".repeat(500))).toHaveLength(200);
  });
});
