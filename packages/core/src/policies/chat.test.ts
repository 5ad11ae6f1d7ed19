import { describe, expect, it } from "vitest";
import type { Actor } from "../users.js";
import { chatRefusal, messageRecipient, type ChatAction } from "./chat.js";
import { assertDocumentRoom, authorizeProfileCreate, bioPreview } from "./freelancer.js";

const client: Actor = { id: "c1", userType: "client", roleType: "job_poster" };
const otherClient: Actor = { id: "c2", userType: "client", roleType: "job_poster" };
const freelancer: Actor = { id: "f1", userType: "freelancer", roleType: "freelancer" };
const admin: Actor = { id: "a1", userType: "admin", roleType: "admin" };
const room = { clientId: "c1", freelancerUserId: "f1" };

describe("chat policy", () => {
  const table: Array<[Actor, ChatAction, string | null]> = [
    [client, "start", null],
    [freelancer, "start", "CLIENT_ONLY_CHAT"],
    [admin, "start", "CLIENT_ONLY_CHAT"],
    [admin, "startForJob", null],
    [client, "startForJob", "ADMIN_ONLY"],
    [client, "read", null],
    [freelancer, "post", null],
    [otherClient, "read", "NOT_ROOM_MEMBER"],
    [otherClient, "post", "NOT_ROOM_MEMBER"],
    [admin, "read", null],
    [admin, "post", "NOT_ROOM_MEMBER"],
    [admin, "setMeetLink", "NOT_ROOM_MEMBER"],
    [admin, "join", null],
    [client, "join", "ADMIN_ONLY"],
    [freelancer, "join", "ADMIN_ONLY"],
  ];
  it.each(table)("%o %s → %s", (actor, action, expected) => {
    expect(chatRefusal(actor, action, action.startsWith("start") ? null : room)).toBe(expected);
  });

  it("lets an admin post in someone else's conversation only after joining it", () => {
    expect(chatRefusal(admin, "post", room)).toBe("NOT_ROOM_MEMBER");
    expect(chatRefusal(admin, "post", { ...room, guestIds: ["a1"] })).toBeNull();
    expect(chatRefusal(admin, "post", { clientId: "c1", freelancerUserId: "a1" })).toBeNull();
  });

  it("asks a signed-out visitor to log in before starting a chat", () => {
    expect(chatRefusal(null, "start")).toBe("CHAT_LOGIN_REQUIRED");
    expect(chatRefusal(null, "read", room)).toBe("UNAUTHENTICATED");
  });

  it("sends a message to the other member", () => {
    expect(messageRecipient("c1", room)).toBe("f1");
    expect(messageRecipient("f1", room)).toBe("c1");
    expect(messageRecipient("a1", room)).toBe("c1");
  });
});

describe("freelancer profile rules", () => {
  it("lets only freelancers create a profile", () => {
    expect(() => authorizeProfileCreate(freelancer)).not.toThrow();
    expect(() => authorizeProfileCreate(client)).toThrow(expect.objectContaining({ code: "FREELANCER_PROFILE_DENIED" }));
  });
  it("refuses a 4th document", () => {
    expect(() => assertDocumentRoom(2)).not.toThrow();
    expect(() => assertDocumentRoom(3)).toThrow(expect.objectContaining({ code: "TOO_MANY_DOCUMENTS" }));
  });
  it("cuts the bio at 100 characters", () => {
    expect(bioPreview("a".repeat(100))).toHaveLength(100);
    expect(bioPreview("a".repeat(150))).toBe(`${"a".repeat(100)}…`);
  });
});
