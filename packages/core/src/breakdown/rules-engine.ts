/**
 * The rules engine: the built-in, deterministic breakdown. Every capability the requirements ask for becomes a
 * story with 2-5 tasks, each with a priority, Given/When/Then acceptance criteria and an estimate; the estimates
 * add up to the hours the scope buys (`estimateTargetHours`). It reads no clock and no randomness, and walks the
 * catalogue's own order rather than the input's key order, so the same requirements always give the same stories.
 */
import { complianceOptions, integrationOptions } from "../catalog/options.js";
import type { ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import { projectTypeOf, type ProjectType, type Scope } from "../catalog/scopes.js";
import { withAcceptanceCriteria, type AcceptanceCriterion } from "./acceptance-criteria.js";
import { apportionHours, estimateTargetHours } from "./estimates.js";
import { splitKeyFeatures, type BreakdownInput } from "./input.js";
import { storyDraft, taskDraft, type Priority, type StoryDraft } from "./types.js";

/** A task before estimating: `weight` is its size relative to the other tasks of the breakdown. */
interface TaskSpec {
  title: string;
  description: string;
  priority: Priority;
  weight: number;
  criterion: AcceptanceCriterion;
}

/** A story before estimating. */
interface StorySpec {
  title: string;
  /** the user story sentence */
  story: string;
  /** the client's own words folded in, one paragraph each */
  context: string[];
  priority: Priority;
  criteria: AcceptanceCriterion[];
  tasks: TaskSpec[];
  /** key features matching this pattern are folded into this story instead of becoming a story of their own */
  covers?: RegExp;
}

const MAX_FOLDED_TEXT = 1_500;

/** Scopes whose project is a shop, which always takes payments. */
const SHOP_SCOPES: readonly Scope[] = [199, 500];

const criterion = (given: string, when: string, then: string): AcceptanceCriterion => ({ given, when, then });

const task = (
  title: string,
  priority: Priority,
  weight: number,
  description: string,
  [given, when, then]: [string, string, string],
): TaskSpec => ({ title, priority, weight, description, criterion: criterion(given, when, then) });

/** The client's text, trimmed, on one paragraph and bounded, so one long answer cannot swamp a description. */
const folded = (text: string | undefined): string => {
  const clean = (text ?? "").trim().replace(/\s*\n\s*/g, " ");
  return clean.length > MAX_FOLDED_TEXT ? `${clean.slice(0, MAX_FOLDED_TEXT - 1).trimEnd()}…` : clean;
};

const SMALL_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"]);

/** A key feature as a title: each word capitalised except short joining words; acronyms and brands kept. */
const asTitle = (feature: string): string =>
  feature
    .split(" ")
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word.toLowerCase()) ? word : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(" ");

const listOf = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

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

// ---------------------------------------------------------------------------------------------------------------
// Setup and acceptance: the first and last story of every breakdown.

function setupStory(project: string, customTechStack: boolean, trial: boolean): StorySpec {
  const tasks = trial
    ? [
        task("Create the repository with continuous integration", "high", 1, "Create the repository with a README and a CI run of lint and tests on every push.", [
          "a fresh clone of the repository",
          "a developer follows the README",
          "the project runs locally and CI reports on every push",
        ]),
        task("Configure the environment", "medium", 1, "Keep configuration and secrets out of the code, with an example file.", [
          "the example configuration",
          "the project starts",
          "it reads its settings from the environment and no secret is committed",
        ]),
      ]
    : [
        task(
          "Create the repository and project skeleton",
          "high",
          3,
          "Create the repository with the project skeleton, a README with setup steps, linting and formatting.",
          ["a fresh clone of the repository", "a developer follows the README", "the project builds and runs locally"],
        ),
        task(
          "Set up continuous integration",
          "high",
          3,
          "Run install, lint, type checks and tests on every push and pull request.",
          ["a pull request", "it is opened or updated", "CI runs lint, type checks and tests and reports the result on it"],
        ),
        task(
          "Configure development, staging and production environments",
          "medium",
          2,
          "Keep configuration and secrets per environment out of the code, with an example file listing every setting.",
          ["each environment", "the application starts", "it reads its own configuration and no secret is committed"],
        ),
        ...(customTechStack
          ? [
              task(
                "Set up the client's custom tech stack",
                "high",
                4,
                "Use the languages, frameworks and services the client chose (the Custom Tech Stack extra) instead of the default stack.",
                ["the client's stack choice", "the skeleton is reviewed", "it uses exactly the chosen technologies"],
              ),
            ]
          : []),
      ];
  return {
    title: "Project Setup",
    story: `As the delivery team, we want a repository, continuous integration and separate environments for ${project} so that every change is built, tested and released the same way.`,
    context: customTechStack ? ["The client bought the Custom Tech Stack extra: build on the technologies they name."] : [],
    priority: "high",
    criteria: [
      criterion(
        "a fresh clone of the repository",
        "the setup steps in the README are followed",
        "the project builds and its tests pass locally and in CI",
      ),
    ],
    tasks,
  };
}

