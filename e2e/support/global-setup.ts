import { existsSync } from "node:fs";
import { webAppsBuilt } from "@forgehire/server";

/** Browser tests drive the built apps and Debian's Chromium; say clearly what is missing instead of timing out. */
export default function setup() {
  if (!webAppsBuilt()) throw new Error("The web apps are not built: run `npm run build` before `npm run test:e2e`.");
  if (!existsSync(chromiumPath())) throw new Error(`Chromium not found at ${chromiumPath()}: apt-get install -y chromium`);
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}
