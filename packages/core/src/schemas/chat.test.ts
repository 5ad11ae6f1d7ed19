import { describe, expect, it } from "vitest";
import { adminChatRoomBody, chatMessageBody, chatRoomCreateBody } from "./chat.js";
import { refusal } from "./test-helpers.js";

describe("chat bodies", () => {
  it("a malformed freelancer id is INVALID_FREELANCER_ID", () => {
    expect(refusal(chatRoomCreateBody, { freelancerId: "bob" })).toEqual({
      code: "INVALID_FREELANCER_ID",
      fields: { freelancerId: "Invalid freelancer ID format" },
    });
  });

  it("accepts a freelancer id and an optional job id", () => {
    const freelancerId = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(chatRoomCreateBody.parse({ freelancerId, jobId: 7 })).toEqual({ freelancerId, jobId: 7 });
    expect(adminChatRoomBody.parse({ jobId: "7" })).toEqual({ jobId: 7 });
  });

  it("a blank chat message is EMPTY_MESSAGE", () => {
    expect(refusal(chatMessageBody, { content: " \n " })?.code).toBe("EMPTY_MESSAGE");
    expect(chatMessageBody.parse({ content: " Hello " })).toEqual({ content: "Hello" });
  });
});
