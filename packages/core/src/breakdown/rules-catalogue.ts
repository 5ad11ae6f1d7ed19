/**
 * The rules engine's catalogue: the stories of the `needs…` flags, the known integrations and the compliance
 * regimes, each with tasks sized in hours and Given/When/Then acceptance criteria. The engine (rules-engine.ts)
 * decides which of them a job gets and in what order.
 */
import type { ProjectSpecificFields } from "../catalog/project-specific-fields.js";
import type { Priority } from "./types.js";

/** A task before it becomes a draft. */
export interface TaskSpec {
  title: string;
  description: string;
  priority: Priority;
  /** the work expected, in hours, in steps of 0.5 */
  hours: number;
  /** Given/When/Then sentences naming observable outcomes of this task */
  criteria: string[];
  /** the requirement the task comes from, when it differs from its story's */
  source?: string;
}

/** A catalogue story: its title, user story sentence and tasks. */
export interface CatalogueStory {
  title: string;
  story: string;
  tasks: TaskSpec[];
  /** key features matching this pattern are folded into this story instead of becoming a story of their own */
  covers?: RegExp;
}

/**
 * One Given/When/Then acceptance criterion as a sentence.
 * @param given the starting situation
 * @param when the action
 * @param then the observable outcome
 * @returns "Given …, when …, then …."
 */
export function gwt(given: string, when: string, then: string): string {
  const clean = (text: string) => text.trim().replace(/[.\s]+$/, "");
  return `Given ${clean(given)}, when ${clean(when)}, then ${clean(then)}.`;
}

/**
 * A catalogue task. The size is given in units of two hours (the catalogue was written in relative sizes, and a
 * unit of work in it is about two hours of AI-assisted delivery).
 */
export const task = (title: string, priority: Priority, size: number, description: string, [given, when, then]: [string, string, string]): TaskSpec => ({
  title,
  priority,
  hours: size * 2,
  description,
  criteria: [gwt(given, when, then)],
});

/** The `needs…` flags with a catalogue story of their own. */
export type OtherFlag = Exclude<
  keyof ProjectSpecificFields,
  | "homePageContent"
  | "aboutUsContent"
  | "missionVisionContent"
  | "contactInformation"
  | "needsAuthentication"
  | "needsMembershipLogin"
  | "needsPaymentProcessing"
  | "needsMultiplePaymentOptions"
  | "workflowDetails"
  | "automationLogic"
>;

/** The story of one `needs…` flag. */
export interface FlagStory {
  flag: OtherFlag;
  /** the free-text field that details the flag, folded into the story */
  details?: "workflowDetails" | "automationLogic";
  title: string;
  story: string;
  tasks: TaskSpec[];
  covers: RegExp;
}

