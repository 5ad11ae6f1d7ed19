import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { completeJob, createUser, type UserRecord } from "@forgehire/services";
import { screenshot, shot } from "./support/browser.js";
import { appSession, unique, type SignedIn } from "./support/session.js";
import { paidJob, startJob } from "./support/job-api.js";
import { BackOfficePage } from "./pages/back-office.js";

const session = appSession();
let admin: UserRecord;

beforeAll(async () => {
  admin = await createUser(session.server.services, { email: unique("ada"), password: "admin-pass", firstName: "Ada", lastName: "Admin", userType: "admin" });
});

const signedIn = (userType: "client" | "freelancer", firstName: string, lastName = "Tester") => session.signIn(userType, firstName, { lastName });

/** A freelancer's profile, made over the API (the profile form is freelancers.spec.ts's journey). */
async function profileOf(freelancer: SignedIn, title: string): Promise<string> {
  const res = await freelancer.page.request.post("/api/freelancers", {
    data: {
      title,
      bio: "I build chatbots that answer from your documents.",
      hourlyRate: 70,
      skills: ["OpenAI GPT"],
      domains: ["Chatbots & Conversational AI"],
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A job of the client's, paid by test card and started by the freelancer over the API, then completed by an admin's
 * override (the delivery journeys are story-delivery.spec.ts's): every milestone released, reviews open.
 */
async function completedJob(client: SignedIn, freelancer: SignedIn, title: string): Promise<number> {
  const { jobId } = await paidJob(client.page, { title, description: "An online shop for a bakery with pre-orders and pickup slots." });
  await startJob(freelancer.page, jobId);
  await completeJob(session.server.services, admin, jobId);
  return jobId;
}

/** Posts a review through the job page's Review card. */
async function writeReview(page: Page, jobId: number, stars: number, text: string) {
  await page.goto(`/jobs/${jobId}`);
  const card = page.getByTestId("review-card");
  await card.getByRole("form", { name: "Post review" }).waitFor();
  // MUI's stars are visually hidden radios: a person clicks the star's label.
  const radio = card.getByRole("radio", { name: stars === 1 ? "1 Star" : `${stars} Stars` });
  await card.locator(`label[for="${await radio.getAttribute("id")}"]`).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
  await card.getByRole("textbox", { name: "Your review" }).fill(text);
  await card.getByRole("button", { name: "Post review" }).click();
  await card.getByRole("button", { name: "Post review" }).waitFor({ state: "detached" });
}

describe("reviews in the browser", () => {
  it("both parties review after completion; each review stays hidden until both are in, then both appear, the profile with its rating and a reply", async () => {
    const client = await signedIn("client", "Clara");
    const freelancer = await signedIn("freelancer", "Fiona");
    const profileId = await profileOf(freelancer, "Reviewed Bot Builder");
    const jobId = await completedJob(client, freelancer, "Reviewed Bakery Shop");

    // The client writes first: the card shows the limits, then that Fiona cannot read it yet.
    await client.page.goto(`/jobs/${jobId}`);
    const card = client.page.getByTestId("review-card");
    await card.getByText("0 / 2,000 characters (at least 20)").waitFor();
    await shot(client.page, "reviews-client-form", { endless: "skip" });
    await writeReview(client.page, jobId, 5, "Fiona delivered every story on time and explained each step clearly.");
    await expect.poll(() => card.getByTestId("review-visibility").innerText()).toMatch(/^Your review is hidden until Fiona Tester posts theirs or /);
    await card.getByRole("button", { name: "Edit review" }).waitFor();
    await shot(client.page, "reviews-client-waiting", { endless: "skip" });

    // Fiona sees that a review is in, not what it says; her profile shows nothing yet.
    await freelancer.page.goto(`/freelancers/${profileId}`);
    await freelancer.page.getByText("No published reviews yet.").waitFor();
    expect(await freelancer.page.getByText("Fiona delivered every story").count()).toBe(0);
    await freelancer.page.goto(`/jobs/${jobId}`);
    await freelancer.page.getByTestId("their-review-state").getByText("Clara Tester has posted their review.").waitFor();
    expect(await freelancer.page.getByText("Fiona delivered every story").count()).toBe(0);

    // Fiona's review completes the pair: both are published, each reads the other's.
    await writeReview(freelancer.page, jobId, 4, "Clara wrote clear requirements and answered questions within the day.");
    await freelancer.page.getByText("Fiona delivered every story on time and explained each step clearly.").waitFor();
    await expect.poll(() => freelancer.page.getByTestId("review-visibility").innerText()).toBe("Your review is published.");
    await shot(freelancer.page, "reviews-freelancer-both-in", { endless: "skip" });
    await client.page.reload();
    await client.page.getByText("Clara wrote clear requirements and answered questions within the day.").waitFor();
    expect(await client.page.getByRole("button", { name: "Edit review" }).count()).toBe(0);

    // The profile carries the review and the rating; the reviewed freelancer replies once, in public.
    await freelancer.page.goto(`/freelancers/${profileId}`);
    const review = freelancer.page.getByTestId("profile-review");
    await review.getByText("Fiona delivered every story on time and explained each step clearly.").waitFor();
    await freelancer.page.getByRole("img", { name: "5.0 out of 5 from 1 review" }).first().waitFor();
    await review.getByRole("button", { name: "Reply" }).click();
    await review.getByRole("textbox", { name: "Your public reply" }).fill("Thank you, Clara! It was a pleasure.");
    await review.getByRole("button", { name: "Post reply" }).click();
    await review.getByTestId("review-reply").getByText("Thank you, Clara! It was a pleasure.").waitFor();
    expect(await review.getByRole("button", { name: "Reply" }).count()).toBe(0);
    await shot(freelancer.page, "reviews-profile-with-reply", { endless: "skip" });

    // Another client reads it on the profile, with no Reply button.
    const other = await signedIn("client", "Olga");
    await other.page.goto(`/freelancers/${profileId}`);
    await other.page.getByTestId("review-reply").getByText("Thank you, Clara! It was a pleasure.").waitFor();
    expect(await other.page.getByRole("button", { name: "Reply" }).count()).toBe(0);
  });

  it("the directory sorts by rating and filters by a minimum rating", async () => {
    const client = await signedIn("client", "Dora");
    const tag = Math.random().toString(36).slice(2, 7);
    const people: Array<{ person: SignedIn; stars: number; name: string }> = [];
    for (const [name, stars] of [
      ["Low", 2],
      ["Top", 5],
      ["Mid", 4],
    ] as const) {
      const person = await signedIn("freelancer", `${name}${tag}`);
      await profileOf(person, `Ranked ${tag}`);
      const jobId = await completedJob(client, person, `Ranked job ${name} ${tag}`);
      for (const [who, rating] of [
        [client, stars],
        [person, 5],
      ] as const) {
        const res = await who.page.request.post(`/api/jobs/${jobId}/reviews`, {
          data: { rating, text: `A review of ${stars} stars, written for the ranking.` },
        });
        expect(res.status()).toBe(201);
      }
      people.push({ person, stars, name: `${name}${tag} Tester` });
    }

    await client.page.goto("/freelancers");
    await client.page.getByRole("textbox", { name: "Search freelancers" }).fill(`Ranked ${tag}`);
    const names = () => client.page.getByTestId("freelancer-card").getByRole("heading", { level: 2 }).allInnerTexts();
    await expect.poll(names).toEqual(people.map((p) => p.name));
    await client.page.getByRole("combobox", { name: "Sort" }).click();
    await client.page.getByRole("option", { name: "Rating" }).click();
    await expect.poll(names).toEqual([`Top${tag} Tester`, `Mid${tag} Tester`, `Low${tag} Tester`]);
    await client.page.getByRole("combobox", { name: "Minimum rating" }).click();
    await client.page.getByRole("option", { name: "★ 4.0 & up" }).click();
    await expect.poll(names).toEqual([`Top${tag} Tester`, `Mid${tag} Tester`]);
    await client.page.getByTestId("freelancer-card").first().getByRole("img", { name: "5.0 out of 5 from 1 review" }).waitFor();
    await shot(client.page, "reviews-directory-sorted", { endless: "skip" });
  });

  it("an admin hides a review with a reason in the back office: it stays listed with the reason and leaves the profile", async () => {
    const client = await signedIn("client", "Hana");
    const freelancer = await signedIn("freelancer", "Hugo");
    const profileId = await profileOf(freelancer, "Hidden Review Bot");
    const jobId = await completedJob(client, freelancer, "Hidden review job");
    for (const [who, rating, text] of [
      [client, 1, "Hugo was rude and called me names; avoid at all costs."],
      [freelancer, 5, "Hana was a good client with clear requirements."],
    ] as const) {
      expect((await who.page.request.post(`/api/jobs/${jobId}/reviews`, { data: { rating, text } })).status()).toBe(201);
    }
    const { page } = await session.browser();
    await new BackOfficePage(page).logIn(admin.email, "admin-pass");
    const office = new BackOfficePage(page);
    await office.menuItem("Reviews").waitFor();
    await office.open(`/reviews?filter=${encodeURIComponent(JSON.stringify({ jobId }))}`);
    await office.main.getByText("Hugo was rude and called me names").waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "reviews-back-office-list");
    await office.main.getByText("Hugo was rude and called me names").click();
    const form = page.getByRole("form", { name: "Hide review" });
    await form.getByRole("textbox", { name: "Reason" }).fill("Personal insults.");
    await form.getByRole("button", { name: "Hide review" }).click();
    await office.main.getByText("Personal insults.").waitFor();
    await office.main.getByText(/^Hidden by Ada Admin on /).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "reviews-back-office-hidden");
    const profile = (await (await client.page.request.get(`/api/freelancers/${profileId}`)).json()) as { reviews: unknown[]; rating: unknown };
    expect(profile).toMatchObject({ reviews: [], rating: { average: null, count: 0 } });
  });
});
