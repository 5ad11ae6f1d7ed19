import { describe, expect, it } from "vitest";
import { wizardEnhanceBody, wizardEnhancementSchema } from "../schemas/enhance.js";
import { buildEnhancePrompt, enhanceJsonSchema, enhanceResponseFormat, parseEnhancement } from "./enhance.js";

const answer = (value: unknown) => JSON.stringify(value);

describe("parseEnhancement", () => {
  it("reads the JSON asked for and puts the key features one per line", () => {
    expect(parseEnhancement(answer({ description: "  A booking site for a bakery.  ", keyFeatures: ["Order cakes online", "Pick a pickup time"] }))).toEqual({
      description: "A booking site for a bakery.",
      keyFeatures: "Order cakes online\nPick a pickup time",
    });
  });

  it("drops bullets, numbers, blank and repeated features, and keeps each on one line", () => {
    const parsed = parseEnhancement(answer({ description: "A shop.", keyFeatures: ["- Cart", "2) Checkout\nwith cards", "  ", "cart", "• Wish list"] }));
    expect(parsed?.keyFeatures).toBe("Cart\nCheckout with cards\nWish list");
  });

  it("keeps at most 20 features and stays within the field's 10,000 characters", () => {
    const many = Array.from({ length: 30 }, (_, index) => `Feature number ${index + 1}`);
    expect(parseEnhancement(answer({ description: "A shop.", keyFeatures: many }))?.keyFeatures.split("\n")).toHaveLength(20);
    const long = Array.from({ length: 5 }, (_, index) => `${index} ${"x".repeat(3_000)}`);
    const parsed = parseEnhancement(answer({ description: "A shop.", keyFeatures: long }))!;
    expect(parsed.keyFeatures.split("\n")).toHaveLength(3);
    expect(wizardEnhancementSchema.safeParse(parsed).success).toBe(true);
  });

  it("accepts an answer wrapped in a code fence", () => {
    expect(parseEnhancement('```json\n{"description":"A shop.","keyFeatures":[]}\n```')).toEqual({ description: "A shop.", keyFeatures: "" });
  });

  it.each([
    ["prose", "Here is a better description: a shop."],
    ["empty", ""],
    ["wrong shape", answer({ description: "A shop.", keyFeatures: "Cart, checkout" })],
    ["blank description", answer({ description: "   ", keyFeatures: ["Cart"] })],
    ["missing description", answer({ keyFeatures: ["Cart"] })],
    ["description too long", answer({ description: "x".repeat(20_001), keyFeatures: [] })],
  ])("refuses %s", (_name, content) => {
    expect(parseEnhancement(content)).toBeNull();
  });
});

describe("the enhancement request", () => {
  it("needs a title and a description; the rest defaults", () => {
    const parsed = wizardEnhanceBody.safeParse({ title: "", description: "" });
    expect(parsed.success).toBe(false);
    expect(wizardEnhanceBody.parse({ title: " Bakery ", description: "Cakes", scope: "" })).toEqual({
      title: "Bakery",
      description: "Cakes",
      keyFeatures: "",
      industry: "",
      scope: null,
      targetAudience: "",
    });
    expect(wizardEnhanceBody.safeParse({ title: "Bakery", description: "Cakes", scope: 51 }).success).toBe(false);
  });

  it("the prompt carries every field and the scope's project type; the schema is strict", () => {
    const prompt = buildEnhancePrompt(
      wizardEnhanceBody.parse({
        title: "Bakery site",
        description: "Cakes\nand pies",
        keyFeatures: "Menu page",
        industry: "Food & Beverage",
        scope: 50,
        targetAudience: "Locals",
      }),
    );
    for (const text of [
      "Title: Bakery site",
      "Industry: Food & Beverage",
      "Target audience: Locals",
      "Description:\n  Cakes\n  and pies",
      "Key features: Menu page",
      "(static)",
    ]) {
      expect(prompt.user).toContain(text);
    }
    expect(prompt.system).toContain("Invent nothing");
    expect(enhanceResponseFormat.json_schema.strict).toBe(true);
    expect(enhanceJsonSchema.required).toEqual(["description", "keyFeatures"]);
  });
});
