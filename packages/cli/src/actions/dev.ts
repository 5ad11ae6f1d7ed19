import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/** dev: the API restarting on change, and the Vite dev servers of the portal and the back office. */
export function dev(): void {
  const children: ChildProcess[] = [
    spawn(process.execPath, ["--watch-path=packages", "--watch-path=migrations", "--watch-path=seeds", "bin/forgehire", "serve", "--no-build"], {
      cwd: repoRoot,
      stdio: "inherit",
    }),
    spawn("npm", ["run", "dev", "--workspace", "portal"], { cwd: repoRoot, stdio: "inherit" }),
    spawn("npm", ["run", "dev", "--workspace", "admin"], { cwd: repoRoot, stdio: "inherit" }),
  ];
  const stopAll = () => children.forEach((child) => child.kill("SIGTERM"));
  process.once("SIGINT", stopAll);
  process.once("SIGTERM", stopAll);
  children.forEach((child) => child.on("exit", (code) => code && code !== 0 && stopAll()));
}
