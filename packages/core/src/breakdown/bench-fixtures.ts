/**
 * Requirement fixtures for the breakdown benchmark (`npm run bench:breakdown`) and the AI completion tests:
 * together they cover every scope, project type, `needs…` flag, integration, compliance type and paid extra.
 * Each lists what its breakdown must cover (patterns over story and task titles, on top of the capabilities
 * derived from the requirements by `requiredCapabilities`) and what it must not contain. Not in the package's index:
 * tools and tests import them from `@forgehire/core/bench-fixtures`, so the faces do not carry them.
 */
import { noAdditionalServices, type AdditionalServices } from "../catalog/options.js";
import type { Scope } from "../catalog/scopes.js";
import type { BreakdownInput, BreakdownRequirements } from "./input.js";
import { coversCapability, requiredCapabilities } from "./quality.js";
import { rulesBreakdown } from "./rules-engine.js";

/** One benchmark job with its expectations. */
export interface BreakdownFixture {
  name: string;
  input: BreakdownInput;
  /** patterns that some story or task title must match */
  mustCover: RegExp[];
  /** patterns that no story or task title or description may match */
  mustNot: RegExp[];
}

const extras = (...keys: (keyof AdditionalServices)[]): AdditionalServices =>
  Object.fromEntries(Object.keys(noAdditionalServices).map((key) => [key, keys.includes(key as keyof AdditionalServices)])) as AdditionalServices;

const job = (title: string, scope: Scope, requirements: Partial<BreakdownRequirements>, description = ""): BreakdownInput => ({
  title,
  description: description || `${title}: built on Forgehire.`,
  scope,
  requirements: {
    targetAudience: "",
    keyFeatures: "",
    userCategories: [],
    stakeholders: "",
    existingSystems: "",
    complianceRequirements: "",
    complianceTypes: [],
    integrationSystems: [],
    additionalServices: extras(),
    projectSpecificFields: {},
    answers: [],
    ...requirements,
  },
});

/** What a static site or a shop must never get unless asked. */
const NO_ACCOUNTS = [/sign[- ]?(in|up)\b/i, /\broles?\b/i, /\bdatabase\b/i, /\bbackups?\b/i, /\bexport\b/i];

