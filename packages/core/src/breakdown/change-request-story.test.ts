import { describe, expect, it } from "vitest";
import { isDomainError } from "../errors.js";
import { changeRequestStory } from "./change-request-story.js";

describe("changeRequestStory", () => {
  it("a change request creates a high-priority 'Change Request Implementation' story", () => {
    const story = changeRequestStory("  Add a dark mode toggle to the settings page. ");
    expect(story.title).toBe("Change Request Implementation");
    expect(story.priority).toBe("high");
    expect(story.description).toBe("Add a dark mode toggle to the settings page.");
  });

  it("has three todo tasks: analyze (high), implement (high), test and validate (medium)", () => {
    const { tasks } = changeRequestStory("Add a dark mode toggle.");
    expect(tasks.map((task) => [task.priority, task.status])).toEqual([
      ["high", "todo"],
      ["high", "todo"],
      ["medium", "todo"],
    ]);
    expect(tasks[0]?.title).toMatch(/^Analyze/);
    expect(tasks[1]?.title).toMatch(/^Implement/);
    expect(tasks[2]?.title).toMatch(/^Test and validate/);
  });

  it("is estimated at 11 hours: analyze 2, implement 6, test and validate 3", () => {
    const story = changeRequestStory("Add a dark mode toggle.");
    expect(story.tasks.map((task) => task.estimateHours)).toEqual([2, 6, 3]);
    expect(story.estimateHours).toBe(11);
  });

  it("a blank description is refused with EMPTY_CHANGE_REQUEST", () => {
    let thrown: unknown;
    try {
      changeRequestStory(" \n ");
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && [thrown.code, thrown.message]).toEqual(["EMPTY_CHANGE_REQUEST", "Please describe the requested changes."]);
  });
});
