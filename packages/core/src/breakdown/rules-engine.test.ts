import { describe, expect, it } from "vitest";
import { additionalServiceKeys, complianceOptions, integrationOptions } from "../catalog/options.js";
import {
  projectSpecificFieldDefinitions,
  type ProjectSpecificFieldKey,
  type ProjectSpecificFields,
} from "../catalog/project-specific-fields.js";
import { scopes, type Scope } from "../catalog/scopes.js";
import { hasAcceptanceCriteria } from "./acceptance-criteria.js";
import { breakdownTotals, estimateTargetHours } from "./estimates.js";
import type { BreakdownInput, BreakdownRequirements } from "./input.js";
import { rulesBreakdown } from "./rules-engine.js";
import { buildBreakdownInput, reverseKeys } from "./test-helpers.js";
import type { StoryDraft } from "./types.js";

const SETUP = "Project Setup";
const QA = "Quality Assurance and Acceptance";

const titles = (stories: StoryDraft[]) => stories.map((story) => story.title);
/** The stories between the setup story and the acceptance story. */
const middleTitles = (stories: StoryDraft[]) => titles(stories).slice(1, -1);
const withRequirements = (requirements: Partial<BreakdownRequirements>, scope: Scope = 1999) =>
  rulesBreakdown(buildBreakdownInput({ scope, requirements }));
const withFlags = (fields: Partial<ProjectSpecificFields>, scope: Scope = 1999) =>
  withRequirements({ projectSpecificFields: fields }, scope);

/** Every capability the wizard can ask for at once, for the checks that must hold whatever is asked. */
const everything: BreakdownInput = buildBreakdownInput({
  title: "Everything App",
  requirements: {
    targetAudience: "Small businesses and their customers",
    keyFeatures:
      "Booking calendar; shopping cart, Invoices\n- Reports dashboard.\nbooking CALENDAR, Chatbot, Project Setup, Loyalty points, Referrals, Gift cards, Wishlists, Reviews",
    userCategories: ["Customers", "Staff", "Admins"],
    stakeholders: "The owner and two store managers",
    existingSystems: "Xero accounting, a legacy MySQL stock database",
    complianceRequirements: "Data must stay in the EU.",
    complianceTypes: [...complianceOptions],
    integrationSystems: [...integrationOptions],
    additionalServices: Object.fromEntries(additionalServiceKeys.map((key) => [key, true])) as BreakdownRequirements["additionalServices"],
    projectSpecificFields: Object.fromEntries(
      projectSpecificFieldDefinitions.map((field) => [field.key, field.type === "boolean" ? true : `Details for ${field.label}`]),
    ) as Partial<ProjectSpecificFields>,
    answers: [{ question: "Who updates the content?", answer: "The owner, weekly." }],
  },
});

/** A realistic job for each scope: what a client of that scope typically asks for. */
const typicalJob: Record<Scope, Partial<BreakdownRequirements>> = {
  1: { keyFeatures: "Landing page mock-up" },
  50: { projectSpecificFields: { homePageContent: "Welcome to our bakery", contactInformation: "1 High Street" } },
  199: { keyFeatures: "Product catalogue", projectSpecificFields: { needsShoppingCart: true } },
  500: {
    keyFeatures: "Product catalogue, shopping cart, card payments, order emails",
    complianceTypes: ["GDPR", "PCI DSS"],
    integrationSystems: ["Email Systems"],
    projectSpecificFields: { needsShoppingCart: true, needsPaymentProcessing: true, needsInventoryManagement: true },
  },
  1999: {
    keyFeatures: "Client dashboard, document uploads",
    integrationSystems: ["Calendly", "Email Systems"],
    userCategories: ["Clients", "Staff"],
    projectSpecificFields: { needsSimpleWorkflow: true, workflowDetails: "Request, review, approve", needsAuthentication: true },
  },
  4999: {
    keyFeatures: "Case tracking, analytics, client portal",
    integrationSystems: ["Zoom", "CRM Software", "Email Systems"],
    complianceTypes: ["GDPR"],
    userCategories: ["Agents", "Managers", "Customers"],
    projectSpecificFields: { needsNLP: true, needsAutomation: true, automationLogic: "Route tickets by topic", needsTaskManagement: true },
  },
};

