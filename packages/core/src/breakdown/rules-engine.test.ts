import { describe, expect, it } from "vitest";
import { additionalServiceKeys, complianceOptions, integrationOptions, noAdditionalServices } from "../catalog/options.js";
import { projectSpecificFieldDefinitions, type ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import { projectTypeOf, scopes, type Scope } from "../catalog/scopes.js";
import type { BreakdownInput, BreakdownRequirements } from "./input.js";
import { breakdownPhases, countPages, pageLimits, rulesBreakdown, singular } from "./rules-engine.js";
import { buildBreakdownInput, reverseKeys } from "./test-helpers.js";
import type { StoryDraft } from "./types.js";

const breakdown = (requirements: Partial<BreakdownRequirements>, scope: Scope = 1999) => rulesBreakdown(buildBreakdownInput({ scope, requirements }));
const titles = (stories: StoryDraft[]) => stories.map((story) => story.title);
const taskTitles = (stories: StoryDraft[]) => stories.flatMap((story) => story.tasks.map((task) => task.title));
const everyText = (stories: StoryDraft[]) =>
  stories
    .flatMap((story) => [story.title, story.description, ...story.tasks.flatMap((task) => [task.title, task.description, ...task.acceptanceCriteria])])
    .join("\n");
const sources = (stories: StoryDraft[]) => new Set(stories.flatMap((story) => [story.source, ...story.tasks.map((task) => task.source)]));
const hours = (stories: StoryDraft[]) => stories.reduce((sum, story) => sum + story.estimateHours, 0);

const telehealth: Partial<BreakdownRequirements> = {
  targetAudience: "Adults in rural areas who cannot travel to a clinic",
  keyFeatures:
    "Book, reschedule and cancel visits via Calendly.\nVideo visits over Zoom.\n- A doctor dashboard with today's visits and patient notes\n- Secure messaging between patients and doctors",
  userCategories: ["Patients", "Doctors", "Clinic admins"],
  stakeholders: "Dr. Ana Ruiz (medical director)",
  existingSystems: "Epic EHR",
  complianceTypes: ["HIPAA"],
  integrationSystems: ["Calendly", "Zoom"],
  projectSpecificFields: { needsAuthentication: true },
  answers: [{ questionId: "q3", question: "Who may read visit notes?", answer: "Only the treating doctor and the patient may read visit notes" }],
};

const bakery: Partial<BreakdownRequirements> = {
  keyFeatures: "Menu page with prices, photo gallery of our cakes, opening hours, wedding cake enquiries",
  userCategories: ["Customers", "Wholesale buyers"],
  complianceTypes: ["GDPR"],
  projectSpecificFields: {
    homePageContent: "Fresh bread every morning",
    aboutUsContent: "A family bakery since 1982",
    missionVisionContent: "Real bread for everyone",
    contactInformation: "12 Main Street",
  },
};

/** Every capability the wizard can ask for at once. */
const everything: BreakdownInput = buildBreakdownInput({
  title: "Everything App",
  scope: 4999,
  requirements: {
    ...telehealth,
    complianceRequirements: "Data must stay in the EU.",
    complianceTypes: [...complianceOptions],
    integrationSystems: [...integrationOptions],
    additionalServices: Object.fromEntries(additionalServiceKeys.map((key) => [key, true])) as BreakdownRequirements["additionalServices"],
    projectSpecificFields: Object.fromEntries(
      projectSpecificFieldDefinitions.map((field) => [field.key, field.type === "boolean" ? true : `Details for ${field.label}`]),
    ) as Partial<ProjectSpecificFields>,
  },
});

describe("rule 1, complete: every requested capability becomes a story or a task", () => {
  it("rule 1: a key feature statement keeps its commas and becomes a story titled in the client's words", () => {
    const stories = breakdown(telehealth, 4999);
    expect(titles(stories)).toContain("Book, reschedule and cancel visits via Calendly");
    expect(titles(stories)).toContain("A doctor dashboard with today's visits and patient notes");
    expect(titles(stories)).not.toContain("Book");
  });

  it("rule 1: sentences and list items are separate features; a bare comma list of items is split", () => {
    expect(titles(breakdown({ keyFeatures: "Track calls. Summarise each call with AI\n* Export summaries" }))).toEqual(
      expect.arrayContaining(["Track calls", "Summarise each call with AI", "Export summaries"]),
    );
    expect(titles(breakdown({ keyFeatures: "invoices, reports, time tracking" }))).toEqual(expect.arrayContaining(["Invoices", "Reports", "Time tracking"]));
  });

  it("rule 1: every flag, integration, compliance type and extra has a story or task citing it", () => {
    const stories = rulesBreakdown(everything);
    const cited = sources(stories);
    const flags = projectSpecificFieldDefinitions.filter((field) => field.type === "boolean").map((field) => `flag:${field.key}`);
    for (const source of [
      ...flags,
      ...integrationOptions.map((system) => `integration:${system}`),
      ...complianceOptions.map((type) => `compliance:${type}`),
      ...additionalServiceKeys.map((key) => `extra:${key}`),
    ]) {
      expect(cited, source).toContain(source);
    }
  });

  it("rule 1: a user category with its own surface gets a dashboard unless a feature already names it", () => {
    const stories = breakdown(telehealth, 4999);
    expect(titles(stories)).toContain("Clinic admin Dashboard");
    // "A doctor dashboard…" is a key feature, so Doctors get no second dashboard; Patients use the product itself.
    expect(titles(stories)).not.toContain("Doctor Dashboard");
    expect(titles(stories)).not.toContain("Patient Dashboard");
    expect(singular("Businesses")).toBe("Business");
  });

  it("rule 1: a statement that only names a requested capability is folded into it, not repeated", () => {
    const stories = breakdown({ keyFeatures: "Shopping cart\nChatbot", projectSpecificFields: { needsShoppingCart: true, needsChatbot: true } });
    expect(titles(stories).filter((title) => /cart|chatbot/i.test(title))).toEqual(["Shopping Cart", "Chatbot"]);
    expect(stories.find((story) => story.title === "Chatbot")!.description).toContain('Also covers the key feature: "Chatbot"');
  });
});

describe("rule 2, grounded: answers, audience, stakeholders and existing systems are used and cited", () => {
  it("rule 2: a follow-up answer becomes a task with its own criteria on the story it is about", () => {
    const stories = breakdown(
      {
        keyFeatures: "Book dog walks with vetted walkers",
        answers: [{ questionId: "question_3", question: "How are walkers vetted?", answer: "Walkers must pass a background check" }],
      },
      1999,
    );
    const story = stories.find((item) => item.title === "Book dog walks with vetted walkers")!;
    const answerTask = story.tasks.find((task) => task.source === "answer:question_3")!;
    expect(answerTask.title).toBe("Walkers must pass a background check");
    expect(answerTask.acceptanceCriteria).toEqual([
      'Given the answer to "How are walkers vetted", when the finished work is demonstrated, then walkers must pass a background check.',
      'Given a case that breaks the rule "Walkers must pass a background check", when it is tried, then the product refuses it and says why.',
    ]);
  });

  it("rule 2: a blank or negative answer adds nothing", () => {
    const without = breakdown({ keyFeatures: "Invoices" });
    const withAnswers = breakdown({
      keyFeatures: "Invoices",
      answers: [
        { question: "Any other systems?", answer: "No" },
        { question: "Budget?", answer: " " },
      ],
    });
    expect(withAnswers).toEqual(without);
  });

  it("rule 2: existing systems appear in the integration tasks, stakeholders in the walkthrough, audience in testing", () => {
    const stories = breakdown({ ...telehealth, integrationSystems: ["Others"] }, 4999);
    const others = stories.find((story) => story.source === "integration:Others")!;
    expect(others.tasks[0]).toMatchObject({ title: "Confirm the data flows with Epic EHR", source: "existingSystems" });
    const acceptance = stories.at(-1)!;
    expect(acceptance.tasks.find((task) => task.source === "stakeholders")!.title).toContain("Dr. Ana Ruiz");
    expect(acceptance.description).toContain("Adults in rural areas");
  });

  it("rule 2: existing systems without the Others integration still get a story in an application", () => {
    expect(breakdown({ existingSystems: "QuickBooks" }).map((story) => story.source)).toContain("existingSystems");
  });

  it("rule 2: every story and task carries a source", () => {
    for (const story of rulesBreakdown(everything)) {
      expect(story.source).toMatch(/\S/);
      for (const task of story.tasks) expect(task.source).toMatch(/\S/);
    }
  });
});

describe("rule 3, in scope: nothing the client did not ask for", () => {
  it("rule 3: a static site has no accounts, roles, database or backups, even with user categories and hosting", () => {
    const stories = breakdown({ ...bakery, additionalServices: { ...noAdditionalServices, hosting: true, productionReady: true } }, 50);
    const text = everyText(stories);
    expect(text).not.toMatch(/sign[- ]?in|sign[- ]?up|roles?\b|database|backup|export|migrations/i);
  });

  it("rule 3: a static site's pages stay within its 5-page limit; further features become home-page sections", () => {
    const stories = breakdown(bakery, 50);
    expect(countPages(stories)).toBe(pageLimits.static);
    const home = stories.find((story) => story.title === "Home Page")!;
    expect(home.tasks.map((task) => task.title)).toEqual(
      expect.arrayContaining(["Add a section: Photo gallery of our cakes", "Add a section: Opening hours", "Add a section: Wedding cake enquiries"]),
    );
  });

  it("rule 3: GDPR on a static site is a privacy notice and consent; on an application it includes data export", () => {
    const site = breakdown({ complianceTypes: ["GDPR"] }, 50).find((story) => story.source === "compliance:GDPR")!;
    expect(site.tasks.map((task) => task.title)).toEqual(["Publish the privacy notice page", "Add GDPR cookie consent"]);
    const app = breakdown({ complianceTypes: ["GDPR"] }, 1999).find((story) => story.source === "compliance:GDPR")!;
    expect(app.tasks.map((task) => task.title)).toContain("Let users export and delete their data");
  });

  it("rule 3: content development means we write the copy of each page", () => {
    const stories = breakdown({ ...bakery, additionalServices: { ...noAdditionalServices, contentDevelopment: true } }, 50);
    const content = stories.find((story) => story.source === "extra:contentDevelopment")!;
    expect(content.tasks.map((task) => task.title)).toContain("Write the copy for the About Us page");
    expect(stories.find((story) => story.title === "About Us Page")!.tasks[1]!.description).toContain("copy we write");
  });

  it("rule 3: an application with nothing asked gets only setup and testing", () => {
    expect(titles(breakdown({}, 1999))).toEqual(["Project Setup", "Testing and Acceptance"]);
    expect(titles(breakdown({}, 50))).toEqual(["Site Setup", "Home Page", "Testing and Acceptance"]);
  });
});

describe("rule 4, specific: every task has its own Given/When/Then criteria", () => {
  it("rule 4: every task has at least one Given/When/Then criterion and none is a catch-all", () => {
    for (const task of rulesBreakdown(everything).flatMap((story) => story.tasks)) {
      expect(task.acceptanceCriteria.length, task.title).toBeGreaterThan(0);
      for (const criterion of task.acceptanceCriteria) {
        expect(criterion).toMatch(/^Given .+, when .+, then .+\.$/);
        expect(criterion).not.toMatch(/as the requirements describe/i);
      }
    }
  });

  it("rule 4: descriptions are readable text without a pasted criteria block", () => {
    for (const story of rulesBreakdown(everything)) {
      expect(story.description).not.toContain("Acceptance criteria:");
      for (const task of story.tasks) expect(task.description).not.toContain("Acceptance criteria:");
    }
  });

  it("rule 4: no two stories or tasks share a title", () => {
    for (const scope of scopes) {
      const stories = rulesBreakdown({ ...everything, scope });
      expect(new Set(titles(stories)).size, `scope ${scope}`).toBe(stories.length);
      expect(new Set(taskTitles(stories)).size, `scope ${scope}`).toBe(taskTitles(stories).length);
    }
  });

  it("rule 4: two different features get tasks of their own, not the same boilerplate", () => {
    const [first, second] = breakdown({ keyFeatures: "Book dog walks\nRate walkers after each walk" }).filter((story) => story.source === "keyFeature");
    const shared = first!.tasks.filter((task) =>
      second!.tasks.some((other) => other.title === task.title || other.acceptanceCriteria.join() === task.acceptanceCriteria.join()),
    );
    expect(shared).toEqual([]);
  });
});

describe("rule 5, estimated from the work", () => {
  it("rule 5: every task has a positive estimate in half hours and stories sum their tasks", () => {
    for (const story of rulesBreakdown(everything)) {
      for (const task of story.tasks) {
        expect(task.estimateHours).toBeGreaterThan(0);
        expect(task.estimateHours * 2).toBe(Math.round(task.estimateHours * 2));
      }
      expect(story.estimateHours).toBe(story.tasks.reduce((sum, task) => sum + task.estimateHours, 0));
    }
  });

  it("rule 5: the same requirements with and without hosting differ only by the hosting story", () => {
    const without = breakdown(telehealth, 4999);
    const withHosting = breakdown({ ...telehealth, additionalServices: { ...noAdditionalServices, hosting: true } }, 4999);
    expect(withHosting.filter((story) => story.source !== "extra:hosting")).toEqual(without);
    expect(hours(withHosting) - hours(without)).toBe(withHosting.find((story) => story.source === "extra:hosting")!.estimateHours);
  });

  it("rule 5: the two shop scopes (199 and 500) give the same breakdown for the same requirements", () => {
    const shop = { keyFeatures: "Gift wrapping at checkout", projectSpecificFields: { needsShoppingCart: true } };
    expect(breakdown(shop, 500)).toEqual(breakdown(shop, 199));
  });

  it("rule 5: a static site is under 40 hours and a full complex app over 150", () => {
    expect(hours(breakdown(bakery, 50))).toBeLessThan(40);
    expect(hours(rulesBreakdown(everything))).toBeGreaterThan(150);
  });

  it("rule 5: setting up a repository is a few hours, never a price share", () => {
    const setup = breakdown({}, 4999)[0]!;
    for (const task of setup.tasks) expect(task.estimateHours).toBeLessThanOrEqual(4);
  });
});

describe("rule 6, ordered: foundations, features, integrations, compliance, launch", () => {
  it("rule 6: stories follow the build order and priorities never rise along it", () => {
    const stories = rulesBreakdown(everything);
    const phaseOf = (story: StoryDraft) =>
      story.source!.startsWith("integration:") || story.source === "existingSystems"
        ? "integration"
        : story.source!.startsWith("compliance:")
          ? "compliance"
          : story.source === "acceptance" || ["extra:hosting", "extra:deployment", "extra:productionReady"].includes(story.source!)
            ? "launch"
            : story.source!.startsWith("projectType:") && story.title.endsWith("Setup")
              ? "foundation"
              : story.title === "User Accounts and Sign-in"
                ? "foundation"
                : "feature";
    const order = stories.map((story) => breakdownPhases.indexOf(phaseOf(story)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const rank = { high: 0, medium: 1, low: 2 } as const;
    const ranks = stories.map((story) => rank[story.priority]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(stories[0]!.title).toBe("Project Setup");
    expect(stories.at(-1)!.title).toBe("Testing and Acceptance");
  });
});

describe("the rules engine as a whole", () => {
  it("is deterministic and does not depend on the input's key order", () => {
    expect(rulesBreakdown(reverseKeys(everything))).toEqual(rulesBreakdown(everything));
  });

  it("a trial gets setup, one piece of the first feature and a walkthrough, a few hours in all", () => {
    const stories = breakdown({ keyFeatures: "Landing page mock-up\nPricing table" }, 1);
    expect(titles(stories)).toEqual(["Project Setup", "Landing page mock-up", "Testing and Acceptance"]);
    expect(hours(stories)).toBeLessThanOrEqual(4);
  });

  it("every scope gives a breakdown of its project type within its page limit", () => {
    for (const scope of scopes) {
      expect(countPages(rulesBreakdown({ ...everything, scope }))).toBeLessThanOrEqual(pageLimits[projectTypeOf(scope)]);
    }
  });
});
