import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";

/** The CLI compiled from the sources for this run (run-cli.global-setup.ts), run by plain node. */
export const cliMain = () => inject("cliMain");
const run = promisify(execFile);

/**
 * A DATA_DIR of the test file's own, a copy of the run's migrated (or migrated and seeded) embedded database.
 * @param prefix the folder's name in the temporary directory
 */
export function dataDirCopy(of: "migrated" | "seeded", prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(inject(of === "migrated" ? "cliMigratedDataDir" : "cliSeededDataDir"), dir, { recursive: true });
  return dir;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a child process, without a terminal, on the embedded database in dataDir. */
export function forgehireIn(dataDir: string, ...args: string[]): Promise<CliResult> {
  return forgehireWith({}, dataDir, ...args);
}

/** The CLI's environment: quiet logs on the embedded database in dataDir; an undefined value removes a variable. */
const cliEnv = (dataDir: string, env: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", ...env }).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;

/** Like forgehireIn, with extra environment (e.g. an AI endpoint). */
export async function forgehireWith(env: Record<string, string | undefined>, dataDir: string, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cliMain(), ...args], { env: cliEnv(dataDir, env) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Like forgehireIn, with `input` on the CLI's stdin (a pipe, not a terminal). */
export function forgehireInput(dataDir: string, input: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliMain(), ...args], { env: cliEnv(dataDir, {}), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `forgehire serve --no-build` (what `npm start` runs) on dataDir and a free port, resolved once it serves.
 * @returns its URL and how to stop it (SIGTERM, as an operator would)
 */
export async function startServe(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess; stop(): Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [cliMain(), "serve", "--no-build", "--port", String(port)], {
    env: { ...cliEnv(dataDir, env), LOG_LEVEL: "info", PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Back office:")) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

// The terminal's bytes without colours and cursor movements.
const escape = String.fromCharCode(27);
/** What a person reads of a terminal's bytes: without colours, cursor movements and carriage returns. */
export const plainScreen = (screen: string) => screen.replace(new RegExp(`${escape}\\[[0-9;?]*[A-Za-z]`, "g"), "").replace(/\r/g, "");

/** The shell line util-linux `script` runs: the terminal sized first (a new pseudo-terminal has none), then the CLI. */
function terminalCommand(args: string[], size: { cols: number; rows: number }): string {
  const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;
  return `stty cols ${size.cols} rows ${size.rows}; exec ${[process.execPath, cliMain(), ...args].map(quote).join(" ")}`;
}

/**
 * Runs the CLI on a pseudo-terminal (util-linux `script`: node-pty needs a native build this machine's images lack)
 * and answers its prompts as a person would: once the screen shows the next answer's text, its keys are typed.
 * @param answers [text to wait for, keys to type], in order (each text must appear only once its prompt is up)
 * @param options cols/rows of the terminal (cols 0: one that reports no width), extra environment
 * @returns everything the terminal received and the exit code
 */
export function forgehireOnTerminal(
  dataDir: string,
  answers: Array<[prompt: string, keys: string]>,
  options: { cols?: number; rows?: number; env?: Record<string, string | undefined> },
  ...args: string[]
): Promise<{ code: number | null; screen: string }> {
  const command = terminalCommand(args, { cols: options.cols ?? 120, rows: options.rows ?? 40 });
  const child = spawn("script", ["-qefc", command, "/dev/null"], {
    env: cliEnv(dataDir, { TERM: "xterm-256color", ...options.env }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let screen = "";
  let next = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    screen += chunk.toString();
    const answer = answers[next];
    if (answer && plainScreen(screen).includes(answer[0])) {
      next++;
      child.stdin.write(answer[1]);
    }
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, screen })));
}