describe("rulesBreakdown: every requested capability becomes a story", () => {
  it("with nothing requested, a job gets only the setup and acceptance stories", () => {
    expect(titles(withRequirements({}))).toEqual([SETUP, QA]);
  });

  const flagStory: Record<Extract<ProjectSpecificFieldKey, `needs${string}`>, string> = {
    needsShoppingCart: "Shopping Cart",
    needsMultiplePaymentOptions: "Payment Processing",
    needsInventoryManagement: "Inventory Management",
    needsMembershipLogin: "User Authentication",
    needsPaymentProcessing: "Payment Processing",
    needsSimpleWorkflow: "Simple Workflow",
    needsSimpleAI: "Simple AI Features",
    needsChatbot: "Chatbot",
    needsAuthentication: "User Authentication",
    needsDynamicContent: "Dynamic Content Management",
    needsNLP: "Natural Language Processing",
    needsContentGeneration: "AI Content Generation",
    needsAIVoice: "AI Voice",
    needsComplexWorkflow: "Complex Workflow",
    needsAutomation: "Automation",
    needsTaskManagement: "Task Management",
  };

  it("the table covers every needs… flag of the catalogue", () => {
    const flags = projectSpecificFieldDefinitions.filter((field) => field.type === "boolean").map((field) => field.key);
    expect(Object.keys(flagStory).sort()).toEqual([...flags].sort());
  });

  it.each(Object.entries(flagStory))("the flag %s alone adds the story '%s'", (flag, title) => {
    expect(middleTitles(withFlags({ [flag]: true }))).toEqual([title]);
    expect(middleTitles(withFlags({ [flag]: false }))).toEqual([]);
  });

  it.each([
    ["needsSimpleWorkflow", "workflowDetails", "Simple Workflow"],
    ["needsAutomation", "automationLogic", "Automation"],
  ] as const)("the flag %s folds %s into its story's description", (flag, details, title) => {
    const story = withFlags({ [flag]: true, [details]: "When an order ships, email the customer" }).find(
      (candidate) => candidate.title === title,
    );
    expect(story?.description).toContain("Details from the client: When an order ships, email the customer");
    // Details without their flag are stale wizard state, not a request.
    expect(middleTitles(withFlags({ [details]: "Ignored" }))).toEqual([]);
  });

  it.each([
    ["Calendly", "Calendly Integration"],
    ["Zoom", "Zoom Integration"],
    ["Email Systems", "Email Systems Integration"],
    ["CRM Software", "CRM Software Integration"],
    ["Others", "Other System Integrations"],
  ])("the integration %s adds the story '%s'", (system, title) => {
    expect(middleTitles(withRequirements({ integrationSystems: [system] }))).toEqual([title]);
  });

  it("the integration Others names the existing systems", () => {
    const [, story] = withRequirements({ integrationSystems: ["Others"], existingSystems: "SAP and a shared drive" });
    expect(story?.description).toContain("Existing systems: SAP and a shared drive");
  });

  it.each([
    ["GDPR", "GDPR Compliance"],
    ["HIPAA", "HIPAA Compliance"],
    ["COPPA", "COPPA Compliance"],
    ["PCI DSS", "PCI DSS Compliance"],
    ["KYC", "KYC Verification"],
    ["Others", "Other Compliance Requirements"],
  ])("the compliance type %s adds the story '%s' with high priority", (type, title) => {
    const stories = withRequirements({ complianceTypes: [type] });
    expect(middleTitles(stories)).toEqual([title]);
    expect(stories[1]?.priority).toBe("high");
  });

  it("compliance notes alone become the other compliance story, and are folded into every compliance story", () => {
    expect(middleTitles(withRequirements({ complianceRequirements: "Keep invoices for 10 years" }))).toEqual([
      "Other Compliance Requirements",
    ]);
    const stories = withRequirements({ complianceTypes: ["GDPR", "HIPAA"], complianceRequirements: "Keep invoices for 10 years" });
    for (const story of stories.slice(1, -1)) expect(story.description).toContain("Keep invoices for 10 years");
  });

  it("each key feature becomes a medium story, split on commas, semicolons and lines, repeats dropped, at most 8", () => {
    const stories = withRequirements({
      keyFeatures: "Booking calendar, invoices;\n- Reports dashboard.\nbooking CALENDAR,  , Loyalty points, Referrals, Gift cards, Wishlists, Reviews, Badges",
    });
    expect(middleTitles(stories)).toEqual([
      "Booking Calendar",
      "Invoices",
      "Reports Dashboard",
      "Loyalty Points",
      "Referrals",
      "Gift Cards",
      "Wishlists",
      "Reviews",
    ]);
    expect(new Set(stories.slice(1, -1).map((story) => story.priority))).toEqual(new Set(["medium"]));
  });

  it("a key feature naming a requested capability is folded into that story, not repeated", () => {
    const stories = withRequirements(
      {
        keyFeatures: "shopping cart, card payments, order emails, Chatbot",
        integrationSystems: ["Email Systems"],
        projectSpecificFields: { needsShoppingCart: true, needsChatbot: true },
      },
      500,
    );
    expect(middleTitles(stories)).toEqual(["Shopping Cart", "Payment Processing", "Chatbot", "Email Systems Integration"]);
    expect(stories.find((story) => story.title === "Payment Processing")?.description).toContain('"card payments"');
    expect(stories.find((story) => story.title === "Email Systems Integration")?.description).toContain('"order emails"');
  });

  it("a static site gets the home, about, mission and contact pages by default", () => {
    expect(middleTitles(withRequirements({}, 50))).toEqual(["Home Page", "About Us Page", "Mission and Vision Page", "Contact Page"]);
  });

  it("other scopes get a content page only when its text is given, with the text folded in", () => {
    const stories = withFlags({ aboutUsContent: "Family bakers since 1952" });
    expect(middleTitles(stories)).toEqual(["About Us Page"]);
    expect(stories[1]?.description).toContain("Content from the client: Family bakers since 1952");
  });

  it.each([199, 500] as const)("a shop (scope %i) always gets payments", (scope) => {
    expect(middleTitles(withRequirements({}, scope))).toEqual(["Payment Processing"]);
  });

  it("payment processing, multiple payment options and a shop give one payments story", () => {
    const stories = withFlags({ needsPaymentProcessing: true, needsMultiplePaymentOptions: true }, 500);
    expect(middleTitles(stories)).toEqual(["Payment Processing"]);
    expect(stories[1]?.tasks.map((task) => task.title)).toContain("Offer multiple payment methods");
    expect(stories[1]?.priority).toBe("high");
  });

  it("authentication comes once, for the flag, the membership login or more than one user category", () => {
    expect(middleTitles(withRequirements({ userCategories: ["Patients", "Doctors"] }))).toEqual(["User Authentication"]);
    expect(middleTitles(withRequirements({ userCategories: ["Patients"] }))).toEqual([]);
    const all = withRequirements({
      userCategories: ["Patients", "Doctors"],
      projectSpecificFields: { needsAuthentication: true, needsMembershipLogin: true },
    });
    expect(middleTitles(all)).toEqual(["User Authentication"]);
    expect(all[1]?.tasks.map((task) => task.title)).toEqual([
      "Build sign-up and sign-in",
      "Add sessions, sign-out and password reset",
      "Add roles for the user categories",
      "Build the members-only area",
    ]);
  });

  it.each([
    ["deployment", "Deployment to the Client's Host"],
    ["hosting", "Hosting Setup"],
    ["productionReady", "Production Hardening"],
    ["contentDevelopment", "Content Writing"],
  ] as const)("the extra %s adds the story '%s'", (extra, title) => {
    const stories = withRequirements({ additionalServices: { ...buildBreakdownInput().requirements.additionalServices, [extra]: true } });
    expect(middleTitles(stories)).toEqual([title]);
  });

  it("the custom tech stack extra adds a task to the setup story", () => {
    const stories = withRequirements({
      additionalServices: { ...buildBreakdownInput().requirements.additionalServices, customTechStack: true },
    });
    expect(titles(stories)).toEqual([SETUP, QA]);
    expect(stories[0]?.tasks.map((task) => task.title)).toContain("Set up the client's custom tech stack");
  });

  it("the setup story comes first and the acceptance story last, whatever is asked", () => {
    const stories = rulesBreakdown(everything);
    expect(stories[0]?.title).toBe(SETUP);
    expect(stories.at(-1)?.title).toBe(QA);
    expect(stories[0]?.tasks.map((task) => task.title).slice(0, 3)).toEqual([
      "Create the repository and project skeleton",
      "Set up continuous integration",
      "Configure development, staging and production environments",
    ]);
  });

  it("the trial scope gives a small breakdown: setup, one feature and acceptance", () => {
    const stories = rulesBreakdown({ ...everything, scope: 1 });
    expect(titles(stories)).toEqual([SETUP, "Booking Calendar", QA]);
    expect(titles(withRequirements({}, 1))).toEqual([SETUP, "Trial Deliverable", QA]);
    expect(titles(withFlags({ needsChatbot: true }, 1))).toEqual([SETUP, "Chatbot", QA]);
  });
});

