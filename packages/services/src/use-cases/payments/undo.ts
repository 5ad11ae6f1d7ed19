import type { Logger } from "../../logger.js";

/**
 * The undos of a flow that touches the card provider, one per step done (STYLE §2: create intent ↔ cancel it).
 * On failure they run in reverse order; an undo that fails itself is logged and the others still run.
 */
export class UndoLog {
  private readonly steps: Array<{ name: string; undo: () => Promise<void> }> = [];

  constructor(private readonly logger: Pick<Logger, "error">) {}

  /** Records how to undo a step that just succeeded. */
  record(name: string, undo: () => Promise<void>): void {
    this.steps.push({ name, undo });
  }

  /** Replays the undos in reverse order. */
  async rollback(): Promise<void> {
    for (const step of this.steps.reverse()) {
      try {
        await step.undo();
      } catch (error) {
        this.logger.error({ err: error, step: step.name }, "payment undo failed");
      }
    }
    this.steps.length = 0;
  }
}
