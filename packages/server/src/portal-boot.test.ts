import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOT_ELEMENT_ID, MAX_PAGE, type PortalBoot } from "@forgehire/core";
import { buildClient, buildFreelancer, buildJob, DEFAULT_PASSWORD, type BuiltUser } from "./test/factories.js";
import { startTestServer, type TestServer } from "./test/test-server.js";

// A tiny build, as portal/scripts/prerender.mjs lays it out: the shell, a shell for /jobs preloading its screen.
const root = mkdtempSync(path.join(tmpdir(), "forgehire-boot-"));
const dirs = { portal: path.join(root, "portal"), admin: path.join(root, "admin") };
const shell = (extra = "") => `<!doctype html><html><head><title>Portal</title>${extra}</head><body><div id="root"></div></body></html>`;
const jobsPreload = `<link rel="modulepreload" crossorigin href="/assets/JobsPage-AbCdEf12.js">`;
// Ends the script element, opens a comment and one of the replacement patterns of String.replace.
const hostileTitle = `</script><script>alert(1)</script><!-- $& $' </SCRIPT >`;

let server: TestServer;
let freelancer: BuiltUser;
let cookie: string;

beforeAll(async () => {
  mkdirSync(path.join(dirs.portal, "shells"), { recursive: true });
  mkdirSync(dirs.admin, { recursive: true });
  writeFileSync(path.join(dirs.portal, "index.html"), shell());
  writeFileSync(path.join(dirs.portal, "shells", "jobs.html"), shell(jobsPreload));
  writeFileSync(path.join(dirs.admin, "index.html"), "<!doctype html><title>Back office</title>");
  server = await startTestServer({}, { webApps: dirs });
  freelancer = await buildFreelancer(server);
  const client = await buildClient(server);
  await buildJob(client, { title: "A plain job" });
  await buildJob(client, { title: hostileTitle });
  cookie = await signIn(freelancer.user.email);
});
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** The session cookie of a fresh sign-in, as a browser would send it. */
async function signIn(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(";")[0]!;
}

interface Page {
  status: number;
  headers: IncomingMessage["headers"];
  html: string;
}

/** A page over HTTP, decoded by hand (to see how it was sent). */
async function getPage(urlPath: string, headers: Record<string, string> = {}): Promise<Page> {
  const req = request(`${server.url}${urlPath}`, { headers: { "accept-encoding": "identity", ...headers } });
  req.end();
  const [res] = (await once(req, "response")) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const coding = res.headers["content-encoding"];
  const html = (coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body).toString("utf8");
  return { status: res.statusCode ?? 0, headers: res.headers, html };
}

/** The boot script's text as the HTML parser reads it: up to the first `</script` (any case), as a browser ends it. */
function bootOf(html: string): PortalBoot | null {
  const open = `<script type="application/json" id="${BOOT_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start < 0) return null;
  const text = html.slice(start + open.length);
  return JSON.parse(text.slice(0, text.search(/<\/script/i))) as PortalBoot;
}

/** What the API answers the same session. */
async function api(urlPath: string): Promise<unknown> {
  const res = await fetch(`${server.url}${urlPath}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.json();
}

describe("the portal's shell for a signed-in user", () => {
  it("carries, on /jobs, the session's user and the listing's first page as the API answers them", async () => {
    const page = await getPage("/jobs", { cookie });
    expect(page.status).toBe(200);
    expect(page.html).toContain(jobsPreload);
    const boot = bootOf(page.html);
    expect(boot).toEqual({ user: ((await api("/api/auth/me")) as PortalBoot).user, jobs: await api("/api/jobs?page=1&perPage=12") });
    expect(boot?.jobs?.items.map((job) => job.title)).toEqual(expect.arrayContaining([hostileTitle, "A plain job"]));
  });

  it("is private: never stored by a cache, and varies by cookie", async () => {
    const page = await getPage("/jobs", { cookie });
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers.vary).toMatch(/\bCookie\b/);
  });

  it("cannot be ended by the data: no `<` of a job's title is left in the script", async () => {
    const { html } = await getPage("/jobs", { cookie });
    const open = `<script type="application/json" id="${BOOT_ELEMENT_ID}">`;
    const script = html.slice(html.indexOf(open) + open.length, html.indexOf("</script>", html.indexOf(open)));
    expect(script).not.toContain("<");
    // What follows the script is the shell's own end, not anything of the title.
    expect(html.slice(html.indexOf(open) + open.length + script.length)).toBe("</script></body></html>");
  });

  it("takes the page the URL names, as the portal reads it (anything else is page 1)", async () => {
    // (Not the total: past the last page the listing infers it, or takes the one it counted for 5 s.)
    const second = bootOf((await getPage("/jobs?page=2", { cookie })).html)?.jobs;
    expect(second).toMatchObject({ page: 2, items: ((await api("/api/jobs?page=2&perPage=12")) as { items: unknown[] }).items });
    expect(bootOf((await getPage("/jobs?page=abc", { cookie })).html)?.jobs?.page).toBe(1);
    // Beyond the API's last page: no listing (the API's own error is for the page to show), the user still.
    const deep = bootOf((await getPage(`/jobs?page=${MAX_PAGE + 1}`, { cookie })).html);
    expect(deep?.user.id).toBe(freelancer.user.id);
    expect(deep?.jobs).toBeUndefined();
  });

  it("carries the user alone on other pages of the shell", async () => {
    const boot = bootOf((await getPage("/messages", { cookie })).html);
    expect(boot).toEqual({ user: expect.objectContaining({ id: freelancer.user.id, email: freelancer.user.email }) });
  });

  it("is sent compressed, brotli or gzip as accepted", async () => {
    for (const coding of ["br", "gzip"]) {
      const page = await getPage("/jobs", { cookie, "accept-encoding": coding });
      expect(page.headers["content-encoding"]).toBe(coding);
      expect(page.headers.vary).toMatch(/\bAccept-Encoding\b/);
      expect(bootOf(page.html)?.user.id).toBe(freelancer.user.id);
    }
  });
});

describe("the portal's shell for a visitor", () => {
  it("is the plain shell, with no boot data, still varying by cookie", async () => {
    for (const headers of [{}, { cookie: "forgehire.sid=s%3Anot-a-session.bad" }] as Record<string, string>[]) {
      const page = await getPage("/jobs", headers);
      expect(page.status).toBe(200);
      expect(page.html).toBe(shell(jobsPreload));
      expect(page.headers["set-cookie"]).toBeUndefined();
      expect(page.headers.vary).toMatch(/\bCookie\b/);
    }
  });

  it("is the plain shell once the session is signed out", async () => {
    const gone = await signIn(freelancer.user.email);
    await fetch(`${server.url}/api/auth/logout`, { method: "POST", headers: { cookie: gone } });
    expect(bootOf((await getPage("/jobs", { cookie: gone })).html)).toBeNull();
  });
});
