import { describe, expect, it } from "vitest";
import { breakdownFixtures, incompleteAiAnswer } from "./bench-fixtures.js";
import { COMPLETED_SOURCE_PREFIX, completeFromRules } from "./complete-breakdown.js";
import { parseBreakdown } from "./parse-breakdown.js";
import { missingCapabilities } from "./quality.js";
import { rulesBreakdown } from "./rules-engine.js";
import type { StoryDraft } from "./types.js";

const titles = (stories: readonly StoryDraft[]) => stories.flatMap((story) => story.tasks.map((task) => task.title.toLowerCase()));

describe("completeFromRules", () => {
  it.each(breakdownFixtures.map((fixture) => [fixture.name, fixture] as const))(
    "%s: a deliberately incomplete answer without sources ends covered, with no task twice",
    (_name, fixture) => {
      const answered = parseBreakdown(incompleteAiAnswer(fixture.input))!;
      const { stories } = completeFromRules(fixture.input, answered);
      expect(missingCapabilities(fixture.input, stories).map((capability) => capability.label)).toEqual([]);
      const all = titles(stories);
      expect(all.filter((title, index) => all.indexOf(title) !== index)).toEqual([]);
      // The AI's own stories come first and keep their titles.
      expect(stories.slice(0, answered.length - 1).map((story) => story.title)).toEqual(answered.slice(0, -1).map((story) => story.title));
    },
  );

  it("an AI task with the rules task's title takes its source instead of being added again; the caller's drafts stay as they were", () => {
    const fixture = breakdownFixtures.find((candidate) => candidate.name === "simple-clinic-booking-hipaa")!;
    const rules = rulesBreakdown(fixture.input);
    const zoom = rules.find((story) => story.source === "integration:Zoom")!;
    const answered: StoryDraft[] = [{ ...zoom, source: null, tasks: zoom.tasks.map((task) => ({ ...task, source: null })) }];
    const { stories, added } = completeFromRules(fixture.input, answered);
    expect(stories[0]!.source).toBe("integration:Zoom");
    expect(stories[0]!.tasks.map((task) => task.source)).toEqual(zoom.tasks.map((task) => task.source));
    expect(added.map((capability) => capability.source)).not.toContain("integration:Zoom");
    expect(stories.filter((story) => story.source === `${COMPLETED_SOURCE_PREFIX}integration:Zoom`)).toEqual([]);
    expect(answered[0]!.source).toBeNull();
    expect(answered[0]!.tasks.every((task) => task.source === null)).toBe(true);
  });
});
