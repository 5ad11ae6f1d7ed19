import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeOpenAi, type FakeOpenAi } from "@forgehire/server/test/fakes/openai-server";
import { screenshot } from "./support/browser.js";
import { appSession } from "./support/session.js";
import { DeliveryPages } from "./pages/delivery.js";

const goodAnswer = JSON.stringify({
  stories: [
    {
      title: "Event calendar",
      description: "As a visitor I see upcoming events. Acceptance criteria: Given events, When I open the calendar, Then I see them.",
      priority: "high",
      tasks: [
        { title: "Calendar page", description: "Month view of events", priority: "high", estimateHours: 6 },
        { title: "Event detail page", description: "Date, place and tickets", priority: "medium", estimateHours: 4 },
      ],
    },
  ],
});

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});
// A short AI window through configuration: the first answer comes too late, the second in time.
const session = appSession(() => ({
  AI_BASE_URL: fake.baseUrl,
  AI_API_KEY: "test-key",
  AI_MODEL: "fake-model",
  AI_TIMEOUT_MS: "2500",
  AI_RETRY_DELAY_MS: "1500",
}));

it("the breakdown dialog follows the queued run: it says when the AI's second attempt starts, as the server reports it, then shows the AI's stories", async () => {
  fake.answers = [
    { kind: "slow", delayMs: 6000, content: goodAnswer },
    { kind: "json", content: goodAnswer },
  ];
  const { page } = await session.signIn("client", "Iris", { lastName: "Client" });
  const response = await page.request.post("/api/jobs", {
    data: { title: "Jazz Club Website", description: "A website for a jazz club with an event calendar and ticket links.", industry: "Others", scope: 199 },
  });
  expect(response.status()).toBe(201);
  const jobId = ((await response.json()) as { job: { id: number } }).job.id;

  await page.goto(`/jobs/${jobId}`);
  const asked = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === `/api/jobs/${jobId}/breakdown`);
  await page.getByRole("link", { name: "Create Story & Task" }).first().click();
  // The AI's breakdown is a queued run: the request answers at once, and the dialog follows the run.
  const queued = await asked;
  expect(queued.status()).toBe(202);
  const { runId } = (await queued.json()) as { runId: string };
  const dialog = new DeliveryPages(page).dialog("Create Story & Task");
  await dialog.getByText("Attempt 1/2").waitFor();
  await dialog.getByText("Retrying... (attempt 2/2)").waitFor();
  await screenshot(page, "breakdown-ai-retrying");
  await dialog.getByText("Created by the AI").waitFor();
  expect(fake.requests).toHaveLength(2);
  const run = await page.request.get(`/api/jobs/${jobId}/breakdown/runs/${runId}`);
  expect(await run.json()).toMatchObject({ status: "succeeded", result: { source: "ai", storyCount: expect.any(Number) } });
  await page.waitForURL((url) => url.pathname === `/jobs/${jobId}` && url.searchParams.get("tab") === "requirements-breakdown");
  // The job is not locked, so the stories show as editable fields holding the AI's titles.
  const storyTitles = page.getByRole("textbox", { name: "Story title", exact: true });
  await expect.poll(async () => Promise.all((await storyTitles.all()).map((title) => title.inputValue()))).toEqual(["Event calendar"]);

  // Regenerate is a queued run too: the confirmation dialog waits on it, then the new stories replace the old.
  fake.answers = [{ kind: "slow", delayMs: 1500, content: goodAnswer.replace("Event calendar", "Event listings") }];
  await page.getByRole("button", { name: "Regenerate", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Regenerate the breakdown?" });
  const regenerated = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname.endsWith("/breakdown/regenerate"));
  await confirm.getByRole("button", { name: "Regenerate", exact: true }).click();
  expect((await regenerated).status()).toBe(202);
  await confirm.getByText("The AI is writing the new stories and tasks.", { exact: false }).waitFor();
  await screenshot(page, "breakdown-ai-regenerating");
  await page.getByText("Stories and tasks regenerated from the requirements.").waitFor();
  await expect.poll(async () => Promise.all((await storyTitles.all()).map((title) => title.inputValue()))).toEqual(["Event listings"]);
});
