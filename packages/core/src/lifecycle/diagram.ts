/**
 * docs/lifecycle.md, generated from the declarations (`npm run docs:lifecycle`); a test fails when the file and the
 * declarations disagree, so the diagram can never describe a lifecycle the code does not run.
 */
import { errorCatalogue, type ErrorCode, type Refusal } from "../errors.js";
import { deliveryLifecycle, deliveryTransitionNames, deliveryDefaults, type DeliveryTransition } from "./delivery.js";
import { jobLifecycle, type JobTransition } from "./job.js";
import { changeRequestLifecycle, changeRequestTransitionNames, type ChangeRequestTransition } from "./change-request.js";

const codeOf = (refusal: ErrorCode | Refusal): string => (typeof refusal === "string" ? refusal : refusal.code);
const statusOf = (code: string): string => {
  const kind = errorCatalogue[code as ErrorCode]?.kind;
  return kind === "forbidden" ? "403" : kind === "validation" ? "400" : kind === "not_found" ? "404" : "409";
};

/**
 * The mermaid state diagram of the story delivery lifecycle.
 * @returns the diagram's source, without the code fence
 */
export function deliveryDiagram(): string {
  const lines = ["stateDiagram-v2", `  [*] --> ${deliveryLifecycle.initial}`];
  for (const name of deliveryTransitionNames) {
    const transition: DeliveryTransition = deliveryLifecycle.transitions[name];
    for (const from of transition.from) lines.push(`  ${from} --> ${transition.to}: ${name} (${transition.actors.join(", ")})`);
  }
  lines.push("  approved --> [*]");
  return lines.join("\n");
}

/**
 * The mermaid state diagram of the job lifecycle.
 * @returns the diagram's source, without the code fence
 */
export function jobDiagram(): string {
  const lines = ["stateDiagram-v2", `  [*] --> ${jobLifecycle.initial}`];
  for (const [name, transition] of Object.entries(jobLifecycle.transitions) as Array<[string, JobTransition]>) {
    for (const from of transition.from) lines.push(`  ${from} --> ${transition.to}: ${name} (${transition.actors.join(", ")})`);
  }
  lines.push("  completed --> [*]");
  return lines.join("\n");
}

/**
 * The mermaid state diagram of the change request lifecycle.
 * @returns the diagram's source, without the code fence
 */
export function changeRequestDiagram(): string {
  const lines = ["stateDiagram-v2"];
  for (const name of changeRequestTransitionNames) {
    const transition: ChangeRequestTransition = changeRequestLifecycle.transitions[name];
    const froms = transition.from.length === 0 ? ["[*]"] : transition.from;
    for (const from of froms) lines.push(`  ${from} --> ${transition.to}: ${name} (${transition.actors.join(", ")})`);
  }
  lines.push("  pending --> [*]", "  paid --> [*]", "  declined --> [*]");
  return lines.join("\n");
}

function changeRequestTable(): string {
  const rows = changeRequestTransitionNames.map((name) => {
    const t: ChangeRequestTransition = changeRequestLifecycle.transitions[name];
    const guards = [
      `actor else ${t.denied} (${statusOf(t.denied)})`,
      ...(t.from.length ? [`from ${t.from.join(" / ")} else ${codeOf(t.notFrom)} (${statusOf(codeOf(t.notFrom))})`] : []),
      ...t.jobGuards.map((g) => `${g.rule} else ${codeOf(g.refusal)} (${statusOf(codeOf(g.refusal))})`),
    ];
    return `| \`${name}\` | ${t.from.join(", ") || "(new)"} | ${t.to} | ${t.actors.join(", ")} | ${guards.join("; ")} | ${t.effects.join("; ")} |`;
  });
  return ["| transition | from | to | actors | guards, in order, with the refusal | effects |", "| --- | --- | --- | --- | --- | --- |", ...rows].join("\n");
}

function deliveryTable(): string {
  const rows = deliveryTransitionNames.map((name) => {
    const t: DeliveryTransition = deliveryLifecycle.transitions[name];
    const guards = [
      `actor else ${t.denied} (${statusOf(t.denied)})`,
      ...t.jobGuards.map((g) => `${g.rule} else ${codeOf(g.refusal)} (${statusOf(codeOf(g.refusal))})`),
      `from ${t.from.join(" / ")} else ${codeOf(t.notFrom)} (${statusOf(codeOf(t.notFrom))})`,
      ...t.storyGuards.map((g) => `${g.rule} else ${codeOf(g.refusal)} (${statusOf(codeOf(g.refusal))})`),
    ];
    const timer = t.timer ? `${t.timer.fires} at ${t.timer.at}` : "";
    return `| \`${name}\` | ${t.from.join(", ")} | ${t.to} | ${t.actors.join(", ")} | ${guards.join("; ")} | ${t.effects.join("; ")} | ${timer} |`;
  });
  return [
    "| transition | from | to | actors | guards, in order, with the refusal | effects | timer |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function jobTable(): string {
  const rows = (Object.entries(jobLifecycle.transitions) as Array<[string, JobTransition]>).map(
    ([name, t]) =>
      `| \`${name}\` | ${t.from.join(", ")} | ${t.to} | ${t.actors.join(", ")} | ${t.policy ? `job policy \`${t.policy}\`: ` : ""}${t.guards.join("; ")} | ${t.effects.join("; ")} |`,
  );
  return ["| transition | from | to | actors | guards | effects |", "| --- | --- | --- | --- | --- | --- |", ...rows].join("\n");
}

/**
 * The whole of docs/lifecycle.md.
 * @returns the file's content, ending with a newline
 */
export function lifecycleMarkdown(): string {
  return `<!-- Generated from packages/core/src/lifecycle by \`npm run docs:lifecycle\`; do not edit by hand. -->

# Delivery lifecycle

Each story of a started job is a milestone: the assigned freelancer submits it, the client approves it (releasing
its \`amountCents\`, less \`PLATFORM_FEE_PERCENT\`) or requests changes, and the queue approves it on its own when the
review period ends. A job completes when its last story is approved.

Settings: \`REVIEW_PERIOD\` (ISO-8601 duration, default \`${deliveryDefaults.reviewPeriod}\`), \`MAX_REVISIONS\` (default
${deliveryDefaults.maxRevisions}), \`PLATFORM_FEE_PERCENT\` (default ${deliveryDefaults.platformFeePercent}, rounded half up to the cent).

## Story delivery

\`\`\`mermaid
${deliveryDiagram()}
\`\`\`

${deliveryTable()}

The job's \`can\`/\`why\` for \`submit\`, \`approve\`, \`requestChanges\` and \`dispute\` are these transitions decided on
the job alone (actor and job guards); a story's own state and guards are decided when the story is named.

## Job

\`\`\`mermaid
${jobDiagram()}
\`\`\`

${jobTable()}

**Admin override.** An admin may complete a job in progress by hand (\`POST /api/jobs/:id/complete\`) whatever its
stories say, e.g. after settling a dispute outside the platform; the freelancer no longer can. The override is
recorded in the job's activity like every completion.

## Change requests

A paid job's scope is frozen. A change requested before payment joins the scope at once (\`pending\`); on a paid job
it is \`quoted\` at the job's own rate (price ÷ estimated hours, whole cents) and becomes a story of the job, with its
own milestone of the quote, only when its own payment is captured into the job's escrow.

\`\`\`mermaid
${changeRequestDiagram()}
\`\`\`

${changeRequestTable()}
`;
}
