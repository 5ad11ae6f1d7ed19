import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { createUser } from "@forgehire/services";
import { openBrowser, screenshot, type Browser } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";

let server: AppServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startAppServer();
  await createUser(server.services, { email: "boss@example.test", password: "boss-pass", firstName: "Bo", lastName: "Ss", userType: "admin" });
  await createUser(server.services, { email: "carla@example.test", password: "carla-pass", firstName: "Carla", lastName: "Client", userType: "client" });
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});
afterAll(async () => {
  await server?.stop();
});

async function logInToBackOffice(email: string, password: string) {
  browser = await openBrowser(server.url);
  const { page } = browser;
  await page.goto("/admin/");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: /sign in/i }).click();
  return page;
}

it("an admin signs in to the back office and lists, searches and sorts users", async () => {
  const page = await logInToBackOffice("boss@example.test", "boss-pass");
  await page.getByRole("menuitem", { name: /users/i }).click();
  await page.getByText("carla@example.test").waitFor();
  await page.getByText("boss@example.test").waitFor();
  await screenshot(page, "admin-users");
  await page.getByRole("button", { name: "Email" }).click();
  await page.waitForFunction(() => location.hash.includes("sort=email"));
  // The hash changes before the sorted page arrives: poll the rendered rows rather than read them once.
  const emails = page.getByRole("link", { name: /@example\.test$/ });
  await expect.poll(() => emails.allInnerTexts()).toEqual(["boss@example.test", "carla@example.test"]);
  await page.getByPlaceholder("Search").fill("carla");
  await page.waitForFunction(() => !document.body.innerText.includes("boss@example.test"));
  await expect(page.getByText("carla@example.test").count()).resolves.toBe(1);
});

it("a client signing in to the back office sees that admin access is required", async () => {
  const page = await logInToBackOffice("carla@example.test", "carla-pass");
  await page.getByText("Admin access required").waitFor();
  await screenshot(page, "admin-access-required");
  await page.getByRole("link", { name: /back to the portal/i }).waitFor();
  await expect(page.getByRole("menuitem", { name: /users/i }).count()).resolves.toBe(0);
});
