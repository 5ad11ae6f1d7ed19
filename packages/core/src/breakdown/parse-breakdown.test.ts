import { describe, expect, it } from "vitest";
import { fallbackStoryTitles } from "./fallback-stories.js";
import { MAX_STORIES, MAX_TASK_HOURS, aiBreakdownSchema, parseBreakdown, storiesOrFallback } from "./parse-breakdown.js";

const good = {
  stories: [
    {
      title: "Booking",
      description: "As a customer I want to book a slot.",
      priority: "High",
      tasks: [
        { title: "Calendar view", description: "Show free slots.", priority: "medium", estimateHours: 6 },
        { title: "  ", description: "blank title is dropped" },
        { title: "Confirmation email", priority: "urgent" },
      ],
    },
  ],
};

const parsedGood = [
  {
    title: "Booking",
    description: "As a customer I want to book a slot.",
    priority: "high",
    estimateHours: 9,
    tasks: [
      { title: "Calendar view", description: "Show free slots.", priority: "medium", status: "todo", estimateHours: 6, acceptanceCriteria: [], source: null },
      { title: "Confirmation email", description: "", priority: "medium", status: "todo", estimateHours: 3, acceptanceCriteria: [], source: null },
    ],
    source: null,
  },
];

describe("parseBreakdown", () => {
  it("reads valid JSON: stories and tasks with priorities and estimates", () => {
    const valid = {
      stories: [
        {
          title: "Checkout",
          description: "As a shopper I want to pay.",
          priority: "high",
          source: "flag:needsPaymentProcessing",
          tasks: [
            {
              title: "Stripe",
              description: "Card payments.",
              priority: "high",
              estimateHours: 5.5,
              acceptanceCriteria: ["Given a test card, when the shopper pays, then the order is paid.", " ", 7],
              source: "flag:needsPaymentProcessing",
            },
          ],
        },
      ],
    };
    expect(aiBreakdownSchema.safeParse(valid).success).toBe(false);
    expect(parseBreakdown(JSON.stringify(valid))).toEqual([
      {
        title: "Checkout",
        description: "As a shopper I want to pay.",
        priority: "high",
        estimateHours: 5.5,
        source: "flag:needsPaymentProcessing",
        tasks: [
          {
            title: "Stripe",
            description: "Card payments.",
            priority: "high",
            status: "todo",
            estimateHours: 5.5,
            // Blank and non-text criteria are dropped; the strict schema refused them, the reader keeps the rest.
            acceptanceCriteria: ["Given a test card, when the shopper pays, then the order is paid."],
            source: "flag:needsPaymentProcessing",
          },
        ],
      },
    ]);
  });

  it("missing fields: drops stories and tasks without titles, defaults priorities to medium and descriptions to blank", () => {
    expect(parseBreakdown(good)).toEqual(parsedGood);
  });

  it("a missing or unusable estimate defaults from the priority; others are rounded to 0.5 h and capped", () => {
    const tasks = [
      { title: "a", priority: "high" },
      { title: "b", priority: "low", estimateHours: -2 },
      { title: "c", priority: "medium", estimateHours: "not a number" },
      { title: "d", estimateHours: "2.3" },
      { title: "e", estimateHours: 0.1 },
      { title: "f", estimateHours: 10_000 },
    ];
    const [story] = parseBreakdown({ stories: [{ title: "S", tasks }] }) ?? [];
    expect(story?.tasks.map((task) => task.estimateHours)).toEqual([4, 2, 3, 2.5, 0.5, MAX_TASK_HOURS]);
    expect(story?.estimateHours).toBe(4 + 2 + 3 + 2.5 + 0.5 + MAX_TASK_HOURS);
  });

  it("extra text around the JSON: the outermost JSON object is extracted", () => {
    const answer = `Here is the plan: ${JSON.stringify(good)} Hope it helps!`;
    expect(parseBreakdown(answer)).toEqual(parsedGood);
  });

  it("extra text with brackets of its own before the JSON still finds the stories", () => {
    const answer = `Notes [draft] {not json} and {"other": 1}\n${JSON.stringify(good)}\nThanks {:)}`;
    expect(parseBreakdown(answer)).toEqual(parsedGood);
  });

  it("braces inside JSON strings do not end the object early", () => {
    const tricky = { stories: [{ title: "Templates } with { braces", tasks: [{ title: 'Quote "}" safely' }] }] };
    const [story] = parseBreakdown(`Plan:\n${JSON.stringify(tricky)}\nDone.`) ?? [];
    expect(story?.title).toBe("Templates } with { braces");
    expect(story?.tasks[0]?.title).toBe('Quote "}" safely');
  });

  it("a fenced block, alone or inside prose, and a bare list are read", () => {
    expect(parseBreakdown("```json\n" + JSON.stringify(good) + "\n```")).toEqual(parsedGood);
    expect(parseBreakdown("Sure!\n```json\n" + JSON.stringify(good, null, 2) + "\n```\nAnything else?")).toEqual(parsedGood);
    expect(parseBreakdown(good.stories)).toEqual(parsedGood);
    expect(parseBreakdown(`The stories: ${JSON.stringify(good.stories)}`)).toEqual(parsedGood);
  });

  it("empty, blank, unparsable, truncated or story-less answers give null", () => {
    const truncated = JSON.stringify(good).slice(0, -20);
    for (const raw of [undefined, null, "", "   \n\t ", "not json", "{}", "{ broken", truncated, { stories: [] }, { stories: [{ title: " " }] }, 42]) {
      expect(parseBreakdown(raw)).toBeNull();
    }
  });

  it("skips broken stories and keeps the good ones", () => {
    expect(parseBreakdown({ stories: [{ nope: 1 }, "text", { title: 7 }, { title: "Kept" }] })).toEqual([
      { title: "Kept", description: "", priority: "medium", estimateHours: 0, source: null, tasks: [] },
    ]);
  });

  it("caps the number of stories", () => {
    const many = Array.from({ length: MAX_STORIES + 5 }, (_, index) => ({ title: `Story ${index}` }));
    // A literal, so that a changed cap is a decision this test makes visible.
    expect(parseBreakdown(many)).toHaveLength(30);
  });
});

describe("storiesOrFallback", () => {
  it("uses the AI's stories when usable, also when wrapped in prose", () => {
    expect(storiesOrFallback(good, "Salon").source).toBe("ai");
    expect(storiesOrFallback(`Here you go: ${JSON.stringify(good)}`, "Salon").source).toBe("ai");
  });

  it("falls back to the default stories when the AI output is empty, blank or invalid", () => {
    for (const raw of [undefined, "", "  \n ", "<html>403</html>", { stories: [] }]) {
      const result = storiesOrFallback(raw, "Salon");
      expect(result.source).toBe("fallback");
      expect(result.stories.map((story) => story.title)).toEqual([...fallbackStoryTitles]);
    }
  });
});
