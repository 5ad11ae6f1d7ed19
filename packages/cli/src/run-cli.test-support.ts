import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const bin = fileURLToPath(new URL("../../../bin/forgehire", import.meta.url));
const run = promisify(execFile);

/** Runs the real CLI in a child process, without a terminal, on the embedded database in dataDir. */
export function forgehireIn(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return forgehireWith({}, dataDir, ...args);
}

/** Like forgehireIn, with extra environment (e.g. an AI endpoint). */
export async function forgehireWith(
  env: Record<string, string>,
  dataDir: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
