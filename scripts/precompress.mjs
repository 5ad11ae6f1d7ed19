#!/usr/bin/env node
// Writes NAME.br and NAME.gz beside every compressible file of the given build folders, once at build time, so the
// server sends them as they are (static-apps.ts) instead of compressing each response on the fly.
// Usage: node scripts/precompress.mjs portal/dist admin/dist
import { readdir, readFile, writeFile, rm } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text formats gain from compression; images and fonts are compressed already. Keep in step with static-apps.ts. */
const compressible = /\.(?:html|js|mjs|css|json|svg|txt|map|webmanifest|xml|wasm)$/i;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

async function precompress(dir) {
  let count = 0;
  let before = 0;
  let after = 0;
  for await (const file of files(dir)) {
    // A rebuild into a folder that was not emptied must not leave an old .br beside a new file.
    if (file.endsWith(".br") || file.endsWith(".gz")) continue;
    await rm(`${file}.br`, { force: true });
    await rm(`${file}.gz`, { force: true });
    if (!compressible.test(file)) continue;
    const body = await readFile(file);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // Even a small file is sent compressed when that saves a byte (every asset compressed, issue 13); a compressed
    // copy that is not smaller (a file of a few dozen bytes) is never worth sending.
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    count += 1;
    before += body.length;
    after += br.length;
  }
  console.log(`${dir}: ${count} files precompressed, ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`);
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error("usage: node scripts/precompress.mjs DIR...");
  process.exit(2);
}
for (const dir of dirs) await precompress(dir);
