import { isAdmin, type User } from "@forgehire/core";
import type { SessionUser } from "@forgehire/services";

/**
 * The user as API.md gives it: never the password hash.
 * @param user the record
 * @returns the wire shape
 */
export function presentUser(user: SessionUser): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    userType: user.userType,
    roleType: user.roleType,
    isAdmin: isAdmin(user),
    freelancerId: user.freelancerId,
    avatarUrl: user.avatarUrl,
    disabled: user.disabled,
    emailNotifications: { ...user.emailNotifications },
  };
}
