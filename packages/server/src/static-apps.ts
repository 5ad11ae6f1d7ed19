import { existsSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { Router, type Request, type RequestHandler, type Response } from "express";
import { BOOT_ELEMENT_ID, type PortalBoot } from "@forgehire/core";
import { bootScriptText, type BootLoader } from "./portal-boot.js";

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
 * prerendered/NAME.html for the landing and the trust pages), else the shell it wrote for the path (shells/NAME.html:
 * the empty shell preloading the path's screen), else the empty shell the app renders into.
 */
function pageFor(root: string, urlPath: string): { file: string; prerendered: boolean } {
  const name = urlPath === "/" ? "index" : /^\/([a-z0-9-]+)\/?$/.exec(urlPath)?.[1];
  // "/index" is no page of the app: it gets the shell, and the app its "not found".
  if (name && (urlPath === "/" || name !== "index")) {
    const prerendered = path.join(root, "prerendered", `${name}.html`);
    if (existsSync(prerendered)) return { file: prerendered, prerendered: true };
    const shell = path.join(root, "shells", `${name}.html`);
    if (existsSync(shell)) return { file: shell, prerendered: false };
  }
  return { file: path.join(root, "index.html"), prerendered: false };
}

/** How the portal's shell gets the data of its first render for a signed-in user (portal-boot.ts). */
export interface PortalShellOptions {
  /** the session middlewares of the API (express-session, passport), run only for a page sent as the shell */
  session: RequestHandler[];
  boot: BootLoader;
  /** a failure reading the session or the data: logged, and the page goes out without boot data */
  onError: (error: unknown) => void;
}

/** Runs middlewares in turn outside a router, for the shell to know the session; rejects with the first error. */
async function runMiddlewares(stack: RequestHandler[], req: Request, res: Response): Promise<void> {
  for (const handler of stack)
    await new Promise<void>((resolve, reject) => {
      void handler(req, res, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()));
    });
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Sends the shell with the boot data in it, compressed now (it is made per request, so there is no precompressed
 * copy). It holds one user's data: no cache may keep it, nor give it to another cookie.
 */
async function sendWithBoot(req: Request, res: Response, file: string, boot: PortalBoot): Promise<void> {
  const shell = await readFile(file, "utf8");
  const root = '<div id="root"></div>';
  // A function, so that `$&` or `$'` in the data is inserted as it is, not read as a replacement pattern.
  const html = shell.replace(root, () => `${root}\n    <script type="application/json" id="${BOOT_ELEMENT_ID}">${bootScriptText(boot)}</script>`);
  res.set("Cache-Control", "private, no-store").vary("Cookie").vary("Accept-Encoding").type("html");
  const accepted = acceptedEncodings(req.get("Accept-Encoding"));
  const body = Buffer.from(html);
  if (accepted.has("br")) {
    // Quality 5: a few kilobytes in well under a millisecond, most of the size gain of 11.
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
    res.set("Content-Encoding", "br").send(await brotli(body, { params }));
  } else if (accepted.has("gzip")) res.set("Content-Encoding", "gzip").send(await gzipped(body));
  else res.send(body);
}

function spa(dir: string, name: string, shellOptions?: PortalShellOptions): Router {
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
    const page = pageFor(root, req.path);
    // A prerendered page is the same for everyone (its first render is the visitor's, to hydrate): no session.
    if (!shellOptions || page.prerendered) return void sendBuilt(req, res, page.file, "/index.html", next);
    const plain = () => {
      // Signed in, this path's HTML would carry boot data: a cache must not answer a cookie with another's page.
      res.vary("Cookie");
      sendBuilt(req, res, page.file, "/index.html", next);
    };
    runMiddlewares(shellOptions.session, req, res)
      .then(() => shellOptions.boot(req))
      .then(
        (boot) => (boot ? sendWithBoot(req, res, page.file, boot) : plain()),
        (error: unknown) => {
          shellOptions.onError(error);
          plain();
        },
      )
      .catch(next);
  });
  return router;
}

/**
 * Serves the back office at /admin and the portal everywhere else, each with its single-page fallback.
 * @param dirs the builds
 * @param portalShell with it, the portal's shell carries the signed-in user's first data (else it is static)
 */
export function staticApps(dirs: { portal: string; admin: string } = webApps, portalShell?: PortalShellOptions): Router {
  const router = Router();
  router.use("/admin", spa(dirs.admin, "back office"));
  router.use(spa(dirs.portal, "portal", portalShell));
  return router;
}
