import { PASSWORD_MIN_LENGTH, errorCatalogue } from "@forgehire/core";

export interface NewPasswordErrors {
  password?: string;
  confirmPassword?: string;
}

/**
 * The spec's rules for a new password and its confirmation (part 1 §5).
 * @returns a message per failing field; empty when both pass
 */
export function validateNewPassword(password: string, confirmPassword: string): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (password !== confirmPassword) errors.confirmPassword = errorCatalogue.PASSWORDS_DO_NOT_MATCH.message;
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = errorCatalogue.WEAK_PASSWORD.message;
  return errors;
}
