import { describe, expect, it } from "vitest";
import { fallbackStories, fallbackStoryTitles } from "./fallback-stories.js";

describe("fallbackStories", () => {
  const stories = fallbackStories("Pet Grooming Booking Site");

  it("creates the spec's three stories with their priorities and task counts", () => {
    expect(stories.map((story) => [story.title, story.priority, story.tasks.length])).toEqual([
      ["User Registration and Authentication", "high", 3],
      ["Core Feature Implementation", "medium", 3],
      ["User Profile Management", "low", 2],
    ]);
    expect(stories.map((story) => story.title)).toEqual([...fallbackStoryTitles]);
  });

  it("every fallback task starts as todo", () => {
    for (const task of stories.flatMap((story) => story.tasks)) expect(task.status).toBe("todo");
  });

  it("the core feature story names the project", () => {
    expect(stories[1]?.description).toContain("Pet Grooming Booking Site");
  });

  it("a blank job title still gives a readable core feature story", () => {
    expect(fallbackStories("   ")[1]?.description).toContain("the project");
  });

  it("every story and task has a non-empty title and description", () => {
    for (const item of [...stories, ...stories.flatMap((story) => story.tasks)]) {
      expect(item.title.trim()).not.toBe("");
      expect(item.description.trim()).not.toBe("");
    }
  });

  it("tasks within a story have distinct titles", () => {
    for (const story of stories) expect(new Set(story.tasks.map((task) => task.title)).size).toBe(story.tasks.length);
  });

  it("every task has an estimate and a story's estimate is the sum of its tasks'", () => {
    for (const story of stories) {
      for (const task of story.tasks) expect(task.estimateHours).toBeGreaterThan(0);
      expect(story.estimateHours).toBe(story.tasks.reduce((sum, task) => sum + task.estimateHours, 0));
    }
    expect(stories.map((story) => story.estimateHours)).toEqual([11, 16, 5]);
  });
});
