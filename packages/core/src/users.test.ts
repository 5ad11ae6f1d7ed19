import { describe, expect, it } from "vitest";
import { avatarInitials, breakdownRequester, displayName, isAdmin, roleTypeForSignup, sessionSignsIn } from "./users.js";

describe("avatarInitials", () => {
  it("uses the initials of the first and last name, upper-cased", () => {
    expect(avatarInitials({ firstName: "ada", lastName: "lovelace", email: "zed@example.test" })).toBe("AL");
    expect(avatarInitials({ firstName: "  Élodie ", lastName: " martin" })).toBe("ÉM");
  });

  it("uses the one initial there is when only one name is given", () => {
    expect(avatarInitials({ firstName: "Ada", lastName: "", email: "zed@example.test" })).toBe("A");
    expect(avatarInitials({ firstName: null, lastName: "lovelace", email: "zed@example.test" })).toBe("L");
  });

  it("falls back to the first letter of the email when both names are missing or blank", () => {
    expect(avatarInitials({ email: "zed@example.test" })).toBe("Z");
    expect(avatarInitials({ firstName: "   ", lastName: null, email: "  bob@example.test" })).toBe("B");
  });

  it("falls back to U when there is neither a name nor an email", () => {
    expect(avatarInitials({})).toBe("U");
    expect(avatarInitials({ firstName: null, lastName: undefined, email: null })).toBe("U");
    expect(avatarInitials({ firstName: " ", lastName: " ", email: "   " })).toBe("U");
  });
});

describe("roleTypeForSignup", () => {
  it("makes clients job_poster and freelancers freelancer, never admin", () => {
    expect(roleTypeForSignup("client")).toBe("job_poster");
    expect(roleTypeForSignup("freelancer")).toBe("freelancer");
    for (const userType of ["client", "freelancer"] as const) {
      expect(isAdmin({ userType, roleType: roleTypeForSignup(userType) })).toBe(false);
    }
  });
});

describe("displayName", () => {
  it("is the first and last name, trimmed when one is missing", () => {
    expect(displayName({ firstName: "Nova", lastName: "Quill" })).toBe("Nova Quill");
    expect(displayName({ firstName: "Nova", lastName: "" })).toBe("Nova");
  });
});

describe("sessionSignsIn", () => {
  it.each([
    { disabled: false, sessionEpoch: 0, stored: 0, signsIn: true },
    { disabled: false, sessionEpoch: 3, stored: 3, signsIn: true },
    { disabled: false, sessionEpoch: 3, stored: 2, signsIn: false },
    { disabled: true, sessionEpoch: 3, stored: 3, signsIn: false },
    { disabled: true, sessionEpoch: 4, stored: 3, signsIn: false },
  ])("disabled $disabled, account epoch $sessionEpoch, session epoch $stored → $signsIn", ({ disabled, sessionEpoch, stored, signsIn }) => {
    expect(sessionSignsIn({ disabled, sessionEpoch }, stored)).toBe(signsIn);
  });
});

describe("breakdownRequester", () => {
  const requester = { id: "u1", userType: "client" as const, roleType: "job_poster" as const };

  it("gives an enabled requester back as an actor", () => {
    expect(breakdownRequester({ ...requester, disabled: false })).toEqual(requester);
  });

  it("refuses a disabled or deleted requester with BREAKDOWN_REQUESTER_DISABLED", () => {
    expect(() => breakdownRequester({ ...requester, disabled: true })).toThrow(
      expect.objectContaining({ code: "BREAKDOWN_REQUESTER_DISABLED", kind: "forbidden" }),
    );
    expect(() => breakdownRequester(undefined)).toThrow(expect.objectContaining({ code: "BREAKDOWN_REQUESTER_DISABLED" }));
  });
});
