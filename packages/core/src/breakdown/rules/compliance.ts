/**
 * Compliance, sized to the product: a static site gets a privacy notice and the control each regime asks of a
 * site; an application gets the catalogue's stories.
 */
import type { ProjectType } from "../../catalog/scopes.js";
import { complianceStories, gwt, task, type CatalogueStory, type TaskSpec } from "../rules-catalogue.js";
import type { StorySpec } from "./story-spec.js";

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

export function complianceStory(type: string, notes: string, projectType: ProjectType, hasForm: boolean, first: boolean): StorySpec {
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
