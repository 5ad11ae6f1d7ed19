import { NotConfirmedError } from "./exit-codes.js";

/**
 * Asks a person at a terminal to confirm a destructive step; without a terminal, only --yes confirms.
 * @param question what is about to happen
 * @param yes whether --yes was given
 * @throws NotConfirmedError when refused, or when there is no terminal and no --yes
 */
export async function confirmOrRefuse(question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new NotConfirmedError(`${question} Refused without confirmation: pass --yes (no terminal to ask on)`);
  }
  // Imported when a question is asked: `serve` shares a module with the commands that ask, and never asks.
  const { confirm } = await import("@inquirer/prompts");
  const confirmed = await confirm({ message: question, default: false });
  if (!confirmed) throw new NotConfirmedError("Cancelled: nothing was changed.");
}
