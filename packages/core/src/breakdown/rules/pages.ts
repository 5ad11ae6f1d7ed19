/**
 * Content pages: a page for each content field the client filled in (a static site always has a home page).
 */
import type { ProjectSpecificFields } from "../../catalog/project-specific-fields.js";
import type { ProjectType } from "../../catalog/scopes.js";
import { gwt, type TaskSpec } from "../rules-catalogue.js";
import type { StorySpec } from "./story-spec.js";
import { folded } from "./text.js";

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

export function pageStories(fields: Partial<ProjectSpecificFields>, projectType: ProjectType, contentBought: boolean): StorySpec[] {
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
