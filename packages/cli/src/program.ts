import { Command } from "commander";
import { registerCommands } from "./commands/index.js";

/** The forgehire command line: the same use cases as the server, for operators and scripts. */
export function buildProgram(): Command {
  const program = new Command("forgehire").description("Forgehire: a marketplace for AI-delivered software projects").showHelpAfterError().exitOverride();
  registerCommands(program);
  return program;
}
