import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { jobCreateBody } from "@forgehire/core";
import { createUser, postJob, type UserRecord } from "@forgehire/services";
import { openBrowser, screenshot, type Browser } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";

let server: AppServer;
let browser: Browser | undefined;
let carla: UserRecord;

beforeAll(async () => {
  server = await startAppServer();
  await createUser(server.services, { email: "boss@example.test", password: "boss-pass", firstName: "Bo", lastName: "Ss", userType: "admin" });
  carla = await createUser(server.services, { email: "carla@example.test", password: "carla-pass", firstName: "Carla", lastName: "Client", userType: "client" });
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

/** Posts a job as Carla through the use case, then puts it straight into a later state (lock, completion, payment). */
async function carlasJob(title: string, state: Record<string, unknown>): Promise<number> {
  const input = jobCreateBody.parse({ title, description: "A small website for a local shop.", industry: "Legal", scope: 50 });
  const { job } = await postJob(server.services, { id: carla.id, userType: carla.userType, roleType: carla.roleType }, input);
  if (Object.keys(state).length) await server.services.db("jobs").where({ id: job.id }).update(state);
  return job.id;
}

it("an admin lists jobs by view in the back office and follows Pay Now, shown only when can.pay, to the payment page", async () => {
  const dueId = await carlasJob("Finished Bakery Site", { status: "completed", payment_status: "unpaid", locked: true, started_at: new Date() });
  await carlasJob("Paid Florist Site", { status: "completed", payment_status: "paid", locked: true, started_at: new Date() });
  await carlasJob("Open Garage Site", {});

  const page = await logInToBackOffice("boss@example.test", "boss-pass");
  await page.getByRole("menuitem", { name: /jobs/i }).click();
  // Newest first. The list renders before and after its data arrives: poll the rows rather than read them once.
  const titles = page.locator("td.column-title");
  const poll = { timeout: 15_000 };
  await expect.poll(() => titles.allInnerTexts(), poll).toEqual(["Open Garage Site", "Paid Florist Site", "Finished Bakery Site"]);

  const chooseView = async (label: string) => {
    await page.getByRole("combobox", { name: "View" }).click();
    await page.getByRole("option", { name: label }).click();
  };
  await chooseView("Completed");
  await expect.poll(() => titles.allInnerTexts(), poll).toEqual(["Paid Florist Site", "Finished Bakery Site"]);
  const row = (title: string) => page.getByRole("row").filter({ hasText: title });
  await expect.poll(() => row("Finished Bakery Site").getByRole("link", { name: "Pay Now" }).count(), poll).toBe(1);
  await expect(row("Paid Florist Site").getByRole("link", { name: "Pay Now" }).count()).resolves.toBe(0);
  await expect(row("Paid Florist Site").getByRole("link", { name: "View" }).getAttribute("href")).resolves.toMatch(/^\/jobs\/\d+$/);
  await screenshot(page, "admin-jobs");

  await chooseView("With Communication");
  await page.getByText("No projects match the selected filter.").waitFor();

  await chooseView("Payment Due");
  await expect.poll(() => titles.allInnerTexts(), poll).toEqual(["Finished Bakery Site"]);
  await row("Finished Bakery Site").getByRole("link", { name: "Pay Now" }).click();
  // A plain link out of the back office: the portal's payment page, not a react-admin route.
  await page.waitForURL((url) => url.pathname === `/payments/${dueId}`);
  await page.getByRole("heading", { name: "Finished Bakery Site" }).waitFor();
  await page.getByRole("button", { name: "Pay Now with Stripe" }).waitFor();
  await screenshot(page, "admin-jobs-pay-now");
});
