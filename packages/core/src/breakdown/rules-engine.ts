/**
 * The rules engine: the built-in, deterministic breakdown. It reads every requirement field (key feature
 * statements, `needs…` flags, pages, integrations, existing systems, compliance types and notes, paid extras, user
 * categories, target audience, stakeholders and follow-up answers) and turns each requested capability into a
 * story or a task, citing where it comes from in `source`. It adds nothing the client did not ask for beyond what
 * the scope's project type needs to ship, sizes every task from the kind of work (never from the price), and
 * orders the stories foundations → features → integrations → compliance → launch. It reads no clock and no
 * randomness, and walks the catalogue's own order, so the same requirements always give the same stories.
 */
import { complianceOptions, integrationOptions } from "../catalog/options.js";
import type { ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import { projectTypeOf, type ProjectType } from "../catalog/scopes.js";
import { featureTitle, splitKeyFeatures, type BreakdownInput } from "./input.js";
import { complianceStories, flagStories, gwt, integrationStories, task, type CatalogueStory, type FlagStory, type TaskSpec } from "./rules-catalogue.js";
import { storyDraft, taskDraft, type Priority, type StoryDraft } from "./types.js";

/** The build order of a breakdown; a story's phase also sets its priority. */
export const breakdownPhases = ["foundation", "feature", "integration", "compliance", "launch"] as const;
/** Where a story sits in the build order. */
export type BreakdownPhase = (typeof breakdownPhases)[number];

const phasePriority: Readonly<Record<BreakdownPhase, Priority>> = {
  foundation: "high",
  feature: "high",
  integration: "medium",
  compliance: "medium",
  launch: "medium",
};

/**
 * The most pages (or screens) each project type may have (the scope descriptions: static site up to 5 pages,
 * shop 10 pages, simple app 10 pages, complex app 20 pages; a trial builds one piece).
 */
export const pageLimits: Readonly<Record<ProjectType, number>> = Object.freeze({
  trial: 1,
  static: 5,
  ecommerce: 10,
  simple: 10,
  complex: 20,
});

/** A story before it becomes a draft. */
interface StorySpec {
  title: string;
  /** the user story sentence */
  story: string;
  /** the client's own words folded in, one paragraph each */
  context: string[];
  phase: BreakdownPhase;
  source: string;
  tasks: TaskSpec[];
  /** how many pages or screens of the project's page limit it uses */
  pages: number;
  /** key features matching this pattern (and naming nothing more) are folded into this story */
  covers?: RegExp;
}

const MAX_FOLDED_TEXT = 1_500;

/** The client's text, trimmed, on one paragraph and bounded, so one long answer cannot swamp a description. */
const folded = (text: string | undefined): string => {
  const clean = (text ?? "").trim().replace(/\s*\n\s*/g, " ");
  return clean.length > MAX_FOLDED_TEXT ? `${clean.slice(0, MAX_FOLDED_TEXT - 1).trimEnd()}…` : clean;
};

const listOf = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** The first letter in lower case, unless the first word is an acronym or a name in capitals ("AI", "CRM"). */
const lowerFirst = (text: string) => (/^[A-Z](?:[a-z]|\s)/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** Rounds to the 0.5-hour step estimates are given in, never below one step. */
const hoursOf = (value: number) => Math.max(0.5, Math.round(value * 2) / 2);

/** Values of a list in catalogue order first, then any others alphabetically, each once (ignoring case). */
function inCatalogueOrder(values: readonly string[], catalogue: readonly string[]): string[] {
  const seen = new Set<string>();
  const distinct = values
    .map((value) => value.trim())
    .filter((value) => {
      const key = value.toLowerCase();
      if (value === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const known = catalogue.filter((option) => distinct.includes(option));
  const others = distinct.filter((value) => !catalogue.includes(value)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [...known, ...others];
}

/** A user category's singular ("Doctors" → "Doctor", "Businesses" → "Business", "Staff" → "Staff"). */
export function singular(category: string): string {
  const word = category.trim();
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|ch|sh|x)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

const STOP_WORDS = new Set(
  "a an and are as at be by can do does for from has have how i in is it its may must of on or our should so than that the their them then there these they this to we what when where which who will with would you your".split(
    " ",
  ),
);

/** The content words of a text (lower case, 3 letters or more, stop words and trailing plural s dropped). */
const wordsOf = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
      .map((word) => word.replace(/(?<=[a-z]{3})s$/, "")),
  );

// ---------------------------------------------------------------------------------------------------------------
// Foundations: the repository, and the database an application needs.

const APP_TYPES: readonly ProjectType[] = ["ecommerce", "simple", "complex"];

function setupStory(projectType: ProjectType, project: string, customTechStack: boolean): StorySpec {
  const app = APP_TYPES.includes(projectType);
  const tasks: TaskSpec[] =
    projectType === "trial"
      ? [
          {
            title: "Create the trial's working repository",
            description: "A repository with a README explaining how to open or run the trial piece.",
            priority: "high",
            hours: 0.5,
            criteria: [gwt("a fresh clone of the repository", "the client follows the README", "they can open or run the trial piece")],
          },
        ]
      : projectType === "static"
        ? [
            {
              title: "Create the site repository and build",
              description: "A repository holding the site's pages, styles and images, with a one-command build and a preview.",
              priority: "high",
              hours: 1.5,
              criteria: [gwt("a fresh clone of the repository", "the build command runs", "it produces the site's pages and a local preview opens them")],
            },
            {
              title: "Set up the shared layout and styles",
              description: "The header, navigation, footer, colours and type every page shares, responsive from phone to desktop.",
              priority: "high",
              hours: 2,
              criteria: [
                gwt(
                  "any page of the site on a phone and on a desktop",
                  "it opens",
                  "it shows the same header, navigation and footer without horizontal scrolling",
                ),
              ],
            },
          ]
        : [
            task(
              "Create the repository and project skeleton",
              "high",
              1.5,
              "The repository with the project skeleton, a README with setup steps, linting and formatting.",
              ["a fresh clone of the repository", "a developer follows the README", "the project builds and runs locally"],
            ),
            task("Set up continuous integration", "high", 1, "Run install, lint, type checks and tests on every push and pull request.", [
              "a pull request",
              "it is opened or updated",
              "CI runs lint, type checks and tests and reports the result on it",
            ]),
            task(
              "Configure development, staging and production settings",
              "medium",
              1,
              "Configuration and secrets per environment kept out of the code, with an example file listing every setting.",
              ["each environment", "the application starts", "it reads its own configuration and no secret is committed"],
            ),
          ];
  if (app) {
    tasks.push(
      task(
        "Set up the database and migrations",
        "high",
        1.5,
        "The database schema for the stories below, created and changed only through versioned migrations.",
        ["an empty database", "the migrations run", "every table exists and running them again changes nothing"],
      ),
    );
  }
  if (customTechStack) {
    tasks.push({
      ...task("Set up the client's custom tech stack", "high", 2, "Use the languages, frameworks and services the client chose instead of the default stack.", [
        "the client's stack choice",
        "the skeleton is reviewed",
        "it uses exactly the chosen technologies",
      ]),
      source: "extra:customTechStack",
    });
  }
  return {
    title: projectType === "static" ? "Site Setup" : "Project Setup",
    story: `As the delivery team, we want a repository and a repeatable build for ${project} so that every change is built and checked the same way.`,
    context: customTechStack ? ["The client bought the Custom Tech Stack extra: build on the technologies they name."] : [],
    phase: "foundation",
    source: `projectType:${projectType}`,
    tasks,
    pages: 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Content pages.

const contentPages = [
  { key: "homePageContent", title: "Home Page", name: "home page", purpose: "introduces the business at a glance", covers: /\bhome ?page\b|\blanding page\b/i },
  {
    key: "aboutUsContent",
    title: "About Us Page",
    name: "About Us page",
    purpose: "tells the story of the business and its people",
    covers: /\babout( us)?\b/i,
  },
  {
    key: "missionVisionContent",
    title: "Mission and Vision Page",
    name: "mission and vision page",
    purpose: "states what the business stands for",
    covers: /\bmission\b|\bvision\b/i,
  },
  { key: "contactInformation", title: "Contact Page", name: "contact page", purpose: "lets visitors reach the business", covers: /\bcontact\b/i },
] as const satisfies readonly { key: keyof ProjectSpecificFields; title: string; name: string; purpose: string; covers: RegExp }[];

/** The page tasks of a static site (small) or of an application (its pages are screens among many). */
function pageTasks(name: string, text: string, contentBought: boolean): TaskSpec[] {
  return [
    {
      title: `Build the ${name} layout`,
      description: `A responsive layout for the ${name} in the site's design.`,
      priority: "high",
      hours: 2,
      criteria: [gwt("a phone, a tablet and a desktop browser", `the ${name} opens`, "its sections fit the screen without horizontal scrolling")],
    },
    {
      title: `Add the ${name} text and images`,
      description: contentBought
        ? `Place the copy we write for the ${name} (Content Development extra) and its images.`
        : text === ""
          ? `Place the client's text and images on the ${name}; they have not supplied it yet, so ask for it.`
          : `Place the client's text and images on the ${name}: ${text}`,
      priority: "medium",
      hours: 1,
      criteria: [gwt(`the approved text for the ${name}`, "the page is published", "it shows that text word for word with every image in place")],
    },
    {
      title: `Give the ${name} its title and search metadata`,
      description: `A unique title, description and social preview image for the ${name}.`,
      priority: "low",
      hours: 0.5,
      criteria: [gwt("a search engine or a social network", `it reads the ${name}`, "it finds a title, description and preview image no other page has")],
    },
  ];
}

function pageStories(fields: Partial<ProjectSpecificFields>, projectType: ProjectType, contentBought: boolean): StorySpec[] {
  return contentPages.flatMap((page) => {
    const text = folded(fields[page.key]);
    // A site needs a home page; every other page is built because the client gave it content.
    if (text === "" && !(page.key === "homePageContent" && projectType === "static")) return [];
    const tasks = pageTasks(page.name, text, contentBought);
    if (page.key === "contactInformation") {
      tasks.splice(2, 0, {
        title: "Add the contact form",
        description: "A form for name, email and message that sends to the client's inbox, with spam protection.",
        priority: "medium",
        hours: 2,
        criteria: [
          gwt("a visitor who fills in the contact form", "they send it", "the message reaches the client's inbox and the visitor sees a confirmation"),
          gwt("a form with an invalid email address", "it is sent", "it is refused with a message next to the email field"),
        ],
      });
    }
    return [
      {
        title: page.title,
        story: `As a visitor, I want a ${page.name} that ${page.purpose} so that I quickly find what I came for.`,
        context: text === "" ? [] : [`Content from the client: ${text}`],
        phase: "feature" as const,
        source: `page:${page.key}`,
        tasks,
        pages: 1,
        covers: page.covers,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Accounts and payments: each asked for in several ways, each one story.

/** Categories served by the product's public screens rather than a dashboard of their own. */
export const PUBLIC_CATEGORY = /\b(visitors?|guests?|users?|customers?|clients?|shoppers?|buyers?|members?|public)\b/i;

function authStory(input: BreakdownInput, projectType: ProjectType, categories: readonly string[]): StorySpec | null {
  const fields = input.requirements.projectSpecificFields;
  const membership = fields.needsMembershipLogin === true;
  // Several user categories mean roles in an application; on a static site they are audiences, not accounts.
  const roles = categories.length > 1 && APP_TYPES.includes(projectType);
  if (!fields.needsAuthentication && !membership && !roles) return null;
  const tasks: TaskSpec[] = [
    task("Build sign-up and sign-in", "high", 2, "Let users create an account with email and password and sign in, with validation and rate limiting.", [
      "a new visitor",
      "they sign up and then sign in",
      "they reach their account and a wrong password is refused",
    ]),
    task(
      "Add sessions, sign-out and password reset",
      "high",
      1.5,
      "Secure sessions, sign-out, and a forgotten password reset through an expiring email link.",
      ["a user who forgot their password", "they follow the reset link within its validity", "they can set a new password and the link cannot be used again"],
    ),
  ];
  if (roles) {
    tasks.push({
      ...task(
        "Add roles for the user categories",
        "high",
        1.5,
        `Give each user category (${listOf(categories)}) its own permissions, checked on every protected page and API call.`,
        ["a signed-in user of one category", "they open a page meant for another category", "access is refused"],
      ),
      source: "userCategories",
    });
  }
  if (membership) {
    tasks.push({
      ...task("Build the members-only area", "medium", 1.5, "Pages only signed-in members can see, with a prompt to sign in for everyone else.", [
        "a visitor who is not signed in",
        "they open a members-only page",
        "they are asked to sign in and see the page afterwards",
      ]),
      source: "flag:needsMembershipLogin",
    });
  }
  return {
    title: "User Accounts and Sign-in",
    story: "As a user, I want to sign up and sign in securely so that my account and data stay private.",
    context: roles ? [`User categories: ${listOf(categories)}; each gets its own permissions.`] : [],
    phase: "foundation",
    source: fields.needsAuthentication ? "flag:needsAuthentication" : membership ? "flag:needsMembershipLogin" : "userCategories",
    tasks,
    pages: 2,
    covers: /^(user )?(log ?in|sign[- ]?(in|up)|registration|authentication|user accounts?|accounts?|membership)$/i,
  };
}

function paymentsStory(input: BreakdownInput, projectType: ProjectType): StorySpec | null {
  const fields = input.requirements.projectSpecificFields;
  const multiple = fields.needsMultiplePaymentOptions === true;
  if (projectType !== "ecommerce" && !fields.needsPaymentProcessing && !multiple) return null;
  const tasks: TaskSpec[] = [
    task(
      "Integrate the payment gateway",
      "high",
      2.5,
      "Connect a payment provider in test and live mode through its hosted fields, so card data never touches our servers.",
      ["a test card", "a customer pays", "the payment is captured exactly once and the order is marked paid"],
    ),
    task("Build the checkout flow", "high", 2, "The checkout steps: order summary, contact and delivery details, payment and confirmation.", [
      "an order ready to pay",
      "the customer goes through checkout",
      "they see the total before paying and a confirmation after",
    ]),
    task(
      "Handle failed and refunded payments",
      "high",
      1.5,
      "Clear messages for declined payments, reconciliation through the provider's webhooks, and refunds.",
      ["a declined card", "the customer pays", "they see a clear message and no order is confirmed"],
    ),
  ];
  if (multiple) {
    tasks.push({
      ...task("Offer multiple payment methods", "medium", 1.5, "Offer the payment methods the client wants (cards, wallets, bank transfer) at checkout.", [
        "the checkout's payment step",
        "the customer opens it",
        "every configured payment method is offered and completes a test payment",
      ]),
      source: "flag:needsMultiplePaymentOptions",
    });
  }
  return {
    title: "Payment Processing",
    story: "As a customer, I want to pay securely online so that I can complete my order in one go.",
    context: multiple ? ["Customers can choose between several payment methods."] : [],
    phase: "feature",
    source: fields.needsPaymentProcessing ? "flag:needsPaymentProcessing" : multiple ? "flag:needsMultiplePaymentOptions" : `projectType:${projectType}`,
    tasks,
    pages: 2,
    covers: /^(online )?(payments?|checkout|card payments?|billing|pay online)$/i,
  };
}

function productCatalogueStory(projectType: ProjectType): StorySpec | null {
  if (projectType !== "ecommerce") return null;
  return {
    title: "Product Catalogue",
    story: "As a shopper, I want to browse and search the products so that I find what I want to buy.",
    context: [],
    phase: "feature",
    source: "projectType:ecommerce",
    tasks: [
      task("Model products, variants and categories", "high", 1.5, "Products with price, images, variants and categories, editable by the shop owner.", [
        "a product with two sizes",
        "the owner saves it",
        "both sizes are listed with their own price and stock",
      ]),
      task("Build the product list and product pages", "high", 2, "Category listings with paging and a product page with images, price and variants.", [
        "a category with 30 products",
        "a shopper opens it",
        "they can page through all 30 and open each product's page",
      ]),
      task("Add product search and filters", "medium", 1.5, "Search by name and filter by category and price.", [
        "a shopper searching for a product by part of its name",
        "they submit the search",
        "the matching products are listed and the others are not",
      ]),
    ],
    pages: 2,
    covers: /^(product )?(catalogue|catalog|products?|product pages?)$/i,
  };
}

function flagStory(definition: FlagStory, fields: Partial<ProjectSpecificFields>): StorySpec | null {
  if (fields[definition.flag] !== true) return null;
  const details = definition.details ? folded(fields[definition.details]) : "";
  return {
    title: definition.title,
    story: definition.story,
    context: details === "" ? [] : [`Details from the client: ${details}`],
    phase: "feature",
    source: `flag:${definition.flag}`,
    tasks: definition.tasks,
    pages: 1,
    covers: new RegExp(`^(?:${definition.covers.source.replace(/\\b/g, "")})$`, "i"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Key features: the client's own statements.

const VERBS = new Set(
  "add allow analyse analyze approve assign automate book browse build buy calculate call cancel capture chat check collect compare connect create delete display download edit email export filter find generate import invite join list log manage message monitor notify order pay post print publish rate record register remind reply report request reschedule review schedule search see sell send share show sign submit subscribe summarise summarize sync text track transcribe translate update upload verify view vote watch write".split(
    " ",
  ),
);

const INTEGRATION_NAMES =
  /\b(calendly|zoom|stripe|paypal|twilio|slack|hubspot|salesforce|mailchimp|google calendar|google maps|quickbooks|xero|shopify|whatsapp|openai|vonage|sendgrid|zapier)\b/i;

/** What a user does with a feature, as a verb phrase ("book, reschedule and cancel visits", "use a doctor dashboard"). */
function actionOf(feature: string): string {
  const first = feature.split(/[\s,]+/)[0]!.toLowerCase();
  return VERBS.has(first) ? lowerFirst(feature) : `use ${lowerFirst(feature)}`;
}

/** How many separate actions a statement names ("Book, reschedule and cancel" is three). */
function actionCount(feature: string): number {
  const head = feature.split(/\b(?:via|through|with|using|for|in|on|from|by)\b/i)[0] ?? feature;
  return Math.min(4, 1 + (head.match(/,|\band\b|\bor\b/gi)?.length ?? 0));
}

/** The tasks that a statement's words call for, beyond screens, logic and tests. */
function featureExtras(feature: string, title: string, app: boolean, selected: readonly string[]): TaskSpec[] {
  const extras: TaskSpec[] = [];
  const integration = feature.match(INTEGRATION_NAMES)?.[0];
  // A ticked integration has its own story; the feature uses it rather than connecting it a second time.
  if (integration && !selected.some((system) => system.toLowerCase() === integration.toLowerCase())) {
    extras.push({
      title: `${title}: connect ${integration}`,
      description: `Call ${integration}'s API for this feature with the client's account, handling its errors and rate limits.`,
      priority: "high",
      hours: 3,
      criteria: [
        gwt(
          `${integration}'s test account`,
          `the feature is used to ${actionOf(feature)}`,
          `the change is made in ${integration} and shown back in the product`,
        ),
        gwt(`${integration} being unavailable`, "the feature is used", "the user sees that it failed and nothing is half-saved"),
      ],
    });
  }
  if (/\b(notif\w*|remind\w*|alerts?|sms|text messages?|e-?mails? (?:to|when))\b/i.test(feature)) {
    extras.push({
      title: `${title}: notifications`,
      description: "Send the notifications this feature names at the moment it names, once each.",
      priority: "medium",
      hours: 2,
      criteria: [gwt("the event this feature notifies about", "it happens", "the notification is sent once to the right person with the details of the event")],
    });
  }
  if (app && /\b(dashboards?|reports?|charts?|analytics|statistics|overview)\b/i.test(feature)) {
    extras.push({
      title: `${title}: figures and queries`,
      description: "The queries behind the figures and lists this feature shows, fast on a year of data.",
      priority: "medium",
      hours: 3,
      criteria: [gwt("a year of sample data", "the figures load", "they match a hand count of the same data and appear within a second")],
    });
  }
  if (/\b(upload\w*|photos?|images?|documents?|files?|attachments?)\b/i.test(feature) && app) {
    extras.push({
      title: `${title}: file storage`,
      description: "Store the files this feature takes, checking type and size, and serve them only to the people allowed to see them.",
      priority: "medium",
      hours: 2,
      criteria: [
        gwt(
          "a file of the wrong type or too large",
          "it is uploaded",
          "it is refused with the limit stated, and allowed files are shown only to permitted users",
        ),
      ],
    });
  }
  if (/\b(search\w*|filter\w*|sort\w*)\b/i.test(feature) && app) {
    extras.push({
      title: `${title}: search and filters`,
      description: "Search and filters over the records this feature lists.",
      priority: "medium",
      hours: 2,
      criteria: [gwt("records that match and records that do not", "a user searches or filters", "only the matching records are listed")],
    });
  }
  return extras;
}

const withArticle = (noun: string) => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

function featureStory(feature: string, persona: string, app: boolean, selected: readonly string[] = []): StorySpec {
  const title = featureTitle(feature);
  const action = actionOf(feature);
  const actions = actionCount(feature);
  const tasks: TaskSpec[] = app
    ? [
        {
          title: `${title}: data and server logic`,
          description: `The records, rules and API endpoints behind "${feature}", with validation on the server.`,
          priority: "high",
          hours: hoursOf(2.5 + 1.5 * (actions - 1)),
          criteria: [
            gwt(`${withArticle(persona)} allowed to ${action}`, "they send valid data", "it is saved and returned exactly as sent"),
            gwt("invalid or unauthorised data for this feature", "it is sent", "it is refused with a 4xx error naming the problem and nothing is saved"),
          ],
        },
        {
          title: `${title}: screens`,
          description: `The screens where ${withArticle(persona)} can ${action}, with loading, empty and error states.`,
          priority: "high",
          hours: hoursOf(3 + 1.5 * (actions - 1)),
          criteria: [
            gwt(
              `${withArticle(persona)} on a phone and on a desktop`,
              `they ${action}`,
              "each step shows its result on screen and invalid input is explained next to its field",
            ),
          ],
        },
      ]
    : [
        {
          title: `${title}: section and layout`,
          description: `The page section that presents "${feature}", in the site's design.`,
          priority: "high",
          hours: 2,
          criteria: [
            gwt("a visitor on a phone and on a desktop", "they reach this section", `it presents ${lowerFirst(feature)} without horizontal scrolling`),
          ],
        },
      ];
  tasks.push(...featureExtras(feature, title, app, selected));
  if (app) {
    tasks.push({
      title: `${title}: automated tests`,
      description: `Tests for every action of "${feature}", run in CI.`,
      priority: "medium",
      hours: hoursOf(1 + 0.5 * actions),
      criteria: [gwt("the test suite in CI", "it runs", `it exercises ${action.replace(/^use /, "")} including a refused case and passes`)],
    });
  }
  return {
    title,
    story: `As ${withArticle(persona)}, I want to ${action} so that the product does what I need.`,
    context: [`The client's words: "${feature}".`],
    phase: "feature",
    source: "keyFeature",
    tasks,
    pages: 1,
  };
}

/** A feature on a static site past its page limit becomes a section of the home page instead of a page. */
function sectionTask(feature: string): TaskSpec {
  const title = featureTitle(feature);
  return {
    title: `Add a section: ${title}`,
    description: `A section of the home page presenting "${feature}" (the site's page limit is reached, so it is not a page of its own).`,
    priority: "medium",
    hours: 1.5,
    criteria: [gwt("a visitor on the home page", "they scroll to this section", `it presents ${lowerFirst(feature)} and links to any detail`)],
    source: "keyFeature",
  };
}

/** The screens of a user category: its own landing screen, with the navigation of what it may do. */
function categoryStory(category: string): StorySpec {
  const one = singular(category);
  const title = `${one} Dashboard`;
  return {
    title,
    story: `As a ${one.toLowerCase()}, I want my own dashboard so that I see at once what needs my attention.`,
    context: [`"${category}" is a user category of its own, so it gets its own screens.`],
    phase: "feature",
    source: `userCategory:${category}`,
    tasks: [
      {
        title: `Build the ${one.toLowerCase()} dashboard screen`,
        description: `The first screen a ${one.toLowerCase()} sees after signing in: their open items and the actions only they may take.`,
        priority: "high",
        hours: 3,
        criteria: [
          gwt(`a signed-in ${one.toLowerCase()}`, "they open the product", `their dashboard lists their own open items and no one else's`),
          gwt(`a user who is not a ${one.toLowerCase()}`, `they open the ${one.toLowerCase()} dashboard's address`, "access is refused"),
        ],
      },
      {
        title: `Build the ${one.toLowerCase()} navigation and empty states`,
        description: `Navigation showing only what a ${one.toLowerCase()} may do, and helpful empty states.`,
        priority: "medium",
        hours: 1.5,
        criteria: [gwt(`a new ${one.toLowerCase()} with no items yet`, "they open their dashboard", "they see what to do first instead of an empty table")],
      },
    ],
    pages: 1,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Integrations and existing systems.

function integrationStory(system: string, existing: string, projectType: ProjectType): StorySpec {
  const named = system === "Others" ? "Integration with the Client's Other Systems" : `${system} Integration`;
  const source = `integration:${system}`;
  const mentioned = existing !== "" && (system === "Others" || existing.toLowerCase().includes(system.toLowerCase().split(" ")[0]!));
  const context = mentioned ? [`Existing systems named by the client: ${existing}`] : [];
  if (projectType === "static" || projectType === "trial") {
    return {
      title: named,
      story: `As a visitor, I want ${system === "Others" ? "the client's other tools" : system} available on the site so that I can use it without leaving.`,
      context,
      phase: "integration",
      source,
      tasks: [
        {
          title: system === "Others" ? `Embed the client's tools: ${existing || "as they name them"}` : `Embed ${system} on the site`,
          description: `Embed or link ${system === "Others" ? "the client's tools" : system} with the client's account; a static site calls no API of its own.`,
          priority: "medium",
          hours: 1.5,
          criteria: [
            gwt(
              "a visitor on the page with the embed",
              "they use it",
              `it works with the client's ${system === "Others" ? "accounts" : `${system} account`} without leaving the site`,
            ),
          ],
        },
      ],
      pages: 0,
    };
  }
  const known = integrationStories[system];
  if (known) {
    // The client already runs this system: the work is wiring their live account, not setting up a new one.
    const existingTask: TaskSpec[] = mentioned
      ? [
          {
            title: `Connect ${system} to the client's existing ${existing.length > 60 ? "account" : existing}`,
            description: `Use the client's existing ${system} account and data (${existing}) rather than a new one.`,
            priority: "medium",
            hours: 1,
            criteria: [
              gwt(
                `the client's existing ${system} account`,
                "the integration is configured",
                "it reads and writes that account's live data and creates no second account",
              ),
            ],
            source: "existingSystems",
          },
        ]
      : [];
    return { ...known, tasks: [...existingTask, ...known.tasks], context, phase: "integration", source, pages: 0 };
  }
  return {
    title: named,
    story: "As the client, I want the product connected to our other systems so that data flows without manual copying.",
    context: existing === "" ? ["The client has not named the systems yet: confirm them before building."] : context,
    phase: "integration",
    source,
    tasks: [
      {
        title: existing === "" ? "Confirm the systems to connect and their APIs" : `Confirm the data flows with ${existing}`,
        description: "Agree which data flows each way and get API access in test and live mode.",
        priority: "medium",
        hours: 2,
        criteria: [
          gwt("each system to connect", "its data flow is reviewed with the client", "it has an agreed direction, fields and working test credentials"),
        ],
        source: existing === "" ? source : "existingSystems",
      },
      task("Build the integration adapters", "medium", 2, "One adapter per system that reads and writes the agreed data, with retries and logging.", [
        "a record created in the application",
        "the adapter runs",
        "the record appears in the connected system",
      ]),
      task("Test each integration against its sandbox", "medium", 1, "Test each data flow against the systems' sandboxes.", [
        "each system's sandbox",
        "the integration tests run",
        "every agreed data flow passes",
      ]),
    ],
    pages: 0,
  };
}

/** Existing systems named without the Others integration ticked still have to be connected in an application. */
function existingSystemsStory(existing: string): StorySpec {
  return {
    title: "Connect the Client's Existing Systems",
    story: "As the client, I want the product to work with the systems we already use so that nobody types data twice.",
    context: [`Existing systems named by the client: ${existing}`],
    phase: "integration",
    source: "existingSystems",
    tasks: [
      {
        title: `Map the data shared with ${existing.length > 80 ? "the existing systems" : existing}`,
        description: "List the records the product and the existing systems share and which side owns each.",
        priority: "medium",
        hours: 1.5,
        criteria: [gwt("each existing system", "the mapping is reviewed with the client", "every shared record has an owner and a direction")],
      },
      {
        title: "Import or sync the data from the existing systems",
        description: "Import the existing records once, and keep the shared ones in step afterwards.",
        priority: "medium",
        hours: 3,
        criteria: [gwt("a record in an existing system", "the import or sync runs", "it appears once in the product with the same values")],
      },
    ],
    pages: 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Compliance, sized to the product.

/** What each regime asks of a site that keeps no accounts or records, beyond the privacy notice. */
const staticControls: Readonly<Record<string, { title: string; description: string; criterion: string }>> = {
  GDPR: {
    title: "Add GDPR cookie consent",
    description: "Load analytics and other optional scripts only after consent, and remember the choice.",
    criterion: gwt("a first-time visitor", "they decline optional cookies", "no optional cookie or tracker is set and the banner does not return"),
  },
  HIPAA: {
    title: "Keep health information out of the site's forms",
    description: "Forms ask for no health details and say so; enquiries about care go to the clinic's own secure channel.",
    criterion: gwt("a form on the site", "a visitor opens it", "it asks for no health information and points to the secure channel for it"),
  },
  COPPA: {
    title: "Collect no personal data from children under 13",
    description: "No form, tracker or embed on the site collects personal data from children; third-party embeds are checked.",
    criterion: gwt("every form, tracker and embed on the site", "it is audited", "none collects personal data from a child, and the audit is recorded"),
  },
  "PCI DSS": {
    title: "Keep card data off the site",
    description: "Any payment link goes to the provider's hosted page, so no card number ever reaches the site.",
    criterion: gwt(
      "a visitor paying through the site's payment link",
      "they enter their card",
      "they are on the provider's hosted page and the site receives no card data",
    ),
  },
  KYC: {
    title: "State the identity checks in the site's terms",
    description: "Explain which identity checks the business runs, where and why, in the terms and the notice.",
    criterion: gwt("a visitor reading the terms", "they look for identity checks", "they find which checks are made, by whom and why"),
  },
};

/**
 * Compliance on a site that keeps no accounts or records: one privacy notice for every regime (published by the
 * first), and for each regime the control that applies to a site; no data export or deletion to build.
 */
function staticComplianceStory(type: string, notes: string, hasForm: boolean, first: boolean): StorySpec {
  const named = type === "Others" ? "the client's other obligations" : type;
  const control = staticControls[type];
  const tasks: TaskSpec[] = [
    first
      ? {
          title: "Publish the privacy notice page",
          description: `A privacy notice covering ${named}: what the site collects, why, and whom to contact.`,
          priority: "medium",
          hours: 1.5,
          criteria: [gwt("any page of the site", "a visitor follows the footer's privacy link", `they read a notice covering ${named} with a contact address`)],
        }
      : {
          title: `Cover ${named} in the privacy notice`,
          description: `Add what ${named} requires the notice to say.`,
          priority: "medium",
          hours: 0.5,
          criteria: [gwt("the privacy notice", `it is checked against ${named}`, `it has a section on ${named} the client approves`)],
        },
    control
      ? { title: control.title, description: control.description, priority: "medium", hours: 1.5, criteria: [control.criterion] }
      : {
          title: notes === "" ? "Confirm the other obligations with the client" : `Apply the compliance notes to the site: ${notes.slice(0, 100)}`,
          description: "Turn each obligation into a check of the site's pages, forms and embeds.",
          priority: "medium",
          hours: 1,
          criteria: [gwt("each obligation the client named", "the site is checked against it", "the check passes and is recorded")],
        },
  ];
  if (hasForm && type === "GDPR") {
    tasks.push({
      title: "Collect only what the contact form needs under GDPR",
      description: "The form asks only for what a reply needs, states why, and the site keeps no copy.",
      priority: "medium",
      hours: 0.5,
      criteria: [gwt("the contact form", "it is sent", "the data goes only to the client's inbox and the form links to the privacy notice")],
    });
  }
  return {
    title: type === "Others" ? "Other Compliance Requirements" : `${type} Compliance`,
    story: `As a visitor, I want to know how the site treats my data so that I can trust it (${named}).`,
    context: [],
    phase: "compliance",
    source: `compliance:${type}`,
    tasks,
    pages: 0,
  };
}

function complianceStory(type: string, notes: string, projectType: ProjectType, hasForm: boolean, first: boolean): StorySpec {
  const context = notes === "" ? [] : [`The client's compliance notes: ${notes}`];
  if (projectType === "static" || projectType === "trial") return { ...staticComplianceStory(type, notes, hasForm, first), context };
  const known: CatalogueStory | undefined = complianceStories[type];
  if (known) return { ...known, context, phase: "compliance", source: `compliance:${type}`, pages: 0 };
  return {
    title: "Other Compliance Requirements",
    story: "As the client, I want the product to meet our other compliance obligations so that we can operate it lawfully.",
    context: context.length > 0 ? context : ["The client has not described these obligations yet: confirm them before building."],
    phase: "compliance",
    source: `compliance:${type}`,
    tasks: [
      {
        title: notes === "" ? "Turn the client's obligations into a checklist of controls" : `Turn the compliance notes into controls: ${notes.slice(0, 100)}`,
        description: "Agree with the client which rules apply and turn each into a control we can test.",
        priority: "medium",
        hours: 2,
        criteria: [gwt("the client's compliance notes", "the checklist is reviewed", "each rule has a control and the client approves the list")],
      },
      task("Implement and test the agreed controls", "medium", 2, "Build each control on the checklist into the product, with a test for each.", [
        "each control on the checklist",
        "its test runs",
        "it passes and shows the rule is enforced",
      ]),
    ],
    pages: 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Paid extras and the launch.

function contentWritingStory(project: string, pageNames: readonly string[]): StorySpec {
  return {
    title: "Content Writing",
    story: `As the client, I want the copy of ${project} written for me so that it launches with clear, persuasive text.`,
    context: ["The client bought the Content Development extra: we write the content."],
    phase: "feature",
    source: "extra:contentDevelopment",
    tasks: [
      {
        title: "Agree the content plan and tone of voice",
        description: "List every text to write and agree the tone of voice and key messages with the client.",
        priority: "medium",
        hours: 1,
        criteria: [gwt("the content plan", "the client reviews it", "every page has its key messages and the tone is approved")],
      },
      ...pageNames.map<TaskSpec>((name) => ({
        title: `Write the copy for the ${name}`,
        description: `Headings, body text and calls to action for the ${name}, in the agreed tone.`,
        priority: "medium",
        hours: 1,
        criteria: [gwt(`the ${name}'s key messages`, "its copy is delivered", "the client approves it and it is free of spelling mistakes")],
      })),
      ...(pageNames.length === 0
        ? [
            {
              title: "Write the product's interface and help copy",
              description: "Labels, messages, empty states, emails and help text across the product.",
              priority: "medium" as const,
              hours: 4,
              criteria: [gwt("every screen and email", "the copy is reviewed", "no placeholder text is left and the client approves it")],
            },
          ]
        : []),
    ],
    pages: 0,
  };
}

function productionStory(app: boolean): StorySpec {
  const tasks: TaskSpec[] = app
    ? [
        task("Add monitoring, logging and alerts", "medium", 1.5, "Structured logs, error tracking, uptime checks and alerts to the team.", [
          "an unhandled error in production",
          "it happens",
          "the team is alerted with its details",
        ]),
        task("Review security and performance", "medium", 1.5, "Check dependencies, headers, access control and slow queries, and fix the findings.", [
          "the security review",
          "it is completed",
          "no high-severity finding is left open",
        ]),
        task("Set up database backups and a restore drill", "medium", 1, "Automated daily backups with a tested restore.", [
          "last night's backup",
          "a restore is drilled",
          "the data is back within the agreed time",
        ]),
        task("Load test the main journeys", "medium", 1, "Load test the main journeys at the expected peak and fix the bottlenecks.", [
          "the expected peak load",
          "the load test runs",
          "response times stay within the agreed limits",
        ]),
      ]
    : [
        {
          title: "Tune the site's speed and accessibility",
          description: "Compress images, cache assets and fix accessibility findings.",
          priority: "medium",
          hours: 2,
          criteria: [gwt("every page on a mid-range phone", "a Lighthouse audit runs", "performance and accessibility score at least 90")],
        },
        {
          title: "Add security headers and uptime checks",
          description: "HTTPS only, strict security headers, and an uptime check that alerts the team.",
          priority: "medium",
          hours: 1,
          criteria: [
            gwt("the live site", "a header scan runs and the site is taken down for a minute", "the scan reports no missing header and the team is alerted"),
          ],
        },
      ];
  return {
    title: "Production Readiness",
    story: "As the client, I want the product monitored and secured so that it keeps running under real use.",
    context: ["The client bought the Production Ready extra."],
    phase: "launch",
    source: "extra:productionReady",
    tasks,
    pages: 0,
  };
}

function deploymentStory(app: boolean): StorySpec {
  return {
    title: "Deployment to the Client's Host",
    story: "As the client, I want the product deployed to my host so that my customers use it at my own address.",
    context: ["The client bought the Deployment extra."],
    phase: "launch",
    source: "extra:deployment",
    tasks: [
      {
        title: app ? "Script the production build and deployment" : "Script the site's publishing",
        description: "A repeatable build and a scripted deployment, run from CI, with a rollback.",
        priority: "medium",
        hours: app ? 2 : 1,
        criteria: [gwt("a tagged release", "the deployment script runs", "the release is live without manual steps and the previous one can be restored")],
      },
      {
        title: "Configure the client's domain and HTTPS",
        description: "Point the client's domain at the deployment and enable HTTPS with automatic renewal.",
        priority: "medium",
        hours: 1,
        criteria: [gwt("the client's domain", "a browser opens it", "the product loads over HTTPS with a valid certificate")],
      },
    ],
    pages: 0,
  };
}

function hostingStory(app: boolean): StorySpec {
  return {
    title: "Hosting",
    story: "As the client, I want the product hosted and looked after so that I do not run servers myself.",
    context: ["The client bought the Hosting extra."],
    phase: "launch",
    source: "extra:hosting",
    tasks: app
      ? [
          task("Provision the hosting environment as code", "medium", 1, "Servers or platform, database and storage, defined as code.", [
            "the infrastructure definitions",
            "they are applied to a new account",
            "the same environment is created",
          ]),
          task("Back up the hosted database and files off the host", "medium", 1, "Daily backups of the database and uploaded files, kept off the host.", [
            "the nightly backup",
            "it completes",
            "a copy exists outside the host",
          ]),
          task("Report uptime and hosting costs monthly", "low", 0.5, "Uptime checks with alerts and a monthly cost report for the client.", [
            "the end of a month",
            "the report is sent",
            "it shows the month's uptime and hosting costs",
          ]),
        ]
      : [
          {
            title: "Host the site on a CDN",
            description: "Static hosting on a CDN with HTTPS, redeployed on every published change.",
            priority: "medium",
            hours: 1,
            criteria: [gwt("a visitor anywhere", "they open the site", "it loads over HTTPS from the CDN")],
          },
          {
            title: "Report the site's uptime monthly",
            description: "An uptime check with alerts and a monthly report for the client.",
            priority: "low",
            hours: 0.5,
            criteria: [gwt("the end of a month", "the report is sent", "it shows the month's uptime and any incident")],
          },
        ],
    pages: 0,
  };
}

function acceptanceStory(input: BreakdownInput, project: string, projectType: ProjectType, featureCount: number): StorySpec {
  const { targetAudience, stakeholders } = input.requirements;
  const audience = folded(targetAudience);
  const people = folded(stakeholders);
  const walkthrough: TaskSpec = {
    title: people === "" ? "Run the client acceptance walkthrough" : `Run the acceptance walkthrough with ${people.length > 80 ? "the stakeholders" : people}`,
    description: "Walk the client through every task's acceptance criteria and record each as accepted or as a follow-up.",
    priority: "medium",
    hours: projectType === "trial" ? 0.5 : projectType === "static" ? 1 : 2,
    criteria: [
      gwt("the finished build", "each acceptance criterion is checked with the client", "each is recorded as accepted or as a follow-up with an owner"),
    ],
    ...(people === "" ? {} : { source: "stakeholders" }),
  };
  const tasks: TaskSpec[] =
    projectType === "trial"
      ? [walkthrough]
      : projectType === "static"
        ? [
            {
              title: "Check every page across browsers and devices",
              description: "Check each page on current Chrome, Safari and Firefox, on a phone and a desktop, and fix what breaks.",
              priority: "high",
              hours: 1.5,
              criteria: [
                gwt(
                  "each page of the site",
                  "it is opened in Chrome, Safari and Firefox on a phone and a desktop",
                  "it renders fully with no broken link or image",
                ),
              ],
            },
            walkthrough,
          ]
        : [
            {
              title: "Write end-to-end tests for the main journeys",
              description: `Automate the main journeys of ${project} in a browser, running in CI.`,
              priority: "high",
              // A journey per feature, each about an hour to automate, over a base for the harness.
              hours: hoursOf(3 + featureCount),
              criteria: [gwt("the finished build", "the end-to-end suite runs in CI", `each of the ${featureCount} feature journeys passes`)],
            },
            {
              title: "Fix the defects found in testing",
              description: "Triage and fix the defects found by the tests and the reviews, with a regression test for each.",
              priority: "medium",
              hours: hoursOf(2 + featureCount / 2),
              criteria: [gwt("a defect found in testing", "its fix is merged", "a regression test covers it and passes")],
            },
            walkthrough,
            {
              title: "Write the handover documentation",
              description: "How to run, configure and maintain the product, and where its code and accounts live.",
              priority: "low",
              hours: 1,
              criteria: [gwt("a developer new to the project", "they read the handover notes", "they can run and deploy the product without help")],
            },
          ];
  return {
    title: "Testing and Acceptance",
    story: `As the client, I want ${project} tested and walked through with me so that I can accept it with confidence.`,
    context: audience === "" ? [] : [`Test with the target audience in mind: ${audience}`],
    phase: "launch",
    source: "acceptance",
    tasks,
    pages: 0,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Follow-up answers.

const NEGATIVE_ANSWER = /^(no|nope|none|n\/?a|not (needed|required|applicable|sure)|nothing|no preference|don'?t know|skip|-)\.?$/i;
const RULE_WORDS = /\b(must|only|never|always|cannot|can't|required?|should)\b/i;

/** A follow-up answer as a task of the story it is about, or null when it asks for nothing. */
function answerTask(answer: { questionId?: string; question: string; answer: string }, index: number, hours: number): TaskSpec | null {
  const text = folded(answer.answer).replace(/[.!\s]+$/, "");
  const question = folded(answer.question).replace(/\?+$/, "");
  if (text === "" || NEGATIVE_ANSWER.test(text)) return null;
  // "Walkers must pass a background check" stands alone; "Yes, about 30 photos" only makes sense with its question.
  const statement = text.split(/\s+/).length >= 4 && !/^(yes|no|yeah|yep|nope|sure|maybe|about|around|roughly|approximately)\b/i.test(text);
  const title = featureTitle(statement ? text : `${question}: ${text}`);
  const criteria = [
    gwt(`the answer to "${question}"`, "the finished work is demonstrated", statement ? lowerFirst(text) : `it behaves as answered ("${text}")`),
  ];
  if (statement && RULE_WORDS.test(text)) {
    criteria.push(gwt(`a case that breaks the rule "${text}"`, "it is tried", "the product refuses it and says why"));
  }
  return {
    title,
    description: `From the follow-up question "${question}?", answered: ${text}.`,
    priority: "medium",
    hours,
    criteria,
    source: `answer:${answer.questionId ?? `question_${index + 1}`}`,
  };
}

/** The story an answer is about: the most shared words, else the first feature story, else the first story. */
function storyForAnswer(stories: readonly StorySpec[], answer: { question: string; answer: string }): StorySpec {
  const words = wordsOf(`${answer.question} ${answer.answer}`);
  let best: StorySpec | undefined;
  let bestScore = 0;
  for (const story of stories) {
    if (story.phase === "foundation" || story.phase === "launch") continue;
    const storyWords = wordsOf(`${story.title} ${story.story} ${story.context.join(" ")}`);
    let score = 0;
    for (const word of words) if (storyWords.has(word)) score += 1;
    if (score > bestScore) {
      best = story;
      bestScore = score;
    }
  }
  return best ?? stories.find((story) => story.phase === "feature") ?? stories[0]!;
}

// ---------------------------------------------------------------------------------------------------------------

/** Folds a key feature that only names a story's capability ("shopping cart") into that story. */
function foldFeature(story: StorySpec, feature: string): void {
  const note = "Also covers the key feature";
  const existing = story.context.find((paragraph) => paragraph.startsWith(note));
  const paragraph = existing ? `${existing.slice(0, -1)}; "${feature}".` : `${note}: "${feature}".`;
  story.context = existing ? story.context.map((text) => (text === existing ? paragraph : text)) : [...story.context, paragraph];
}

function toDrafts(specs: readonly StorySpec[]): StoryDraft[] {
  return specs.map((spec) => {
    const priority = phasePriority[spec.phase];
    const tasks = spec.tasks.map((taskSpec) =>
      taskDraft(taskSpec.title, taskSpec.description, taskSpec.priority, hoursOf(taskSpec.hours), {
        acceptanceCriteria: taskSpec.criteria,
        source: taskSpec.source ?? spec.source,
      }),
    );
    return storyDraft(spec.title, [spec.story, ...spec.context].join("\n\n"), priority, tasks, spec.source);
  });
}

/**
 * The rules engine's breakdown of a job, in build order:
 * 1. foundations: project setup (plus the database of an application) and, when asked for or when an
 *    application has several user categories, accounts and roles;
 * 2. features: the pages the client gave content for (a static site always has a home page), the product
 *    catalogue and payments of a shop, one story per `needs…` flag, one per key feature statement in the
 *    client's words, and a dashboard per non-public user category of an application not already named by a
 *    feature; written content when the Content Development extra is bought;
 * 3. integrations (the client's existing systems named in their tasks), then compliance (a static site gets a
 *    privacy notice and consent, not data export), then the launch extras and testing and acceptance.
 * Follow-up answers become tasks of the story they are about. A static site past its page limit gets further
 * features as home-page sections. Every task has Given/When/Then criteria, an estimate from its kind of work,
 * and a `source`; stories sum their tasks. A trial gets setup, one feature and acceptance.
 * @param input the job's title, description, scope and requirements
 * @returns the story drafts
 * @throws DomainError INVALID_SCOPE when the scope is not one of the six (only reachable from untyped callers)
 */
export function rulesBreakdown(input: BreakdownInput): StoryDraft[] {
  const title = input.title.trim();
  const project = title === "" ? "the product" : `"${title}"`;
  const projectType = projectTypeOf(input.scope);
  const app = APP_TYPES.includes(projectType);
  const requirements = input.requirements;
  const fields = requirements.projectSpecificFields;
  const extras = requirements.additionalServices;
  const categories = inCatalogueOrder(requirements.userCategories, []);
  // The first category the client named is the product's main user.
  const firstCategory = requirements.userCategories.find((category) => category.trim() !== "");
  const persona = firstCategory ? singular(firstCategory.trim()).toLowerCase() : "user";
  const features = splitKeyFeatures(requirements.keyFeatures);

  const setup = setupStory(projectType, project, extras.customTechStack);
  if (projectType === "trial") {
    const first = features[0] ?? (folded(input.description) || "the agreed trial piece");
    const piece = featureStory(first, persona, false);
    const trialPiece: StorySpec = {
      ...piece,
      tasks: [
        {
          ...piece.tasks[0]!,
          title: `Deliver the trial piece: ${featureTitle(first)}`,
          hours: 2,
          description: `Build or write "${first}" as the agreed trial piece.`,
        },
      ],
    };
    return toDrafts([setup, trialPiece, acceptanceStory(input, project, projectType, 1)]);
  }

  const limit = pageLimits[projectType];
  const foundations = [setup, authStory(input, projectType, categories)].filter((story): story is StorySpec => story !== null);
  const pages = pageStories(fields, projectType, extras.contentDevelopment);
  const [cart, ...otherFlags] = flagStories;
  const capabilities = [
    ...pages,
    productCatalogueStory(projectType),
    cart ? flagStory(cart, fields) : null,
    paymentsStory(input, projectType),
    ...otherFlags.map((definition) => flagStory(definition, fields)),
  ].filter((story): story is StorySpec => story !== null);

  // Key features: a statement that only names a capability already present is folded into it; any other becomes
  // a story of its own (or, on a static site past its page limit, a section of the home page).
  const used = () => [...foundations, ...capabilities].reduce((sum, story) => sum + story.pages, 0);
  const home = pages.find((story) => story.source === "page:homePageContent");
  const featureStories: StorySpec[] = [];
  for (const feature of features) {
    const match = [...foundations, ...capabilities].find(
      (story) => story.covers?.test(feature) === true || story.title.toLowerCase() === feature.toLowerCase(),
    );
    if (match) {
      foldFeature(match, feature);
    } else if (!app && home && used() + featureStories.length >= limit) {
      home.tasks.push(sectionTask(feature));
    } else {
      // The user a feature is for: the category it names ("a doctor dashboard" → doctor), else the main user.
      const named = categories.find((category) => feature.toLowerCase().includes(singular(category).toLowerCase()));
      const featurePersona = named ? singular(named).toLowerCase() : persona;
      featureStories.push(featureStory(feature, featurePersona, app, requirements.integrationSystems));
    }
  }

  // A user category of an application gets its own screens unless a feature already names them.
  const featureText = features.join(" ").toLowerCase();
  const categoryStories =
    app && categories.length > 1
      ? categories.filter((category) => !PUBLIC_CATEGORY.test(category) && !featureText.includes(singular(category).toLowerCase())).map(categoryStory)
      : [];

  const existing = folded(requirements.existingSystems);
  const integrations = inCatalogueOrder(requirements.integrationSystems, integrationOptions).map((system) => integrationStory(system, existing, projectType));
  const namesExisting = integrations.some((story) => story.context.some((text) => text.startsWith("Existing systems")));
  if (app && existing !== "" && !namesExisting) integrations.push(existingSystemsStory(existing));

  const notes = folded(requirements.complianceRequirements);
  const compliance = inCatalogueOrder(requirements.complianceTypes, complianceOptions);
  if (notes !== "" && compliance.length === 0) compliance.push("Others");
  const hasForm = pages.some((story) => story.source === "page:contactInformation");
  const complianceSpecs = compliance.map((type, index) => complianceStory(type, notes, projectType, hasForm, index === 0));

  const pageNames = [
    ...pages.map((story) => story.title.replace(/ Page$/, " page").replace(/^Home page$/, "home page")),
    ...(app ? [] : featureStories.map((story) => `"${story.title}" section`)),
  ];
  const content = extras.contentDevelopment ? [contentWritingStory(project, app ? [] : pageNames)] : [];
  const launch = [
    extras.productionReady ? productionStory(app) : null,
    extras.deployment ? deploymentStory(app) : null,
    extras.hosting ? hostingStory(app) : null,
  ].filter((story): story is StorySpec => story !== null);

  const featureCount = capabilities.length + featureStories.length + categoryStories.length;
  const body = [...foundations, ...capabilities, ...featureStories, ...categoryStories, ...content, ...integrations, ...complianceSpecs];
  requirements.answers.forEach((answer, index) => {
    const answerSpec = answerTask(answer, index, app ? 2 : 1);
    if (!answerSpec) return;
    const target = storyForAnswer(body, answer);
    target.tasks = [...target.tasks, answerSpec];
  });
  return toDrafts([...body, ...launch, acceptanceStory(input, project, projectType, featureCount)]);
}

/**
 * The pages a breakdown uses of its project's page limit, for checks and the benchmark.
 * @param stories the drafts from `rulesBreakdown`
 * @returns the number of page stories (content pages and feature pages of a static site)
 */
export function countPages(stories: readonly StoryDraft[]): number {
  return stories.filter(
    (story) => story.source?.startsWith("page:") || (story.source === "keyFeature" && story.tasks.some((task) => task.title.endsWith(": section and layout"))),
  ).length;
}
