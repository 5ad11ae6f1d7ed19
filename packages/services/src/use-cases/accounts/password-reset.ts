import { createHash, randomBytes } from "node:crypto";
import { domainError, type ResetBody } from "@forgehire/core";
import { hashPassword } from "../../auth/passwords.js";
import type { ServiceDeps } from "../../deps.js";
import { passwordResetTokensRepository } from "../../repositories/password-reset-tokens.js";
import { sessionChannel } from "../../realtime.js";
import { sessionsRepository } from "../../repositories/sessions.js";
import { usersRepository } from "../../repositories/users.js";

/** A reset link is good for one hour and one use. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Emails a reset link when the account exists; says nothing either way, so callers cannot probe for accounts.
 * Earlier links stay usable until one of them is used (or the password changes): anyone may ask for a link to any
 * address, so a request must not be a way to spend the link the account's owner is about to open.
 * @param deps database, mailer, public URL, clock
 * @param email the address typed in the reset dialog
 */
export async function requestPasswordReset(deps: Pick<ServiceDeps, "db" | "mailer" | "config" | "now" | "logger">, email: string): Promise<void> {
  const user = await usersRepository.findByEmail(deps.db, email);
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  await deps.db.transaction(async (trx) => {
    await passwordResetTokensRepository.insert(trx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(deps.now().getTime() + RESET_TOKEN_TTL_MS),
    });
    // The link is a bearer secret: it goes to the mail server only, never to the outbox or the logs.
    await deps.mailer.send(
      {
        to: user.email,
        kind: "password_reset",
        subject: "Reset your Forgehire password",
        text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Forgehire account. Open this link within one hour to choose a new one:\n\n{{resetLink}}\n\nIf it was not you, ignore this email: your password stays as it is.`,
        secrets: { resetLink: `${deps.config.publicUrl}/change-password?token=${token}` },
      },
      trx,
    );
  });
}

/**
 * Whether a reset token can still be used (the page checks before showing the form).
 * @returns true when unused and unexpired
 */
export async function isResetTokenValid(deps: Pick<ServiceDeps, "db" | "now">, token: string): Promise<boolean> {
  return Boolean(await passwordResetTokensRepository.findUsable(deps.db, hashToken(token), deps.now()));
}

/**
 * Sets a new password from a reset token, uses the token up along with every other outstanding link of the user
 * (an older mail must not reset the new password), and ends the user's other sessions and their sockets.
 * @param deps database, clock, realtime
 * @param input token and new password
 * @param currentSessionId the session making the request, which stays
 * @throws INVALID_RESET_TOKEN when the token is unknown, used or expired (also when two resets race)
 */
export async function resetPassword(deps: Pick<ServiceDeps, "db" | "now" | "realtime">, input: ResetBody, currentSessionId?: string): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const ended = await deps.db.transaction(async (trx) => {
    const now = deps.now();
    const token = await passwordResetTokensRepository.findUsable(trx, hashToken(input.token), now);
    if (!token) throw domainError("INVALID_RESET_TOKEN");
    await passwordResetTokensRepository.spendAllForUser(trx, token.userId, now);
    await usersRepository.updatePasswordHash(trx, token.userId, passwordHash, now);
    return sessionsRepository.deleteForUser(trx, token.userId, currentSessionId);
  });
  for (const sid of ended) deps.realtime.disconnect(sessionChannel(sid));
}
