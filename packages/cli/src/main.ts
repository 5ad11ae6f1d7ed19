import { CommanderError } from "commander";
// Only the config module: the rest of the services loads with the command that needs it.
import { loadEnvFile } from "@forgehire/services/config";
import { buildProgram } from "./program.js";
import { describeFailure } from "./exit-codes.js";

loadEnvFile();
try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // commander already printed help or its own one-line message.
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  const { line, code } = describeFailure(error);
  console.error(`forgehire: ${line}`);
  process.exit(code);
}