function acceptanceStory(input: BreakdownInput, project: string, trial: boolean): StorySpec {
  const { targetAudience, stakeholders } = input.requirements;
  const context = [
    ...(folded(targetAudience) ? [`Target audience: ${folded(targetAudience)}`] : []),
    ...(folded(stakeholders) ? [`Stakeholders to involve in acceptance: ${folded(stakeholders)}`] : []),
  ];
  const tasks = trial
    ? [
        task("Test the trial deliverable", "high", 1, "Check the trial deliverable against its acceptance criteria and fix what fails.", [
          "the trial deliverable",
          "its acceptance criteria are checked",
          "every criterion passes",
        ]),
        task("Review the result with the client", "medium", 1, "Walk the client through the result and record their feedback.", [
          "the finished trial",
          "the client reviews it",
          "their acceptance or feedback is recorded",
        ]),
      ]
    : [
        task(
          "Write end-to-end tests for the main journeys",
          "high",
          4,
          `Automate the main user journeys of ${project} in a browser, running in CI.`,
          ["the finished build", "the end-to-end suite runs in CI", "every main journey passes"],
        ),
        task(
          "Fix the defects found in testing",
          "medium",
          3,
          "Triage and fix the defects found by the tests and the reviews, adding a regression test for each.",
          ["a defect found in testing", "its fix is merged", "a regression test covers it and passes"],
        ),
        task(
          "Run the client acceptance walkthrough",
          "medium",
          2,
          "Walk the client through every story's acceptance criteria on the staging environment and record the outcome.",
          ["the staging environment", "the client checks each story's acceptance criteria", "each criterion is recorded as accepted or as a follow-up"],
        ),
        task(
          "Write the handover documentation",
          "low",
          1,
          "Document how to run, configure and maintain the product, and where its code and accounts live.",
          ["a developer new to the project", "they read the handover notes", "they can run and deploy the product without help"],
        ),
      ];
  return {
    title: "Quality Assurance and Acceptance",
    story: `As the client, I want ${project} tested end to end and walked through with me so that I can accept it with confidence.`,
    context,
    priority: "high",
    criteria: [
      criterion("the finished build", "the client runs the acceptance checklist", "every story's acceptance criteria pass"),
    ],
    tasks,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Content pages of a static site.

const contentPages = [
  {
    key: "homePageContent",
    title: "Home Page",
    purpose: "introduces the business at a glance",
    priority: "high",
    covers: /\bhome ?page\b|\blanding page\b/i,
  },
  {
    key: "aboutUsContent",
    title: "About Us Page",
    purpose: "tells the story of the business and its people",
    priority: "medium",
    covers: /\babout( us)?\b/i,
  },
  {
    key: "missionVisionContent",
    title: "Mission and Vision Page",
    purpose: "states what the business stands for and where it is heading",
    priority: "medium",
    covers: /\bmission\b|\bvision\b/i,
  },
  {
    key: "contactInformation",
    title: "Contact Page",
    purpose: "lets visitors reach the business",
    priority: "medium",
    covers: /\bcontact\b/i,
  },
] as const satisfies readonly {
  key: keyof ProjectSpecificFields;
  title: string;
  purpose: string;
  priority: Priority;
  covers: RegExp;
}[];

function pageStories(fields: Partial<ProjectSpecificFields>, projectType: ProjectType): StorySpec[] {
  return contentPages.flatMap((page) => {
    const text = folded(fields[page.key]);
    if (text === "" && projectType !== "static") return [];
    const name = page.title.toLowerCase().replace("about us", "About Us");
    const tasks = [
      task(`Build the ${name} layout`, page.priority, 3, `Build a responsive layout for the ${name} in the site's design, with the shared header, navigation and footer.`, [
        "a phone, a tablet and a desktop browser",
        `the ${name} opens`,
        "the layout fits the screen without horizontal scrolling",
      ]),
      task(`Add the ${name} content`, "medium", 2, `Place the client's text and images on the ${name}.`, [
        "the client's content",
        `the ${name} is published`,
        "it shows the text exactly as supplied",
      ]),
      ...(page.key === "contactInformation"
        ? [
            task("Add the contact form", "medium", 3, "A form for name, email and message that sends to the client's inbox, with spam protection.", [
              "a visitor who fills in the contact form",
              "they send it",
              "the message reaches the client's inbox and the visitor sees a confirmation",
            ]),
          ]
        : []),
      task(`Polish the ${name} metadata`, "low", 1, `Give the ${name} its own title, description and social preview image.`, [
        "a search engine or a social network",
        `it reads the ${name}`,
        "it finds a unique title, description and preview image",
      ]),
    ];
    return [
      {
        title: page.title,
        story: `As a visitor, I want a ${name} that ${page.purpose} so that I quickly find what I came for.`,
        context: [
          text === ""
            ? "The client has not supplied this page's text yet: use placeholder copy and confirm the final text with them."
            : `Content from the client: ${text}`,
        ],
        priority: page.priority,
        criteria: [criterion("a visitor on any page", `they open the ${name} from the navigation`, "it loads with the agreed content")],
        tasks,
        covers: page.covers,
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Authentication and payments: each asked for in several ways, each one story.

function authStory(input: BreakdownInput): StorySpec | null {
  const fields = input.requirements.projectSpecificFields;
  const categories = inCatalogueOrder(input.requirements.userCategories, []);
  const membership = fields.needsMembershipLogin === true;
  const roles = categories.length > 1;
  if (!fields.needsAuthentication && !membership && !roles) return null;
  const tasks = [
    task("Build sign-up and sign-in", "high", 4, "Let users create an account with email and password and sign in, with validation and rate limiting.", [
      "a new visitor",
      "they sign up and then sign in",
      "they reach their account and a wrong password is refused",
    ]),
    task("Add sessions, sign-out and password reset", "high", 3, "Keep users signed in with secure sessions, let them sign out, and reset a forgotten password through an expiring email link.", [
      "a user who forgot their password",
      "they follow the reset link within its validity",
      "they can set a new password and the link cannot be used again",
    ]),
    ...(roles
      ? [
          task("Add roles for the user categories", "high", 3, `Give each user category (${listOf(categories)}) its own permissions, checked on every protected page and API call.`, [
            "a signed-in user of one category",
            "they open a page meant for another category",
            "access is refused",
          ]),
        ]
      : []),
    ...(membership
      ? [
          task("Build the members-only area", "medium", 3, "Pages and content only signed-in members can see, with a prompt to sign in for everyone else.", [
            "a visitor who is not signed in",
            "they open a members-only page",
            "they are asked to sign in and see the page afterwards",
          ]),
        ]
      : []),
  ];
  const reasons = [
    ...(fields.needsAuthentication ? ["The client asked for user authentication."] : []),
    ...(membership ? ["Customers get a membership login with a members-only area."] : []),
    ...(roles ? [`User categories: ${listOf(categories)}; each gets its own permissions.`] : []),
  ];
  return {
    title: "User Authentication",
    story: "As a user, I want to sign up and sign in securely so that my account and data stay private.",
    context: [reasons.join(" ")],
    priority: "high",
    criteria: [criterion("a registered user", "they sign in with the right password", "they reach their own account and no one else's")],
    tasks,
    covers: /\blog ?in\b|\bsign[- ]?(in|up)\b|\bregistration\b|\bauthentication\b|\buser accounts?\b|\bmembership\b/i,
  };
}

function paymentsStory(input: BreakdownInput): StorySpec | null {
  const fields = input.requirements.projectSpecificFields;
  const multiple = fields.needsMultiplePaymentOptions === true;
  if (!SHOP_SCOPES.includes(input.scope) && !fields.needsPaymentProcessing && !multiple) return null;
  return {
    title: "Payment Processing",
    story: "As a customer, I want to pay securely online so that I can complete my order in one go.",
    context: multiple ? ["Customers can choose between several payment methods."] : [],
    priority: "high",
    criteria: [criterion("an order ready to pay", "the customer pays with a valid card", "the payment is captured once and the order is confirmed")],
    tasks: [
      task("Integrate the payment gateway", "high", 5, "Connect a payment provider in test and live mode through its hosted fields, so card data never touches our servers.", [
        "a test card",
        "a customer pays",
        "the payment is captured exactly once and the order is marked paid",
      ]),
      task("Build the checkout flow", "high", 4, "The checkout steps: order summary, contact and delivery details, payment and confirmation.", [
        "an order ready to pay",
        "the customer goes through checkout",
        "they see the total before paying and a confirmation after",
      ]),
      task("Handle failed and refunded payments", "high", 3, "Show clear messages for declined or failed payments, reconcile them through the provider's webhooks and support refunds.", [
        "a declined card",
        "the customer pays",
        "they see a clear message and no order is confirmed",
      ]),
      ...(multiple
        ? [
            task("Offer multiple payment methods", "medium", 3, "Offer the payment methods the client wants (cards, wallets, bank transfer) at checkout.", [
              "the checkout's payment step",
              "the customer opens it",
              "every configured payment method is offered and completes a test payment",
            ]),
          ]
        : []),
      task("Send payment receipts", "low", 1, "Email the customer a receipt for every successful payment and refund.", [
        "a successful payment",
        "it is confirmed by the provider",
        "the customer receives a receipt by email",
      ]),
    ],
    covers: /\bpayments?\b|\bcheckout\b|\bcredit cards?\b|\bcard\b|\bbilling\b|\bpay\b/i,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The other `needs…` flags, one story each, in the catalogue's order.

type OtherFlag = Exclude<
  keyof ProjectSpecificFields,
  | (typeof contentPages)[number]["key"]
  | "needsAuthentication"
  | "needsMembershipLogin"
  | "needsPaymentProcessing"
  | "needsMultiplePaymentOptions"
  | "workflowDetails"
  | "automationLogic"
>;

interface FlagStory {
  flag: OtherFlag;
  /** the free-text field that details the flag, folded into the story */
  details?: "workflowDetails" | "automationLogic";
  title: string;
  story: string;
  criteria: AcceptanceCriterion[];
  tasks: TaskSpec[];
  covers: RegExp;
}

const flagStories: readonly FlagStory[] = [
  {
    flag: "needsShoppingCart",
    title: "Shopping Cart",
    story: "As a shopper, I want to collect products in a cart so that I can buy several at once.",
    criteria: [criterion("a shopper browsing products", "they add products to the cart", "the cart shows every product with its quantity and the total")],
    tasks: [
      task("Build the cart model and storage", "high", 4, "Store cart lines with product, quantity and price, merging repeated products into one line.", [
        "a shopper who adds the same product twice",
        "they open the cart",
        "it shows one line with quantity 2",
      ]),
      task("Build the cart page", "high", 3, "Let shoppers change quantities, remove items and see the subtotal, then go to checkout.", [
        "a cart with two products",
        "the shopper removes one",
        "the cart and its total update at once",
      ]),
      task("Keep the cart across visits", "medium", 2, "Keep the cart when the shopper leaves and returns, and merge it into their account when they sign in.", [
        "a shopper with items in the cart",
        "they come back later on the same device",
        "their cart is still there",
      ]),
      task("Polish the mini-cart and empty state", "low", 1, "A cart icon with the item count everywhere and a helpful empty cart page.", [
        "an empty cart",
        "the shopper opens it",
        "they see a friendly message and a link back to the products",
      ]),
    ],
    covers: /\b(shopping )?(cart|basket)\b/i,
  },
  {
    flag: "needsInventoryManagement",
    title: "Inventory Management",
    story: "As the shop owner, I want stock levels tracked so that I never sell what I do not have.",
    criteria: [criterion("a product with 3 in stock", "3 are sold", "the product shows as out of stock and cannot be ordered")],
    tasks: [
      task("Track stock per product", "high", 4, "Keep a stock count per product (and variant), decreased by each paid order and restored by cancellations.", [
        "a product with 3 in stock",
        "3 are sold",
        "it shows as out of stock",
      ]),
      task("Build the stock admin screen", "medium", 3, "Let the owner see and adjust stock levels, with a history of changes.", [
        "the shop owner",
        "they correct a product's stock",
        "the new level is shown and the change is logged",
      ]),
      task("Alert on low stock", "low", 2, "Notify the owner when a product falls below its reorder level.", [
        "a product with a reorder level of 5",
        "its stock drops to 4",
        "the owner is notified",
      ]),
    ],
    covers: /\binventory\b|\bstock\b/i,
  },
  {
    flag: "needsSimpleWorkflow",
    details: "workflowDetails",
    title: "Simple Workflow",
    story: "As a user, I want the workflow run inside the application so that work moves on without manual hand-offs.",
    criteria: [criterion("an item at the first step of the workflow", "each step is completed", "it moves through every step to done")],
    tasks: [
      task("Model the workflow steps and states", "high", 3, "Define the steps, their order and who acts at each, as the client described.", [
        "the client's workflow description",
        "the model is reviewed with them",
        "every step and transition they named is present",
      ]),
      task("Build the workflow screens", "high", 4, "Screens to start an item, see where it stands and complete the current step.", [
        "an item waiting at a step",
        "the responsible user completes it",
        "it moves to the next step",
      ]),
      task("Notify users when a step needs them", "medium", 2, "Tell the responsible user by email or in the app when an item reaches their step.", [
        "an item reaching a user's step",
        "the previous step is completed",
        "that user is notified",
      ]),
    ],
    covers: /\bworkflows?\b/i,
  },
  {
    flag: "needsSimpleAI",
    title: "Simple AI Features",
    story: "As a user, I want AI assistance where it saves me time so that I get results faster.",
    criteria: [criterion("a user on a screen with an AI feature", "they ask it for help", "they get a useful answer within a few seconds")],
    tasks: [
      task("Integrate the AI model", "high", 4, "Call a language model through a configurable provider, model and key, with prompts kept in one place.", [
        "valid AI settings",
        "the feature is used",
        "the model's answer is shown to the user",
      ]),
      task("Build the AI feature screens", "high", 3, "The inputs, results and loading states of the AI features the client asked for.", [
        "a user",
        "they run an AI feature",
        "they see progress and then the result",
      ]),
      task("Handle AI errors and limits", "medium", 2, "Time out slow answers, show a helpful message on failure, and cap usage per user.", [
        "the AI provider failing or timing out",
        "a user runs the feature",
        "they see a helpful message instead of an error page",
      ]),
    ],
    covers: /\bai\b|\bartificial intelligence\b|\bmachine learning\b/i,
  },
  {
    flag: "needsChatbot",
    title: "Chatbot",
    story: "As a visitor, I want to ask a chatbot my questions so that I get answers at any time.",
    criteria: [criterion("a visitor with a common question", "they ask the chatbot", "it answers from the site's own information")],
    tasks: [
      task("Build the chat widget", "high", 3, "A chat window on every page with message history, typing indicator and mobile layout.", [
        "a visitor on any page",
        "they open the chat",
        "they can type a question and see the answer in the window",
      ]),
      task("Connect the chatbot to the AI model and the site's knowledge", "high", 4, "Answer from the client's content (FAQ, pages, products) through a language model, staying on topic.", [
        "a question covered by the site's content",
        "the visitor asks it",
        "the answer matches that content",
      ]),
      task("Hand over to a human", "medium", 2, "When the bot cannot help, collect the visitor's contact details and notify the client.", [
        "a question the bot cannot answer",
        "the visitor asks for a person",
        "their details reach the client",
      ]),
    ],
    covers: /\bchat ?bots?\b|\bvirtual assistant\b/i,
  },
  {
    flag: "needsDynamicContent",
    title: "Dynamic Content Management",
    story: "As the site owner, I want to edit content without a developer so that the site stays current.",
    criteria: [criterion("the site owner", "they publish a content change in the admin", "visitors see it without a new deployment")],
    tasks: [
      task("Model the content types", "high", 3, "Define the content types, their fields and their relations as the requirements describe.", [
        "the content types agreed with the client",
        "the model is built",
        "every agreed field can be stored",
      ]),
      task("Build the content admin screens", "high", 4, "Let the owner create, edit, preview and publish content.", [
        "a draft",
        "the owner publishes it",
        "it appears on the site",
      ]),
      task("Render pages from content", "medium", 3, "Build the pages from stored content, with caching that clears on publish.", [
        "a published change",
        "a visitor reloads the page",
        "they see the new content",
      ]),
    ],
    covers: /\bcms\b|\bdynamic content\b|\bcontent management\b|\bblog\b/i,
  },
  {
    flag: "needsNLP",
    title: "Natural Language Processing",
    story: "As a user, I want the application to understand free text so that I can work in my own words.",
    criteria: [criterion("the agreed test set of texts", "the NLP pipeline processes them", "its results meet the accuracy agreed with the client")],
    tasks: [
      task("Define the language tasks and a test set", "high", 3, "Agree with the client what the text processing must do (classify, extract, summarise) and collect examples with expected results.", [
        "the client's examples",
        "the test set is reviewed",
        "each example has an agreed expected result",
      ]),
      task("Implement the NLP pipeline", "high", 5, "Process text with a language model or NLP library, returning structured results to the application.", [
        "a text from the test set",
        "the pipeline processes it",
        "it returns the structured result the application expects",
      ]),
      task("Measure and tune accuracy", "medium", 3, "Run the test set automatically, report accuracy and tune prompts or models until the target is met.", [
        "the automated evaluation",
        "it runs in CI",
        "it reports accuracy at or above the agreed target",
      ]),
    ],
    covers: /\bnlp\b|\bnatural language\b|\btext analysis\b|\bsentiment\b/i,
  },
  {
    flag: "needsContentGeneration",
    title: "AI Content Generation",
    story: "As a user, I want the application to draft content for me so that I spend my time reviewing, not writing.",
    criteria: [criterion("a user with a content brief", "they generate content", "they get an editable draft that follows the brief")],
    tasks: [
      task("Design the prompts and templates", "high", 3, "Write prompt templates per content type with tone, length and brand rules from the client.", [
        "each content type",
        "a sample is generated",
        "it follows the agreed tone and length",
      ]),
      task("Build generation with review and editing", "high", 5, "Generate drafts, let users edit, regenerate and approve them before use.", [
        "a generated draft",
        "the user edits and approves it",
        "the approved version is saved",
      ]),
      task("Add moderation and usage limits", "medium", 2, "Filter unsafe output and cap generations per user.", [
        "a request for unsafe content",
        "it is generated",
        "the output is blocked with an explanation",
      ]),
    ],
    covers: /\bcontent generation\b|\bgenerat(e|es|ed|ing) (content|text|copy|posts?|articles?)\b/i,
  },
  {
    flag: "needsAIVoice",
    title: "AI Voice",
    story: "As a user, I want to talk to the application and hear its answers so that I can use it hands-free.",
    criteria: [criterion("a user with a microphone", "they speak a request", "the application answers aloud")],
    tasks: [
      task("Integrate speech-to-text", "high", 4, "Transcribe the user's speech through a speech recognition service.", [
        "a clear spoken sentence",
        "it is transcribed",
        "the text matches what was said",
      ]),
      task("Integrate text-to-speech", "high", 4, "Speak the application's answers with a natural voice chosen with the client.", [
        "an answer from the application",
        "it is played",
        "the user hears it in the chosen voice",
      ]),
      task("Build the voice interaction screens", "medium", 3, "Push-to-talk control, live transcript and playback controls, with permission prompts.", [
        "a first-time user",
        "they press the talk button",
        "they are asked for microphone access and then see the live transcript",
      ]),
    ],
    covers: /\bvoice\b|\bspeech\b/i,
  },
  {
    flag: "needsComplexWorkflow",
    title: "Complex Workflow",
    story: "As a team member, I want multi-step work with branches, roles and approvals handled by the application so that nothing falls through the cracks.",
    criteria: [criterion("an item needing approval", "the approver rejects it", "it returns to the previous step with their reason")],
    tasks: [
      task("Model the workflow as a state machine", "high", 5, "Define states, transitions, branches and the role allowed to make each transition.", [
        "a transition the user's role may not make",
        "they attempt it",
        "it is refused",
      ]),
      task("Implement approvals and branching", "high", 5, "Approvals, rejections with reasons, and conditional branches between steps.", [
        "an item needing approval",
        "the approver approves it",
        "it moves to the next step of its branch",
      ]),
      task("Build the workflow dashboard", "medium", 4, "Show every item with its state, owner and age, filterable by state and role.", [
        "items in several states",
        "a manager opens the dashboard",
        "they see each item's state, owner and age",
      ]),
      task("Audit every transition", "medium", 2, "Record who moved each item, when and why.", [
        "an item that moved through several steps",
        "its history is opened",
        "every transition shows who, when and why",
      ]),
    ],
    covers: /\bworkflows?\b|\bapprovals?\b/i,
  },
  {
    flag: "needsAutomation",
    details: "automationLogic",
    title: "Automation",
    story: "As a user, I want routine steps to run by themselves so that I spend time only on decisions.",
    criteria: [criterion("an automation's trigger", "it occurs", "the automation's actions run once and are logged")],
    tasks: [
      task("Define the triggers and actions", "high", 3, "List each automation's trigger, conditions and actions with the client.", [
        "the client's automation logic",
        "the definitions are reviewed",
        "every automation has a trigger, conditions and actions",
      ]),
      task("Implement the automation runner", "high", 5, "Run automations on events and schedules in a background worker, exactly once per trigger.", [
        "a trigger that fires twice for the same event",
        "the runner processes it",
        "the actions run only once",
      ]),
      task("Log and retry failed automations", "medium", 2, "Record every run, retry failures with backoff and alert after the last attempt.", [
        "an action that fails",
        "the retries are exhausted",
        "the failure is logged and an alert is sent",
      ]),
    ],
    covers: /\bautomat(e|es|ed|ion|ions)\b/i,
  },
  {
    flag: "needsTaskManagement",
    title: "Task Management",
    story: "As a team member, I want to create, assign and track tasks so that everyone knows what to do next.",
    criteria: [criterion("a task assigned to a team member", "they mark it done", "everyone sees it as done")],
    tasks: [
      task("Build task lists and boards", "high", 4, "Create, edit and move tasks between statuses in a list and a board view.", [
        "a task in To do",
        "it is dragged to In progress",
        "its status changes for everyone",
      ]),
      task("Assign tasks with due dates", "high", 3, "Assign tasks to people with due dates and show each person their own tasks.", [
        "a task assigned with a due date",
        "the assignee opens their tasks",
        "they see it with its due date",
      ]),
      task("Notify assignees of changes", "medium", 2, "Notify people when they are assigned, when a task changes and when it becomes overdue.", [
        "a task that becomes overdue",
        "its due date passes",
        "the assignee is notified",
      ]),
    ],
    covers: /\btasks? (management|tracking|lists?|boards?)\b|\bto-?do lists?\b/i,
  },
];

function flagStory(definition: FlagStory, fields: Partial<ProjectSpecificFields>): StorySpec | null {
  if (fields[definition.flag] !== true) return null;
  const details = definition.details ? folded(fields[definition.details]) : "";
  return {
    title: definition.title,
    story: definition.story,
    context: details === "" ? [] : [`Details from the client: ${details}`],
    priority: "high",
    criteria: definition.criteria,
    tasks: definition.tasks,
    covers: definition.covers,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Key features.

function featureStory(feature: string, project: string): StorySpec {
  const title = asTitle(feature);
  // Named as "the … feature" so any phrasing the client used reads as a name inside a sentence.
  const name = `the ${title} feature`;
  return {
    title,
    story: `As a user of ${project}, I want ${name} so that the product meets the need the client described.`,
    context: [`Requested by the client as a key feature: "${feature}".`],
    priority: "medium",
    criteria: [criterion(`a user of ${project}`, `they use ${name}`, "it works as the requirements describe")],
    tasks: [
      task(`Design ${name}`, "medium", 2, `Agree the data, screens and rules of ${name} with the client from the requirements.`, [
        `the design of ${name}`,
        "the client reviews it",
        "they approve its screens and rules",
      ]),
      task(`Build ${name}`, "medium", 5, `Implement the data, logic and screens of ${name}.`, [
        "a user",
        `they use ${name} as designed`,
        "it gives the agreed result",
      ]),
      task(`Test ${name}`, "medium", 2, `Cover ${name} with automated tests, including invalid input and edge cases.`, [
        "the test suite",
        "it runs in CI",
        `the tests of ${name} pass`,
      ]),
      task(`Polish ${name}`, "low", 1, `Refine the copy, empty states and accessibility of ${name}.`, [
        "a keyboard-only user",
        `they use ${name}`,
        "every control is reachable and labelled",
      ]),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Integrations.

const integrationStories: Readonly<Record<string, Omit<StorySpec, "context" | "priority">>> = {
  Calendly: {
    title: "Calendly Integration",
    story: "As a visitor, I want to book a time through Calendly without leaving the site so that arranging a meeting takes a minute.",
    criteria: [criterion("a visitor on the booking page", "they book a free slot", "the booking appears in the client's Calendly and the application")],
    tasks: [
      task("Embed Calendly scheduling", "medium", 2, "Embed the client's Calendly event types where visitors book, pre-filling known details.", [
        "a signed-in visitor",
        "they open the booking widget",
        "their name and email are pre-filled",
      ]),
      task("Sync bookings through Calendly webhooks", "medium", 3, "Receive booking, cancellation and reschedule webhooks, verify their signature and update the application.", [
        "a booking cancelled in Calendly",
        "the webhook arrives",
        "the application shows it as cancelled",
      ]),
      task("Test the booking journey", "medium", 1, "Test booking, rescheduling and cancelling end to end against a Calendly test account.", [
        "a Calendly test account",
        "the booking tests run",
        "booking, rescheduling and cancelling all pass",
      ]),
    ],
    covers: /\bcalendly\b|\bscheduling\b|\bappointments?\b/i,
  },
  Zoom: {
    title: "Zoom Integration",
    story: "As a user, I want meetings created in Zoom for me so that every session has a working link.",
    criteria: [criterion("a scheduled session", "it is confirmed", "a Zoom meeting exists and both sides have the link")],
    tasks: [
      task("Connect the Zoom account", "medium", 2, "Authorize the application with Zoom (OAuth or server-to-server app) and store the credentials securely.", [
        "the client's Zoom account",
        "the application is authorized",
        "it can call the Zoom API",
      ]),
      task("Create Zoom meetings through the API", "medium", 3, "Create, update and cancel meetings as sessions are booked, moved or cancelled.", [
        "a session moved to another time",
        "the change is saved",
        "the Zoom meeting moves with it",
      ]),
      task("Send meeting links to participants", "medium", 2, "Email the join link to every participant and show it in the application.", [
        "a confirmed session",
        "the participants check their email",
        "each has the join link",
      ]),
    ],
    covers: /\bzoom\b|\bvideo (calls?|meetings?|conferenc\w*)\b/i,
  },
  "Email Systems": {
    title: "Email Systems Integration",
    story: "As a user, I want timely emails from the application so that I know what happened without checking.",
    criteria: [criterion("an event that sends email", "it happens", "the right recipient gets a branded email within a minute")],
    tasks: [
      task("Connect the email provider", "medium", 2, "Send through the client's email service (SMTP or API) with SPF, DKIM and DMARC set up for their domain.", [
        "the client's sending domain",
        "a test email is sent",
        "it arrives in the inbox, not in spam",
      ]),
      task("Build the transactional email templates", "medium", 3, "Branded HTML and text templates for each email the application sends.", [
        "each email event",
        "its template is rendered",
        "it shows the right details in the client's branding",
      ]),
      task("Track delivery and bounces", "low", 1, "Record delivery, bounces and complaints, and stop sending to bounced addresses.", [
        "an address that bounced",
        "another email is due",
        "it is not sent and the bounce is visible",
      ]),
    ],
    covers: /\be-?mails?\b|\bnewsletters?\b/i,
  },
  "CRM Software": {
    title: "CRM Software Integration",
    story: "As the client's sales team, we want contacts and leads synced with our CRM so that nobody types them twice.",
    criteria: [criterion("a new sign-up or enquiry", "it is saved", "a matching contact appears in the CRM")],
    tasks: [
      task("Connect to the CRM's API", "medium", 3, "Authorize with the client's CRM and map its fields to the application's data.", [
        "the client's CRM account",
        "the connection is tested",
        "the application can read and write contacts",
      ]),
      task("Sync contacts and leads", "medium", 3, "Push new contacts and leads to the CRM and pull updates back, without duplicates.", [
        "a contact changed in the CRM",
        "the next sync runs",
        "the application shows the change and no duplicate exists",
      ]),
      task("Handle sync failures", "medium", 2, "Retry failed syncs, log conflicts and show the sync state to admins.", [
        "the CRM being unavailable",
        "a sync runs",
        "it is retried later and the failure is visible to admins",
      ]),
    ],
    covers: /\bcrm\b|\bleads?\b|\bsalesforce\b|\bhubspot\b/i,
  },
};

function integrationStory(system: string, existingSystems: string): StorySpec {
  const known = integrationStories[system];
  if (known) return { ...known, context: [], priority: "medium" };
  const named = system === "Others" ? "Other System Integrations" : `${system} Integration`;
  const systems = folded(existingSystems);
  return {
    title: named,
    story: `As the client, I want ${system === "Others" ? "the product connected to our other systems" : `the product connected to ${system}`} so that data flows without manual copying.`,
    context: systems === "" ? ["The client has not named the systems yet: confirm them before building."] : [`Existing systems: ${systems}`],
    priority: "medium",
    criteria: [criterion("data changed in one system", "the integration runs", "the other system shows the same data")],
    tasks: [
      task("Confirm the systems and their APIs", "medium", 2, "Agree with the client which systems to connect, what data flows each way, and get API access.", [
        "the list of systems",
        "it is reviewed with the client",
        "each system has an agreed data flow and working API credentials",
      ]),
      task("Build the integration adapters", "medium", 4, "One adapter per system that reads and writes the agreed data, with retries and logging.", [
        "a record created in the application",
        "the adapter runs",
        "the record appears in the connected system",
      ]),
      task("Test the integrations end to end", "medium", 2, "Test each data flow against the systems' sandboxes.", [
        "each system's sandbox",
        "the integration tests run",
        "every agreed data flow passes",
      ]),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Compliance.

const complianceStories: Readonly<Record<string, Omit<StorySpec, "context" | "priority">>> = {
  GDPR: {
    title: "GDPR Compliance",
    story: "As a user in the EU, I want control over my personal data so that my privacy rights are respected.",
    criteria: [criterion("a user who asks for their data to be deleted", "the request is processed", "their personal data is erased and they are told")],
    tasks: [
      task("Add consent and a privacy notice", "high", 2, "Ask for consent before optional cookies and marketing, and publish a privacy notice.", [
        "a first-time visitor",
        "they decline optional cookies",
        "no optional cookie or tracker is set",
      ]),
      task("Let users export and delete their data", "high", 3, "Self-service export of a user's personal data and account deletion that erases it.", [
        "a signed-in user",
        "they request an export",
        "they receive all their personal data in a machine-readable file",
      ]),
      task("Record processing and retention rules", "medium", 2, "Document what personal data is kept, why and for how long, and purge it when the period ends.", [
        "personal data past its retention period",
        "the purge job runs",
        "the data is deleted",
      ]),
    ],
  },
  HIPAA: {
    title: "HIPAA Compliance",
    story: "As a patient, I want my health information protected so that only the people treating me can see it.",
    criteria: [criterion("a user without a treatment relationship", "they try to open a patient record", "access is refused and logged")],
    tasks: [
      task("Encrypt health data at rest and in transit", "high", 3, "Encrypt protected health information in the database, backups and files, and serve everything over TLS.", [
        "a database backup",
        "it is inspected without the key",
        "no health information is readable",
      ]),
      task("Log access to health records", "high", 3, "Record every read and change of protected health information with who, what and when.", [
        "a clinician opening a record",
        "the audit log is checked",
        "the access is listed with who and when",
      ]),
      task("Restrict access by role", "high", 2, "Least-privilege roles for health data, automatic sign-out after inactivity.", [
        "an idle session",
        "the inactivity limit passes",
        "the user is signed out",
      ]),
    ],
  },
  COPPA: {
    title: "COPPA Compliance",
    story: "As a parent, I want to approve what my child under 13 shares so that their privacy is protected.",
    criteria: [criterion("a child under 13 signing up", "no parent has consented", "no personal data is collected beyond what consent requires")],
    tasks: [
      task("Add age screening", "high", 2, "Ask for age neutrally at sign-up and route children under 13 to the parental consent flow.", [
        "a visitor who states an age under 13",
        "they sign up",
        "they are routed to parental consent",
      ]),
      task("Collect verifiable parental consent", "high", 3, "Email the parent, verify consent with an approved method and let them review or delete their child's data.", [
        "a parent who received the consent email",
        "they approve",
        "the child's account is activated",
      ]),
      task("Limit data collected from children", "high", 2, "Collect only what the feature needs from children and disable behavioural advertising for them.", [
        "a child's account",
        "they use the product",
        "no data beyond the agreed minimum is stored",
      ]),
    ],
  },
  "PCI DSS": {
    title: "PCI DSS Compliance",
    story: "As a customer, I want my card details handled to PCI DSS standards so that they cannot leak.",
    criteria: [criterion("a card payment", "the application's database and logs are inspected", "no card number is stored anywhere")],
    tasks: [
      task("Keep card data out of our systems", "high", 2, "Take card details only through the payment provider's hosted fields or page, so card numbers never reach our servers.", [
        "a card payment",
        "the server logs are checked",
        "no card number appears",
      ]),
      task("Harden the payment pages", "high", 2, "Serve payment pages over TLS with a strict content security policy and no unreviewed third-party scripts.", [
        "the checkout page",
        "its headers are checked",
        "a strict content security policy is present",
      ]),
      task("Complete the PCI self-assessment", "medium", 2, "Fill in the provider's self-assessment questionnaire (SAQ A) with the client and keep the evidence.", [
        "the self-assessment questionnaire",
        "it is completed",
        "every requirement is answered with evidence",
      ]),
    ],
  },
  KYC: {
    title: "KYC Verification",
    story: "As the client, I want every customer's identity verified so that we meet know-your-customer rules.",
    criteria: [criterion("an unverified customer", "they try a restricted action", "they are asked to verify their identity first")],
    tasks: [
      task("Integrate an identity verification provider", "high", 4, "Verify ID documents and liveness through a KYC provider and store only the result and reference.", [
        "a customer with a valid ID",
        "they complete verification",
        "their account is marked verified",
      ]),
      task("Gate features until verification passes", "high", 2, "Block the restricted actions for unverified or rejected customers.", [
        "a customer whose verification was rejected",
        "they try a restricted action",
        "it is refused with the reason",
      ]),
      task("Keep verification records", "medium", 2, "Store verification outcomes securely for the retention period the rules require.", [
        "a completed verification",
        "an auditor asks for it",
        "its outcome, date and provider reference can be shown",
      ]),
    ],
  },
};

function complianceStory(type: string, notes: string): StorySpec {
  const known = complianceStories[type];
  const context = notes === "" ? [] : [`The client's compliance notes: ${notes}`];
  if (known) return { ...known, context, priority: "high" };
  const named = type === "Others" ? "Other Compliance Requirements" : `${type} Compliance`;
  return {
    title: named,
    story: `As the client, I want the product to meet ${type === "Others" ? "our other compliance obligations" : type} so that we can operate it lawfully.`,
    context: context.length > 0 ? context : ["The client has not described these obligations yet: confirm them before building."],
    priority: "high",
    criteria: [criterion("the agreed compliance checklist", "the product is reviewed against it", "every item is met and evidenced")],
    tasks: [
      task("Confirm the compliance obligations", "high", 2, "Agree with the client which rules apply and turn them into a checklist of controls.", [
        "the client's compliance notes",
        "the checklist is reviewed",
        "the client approves it",
      ]),
      task("Implement the required controls", "high", 4, "Build the controls on the checklist into the product.", [
        "each control on the checklist",
        "it is tested",
        "it works as the rule requires",
      ]),
      task("Document the compliance evidence", "medium", 2, "Collect evidence for each control so the client can show an auditor.", [
        "an auditor's request",
        "the evidence is shown",
        "each control has its evidence",
      ]),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Paid extras.

function contentWritingStory(project: string): StorySpec {
  return {
    title: "Content Writing",
    story: `As the client, I want the copy of ${project} written for me so that the product launches with clear, persuasive text.`,
    context: ["The client bought the Content Development extra."],
    priority: "medium",
    criteria: [criterion("every page and product", "the content is reviewed", "it has final, proofread copy approved by the client")],
    tasks: [
      task("Agree the content plan and tone", "medium", 1, "List every page and text to write and agree the tone of voice and key messages with the client.", [
        "the content plan",
        "the client reviews it",
        "every page has an owner, a tone and key messages",
      ]),
      task("Write the page and product copy", "medium", 4, "Write the headings, body text, calls to action and product descriptions.", [
        "each page in the plan",
        "its copy is delivered",
        "the client approves it",
      ]),
      task("Proofread and optimise for search", "low", 1, "Proofread every text and add search keywords, titles and descriptions.", [
        "the final copy",
        "it is proofread",
        "it has no spelling mistakes and each page has a title and description",
      ]),
    ],
    covers: /\bcopy ?writing\b|\bcontent writing\b|\bwritten content\b/i,
  };
}

function productionStory(): StorySpec {
  return {
    title: "Production Hardening",
    story: "As the client, I want the product monitored, secured and backed up so that it keeps running under real use.",
    context: ["The client bought the Production Ready extra."],
    priority: "medium",
    criteria: [criterion("a production incident", "an error rate rises", "the team is alerted and can restore service from backups")],
    tasks: [
      task("Add monitoring, logging and alerts", "high", 3, "Structured logs, error tracking, uptime checks and alerts to the team.", [
        "an unhandled error in production",
        "it happens",
        "the team is alerted with its details",
      ]),
      task("Review security and performance", "high", 3, "Check dependencies, headers, access control and slow queries, and fix the findings.", [
        "the security review",
        "it is completed",
        "no high-severity finding is left open",
      ]),
      task("Set up backups and a restore drill", "medium", 2, "Automated daily backups with a tested restore.", [
        "last night's backup",
        "a restore is drilled",
        "the data is back within the agreed time",
      ]),
      task("Load test the main journeys", "medium", 2, "Load test the main journeys at the expected peak and fix the bottlenecks.", [
        "the expected peak load",
        "the load test runs",
        "response times stay within the agreed limits",
      ]),
    ],
  };
}

function deploymentStory(): StorySpec {
  return {
    title: "Deployment to the Client's Host",
    story: "As the client, I want the product deployed to my host so that my customers can use it at my own address.",
    context: ["The client bought the Deployment extra."],
    priority: "medium",
    criteria: [criterion("the client's host and domain", "the release is deployed", "the product runs at the client's address over HTTPS")],
    tasks: [
      task("Prepare the production build and deployment scripts", "high", 2, "A repeatable production build and a scripted deployment, run from CI.", [
        "a tagged release",
        "the deployment script runs",
        "the release is built and deployed without manual steps",
      ]),
      task("Deploy to the client's host", "high", 2, "Deploy the release to the client's server or platform with its production configuration.", [
        "the client's host",
        "the release is deployed",
        "the product starts and passes its health check",
      ]),
      task("Configure the domain and HTTPS", "medium", 1, "Point the client's domain at the deployment and enable HTTPS with automatic renewal.", [
        "the client's domain",
        "a browser opens it",
        "the product loads over HTTPS with a valid certificate",
      ]),
      task("Write the deployment runbook", "low", 1, "Document how to deploy, roll back and rotate secrets.", [
        "a failed release",
        "the runbook's rollback steps are followed",
        "the previous release is back",
      ]),
    ],
    covers: /\bdeploy(ment|ing)?\b/i,
  };
}

function hostingStory(): StorySpec {
  return {
    title: "Hosting Setup",
    story: "As the client, I want the product hosted and looked after so that I do not have to run servers myself.",
    context: ["The client bought the Hosting extra."],
    priority: "medium",
    criteria: [criterion("the hosted product", "it runs for a month", "it stays up and its backups and costs are reported to the client")],
    tasks: [
      task("Provision the hosting environment", "high", 2, "Provision the servers or platform, database and storage, defined as code.", [
        "the infrastructure definitions",
        "they are applied to a new account",
        "the same environment is created",
      ]),
      task("Set up database and storage backups", "medium", 2, "Back up the database and uploaded files daily, kept off the host.", [
        "the nightly backup",
        "it completes",
        "a copy exists outside the host",
      ]),
      task("Monitor uptime and costs", "low", 1, "Uptime checks with alerts and a monthly cost report for the client.", [
        "the site going down",
        "the uptime check fails",
        "the team is alerted",
      ]),
    ],
    covers: /\bhosting\b|\bhosted\b/i,
  };
}

// ---------------------------------------------------------------------------------------------------------------

function trialStory(project: string): StorySpec {
  return {
    title: "Trial Deliverable",
    story: `As the client, I want a small, agreed piece of ${project} delivered so that I can judge the work before committing to more.`,
    context: [],
    priority: "high",
    criteria: [criterion("the agreed trial piece", "it is delivered", "the client can review it against the agreed outcome")],
    tasks: [
      task("Agree the trial deliverable", "high", 1, "Agree with the client what the trial delivers and how it will be judged.", [
        "the client's requirements",
        "the trial scope is agreed",
        "it is written down with its expected outcome",
      ]),
      task("Deliver the trial piece", "high", 2, "Build or write the agreed trial piece.", [
        "the agreed trial scope",
        "the piece is delivered",
        "it meets the agreed outcome",
      ]),
    ],
  };
}

/** Folds a key feature into the story it belongs to: one sentence in the description and one criterion. */
function foldFeature(story: StorySpec, feature: string): void {
  const note = "Also covers the key feature";
  const existing = story.context.find((paragraph) => paragraph.startsWith(note));
  const paragraph = existing ? `${existing.slice(0, -1)}; "${feature}".` : `${note}: "${feature}".`;
  story.context = existing ? story.context.map((text) => (text === existing ? paragraph : text)) : [...story.context, paragraph];
  story.criteria = [...story.criteria, criterion(`the delivered ${story.title.toLowerCase()}`, `the client tries "${feature}"`, "it works as the requirements describe")];
}

/**
 * The capability stories in delivery order, key features folded into the stories they duplicate.
 * @param bookends the setup and acceptance stories, which a feature of the same title is folded into
 */
function capabilityStories(
  input: BreakdownInput,
  project: string,
  bookends: readonly StorySpec[],
): { stories: StorySpec[]; features: StorySpec[] } {
  const requirements = input.requirements;
  const fields = requirements.projectSpecificFields;
  const extras = requirements.additionalServices;
  const notes = folded(requirements.complianceRequirements);
  const compliance = inCatalogueOrder(requirements.complianceTypes, complianceOptions);
  if (notes !== "" && compliance.length === 0) compliance.push("Others");
  const [cart, ...otherFlags] = flagStories;

  const core: (StorySpec | null)[] = [
    ...pageStories(fields, projectTypeOf(input.scope)),
    authStory(input),
    cart ? flagStory(cart, fields) : null,
    paymentsStory(input),
    ...otherFlags.map((definition) => flagStory(definition, fields)),
  ];
  const tail: (StorySpec | null)[] = [
    ...inCatalogueOrder(requirements.integrationSystems, integrationOptions).map((system) =>
      integrationStory(system, requirements.existingSystems),
    ),
    ...compliance.map((type) => complianceStory(type, notes)),
    extras.contentDevelopment ? contentWritingStory(project) : null,
    extras.productionReady ? productionStory() : null,
    extras.deployment ? deploymentStory() : null,
    extras.hosting ? hostingStory() : null,
  ];
  const fixed = [...core, ...tail].filter((story): story is StorySpec => story !== null);

  const features: StorySpec[] = [];
  for (const feature of splitKeyFeatures(requirements.keyFeatures)) {
    const title = asTitle(feature).toLowerCase();
    const home =
      [...bookends, ...fixed].find((story) => story.title.toLowerCase() === title) ??
      features.find((story) => story.title.toLowerCase() === title) ??
      fixed.find((story) => story.covers?.test(feature));
    if (home) foldFeature(home, feature);
    else features.push(featureStory(feature, project));
  }
  const coreCount = core.filter((story) => story !== null).length;
  return { stories: [...fixed.slice(0, coreCount), ...features, ...fixed.slice(coreCount)], features };
}

/** Turns specs into drafts, spreading the scope's hours over every task in proportion to its weight. */
function estimate(specs: readonly StorySpec[], targetHours: number): StoryDraft[] {
  const hours = apportionHours(
    specs.flatMap((spec) => spec.tasks.map((taskSpec) => taskSpec.weight)),
    targetHours,
  );
  let next = 0;
  return specs.map((spec) => {
    const tasks = spec.tasks.map((taskSpec) =>
      taskDraft(
        taskSpec.title,
        withAcceptanceCriteria(taskSpec.description, [taskSpec.criterion]),
        taskSpec.priority,
        hours[next++]!,
      ),
    );
    const description = withAcceptanceCriteria([spec.story, ...spec.context].join("\n\n"), spec.criteria);
    return storyDraft(spec.title, description, spec.priority, tasks);
  });
}

/**
 * The rules engine's breakdown of a job: a Project Setup story first, then one story per requested capability
 * (content pages, authentication, shopping cart, payments, each other `needs…` flag, key features, integrations,
 * compliance types, and the bought extras), and a Quality Assurance and Acceptance story last. A key feature that
 * names a capability already present (e.g. "shopping cart" with the cart flag) is folded into that story rather
 * than repeated. A trial (scope 1) gets setup, one feature and acceptance only. Estimates are spread over the
 * tasks so they add up to `estimateTargetHours[scope]`, in steps of 0.5 hours.
 * @param input the job's title, description, scope and requirements
 * @returns the story drafts, each with 2-5 tasks, every description ending with Given/When/Then criteria
 * @throws DomainError INVALID_SCOPE when the scope is not one of the six (only reachable from untyped callers)
 */
export function rulesBreakdown(input: BreakdownInput): StoryDraft[] {
  const title = input.title.trim();
  const project = title === "" ? "the product" : `"${title}"`;
  const trial = projectTypeOf(input.scope) === "trial";
  const setup = setupStory(project, input.requirements.additionalServices.customTechStack, trial);
  const acceptance = acceptanceStory(input, project, trial);
  const { stories, features } = capabilityStories(input, project, [setup, acceptance]);

  // A trial buys a taste of the work: its first key feature (the client's own words) or first capability, cut
  // to three tasks so the few hours still cover setup and acceptance.
  const middle = trial
    ? [features[0] ?? stories[0] ?? trialStory(project)].map((story) => ({ ...story, tasks: story.tasks.slice(0, 3) }))
    : stories;
  return estimate([setup, ...middle, acceptance], estimateTargetHours[input.scope]);
}