/** The fixtures, one or more per scope. */
export const breakdownFixtures: readonly BreakdownFixture[] = [
  {
    name: "trial-landing-mockup",
    input: job("Landing page trial", 1, { keyFeatures: "A landing page mock-up for our yoga studio\nPricing table" }),
    mustCover: [/landing page mock-up/i],
    mustNot: [/pricing table/i, ...NO_ACCOUNTS],
  },
  {
    name: "static-bakery",
    input: job("Sweet Crumb Bakery", 50, {
      targetAudience: "Neighbours and office workers nearby",
      keyFeatures: "Menu page with prices, photo gallery of our cakes, opening hours, wedding cake enquiries",
      userCategories: ["Customers", "Wholesale buyers"],
      complianceTypes: ["GDPR"],
      additionalServices: extras("hosting"),
      projectSpecificFields: {
        homePageContent: "Fresh bread every morning from 6am",
        aboutUsContent: "A family bakery since 1982",
        missionVisionContent: "Real bread for everyone",
        contactInformation: "12 Main Street, 555-0102",
      },
    }),
    mustCover: [/^Home Page$/, /^About Us Page$/, /^Contact Page$/, /cookie consent/i, /privacy notice/i],
    mustNot: [...NO_ACCOUNTS, /load test/i],
  },
  {
    name: "static-portfolio-content",
    input: job("Ana Lopez Photography", 50, {
      keyFeatures: "- Portfolio gallery by series\n- Booking enquiries via Calendly\n- Client testimonials",
      integrationSystems: ["Calendly"],
      additionalServices: extras("contentDevelopment", "deployment", "productionReady", "customTechStack"),
      projectSpecificFields: { homePageContent: "Wedding and portrait photography in Lisbon", contactInformation: "ana@example.test" },
      answers: [
        { questionId: "q1", question: "Which languages should the site be in?", answer: "English and Portuguese, with a language switch in the header" },
      ],
    }),
    mustCover: [/Embed Calendly/i, /Write the copy for the home page/i, /custom tech stack/i, /domain and HTTPS/i, /English and Portuguese/],
    mustNot: [...NO_ACCOUNTS, /webhook/i],
  },
  {
    name: "static-coppa-kids-club",
    input: job("Little Readers Club", 50, {
      keyFeatures: "Reading lists by age. Events calendar for the library",
      complianceTypes: ["COPPA", "Others"],
      complianceRequirements: "No personal data from children under 13.",
      projectSpecificFields: { homePageContent: "A reading club for children", aboutUsContent: "Run by volunteers" },
    }),
    mustCover: [/Reading lists by age/, /Events calendar for the library/, /^Publish the privacy notice page$/, /children under 13/i],
    mustNot: [...NO_ACCOUNTS, /parental consent flow/i],
  },
  {
    name: "shop-starter-candles",
    input: job("Glow Candles", 199, {
      keyFeatures: "Scent quiz that recommends candles\nGift wrapping at checkout",
      userCategories: ["Customers"],
      complianceTypes: ["PCI DSS"],
      projectSpecificFields: { needsShoppingCart: true, needsMultiplePaymentOptions: true },
    }),
    mustCover: [/^Product Catalogue$/, /^Shopping Cart$/, /^Payment Processing$/, /Offer multiple payment methods/, /Scent quiz/],
    mustNot: [/\broles?\b/i, /dashboard/i],
  },
  {
    name: "shop-store-outdoor",
    input: job("Trailhead Outfitters", 500, {
      keyFeatures: "Size guide for boots and jackets. Back-in-stock email alerts",
      userCategories: ["Shoppers", "Store staff"],
      complianceTypes: ["GDPR", "PCI DSS"],
      integrationSystems: ["Email Systems", "CRM Software"],
      existingSystems: "HubSpot CRM",
      additionalServices: extras("hosting", "deployment"),
      projectSpecificFields: {
        needsShoppingCart: true,
        needsInventoryManagement: true,
        needsMembershipLogin: true,
        needsPaymentProcessing: true,
      },
      answers: [{ questionId: "q2", question: "Do you ship abroad?", answer: "Only within the EU and the UK" }],
    }),
    mustCover: [/^Inventory Management$/, /members-only/i, /Back-in-stock email alerts/, /Store staff Dashboard/i, /Only within the EU and the UK/],
    mustNot: [/Admin Dashboard/],
  },
  {
    name: "simple-dog-walking",
    input: job("PawWalk", 1999, {
      targetAudience: "Busy dog owners in the city",
      keyFeatures: "Owners book walks with vetted walkers.\nWalkers see their schedule for the day.\nLive GPS track of each walk",
      userCategories: ["Owners", "Walkers"],
      stakeholders: "Founder Sam Lee",
      integrationSystems: ["Calendly"],
      projectSpecificFields: {
        needsAuthentication: true,
        needsPaymentProcessing: true,
        needsSimpleWorkflow: true,
        workflowDetails: "Request, accept, walk, review",
      },
      answers: [
        { questionId: "question_3", question: "How are walkers vetted?", answer: "Walkers must pass a background check" },
        { questionId: "question_4", question: "Any other systems?", answer: "No" },
      ],
    }),
    mustCover: [/Owners book walks with vetted walkers/, /Walkers must pass a background check/, /Simple Workflow/, /Sam Lee/],
    mustNot: [/Owner Dashboard/, /Walker Dashboard/],
  },
  {
    name: "simple-clinic-booking-hipaa",
    input: job("CareLink telehealth", 1999, {
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
    }),
    mustCover: [
      /^Book, reschedule and cancel visits via Calendly$/,
      /^A doctor dashboard with today's visits and patient notes$/,
      /Clinic admin Dashboard/,
      /Epic EHR/,
      /^HIPAA Compliance$/,
    ],
    mustNot: [/^Book$/, /Doctor Dashboard/],
  },
  {
    name: "simple-tutoring-coppa",
    input: job("MathBuddy", 1999, {
      keyFeatures: "Kids practise times tables with instant feedback\nParents see weekly progress reports",
      userCategories: ["Children", "Parents"],
      complianceTypes: ["COPPA"],
      projectSpecificFields: { needsAuthentication: true, needsDynamicContent: true },
      additionalServices: extras("productionReady"),
    }),
    mustCover: [/^COPPA Compliance$/, /Parents see weekly progress reports/, /Dynamic Content Management/, /monitoring/i],
    mustNot: [/Parent Dashboard/],
  },
  {
    name: "simple-field-service-tasks",
    input: job("FixIt Field Service", 1999, {
      keyFeatures: "Dispatchers assign jobs to technicians; technicians upload photos of finished work",
      userCategories: ["Dispatchers", "Technicians"],
      existingSystems: "QuickBooks Online",
      integrationSystems: ["Email Systems", "Others"],
      projectSpecificFields: { needsTaskManagement: true, needsAuthentication: true },
    }),
    mustCover: [/^Task Management$/, /technicians upload photos of finished work/i, /file storage/i, /QuickBooks Online/],
    mustNot: [],
  },
  {
    name: "complex-ai-call-assistant",
    input: job("CallPilot", 4999, {
      targetAudience: "Small agencies handling client calls",
      keyFeatures: "AI summaries and action items for every phone call over Twilio.\nSearch past calls by topic.\nWeekly analytics dashboard of call outcomes",
      userCategories: ["Agents", "Managers"],
      integrationSystems: ["CRM Software", "Email Systems"],
      existingSystems: "Salesforce",
      complianceTypes: ["GDPR"],
      projectSpecificFields: {
        needsAuthentication: true,
        needsSimpleAI: true,
        needsNLP: true,
        needsAIVoice: true,
        needsAutomation: true,
        automationLogic: "After each call, create a follow-up task in the CRM",
        needsComplexWorkflow: true,
      },
      answers: [{ questionId: "q5", question: "How long are recordings kept?", answer: "Recordings must be deleted after 30 days" }],
    }),
    mustCover: [
      /AI summaries and action items for every phone call over Twilio/,
      /connect Twilio/i,
      /Natural Language Processing/,
      /AI Voice/,
      /Recordings must be deleted after 30 days/,
    ],
    mustNot: [],
  },
  {
    name: "complex-fintech-kyc",
    input: job("Ledgerly", 4999, {
      keyFeatures: "Open an account with ID verification\nSend money to friends by phone number\nMonthly statements as PDF",
      userCategories: ["Customers", "Compliance officers"],
      complianceTypes: ["KYC", "PCI DSS", "GDPR"],
      integrationSystems: ["Email Systems"],
      projectSpecificFields: { needsAuthentication: true, needsPaymentProcessing: true, needsComplexWorkflow: true },
      additionalServices: extras("productionReady", "hosting", "deployment", "customTechStack"),
    }),
    mustCover: [/^KYC Verification$/, /Compliance officer Dashboard/i, /Monthly statements as PDF/, /backups/i],
    mustNot: [],
  },
  {
    name: "complex-content-studio",
    input: job("BrandForge", 4999, {
      keyFeatures: "Generate blog posts from a brief. Brand voice rules per client. Approval by the client before publishing",
      userCategories: ["Writers", "Editors", "Clients"],
      projectSpecificFields: {
        needsAuthentication: true,
        needsContentGeneration: true,
        needsChatbot: true,
        needsDynamicContent: true,
        needsSimpleAI: true,
        needsTaskManagement: true,
      },
      additionalServices: extras("contentDevelopment"),
    }),
    mustCover: [/AI Content Generation/, /^Chatbot$/, /Brand voice rules per client/, /Writer Dashboard/, /Editor Dashboard/],
    mustNot: [/Client Dashboard/],
  },
  {
    name: "complex-logistics-automation",
    input: job("RouteWise", 4999, {
      keyFeatures:
        "Plan delivery routes for 50 vans each morning\nDrivers confirm deliveries with a photo and signature\nCustomers get SMS updates when the van is near\nManagers approve route changes",
      userCategories: ["Dispatchers", "Drivers", "Customers", "Managers"],
      existingSystems: "SAP ERP",
      integrationSystems: ["Others", "Email Systems", "Zoom"],
      complianceTypes: ["GDPR", "Others"],
      complianceRequirements: "Driver location data is kept for 90 days only.",
      projectSpecificFields: {
        needsAuthentication: true,
        needsAutomation: true,
        needsComplexWorkflow: true,
        needsSimpleWorkflow: true,
        needsTaskManagement: true,
        needsInventoryManagement: true,
      },
      answers: [{ questionId: "q1", question: "What happens if a delivery fails?", answer: "The van returns the parcel to the depot the same day" }],
    }),
    mustCover: [/Plan delivery routes for 50 vans each morning/, /SMS|notifications/i, /Dispatcher Dashboard/, /SAP ERP/, /90 days/],
    mustNot: [/Driver Dashboard/, /Customer Dashboard/],
  },
  {
    name: "simple-shop-large-catalogue",
    input: job("PartsHub", 1999, {
      keyFeatures: "Find parts by vehicle make, model and year\nBulk order upload from a spreadsheet",
      userCategories: ["Buyers", "Sales reps"],
      complianceTypes: ["PCI DSS"],
      integrationSystems: ["CRM Software"],
      projectSpecificFields: { needsShoppingCart: true, needsPaymentProcessing: true, needsInventoryManagement: true, needsAuthentication: true },
      additionalServices: extras("hosting"),
    }),
    mustCover: [/Find parts by vehicle make, model and year/, /Bulk order upload from a spreadsheet/, /Sales rep Dashboard/],
    mustNot: [/Buyer Dashboard/],
  },
  {
    name: "shop-starter-hosting-pair",
    input: job("Tea Tin", 500, {
      keyFeatures: "Subscription boxes every month",
      projectSpecificFields: { needsShoppingCart: true, needsPaymentProcessing: true },
      additionalServices: extras("hosting"),
    }),
    mustCover: [/Subscription boxes every month/, /^Hosting$/],
    mustNot: [/\broles?\b/i],
  },
];

/**
 * A deliberately incomplete AI answer for a job, as the breakdown benchmark's and tests' fake AI gives it: the rules
 * engine's plan with every other story that serves a requested capability dropped (the project's own stories, such
 * as setup, the catalogue or testing, are kept, as a plausible plan has them), the follow-up answers' tasks dropped,
 * and every source left blank, as a model that forgets them would. The dropped capabilities can only come back
 * through the completion from the rules engine.
 * @param input the job
 * @returns the answer's JSON text, in the shape of the breakdown's response schema
 */
export function incompleteAiAnswer(input: BreakdownInput): string {
  const required = requiredCapabilities(input);
  let serving = 0;
  const kept = rulesBreakdown(input).filter((story) => !required.some((capability) => coversCapability([story], capability)) || serving++ % 2 === 0);
  return JSON.stringify({
    stories: kept.map((story) => ({
      title: story.title,
      description: story.description,
      priority: story.priority,
      source: "",
      tasks: story.tasks
        .filter((task) => !task.source?.startsWith("answer:"))
        .map((task) => ({
          title: task.title,
          description: task.description,
          priority: task.priority,
          estimateHours: task.estimateHours,
          acceptanceCriteria: task.acceptanceCriteria,
          source: "",
        })),
    })),
  });
}
