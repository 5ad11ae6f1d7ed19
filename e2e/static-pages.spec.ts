import type { Route } from "playwright-core";
import { expect, it } from "vitest";
import { screenshot } from "./support/browser.js";
import { appSession } from "./support/session.js";

const session = appSession();

it("How it works lists 12 client steps and 3 freelancer steps", async () => {
  const { page } = await session.browser();
  await page.goto("/how-it-works");
  await page.getByRole("link", { name: "Create Your Account" }).waitFor();
  await expect(page.getByRole("region", { name: "For Clients" }).getByRole("listitem").count()).resolves.toBe(12);
  await expect(page.getByRole("region", { name: "For AI Freelancers" }).getByRole("listitem").count()).resolves.toBe(3);
  await screenshot(page, "how-it-works");
});

it("Sample works shows 9 projects and filters them by type", async () => {
  const { page } = await session.browser();
  await page.goto("/sample-works");
  await page.getByRole("heading", { name: "Our Sample Works" }).waitFor();
  const cards = page.getByRole("article");
  await expect(cards.count()).resolves.toBe(9);
  await screenshot(page, "sample-works");
  await page.getByRole("button", { name: "E-commerce" }).click();
  const shown = await cards.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(9);
  await page.getByRole("button", { name: "All Projects" }).click();
  await expect(cards.count()).resolves.toBe(9);
});

it("an unknown path shows the 404 page with Return Home", async () => {
  const { page } = await session.browser();
  await page.goto("/no/such/page");
  await page.getByText("Oops! The page you're looking for cannot be found.").waitFor();
  await screenshot(page, "not-found");
  await page
    .getByRole("link", { name: "Return Home" })
    .or(page.getByRole("button", { name: "Return Home" }))
    .click();
  await page.waitForURL(`${session.server.url}/`);
});

it("the landing and the trust pages arrive prerendered and hydrate without a mismatch, even when the session check answers first", async () => {
  const { page } = await session.browser();
  for (const [path, heading, chunk] of [
    ["/", "Get the Project Done by Top AI Freelancers", /\/assets\/HomePage-/],
    ["/terms", "Terms of Service", /\/assets\/TermsPage-/],
  ] as const) {
    // The HTML alone holds the page (what paints before any script runs).
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain(heading);

    // The screen's chunk is held until the session check has answered (the nav bar then offers signing in): the
    // screen hydrates after that answer, which its prerendered markup could not know. A mismatch is a page error
    // (React renders the page again).
    const errors: string[] = [];
    const handleError = (error: Error) => errors.push(error.message);
    page.on("pageerror", handleError);
    const held = new Promise<Route>((resolve) => void page.route(chunk, resolve));
    await page.goto(path, { waitUntil: "commit" });
    const route = await held;
    await page.getByRole("link", { name: "Sign In" }).waitFor();
    await route.continue();
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    await page.unroute(chunk);
    await page.waitForLoadState("load");
    page.off("pageerror", handleError);
    expect(errors, path).toEqual([]);
  }
});
