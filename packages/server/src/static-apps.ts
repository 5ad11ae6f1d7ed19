import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Router, type Request, type Response } from "express";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** Where the built web apps are; `npm run build` (or the first `npm start`) makes them. */
export const webApps = {
  portal: path.join(repoRoot, "portal", "dist"),
  admin: path.join(repoRoot, "admin", "dist"),
};

/** Whether both web apps have been built. */
export function webAppsBuilt(): boolean {
  return existsSync(path.join(webApps.portal, "index.html")) && existsSync(path.join(webApps.admin, "index.html"));
}

// Vite names what it bundles `assets/NAME-HASH.ext`: a new content gets a new name, so those may be kept for a year.
const hashedAsset = /^\/assets\/.+-[\w-]{8,}\.[a-z0-9]+$/i;
const immutable = "public, max-age=31536000, immutable";
// Everything else (index.html, favicon, robots.txt) keeps its name across releases: revalidate every time (ETag).
const revalidate = "no-cache";
// Keep in step with scripts/precompress.mjs, which writes the .br and .gz copies at build time.
const compressible = /\.(?:html|js|mjs|css|json|svg|txt|map|webmanifest|xml|wasm)$/i;
const encodings = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The codings the client accepts (q above 0); `*` stands for any not named. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const named = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    named.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepted = new Set<string>();
  for (const { name } of encodings) {
    const q = named.get(name) ?? named.get("*") ?? 0;
    if (q > 0) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends a file of the build, or its precompressed copy when the client accepts one (brotli first, then gzip).
 * Returns false when the file is not there, for the caller to fall through.
 */
function sendBuilt(req: Request, res: Response, file: string, urlPath: string, onError: (error: unknown) => void): boolean {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return false;
  res.set("Cache-Control", hashedAsset.test(urlPath) ? immutable : revalidate);
  if (compressible.test(file)) {
    // Caches between here and the browser must keep one copy per coding.
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.get("Accept-Encoding"));
    const coding = encodings.find(({ name, suffix }) => accepted.has(name) && existsSync(file + suffix));
    if (coding) {
      // The type of the original, not of the .br file; send leaves a Content-Type already set alone.
      res.type(path.extname(file)).set("Content-Encoding", coding.name);
      res.sendFile(file + coding.suffix, { cacheControl: false, dotfiles: "deny" }, (error) => error && onError(error));
      return true;
    }
  }
  res.sendFile(file, { cacheControl: false, dotfiles: "deny" }, (error) => error && onError(error));
  return true;
}

/**
 * The HTML for a path of the app: the page the build prerendered for it (portal/scripts/prerender.mjs writes
 * prerendered/NAME.html for the landing and the trust pages), else the empty shell the app renders into.
 */
function pageFor(root: string, urlPath: string): string {
  const name = urlPath === "/" ? "index" : /^\/([a-z0-9-]+)\/?$/.exec(urlPath)?.[1];
  // "/index" is no page of the app: it gets the shell, and the app its "not found".
  const prerendered = name && (urlPath === "/" || name !== "index") ? path.join(root, "prerendered", `${name}.html`) : undefined;
  return prerendered && existsSync(prerendered) ? prerendered : path.join(root, "index.html");
}

function spa(dir: string, name: string): Router {
  const router = Router();
  const root = path.resolve(dir);
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, urlPath);
    // A request for the folder itself, or one that climbs out of it, is the single-page fallback's.
    if (!file.startsWith(root + path.sep) || urlPath.endsWith("/") || urlPath.includes("\0")) return next();
    if (!sendBuilt(req, res, file, urlPath, next)) next();
  });
  router.get(/.*/, (req, res, next) => {
    const index = path.join(root, "index.html");
    if (!existsSync(index)) {
      res.status(503).type("text").send(`The ${name} is not built yet: run \`npm run build\`.`);
      return;
    }
    // Any path of the app loads index.html (or its prerendered copy), never cached, so a deploy shows at once.
    sendBuilt(req, res, pageFor(root, req.path), "/index.html", next);
  });
  return router;
}

/** Serves the back office at /admin and the portal everywhere else, each with its single-page fallback. */
export function staticApps(dirs: { portal: string; admin: string } = webApps): Router {
  const router = Router();
  router.use("/admin", spa(dirs.admin, "back office"));
  router.use(spa(dirs.portal, "portal"));
  return router;
}
