/**
 * Integrations and existing systems: a story per ticked system, and one for existing systems named without it.
 */
import type { ProjectType } from "../../catalog/scopes.js";
import { gwt, integrationStories, task, type TaskSpec } from "../rules-catalogue.js";
import type { StorySpec } from "./story-spec.js";

export function integrationStory(system: string, existing: string, projectType: ProjectType): StorySpec {
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
export function existingSystemsStory(existing: string): StorySpec {
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
