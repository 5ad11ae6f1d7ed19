/**
 * Paid extras and the launch: content writing, production readiness, deployment, hosting, and the testing and
 * acceptance every breakdown ends with.
 */
import type { ProjectType } from "../../catalog/scopes.js";
import type { BreakdownInput } from "../input.js";
import { gwt, task, type TaskSpec } from "../rules-catalogue.js";
import type { StorySpec } from "./story-spec.js";
import { folded, hoursOf } from "./text.js";

export function contentWritingStory(project: string, pageNames: readonly string[]): StorySpec {
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

export function productionStory(app: boolean): StorySpec {
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

export function deploymentStory(app: boolean): StorySpec {
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

export function hostingStory(app: boolean): StorySpec {
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

export function acceptanceStory(input: BreakdownInput, project: string, projectType: ProjectType, featureCount: number): StorySpec {
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
