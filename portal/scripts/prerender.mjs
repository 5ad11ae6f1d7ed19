#!/usr/bin/env node
// After `vite build`: renders the landing and the trust pages (no data of their own, the same for every visitor) into
// copies of dist/index.html under dist/prerendered/, which the server sends for those paths (static-apps.ts). The
// page paints from its HTML, before any script runs, and the portal's script hydrates it; every other path keeps
// the empty shell. Each copy also preloads its screen's lazy chunk, which hydration waits for; so do the shells written
// for a few data pages (dist/shells/), which the server fills with the signed-in user's first data.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

// The production builds of React and emotion, as the browser's bundle has: the markup and class names must match it.
process.env.NODE_ENV = "production";

const portal = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(portal, "dist");

/** Path → the screen's module (App.tsx's lazy import). Keep in step with static-apps.ts's `prerendered`. */
export const pages = {
  "/": "src/routes/home/HomePage.tsx",
  "/how-it-works": "src/routes/how-it-works/HowItWorksPage.tsx",
  "/contact": "src/routes/trust/ContactPage.tsx",
  "/terms": "src/routes/trust/TermsPage.tsx",
  "/privacy": "src/routes/trust/PrivacyPage.tsx",
  "/refund-policy": "src/routes/trust/RefundPolicyPage.tsx",
};

/**
 * Path → the screen's module, for pages that are not prerendered (they show data) but whose shell should load their
 * screen's lazy chunk beside the main script instead of after it: dist/shells/NAME.html (static-apps.ts).
 */
export const shells = {
  "/jobs": "src/routes/jobs/JobsPage.tsx",
  "/my-jobs": "src/routes/my-jobs/MyJobsPage.tsx",
  "/freelancers": "src/routes/freelancers/FreelancersPage.tsx",
};

/** The files a module's chunk needs, its own first (Vite's manifest lists each chunk's static imports). */
function chunkFiles(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((next) => chunkFiles(manifest, next, seen))];
}

const template = await readFile(path.join(dist, "index.html"), "utf8");
const manifest = JSON.parse(await readFile(path.join(dist, ".vite", "manifest.json"), "utf8"));
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty <div id="root"></div> to fill');

// Vite in middleware mode loads the TypeScript sources for Node, as `vite build --ssr` would, without a second build.
const vite = await createServer({ root: portal, mode: "production", logLevel: "error", server: { middlewareMode: true }, appType: "custom" });
try {
  const { renderPage } = await vite.ssrLoadModule("/src/prerender.tsx");
  await rm(path.join(dist, "prerendered"), { recursive: true, force: true });
  await rm(path.join(dist, "shells"), { recursive: true, force: true });
  const withPreloads = (screen) => {
    if (!manifest[screen]) throw new Error(`${screen} is not a chunk of the build (App.tsx's lazy imports)`);
    const preloads = chunkFiles(manifest, screen)
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
      .join("");
    return template.replace("  </head>", `${preloads}  </head>`);
  };
  const write = async (folder, url, html) => {
    const file = path.join(dist, folder, url === "/" ? "index.html" : `${url.slice(1)}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, html);
  };
  for (const [url, screen] of Object.entries(pages)) {
    const markup = await renderPage(url);
    await write("prerendered", url, withPreloads(screen).replace('<div id="root"></div>', `<div id="root">${markup}</div>`));
  }
  for (const [url, screen] of Object.entries(shells)) await write("shells", url, withPreloads(screen));
  // The manifest is for this script only, not for the server to send.
  await rm(path.join(dist, ".vite"), { recursive: true, force: true });
  process.stdout.write(`prerendered ${Object.keys(pages).join(", ")} into dist/prerendered, shells of ${Object.keys(shells).join(", ")} into dist/shells\n`);
} finally {
  await vite.close();
}
