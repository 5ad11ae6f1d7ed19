import { roleTypeLabels, userTypeLabels, type AdminUser, type UserType } from "@forgehire/core";
import { toChoices } from "../choices";

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
