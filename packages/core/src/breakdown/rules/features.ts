/**
 * Key features: the client's own statements, as stories (or home-page sections past a static site's page limit),
 * folded into a capability they only name; and the dashboard of a user category.
 */
import { featureTitle } from "../input.js";
import { gwt, type TaskSpec } from "../rules-catalogue.js";
import type { StorySpec } from "./story-spec.js";
import { hoursOf, lowerFirst, singular } from "./text.js";

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

export function featureStory(feature: string, persona: string, app: boolean, selected: readonly string[] = []): StorySpec {
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
export function sectionTask(feature: string): TaskSpec {
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
export function categoryStory(category: string): StorySpec {
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

/** Folds a key feature that only names a story's capability ("shopping cart") into that story. */
export function foldFeature(story: StorySpec, feature: string): void {
  const note = "Also covers the key feature";
  const existing = story.context.find((paragraph) => paragraph.startsWith(note));
  const paragraph = existing ? `${existing.slice(0, -1)}; "${feature}".` : `${note}: "${feature}".`;
  story.context = existing ? story.context.map((text) => (text === existing ? paragraph : text)) : [...story.context, paragraph];
}