describe("rulesBreakdown: shape of every story", () => {
  const everyScope = scopes.map((scope) => rulesBreakdown({ ...everything, scope }));

  it("no two stories share a title", () => {
    for (const stories of everyScope) {
      const lower = titles(stories).map((title) => title.toLowerCase());
      expect(new Set(lower).size).toBe(lower.length);
    }
  });

  it("each story has 2 to 5 tasks with distinct titles", () => {
    for (const story of everyScope.flat()) {
      expect(story.tasks.length).toBeGreaterThanOrEqual(2);
      expect(story.tasks.length).toBeLessThanOrEqual(5);
      expect(new Set(story.tasks.map((task) => task.title)).size).toBe(story.tasks.length);
    }
  });

  it("every story and task description ends with Given/When/Then acceptance criteria", () => {
    for (const story of everyScope.flat()) {
      expect(hasAcceptanceCriteria(story.description), story.title).toBe(true);
      for (const task of story.tasks) expect(hasAcceptanceCriteria(task.description), task.title).toBe(true);
    }
  });

  it("core capabilities, compliance and payments are high; integrations and features medium; polish low", () => {
    const stories = rulesBreakdown(everything);
    const priorityOf = (title: string) => stories.find((story) => story.title === title)?.priority;
    expect(["Shopping Cart", "Payment Processing", "GDPR Compliance", "Complex Workflow"].map(priorityOf)).toEqual([
      "high",
      "high",
      "high",
      "high",
    ]);
    expect(["Zoom Integration", "Invoices"].map(priorityOf)).toEqual(["medium", "medium"]);
    const polish = stories.flatMap((story) => story.tasks).filter((task) => task.title.startsWith("Polish"));
    expect(polish.length).toBeGreaterThan(0);
    for (const task of polish) expect(task.priority).toBe("low");
  });

  it("all tasks start as todo", () => {
    for (const task of everyScope.flat().flatMap((story) => story.tasks)) expect(task.status).toBe("todo");
  });
});

