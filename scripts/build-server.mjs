#!/usr/bin/env node
// Compiles the CLI, and with it the server, the services, core and the seeds, to JavaScript for production:
//   packages/cli/dist/main.js (+ chunks)     the CLI, its commands loaded lazily as in the sources
//   packages/cli/dist/migrations/*.js        the migrations and their loader, which finds them in its own folder
// Our workspaces are bundled in; every npm package stays an import resolved from node_modules at run time, so the
// image installs the server's production dependencies and nothing else. tsx remains the development runner.
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
// --outdir DIR: elsewhere (the test of the compiled CLI); it must sit inside the repository, to find node_modules.
const outdirFlag = process.argv.indexOf("--outdir");
const outdir = outdirFlag > 0 ? path.resolve(process.argv[outdirFlag + 1]) : path.join(root, "packages", "cli", "dist");
const migrationsDir = path.join(root, "migrations");
const loader = path.join(migrationsDir, "index.ts");

// The terminal views' renderer is compiled in with what it uses, so React is no production dependency of the
// server image (packages/cli lists these as devDependencies). react-devtools-core is only loaded with DEV=true.
const compiledIn = /^(?:@forgehire\/|ink(?:-spinner)?(?:\/|$)|react(?:\/|$))/;

/** npm packages are loaded from node_modules at run time; our own workspaces and the views' renderer are compiled in. */
const packagesExternal = {
  name: "packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === "react-devtools-core") return { path: args.path, external: true };
      // What a compiled-in package imports is compiled in too; only our own code reaches the external packages.
      if (compiledIn.test(args.path) || args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Keeps the migrations loader out of the CLI bundle (it lists the folder it sits in), and gives every bundled file
 * the import.meta.url of its source, so paths such as the repository root or portal/dist resolve as in development.
 */
const sourceLayout = {
  name: "source-layout",
  setup(b) {
    b.onResolve({ filter: /migrations\/index\.js$/ }, (args) =>
      path.resolve(args.resolveDir, args.path.replace(/\.js$/, ".ts")) === loader ? { path: "./migrations/index.js", external: true } : undefined,
    );
    b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      let contents = await readFile(args.path, "utf8");
      const source = path.relative(outdir, args.path).split(path.sep).join("/");
      contents = contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(source)}, import.meta.url).href`);
      return { contents, loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};

/**
 * React and Ink compiled in run as production builds: they chose their development build by NODE_ENV at run time,
 * so an operator's error drew React's development warnings and component stacks. The CLI's own NODE_ENV (the
 * server's settings) is left alone: only these packages' reads of it are fixed.
 */
const viewsInProduction = {
  name: "views-in-production",
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/](?:react|react-reconciler|scheduler|ink)[\\/].*\.js$/ }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replace(/process\.env\.NODE_ENV/g, '"production"'),
      loader: "js",
    }));
  },
};

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  jsx: "automatic",
  sourcemap: true,
  logLevel: "warning",
  // CommonJS modules compiled in (React) require Node's own modules.
  banner: { js: 'import { createRequire as __forgehireRequire } from "node:module"; const require = __forgehireRequire(import.meta.url);' },
};

const started = Date.now();
await rm(outdir, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: [path.join(root, "packages", "cli", "src", "main.ts")],
  outdir,
  splitting: true,
  // Chunks stay in outdir itself, beside main.js: both rewrites of sourceLayout count paths from there.
  chunkNames: "[name]-[hash]",
  plugins: [packagesExternal, sourceLayout, viewsInProduction],
});
await build({
  ...common,
  entryPoints: [
    loader,
    ...(await readdir(migrationsDir))
      .filter((file) => /^\d{14}_.+\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .map((file) => path.join(migrationsDir, file)),
  ],
  outdir: path.join(outdir, "migrations"),
  plugins: [packagesExternal],
});
console.log(`Compiled the CLI and server to ${path.relative(root, outdir)} in ${Date.now() - started} ms`);
