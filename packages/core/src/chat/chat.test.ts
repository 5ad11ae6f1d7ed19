import { describe, expect, it } from "vitest";
import { isDomainError } from "../errors.js";
import { hasMessageContent, messageContent } from "./message-content.js";
import { adminFreelancerIdentity, adminRoomId, clientFreelancerRoomId, isAdminFreelancerIdentity } from "./room-ids.js";

describe("chat room ids", () => {
  it("a client and freelancer pair share the room {clientId}_freelancer_{freelancerId}", () => {
    expect(clientFreelancerRoomId("c-1", "f-9")).toBe("c-1_freelancer_f-9");
  });

  it("an admin room is admin_{adminId}_{jobId}_{timestamp}", () => {
    expect(adminRoomId("a-1", 42, new Date("2025-01-01T00:00:00.000Z"))).toBe("admin_a-1_42_1735689600000");
  });

  it("an admin's freelancer identity is admin-prefixed", () => {
    expect(adminFreelancerIdentity("a-1")).toBe("admin_a-1");
    expect(isAdminFreelancerIdentity("admin_a-1")).toBe(true);
    expect(isAdminFreelancerIdentity("f-9")).toBe(false);
  });
});

describe("message content", () => {
  it("a message needs text or at least one file", () => {
    expect(hasMessageContent("hi")).toBe(true);
    expect(hasMessageContent("  ", 1)).toBe(true);
    expect(hasMessageContent(" \n ")).toBe(false);
    expect(hasMessageContent(undefined, 0)).toBe(false);
  });

  it("a blank message without files is refused with EMPTY_MESSAGE, otherwise trimmed", () => {
    expect(messageContent("  hello ")).toBe("hello");
    expect(messageContent("", 2)).toBe("");
    let thrown: unknown;
    try {
      messageContent("   ");
    } catch (error) {
      thrown = error;
    }
    expect(isDomainError(thrown) && thrown.code).toBe("EMPTY_MESSAGE");
  });
});
