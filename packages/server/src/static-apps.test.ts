import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticApps } from "./static-apps.js";

// A tiny build, made the way `npm run build` makes the real one: files, then scripts/precompress.mjs beside them.
const root = mkdtempSync(path.join(tmpdir(), "forgehire-static-"));
const portal = path.join(root, "portal");
const admin = path.join(root, "admin");
const missing = path.join(root, "never-built");
const script = `console.log(${JSON.stringify("the portal bundle ".repeat(200))});\n`;
const portalHtml = `<!doctype html><html><head><title>Portal</title></head><body>${"<p>portal</p>".repeat(80)}</body></html>`;
const adminHtml = `<!doctype html><html><head><title>Back office</title></head><body>${"<p>admin</p>".repeat(80)}</body></html>`;
const favicon = `<svg xmlns="http://www.w3.org/2000/svg"/>`;
// What portal/scripts/prerender.mjs writes: the landing and a trust page, rendered into copies of the shell.
const landingHtml = `<!doctype html><html><head><title>Portal</title></head><body><div id="root">${"<p>landing</p>".repeat(80)}</div></body></html>`;
const termsHtml = `<!doctype html><html><head><title>Portal</title></head><body><div id="root">${"<p>terms</p>".repeat(80)}</div></body></html>`;
// A chunk of a few hundred bytes, as the bundler splits off (an icon, a shared helper).
const smallChunk = `import{t as e}from"./createSvgIcon-CBaASpxJ.js";var r=e("M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2","CheckCircle");export{r as t};\n`;

let server: Server;
let port: number;

beforeAll(async () => {
  mkdirSync(path.join(portal, "assets"), { recursive: true });
  mkdirSync(admin, { recursive: true });
  mkdirSync(path.join(portal, "prerendered"), { recursive: true });
  writeFileSync(path.join(portal, "index.html"), portalHtml);
  writeFileSync(path.join(portal, "prerendered", "index.html"), landingHtml);
  writeFileSync(path.join(portal, "prerendered", "terms.html"), termsHtml);
  writeFileSync(path.join(portal, "assets", "CheckCircle-mHgEwPW3.js"), smallChunk);
  writeFileSync(path.join(portal, "assets", "index-Bx3_k9Qz.js"), script);
  writeFileSync(path.join(portal, "assets", "logo.png"), Buffer.alloc(2048, 7));
  writeFileSync(path.join(portal, "favicon.svg"), favicon);
  writeFileSync(path.join(admin, "index.html"), adminHtml);
  const precompress = fileURLToPath(new URL("../../../scripts/precompress.mjs", import.meta.url));
  execFileSync(process.execPath, [precompress, portal, admin], { stdio: "ignore" });

  const app = express();
  app.use("/unbuilt", staticApps({ portal: missing, admin: missing }));
  app.use(staticApps({ portal, admin }));
  server = createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over HTTP that leaves the body as sent (fetch would decode it). */
async function get(urlPath: string, acceptEncoding?: string, method = "GET"): Promise<RawResponse> {
  const req = request({ host: "127.0.0.1", port, path: urlPath, method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
}

describe("built web apps", () => {
  it("sends a hashed asset precompressed with brotli when accepted, cached for a year", async () => {
    const res = await get("/assets/index-Bx3_k9Qz.js", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("falls back to gzip, then to the file as it is, following Accept-Encoding and its q-values", async () => {
    const gzip = await get("/assets/index-Bx3_k9Qz.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const brRefused = await get("/assets/index-Bx3_k9Qz.js", "br;q=0, gzip;q=0.5");
    expect(brRefused.headers["content-encoding"]).toBe("gzip");

    const anything = await get("/assets/index-Bx3_k9Qz.js", "*");
    expect(anything.headers["content-encoding"]).toBe("br");

    for (const header of [undefined, "identity", "gzip;q=0, br;q=0"]) {
      const plain = await get("/assets/index-Bx3_k9Qz.js", header);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.body.toString()).toBe(script);
    }
  });

  it("never lets the HTML be cached, on the root, a deep link of the app or /index.html", async () => {
    for (const urlPath of ["/jobs/123/chat", "/index.html"]) {
      const res = await get(urlPath, "br");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(res.body).toString()).toBe(portalHtml);
    }
    const root = await get("/", "br");
    expect(root.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(root.body).toString()).toBe(landingHtml);
    const head = await get("/", "gzip", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.body.length).toBe(0);
  });

  it("sends the page the build prerendered for its path, and the empty shell to every other path", async () => {
    for (const [urlPath, html] of [
      ["/", landingHtml],
      ["/terms", termsHtml],
      ["/terms/", termsHtml],
      ["/jobs", portalHtml],
      ["/terms/extra", portalHtml],
      // Not a page of the app: the shell, where the app shows its "not found".
      ["/index", portalHtml],
    ] as const) {
      const res = await get(urlPath, "gzip");
      expect(res.status, urlPath).toBe(200);
      expect(res.headers["cache-control"], urlPath).toBe("no-cache");
      expect(res.headers["content-encoding"], urlPath).toBe("gzip");
      expect(gunzipSync(res.body).toString(), urlPath).toBe(html);
    }
  });

  it("sends even a chunk of a few hundred bytes compressed, the build having precompressed it", async () => {
    const res = await get("/assets/CheckCircle-mHgEwPW3.js", "gzip, deflate, br");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body.length).toBeLessThan(smallChunk.length);
    expect(brotliDecompressSync(res.body).toString()).toBe(smallChunk);
  });

  it("serves the back office under /admin with the same rules", async () => {
    for (const urlPath of ["/admin", "/admin/", "/admin/users/42"]) {
      const res = await get(urlPath, "gzip");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(gunzipSync(res.body).toString()).toBe(adminHtml);
    }
  });

  it("sends files not worth compressing as they are, and unhashed names revalidated", async () => {
    const icon = await get("/favicon.svg", "br");
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.headers["cache-control"]).toBe("no-cache");
    expect(icon.body.toString()).toBe(favicon);

    const image = await get("/assets/logo.png", "br");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers.vary ?? "").not.toMatch(/Accept-Encoding/i);
    expect(image.headers["cache-control"]).toBe("no-cache");
    expect(image.body.length).toBe(2048);
  });

  it("never sends a file from outside the build: a path climbing out gets the app", async () => {
    const escaped = await get("/..%2f..%2f..%2fetc%2fpasswd", "br");
    expect(escaped.status).toBe(200);
    expect(escaped.headers["content-type"]).toMatch(/text\/html/);
    expect(brotliDecompressSync(escaped.body).toString()).toBe(portalHtml);
  });

  it("answers 503 with a hint while the apps are not built", async () => {
    const res = await get("/unbuilt/", "br");
    expect(res.status).toBe(503);
    expect(res.body.toString()).toMatch(/npm run build/);
  });
});