/** The flag stories in delivery order (the shopping cart first, since payments build on it). */
export const flagStories: readonly FlagStory[] = [
  {
    flag: "needsShoppingCart",
    title: "Shopping Cart",
    story: "As a shopper, I want to collect products in a cart so that I can buy several at once.",
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
      task(
        "Keep the cart across visits",
        "medium",
        2,
        "Keep the cart when the shopper leaves and returns, and merge it into their account when they sign in.",
        ["a shopper with items in the cart", "they come back later on the same device", "their cart is still there"],
      ),
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
    tasks: [
      task("Build the chat widget", "high", 3, "A chat window on every page with message history, typing indicator and mobile layout.", [
        "a visitor on any page",
        "they open the chat",
        "they can type a question and see the answer in the window",
      ]),
      task(
        "Connect the chatbot to the AI model and the site's knowledge",
        "high",
        4,
        "Answer from the client's content (FAQ, pages, products) through a language model, staying on topic.",
        ["a question covered by the site's content", "the visitor asks it", "the answer matches that content"],
      ),
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
    tasks: [
      task(
        "Define the language tasks and a test set",
        "high",
        3,
        "Agree with the client what the text processing must do (classify, extract, summarise) and collect examples with expected results.",
        ["the client's examples", "the test set is reviewed", "each example has an agreed expected result"],
      ),
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

/** The stories of the known integrations, by catalogue name. */
export const integrationStories: Readonly<Record<string, CatalogueStory>> = {
  Calendly: {
    title: "Calendly Integration",
    story: "As a visitor, I want to book a time through Calendly without leaving the site so that arranging a meeting takes a minute.",
    tasks: [
      task("Embed Calendly scheduling", "medium", 2, "Embed the client's Calendly event types where visitors book, pre-filling known details.", [
        "a signed-in visitor",
        "they open the booking widget",
        "their name and email are pre-filled",
      ]),
      task(
        "Sync bookings through Calendly webhooks",
        "medium",
        3,
        "Receive booking, cancellation and reschedule webhooks, verify their signature and update the application.",
        ["a booking cancelled in Calendly", "the webhook arrives", "the application shows it as cancelled"],
      ),
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
    tasks: [
      task(
        "Connect the email provider",
        "medium",
        2,
        "Send through the client's email service (SMTP or API) with SPF, DKIM and DMARC set up for their domain.",
        ["the client's sending domain", "a test email is sent", "it arrives in the inbox, not in spam"],
      ),
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

/** The stories of the compliance regimes for a product that stores personal data, by catalogue name. */
export const complianceStories: Readonly<Record<string, CatalogueStory>> = {
  GDPR: {
    title: "GDPR Compliance",
    story: "As a user in the EU, I want control over my personal data so that my privacy rights are respected.",
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
      task(
        "Record processing and retention rules",
        "medium",
        2,
        "Document what personal data is kept, why and for how long, and purge it when the period ends.",
        ["personal data past its retention period", "the purge job runs", "the data is deleted"],
      ),
    ],
  },
  HIPAA: {
    title: "HIPAA Compliance",
    story: "As a patient, I want my health information protected so that only the people treating me can see it.",
    tasks: [
      task(
        "Encrypt health data at rest and in transit",
        "high",
        3,
        "Encrypt protected health information in the database, backups and files, and serve everything over TLS.",
        ["a database backup", "it is inspected without the key", "no health information is readable"],
      ),
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
    tasks: [
      task("Add age screening", "high", 2, "Ask for age neutrally at sign-up and route children under 13 to the parental consent flow.", [
        "a visitor who states an age under 13",
        "they sign up",
        "they are routed to parental consent",
      ]),
      task(
        "Collect verifiable parental consent",
        "high",
        3,
        "Email the parent, verify consent with an approved method and let them review or delete their child's data.",
        ["a parent who received the consent email", "they approve", "the child's account is activated"],
      ),
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
    tasks: [
      task(
        "Keep card data out of our systems",
        "high",
        2,
        "Take card details only through the payment provider's hosted fields or page, so card numbers never reach our servers.",
        ["a card payment", "the server logs are checked", "no card number appears"],
      ),
      task("Harden the payment pages", "high", 2, "Serve payment pages over TLS with a strict content security policy and no unreviewed third-party scripts.", [
        "the checkout page",
        "its headers are checked",
        "a strict content security policy is present",
      ]),
      task(
        "Complete the PCI self-assessment",
        "medium",
        2,
        "Fill in the provider's self-assessment questionnaire (SAQ A) with the client and keep the evidence.",
        ["the self-assessment questionnaire", "it is completed", "every requirement is answered with evidence"],
      ),
    ],
  },
  KYC: {
    title: "KYC Verification",
    story: "As the client, I want every customer's identity verified so that we meet know-your-customer rules.",
    tasks: [
      task(
        "Integrate an identity verification provider",
        "high",
        4,
        "Verify ID documents and liveness through a KYC provider and store only the result and reference.",
        ["a customer with a valid ID", "they complete verification", "their account is marked verified"],
      ),
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
