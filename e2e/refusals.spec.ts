import { expect, it } from "vitest";
import { errorCatalogue, jobCreateBody } from "@forgehire/core";
import { breakDownJob, createUser, lockJob, postJob } from "@forgehire/services";
import { screenshot } from "./support/browser.js";
import { appSession, unique } from "./support/session.js";
import { DeliveryPages } from "./pages/delivery.js";

// Issue 12: a disabled control says why in the server's own words (the job's `why`), and what the server allows is
// offered.

const session = appSession();

// Admins are sent on to the back office after signing in; everyone else lands on the home page.
const signedIn = async (userType: "client" | "freelancer" | "admin", firstName: string) => (await session.signIn(userType, firstName)).page;

it("a freelancer's Start on a locked, unpaid job is disabled and says, in the server's words, that payment comes first", async () => {
  const { server } = session;
  const owner = await createUser(server.services, { email: unique("olga"), password: "olga-pass", firstName: "Olga", lastName: "Owner", userType: "client" });
  const actor = { id: owner.id, userType: owner.userType, roleType: owner.roleType };
  const input = jobCreateBody.parse({ title: "Bakery Orders", description: "Online orders for a bakery.", industry: "Food & Beverage", scope: 50 });
  const { job } = await postJob(server.services, actor, input);
  await breakDownJob(server.services, server.services.engines.rules, actor, job.id);
  await lockJob(server.services, actor, job.id);

  const page = await signedIn("freelancer", "Fenna");
  const delivery = new DeliveryPages(page);
  await delivery.openBreakdown(job.id);
  await expect(delivery.startButton().isDisabled()).resolves.toBe(true);
  // A disabled button takes no pointer events: its tooltip listens on the wrapper around it.
  await delivery.startButton().locator("xpath=..").hover();
  const tooltip = page.getByRole("tooltip");
  await tooltip.waitFor();
  await expect(tooltip.innerText()).resolves.toBe("Payment must be completed before the project can be started.");
  await screenshot(page, "refusal-start-payment-required");

  // The unlock switch is not theirs: the server's ownership refusal, not a rule of the portal's.
  await delivery.lockToggle().locator("xpath=ancestor::label/..").hover();
  await page.getByRole("tooltip", { name: errorCatalogue.LOCK_DENIED.message }).waitFor();
});

it("an admin, whom the server lets post jobs, is offered Post a Job on the listing", async () => {
  const page = await signedIn("admin", "Ada");
  await page.goto("/jobs");
  await page.getByRole("heading", { name: "Available Requirements", level: 1 }).waitFor();
  await page.getByRole("link", { name: "Post a Job" }).waitFor();
  await screenshot(page, "admin-post-a-job");
  await page.getByRole("link", { name: "Post a Job" }).click();
  await page.waitForURL((url) => url.pathname === "/post-job");
  await page.getByText("Post a New Requirement").first().waitFor();
});
