/**
 * Acceptance criteria in Given/When/Then form, appended to story and task descriptions so a reviewer can check
 * the delivered work against them.
 */

/** One acceptance criterion: the starting situation, the action, and the observable outcome. */
export interface AcceptanceCriterion {
  given: string;
  when: string;
  then: string;
}

/** The heading of the block that ends every rules-engine description. */
export const ACCEPTANCE_CRITERIA_HEADING = "Acceptance criteria:";

const sentence = (text: string) => text.trim().replace(/[.\s]+$/, "");

/**
 * Formats criteria as lines "- Given …, when …, then …." under the heading.
 * @param criteria at least one criterion
 * @returns the block, without a leading blank line
 */
export function formatAcceptanceCriteria(criteria: readonly AcceptanceCriterion[]): string {
  const lines = criteria.map((criterion) => `- Given ${sentence(criterion.given)}, when ${sentence(criterion.when)}, then ${sentence(criterion.then)}.`);
  return [ACCEPTANCE_CRITERIA_HEADING, ...lines].join("\n");
}

/**
 * Appends the acceptance criteria block to a description, separated by a blank line.
 * @param text the description proper
 * @param criteria at least one criterion
 * @returns the description ending with the criteria block
 */
export function withAcceptanceCriteria(text: string, criteria: readonly AcceptanceCriterion[]): string {
  const body = text.trim();
  const block = formatAcceptanceCriteria(criteria);
  return body === "" ? block : `${body}\n\n${block}`;
}

/**
 * Whether a description ends with an acceptance criteria block of Given/When/Then lines.
 * @param description a story or task description
 * @returns true when the last block is the heading followed only by "- Given …, when …, then …" lines
 */
export function hasAcceptanceCriteria(description: string): boolean {
  const at = description.lastIndexOf(ACCEPTANCE_CRITERIA_HEADING);
  if (at === -1) return false;
  const lines = description
    .slice(at + ACCEPTANCE_CRITERIA_HEADING.length)
    .trim()
    .split("\n");
  return lines.length > 0 && lines.every((line) => /^- Given .+, when .+, then .+\.$/.test(line));
}
