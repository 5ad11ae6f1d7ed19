import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeOpenAi, type FakeOpenAi } from "@forgehire/server/test/fakes/openai-server";
import type { Page } from "playwright-core";
import { screenshot } from "./support/browser.js";
import { startAppServer, type AppServer } from "./support/app-server.js";
import { appSession } from "./support/session.js";
import { JobsPages } from "./pages/jobs.js";

const typed = {
  title: "Bakery Website",
  description: "website for my bakery, show cakes and people can order for pickup",
};
const proposal = {
  description:
    "A website for a neighbourhood bakery. Visitors browse the cakes with photos and prices and order them online for pickup at a time they choose.\n\nThe bakery sees each day's orders in one list.",
  keyFeatures: ["Cake menu with photos and prices", "Online orders with a pickup time", "Daily order list for the bakery"],
};

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});
const session = appSession(() => ({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: "test-key", AI_MODEL: "fake-model", AI_TIMEOUT_MS: "5000" }));

/** A new client signed in on the wizard's first step, with the title and description typed. */
async function openWizardAs(on: AppServer) {
  const { page } = await session.signIn("client", "Bea", { lastName: "Baker", on });
  await page.goto("/post-job");
  const jobs = new JobsPages(page);
  await jobs.stepHeading("Basic Information");
  await page.getByLabel("Title").fill(typed.title);
  await page.getByLabel("Description").fill(typed.description);
  return { page, jobs };
}

/** Chooses what step 1 needs and moves on, to read the Key Features field of step 2. */
async function keyFeaturesOnStepTwo(page: Page, jobs: JobsPages): Promise<string> {
  await jobs.chooseIndustry("Food & Beverage");
  await page.getByRole("radio", { name: /^Static Website:/ }).click();
  await jobs.next();
  await jobs.stepHeading("Users & Features");
  return page.getByLabel("Key Features").inputValue();
}

it("Enhance with AI shows the proposal beside the client's text, and Accept fills the description and key features", async () => {
  fake.answers = [{ kind: "slow", delayMs: 1_200, content: JSON.stringify(proposal) }];
  const { page, jobs } = await openWizardAs(session.server);
  const button = page.getByRole("button", { name: "Enhance with AI" });
  await button.click();
  await page.getByRole("button", { name: "Enhancing..." }).waitFor();

  const dialog = jobs.dialog("The AI's proposal");
  await dialog.waitFor();
  const description = dialog.getByRole("region", { name: "Description" });
  await expect.poll(() => description.getByRole("group", { name: "Yours" }).innerText()).toContain(typed.description);
  expect(await description.getByRole("group", { name: "Proposed" }).innerText()).toContain("neighbourhood bakery");
  const features = dialog.getByRole("region", { name: "Key Features" });
  expect(await features.getByRole("group", { name: "Yours" }).innerText()).toContain("None yet");
  expect(await features.getByRole("group", { name: "Proposed" }).getByRole("listitem").allTextContents()).toEqual(
    proposal.keyFeatures.map((feature) => `Added: ${feature}`),
  );
  await screenshot(page, "enhance-with-ai-proposal");

  // What the server was asked: the typed text, by the JSON schema.
  const asked = fake.requests.at(-1)!;
  expect(asked.messages[1]!.content).toContain(typed.description);
  expect(JSON.stringify(asked.response_format)).toContain("json_schema");

  await dialog.getByRole("button", { name: "Accept" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(await page.getByLabel("Description").inputValue()).toBe(proposal.description);
  await page.getByRole("alert").filter({ hasText: "the key features on step 2" }).waitFor();
  await screenshot(page, "enhance-with-ai-accepted");
  expect(await keyFeaturesOnStepTwo(page, jobs)).toBe(proposal.keyFeatures.join("\n"));
});

it("Reject leaves the fields as they were; an AI failure shows the server's message", async () => {
  fake.answers = [{ kind: "json", content: JSON.stringify(proposal) }];
  const { page, jobs } = await openWizardAs(session.server);
  await page.getByRole("button", { name: "Enhance with AI" }).click();
  const dialog = jobs.dialog("The AI's proposal");
  await dialog.waitFor();
  await dialog.getByRole("button", { name: "Reject" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(await page.getByLabel("Description").inputValue()).toBe(typed.description);
  expect(await page.getByRole("alert").count()).toBe(0);

  fake.answers = [{ kind: "status", status: 500, message: "overloaded" }];
  await page.getByRole("button", { name: "Enhance with AI" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "AI Unavailable" });
  await alert.waitFor();
  expect(await alert.innerText()).toContain("The AI service did not answer in time. Please try again in a moment.");
  await screenshot(page, "enhance-with-ai-failed");
  expect(await page.getByLabel("Description").inputValue()).toBe(typed.description);
  expect(await keyFeaturesOnStepTwo(page, jobs)).toBe("");
});

it("without an AI configured the wizard has no Enhance with AI button", async () => {
  const plain = await startAppServer();
  let page: Page | undefined;
  try {
    ({ page } = await openWizardAs(plain));
    // The quote's scope cards render from the same catalogue the button reads, so the step is complete here.
    await page.getByRole("radio", { name: /^Static Website:/ }).waitFor();
    expect(await page.getByRole("button", { name: /Enhance with AI/ }).count()).toBe(0);
    expect(await page.getByText("Get a clearer description").count()).toBe(0);
  } finally {
    // The browser goes before the server it is on (the session would close it only after the test).
    await page?.context().close();
    await plain.stop();
  }
});
