import { describe, expect, it } from "vitest";
import { isUnreadMessage, nextReadMark } from "./unread.js";

describe("unread messages", () => {
  const cases: Array<[string, { id: string; senderId: string | null }, string | null, boolean]> = [
    ["someone else's message, nothing read yet", { id: "5", senderId: "other" }, null, true],
    ["someone else's message after the last read", { id: "12", senderId: "other" }, "9", true],
    ["someone else's message up to the last read", { id: "9", senderId: "other" }, "9", false],
    ["someone else's message before the last read", { id: "3", senderId: "other" }, "9", false],
    ["one's own message, nothing read yet", { id: "5", senderId: "me" }, null, false],
    ["one's own message after the last read", { id: "12", senderId: "me" }, "9", false],
    ["a removed account's message after the last read", { id: "12", senderId: null }, "9", true],
    // Ids are compared as numbers, not strings: "10" sorts before "9" as text.
    ["id 10 after a last read of 9", { id: "10", senderId: "other" }, "9", true],
    ["ids past 2^53 stay exact", { id: "9007199254740993", senderId: "other" }, "9007199254740992", true],
  ];
  it.each(cases)("a message is unread for a user when it was sent by someone else after their last read: %s", (_, message, lastRead, expected) => {
    expect(isUnreadMessage("me", message, lastRead)).toBe(expected);
  });

  it("a read mark only moves forward", () => {
    expect(nextReadMark(null, "4")).toBe("4");
    expect(nextReadMark("4", "10")).toBe("10");
    expect(nextReadMark("10", "4")).toBe("10");
    expect(nextReadMark("10", null)).toBe("10");
    expect(nextReadMark(null, null)).toBeNull();
  });
});
