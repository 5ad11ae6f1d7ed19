import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerCommands } from "./commands/index.js";
import { commandGroups, decorateHelp } from "./commands/help.js";
import { terminalWidth } from "./views/table.js";

/** The CLI package's version (its package.json, beside src/ in the sources and in the compiled layout alike). */
function cliVersion(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

/**
 * commander's error in one line with the way out: "error: unknown option '-1'" and then the whole help was a
 * screen for one typo; a script's log got 20 lines. The command's --help names the usage instead.
 */
function oneLineError(program: Command) {
  return (message: string, write: (line: string) => void) => {
    // "unknown command 'x'" comes with "(Did you mean y?)" on a line of its own: one line, both said.
    const line = message
      .replace(/^error:\s*/, "")
      .trim()
      .replace(/\s*\n\s*/g, " ");
    const command = program.args.length ? program.commands.find((c) => c.name() === program.args[0]) : undefined;
    write(`forgehire: ${line} (see forgehire ${command ? `${command.name()} ` : ""}--help)\n`);
  };
}

/** The forgehire command line: the same use cases as the server, for operators and scripts. */
export function buildProgram(): Command {
  const program = new Command("forgehire").description("Forgehire: a marketplace for AI-delivered software projects").exitOverride();
  program.version(cliVersion(), "-V, --version", "print the version");
  // The help wraps to the terminal, as the tables fit it: one reporting 0 columns is 80 wide, not 0.
  program.configureOutput({
    outputError: oneLineError(program),
    getOutHelpWidth: () => terminalWidth(process.stdout),
    getErrHelpWidth: () => terminalWidth(process.stderr),
  });
  registerCommands(program);
  decorateHelp(program);
  // commander lists the groups in the order their first command was added: sorted, they follow commandGroups.
  const groupIndex = (command: Command) => commandGroups.findIndex((group) => group.heading === command.helpGroup());
  // commander types the list readonly for its users; it is its own array, sorted in place before any parse.
  (program.commands as Command[]).sort((a, b) => (groupIndex(a) < 0 ? 99 : groupIndex(a)) - (groupIndex(b) < 0 ? 99 : groupIndex(b)));
  // Subcommands inherit the settings given before they were added; the one-line errors are set on each as well.
  for (const command of program.commands) command.configureOutput(program.configureOutput()).exitOverride();
  return program;
}
