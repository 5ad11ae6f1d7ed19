import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser.js";
import { appSession } from "./support/session.js";

const session = appSession();

describe("the breakdown a client sees", () => {
  it("shows estimates per task and story, the total in the job header, criteria, sources, and the locked version", async () => {
    const { page } = await session.signIn("client", "Dana");

    const response = await page.request.post("/api/jobs", {
      data: {
        title: "CareLink telehealth",
        description: "Video visits for rural patients with booking and secure messages.",
        industry: "Healthcare",
        scope: 1999,
        keyFeatures: "Book, reschedule and cancel visits via Calendly.\n- A doctor dashboard with today's visits and patient notes",
        userCategories: ["Patients", "Doctors"],
        complianceTypes: ["HIPAA"],
        integrationSystems: ["Calendly"],
        answers: [{ questionId: "q1", question: "Who may read visit notes?", answer: "Only the treating doctor and the patient may read visit notes" }],
      },
    });
    expect(response.status()).toBe(201);
    const jobId = ((await response.json()) as { job: { id: number } }).job.id;
    const created = await page.request.post(`/api/jobs/${jobId}/breakdown`);
    const stories = ((await created.json()) as { stories: Array<{ estimateHours: number }> }).stories;
    const total = stories.reduce((sum, story) => sum + story.estimateHours, 0);

    await page.goto(`/jobs/${jobId}?tab=requirements-breakdown`);
    await page.getByRole("tab", { name: /^User Stories \(\d+\)$/ }).waitFor();
    await expect.poll(() => page.getByTestId("job-estimate").textContent()).toBe(`Estimate: ${total} h`);
    // The key feature keeps the client's words, commas included, as its title.
    const story = page.getByRole("article").filter({ hasText: "Book, reschedule and cancel visits via Calendly" });
    await expect.poll(() => story.count()).toBe(1);
    await expect.poll(() => story.getByTestId("source-chip").textContent()).toBe("Key feature");
    await story.getByRole("button", { name: "Show tasks" }).click();
    await expect.poll(() => story.textContent()).toMatch(/Given .+, when .+, then .+\./);
    await screenshot(page, "breakdown-estimates-sources");

    // The tasks view lists each task's criteria, editable in place.
    await page.getByRole("tab", { name: /^Tasks \(\d+\)$/ }).click();
    const firstCriterion = page.getByRole("list", { name: "Acceptance criteria" }).first();
    await expect.poll(() => firstCriterion.textContent()).toMatch(/^Given /);
    await screenshot(page, "breakdown-task-criteria");

    // Locking makes version 1, shown with when it was locked and what it holds.
    await page.request.post(`/api/jobs/${jobId}/lock`);
    await page.reload();
    await expect.poll(() => page.getByTestId("breakdown-version").textContent()).toMatch(/^Version 1, locked on .+ by Dana Tester/);
    await screenshot(page, "breakdown-version");
  });
});
