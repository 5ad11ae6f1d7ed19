import { describe, expect, it } from "vitest";
import { changeRequestBody, storyCreateBody, storyUpdateBody, taskCreateBody, taskMessageBody, taskStatusBody, taskUpdateBody } from "./breakdown.js";
import { refusal } from "./test-helpers.js";

describe("story and task bodies", () => {
  it.each([
    ["storyCreateBody", storyCreateBody, {}],
    ["storyCreateBody", storyCreateBody, { title: "  \t " }],
    ["storyUpdateBody", storyUpdateBody, { title: "" }],
    ["taskCreateBody", taskCreateBody, { title: "\n" }],
    ["taskUpdateBody", taskUpdateBody, { title: " " }],
  ] as const)("%s: a blank title is EMPTY_TITLE 'Title cannot be empty' (%j)", (_name, schema, body) => {
    expect(refusal(schema, body)).toEqual({ code: "EMPTY_TITLE", fields: { title: "Title cannot be empty" } });
  });

  it("new stories and tasks default to medium priority, tasks to todo", () => {
    expect(storyCreateBody.parse({ title: " Checkout " })).toEqual({ title: "Checkout", description: "", priority: "medium" });
    expect(taskCreateBody.parse({ title: "Cart" })).toMatchObject({ priority: "medium", status: "todo" });
  });

  it("priorities are high, medium or low", () => {
    expect(refusal(taskUpdateBody, { priority: "urgent" })?.code).toBe("VALIDATION");
  });
});

describe("taskStatusBody", () => {
  it("accepts the four statuses and an optional comment", () => {
    for (const status of ["todo", "in_progress", "clarification", "done"]) {
      expect(taskStatusBody.parse({ status, comment: " needs the logo " })).toEqual({ status, comment: "needs the logo" });
    }
    expect(refusal(taskStatusBody, { status: "started" })).not.toBeNull();
  });
});

describe("changeRequestBody", () => {
  it("a blank description is EMPTY_CHANGE_REQUEST 'Please describe the requested changes.'", () => {
    expect(refusal(changeRequestBody, { description: "   " })).toEqual({
      code: "EMPTY_CHANGE_REQUEST",
      fields: { description: "Please describe the requested changes." },
    });
    expect(refusal(changeRequestBody, {})?.code).toBe("EMPTY_CHANGE_REQUEST");
  });

  it("the story id, when given, must be well formed", () => {
    expect(changeRequestBody.parse({ description: "More colour", storyId: "0f8fad5b-d9cb-469f-a165-70867728950e" }).storyId).toBe(
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    expect(refusal(changeRequestBody, { description: "More colour", storyId: "12; drop table" })).not.toBeNull();
  });
});

describe("taskMessageBody", () => {
  it("blank text is allowed here, because files may come with it", () => {
    expect(taskMessageBody.parse({})).toEqual({ content: "" });
    expect(taskMessageBody.parse({ content: " hi " })).toEqual({ content: "hi" });
  });
});