describe("rulesBreakdown: same input, same output", () => {
  it("two runs give deeply equal stories, byte for byte", () => {
    const first = rulesBreakdown(everything);
    const second = rulesBreakdown(JSON.parse(JSON.stringify(everything)) as BreakdownInput);
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it("the order of keys in the input does not matter", () => {
    for (const scope of scopes) {
      const input = { ...everything, scope };
      expect(JSON.stringify(rulesBreakdown(reverseKeys(input)))).toBe(JSON.stringify(rulesBreakdown(input)));
    }
  });

  it("the order of ticked integrations and compliance types does not matter", () => {
    const input = buildBreakdownInput({ requirements: { integrationSystems: ["Zoom", "Calendly"], complianceTypes: ["KYC", "GDPR"] } });
    const reordered = buildBreakdownInput({
      requirements: { integrationSystems: ["Calendly", "Zoom"], complianceTypes: ["GDPR", "KYC"] },
    });
    expect(rulesBreakdown(reordered)).toEqual(rulesBreakdown(input));
  });

  it("does not change its input", () => {
    const input = JSON.parse(JSON.stringify(everything)) as BreakdownInput;
    rulesBreakdown(input);
    expect(input).toEqual(everything);
  });
});

describe("rulesBreakdown: estimates scale with the scope", () => {
  const totalFor = (scope: Scope) => breakdownTotals(withRequirements(typicalJob[scope], scope)).hours;

  it.each(scopes.map((scope) => [scope, estimateTargetHours[scope]]))(
    "a typical scope %i job totals within 10%% of %i hours",
    (scope, target) => {
      const total = totalFor(scope as Scope);
      expect(total).toBeGreaterThanOrEqual(target * 0.9);
      expect(total).toBeLessThanOrEqual(target * 1.1);
    },
  );

  it("the total grows with the scope", () => {
    const totals = scopes.map(totalFor);
    for (let index = 1; index < totals.length; index++) expect(totals[index]).toBeGreaterThan(totals[index - 1]!);
  });

  it("every estimate is a positive multiple of 0.5 and a story's estimate is the sum of its tasks'", () => {
    for (const scope of scopes) {
      for (const story of rulesBreakdown({ ...everything, scope })) {
        for (const task of story.tasks) {
          expect(task.estimateHours).toBeGreaterThanOrEqual(0.5);
          expect(Number.isInteger(task.estimateHours * 2)).toBe(true);
        }
        expect(story.estimateHours).toBe(story.tasks.reduce((sum, task) => sum + task.estimateHours, 0));
      }
    }
  });

  it("bigger tasks get more hours than polish within a story", () => {
    const cart = withFlags({ needsShoppingCart: true }, 500).find((story) => story.title === "Shopping Cart");
    const hours = cart?.tasks.map((task) => task.estimateHours) ?? [];
    expect(hours[0]).toBeGreaterThan(hours.at(-1)!);
  });

  it("when more tasks are asked for than the target's half hours, every task gets 0.5 h", () => {
    const stories = rulesBreakdown({ ...everything, scope: 50 });
    const { tasks, hours } = breakdownTotals(stories);
    expect(tasks * 0.5).toBeGreaterThan(estimateTargetHours[50]);
    expect(hours).toBe(tasks * 0.5);
  });
});
