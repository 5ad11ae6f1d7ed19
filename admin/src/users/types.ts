import type { RoleType, User, UserType } from "@forgehire/core";

/** A row of GET /api/admin/users: the API's user plus when the account was made. */
export type AdminUser = Pick<User, "id" | "email" | "firstName" | "lastName" | "userType" | "roleType" | "isAdmin"> & {
  /** a disabled account cannot sign in, and its sessions ended when it was disabled */
  disabled: boolean;
  /** ISO-8601 */
  createdAt: string;
};

// Typed by core's unions, so a new user or role type fails to compile until it has a label here.
const userTypeLabels: Record<UserType, string> = {
  client: "Client",
  freelancer: "Freelancer",
  admin: "Admin",
};

const roleTypeLabels: Record<RoleType, string> = {
  regular: "Regular",
  job_poster: "Job poster",
  freelancer: "Freelancer",
  admin: "Admin",
};

const toChoices = (labels: Record<string, string>) => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const userTypeChoices = toChoices(userTypeLabels);
/** A user type in words, e.g. 'Client'. */
export const userTypeLabel = (userType: UserType): string => userTypeLabels[userType];
export const roleTypeChoices = toChoices(roleTypeLabels);

/**
 * How a user is named wherever react-admin refers to one (page titles, references, notifications).
 * @param record the user
 * @returns "First Last", or the email when both names are blank
 */
export const userRepresentation = (record: AdminUser): string => `${record.firstName} ${record.lastName}`.trim() || record.email;
