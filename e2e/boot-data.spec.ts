import { beforeAll, describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { createUser } from "@forgehire/services";
import type { Browser } from "./support/browser.js";
import { appSession } from "./support/session.js";

// The shell of /jobs carries the signed-in user's session and first page of jobs (packages/server/src/portal-boot.ts):
// the page paints from it, with no session check or listing request before, and fetches as before without it.

const password = "boot-pass";
const freelancerEmail = "boot-freelancer@example.test";
// A `<` in the data must stay data: this title would end the boot script if it were not escaped.
const title = "Boot </script><b>data</b> listing";

const session = appSession();
beforeAll(async () => {
  const { server } = session;
  await createUser(server.services, { email: freelancerEmail, password, firstName: "Bea", lastName: "Boot", userType: "freelancer" });
  await createUser(server.services, { email: "boot-client@example.test", password, firstName: "Cal", lastName: "Boot", userType: "client" });
  const client = await session.browser();
  try {
    await signIn(client, "boot-client@example.test");
    const body = { title, description: "A job posted for the boot data test.", industry: "Healthcare", scope: 500 };
    expect((await client.context.request.post("/api/jobs", { data: body, headers: { origin: server.url } })).status()).toBe(201);
  } finally {
    await client.close();
  }
});

async function signIn(target: Browser, email: string): Promise<void> {
  const response = await target.context.request.post("/api/auth/login", { data: { email, password }, headers: { origin: session.server.url } });
  expect(response.status()).toBe(200);
}

/** The API paths the page asks for, in order. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) calls.push(url.pathname);
  });
  return calls;
}

describe("the /jobs page and the shell's boot data", () => {
  it("paints the signed-in user's jobs from the shell, before any session check or listing request is answered", async () => {
    const browser = await session.browser();
    await signIn(browser, freelancerEmail);
    const { page } = browser;
    const calls = apiCalls(page);
    // Neither answers while the test runs: whatever the page shows, it did not get from them.
    const held: Route[] = [];
    await page.route(/\/api\/(?:auth\/me|jobs)(?:\?|$)/, (route) => void held.push(route));

    await page.goto("/jobs");
    await page.getByRole("heading", { name: "Available Requirements" }).waitFor();
    await page.getByText(title).waitFor();
    await page.getByRole("button", { name: "My Account" }).waitFor();
    // The session is fresh for a minute: no check at all. (The listing refreshes after the paint, as any does.)
    expect(calls.filter((path) => path === "/api/auth/me")).toEqual([]);
    for (const route of held) await route.abort().catch(() => undefined);
  });

  it("still fetches the session and the listing when the shell has no boot data", async () => {
    const browser = await session.browser();
    await signIn(browser, freelancerEmail);
    const { page } = browser;
    const calls = apiCalls(page);
    // The shell as an older server (or a cache) would send it: without the boot script.
    await page.route(
      (url) => url.pathname === "/jobs",
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(/<script type="application\/json" id="boot">[\s\S]*?<\/script>/, "");
        expect(html).not.toContain('id="boot"');
        await route.fulfill({ response, body: html });
      },
    );

    await page.goto("/jobs");
    await page.getByText(title).waitFor();
    expect(calls).toEqual(expect.arrayContaining(["/api/auth/me", "/api/jobs"]));
  });

  it("gives a signed-out visitor the Login Required notice", async () => {
    const { page } = await session.browser();
    const calls = apiCalls(page);
    await page.goto("/jobs");
    await page.getByRole("region", { name: "Login Required" }).waitFor();
    expect(calls).toContain("/api/auth/me");
  });
});
