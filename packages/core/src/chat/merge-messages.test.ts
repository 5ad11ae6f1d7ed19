import { describe, expect, it } from "vitest";
import { mergeMessages } from "./merge-messages.js";

const m = (id: string, content = `m${id}`) => ({ id, content });

describe("mergeMessages", () => {
  it("keeps one copy of a message that arrived twice, oldest first by numeric id", () => {
    const shown = [m("9"), m("10")];
    expect(mergeMessages(shown, [m("11"), m("9"), m("2")]).map((x) => x.id)).toEqual(["2", "9", "10", "11"]);
  });

  it("returns the same list when nothing is new, so a state update is skipped", () => {
    const shown = [m("1"), m("2")];
    expect(mergeMessages(shown, [shown[1]!])).toBe(shown);
    expect(mergeMessages(shown, [])).toBe(shown);
  });

  it("takes the newer copy of a message with a known id", () => {
    expect(mergeMessages([m("1", "old")], [m("1", "new")])).toEqual([m("1", "new")]);
  });
});
