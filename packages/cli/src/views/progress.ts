import { terminalWidth } from "./table.js";

export interface Progress {
  /** One more item done; `label` says which (e.g. "job 12"). */
  tick(label?: string): void;
  /** Clears the bar, leaving the line to what follows. */
  done(): void;
}

const nothing: Progress = { tick: () => undefined, done: () => undefined };

/**
 * A progress bar for long work on stderr, redrawn in place: `[#######-------] 7/20 job 31`. Only on a terminal
 * (a log or a pipe gets no carriage returns) and only for more than one item; stdout stays the command's output.
 * @param total how many items the work has
 * @param stream where to draw (stderr; a test passes its own)
 */
export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total < 2) return nothing;
  let count = 0;
  const draw = (label: string) => {
    const counter = ` ${count}/${total}${label ? ` ${label}` : ""}`;
    // The bar takes what the counter leaves of the line, between 10 and 40 cells.
    const cells = Math.max(10, Math.min(40, terminalWidth(stream) - counter.length - 3));
    const filled = Math.round((count / total) * cells);
    stream.write(`\r\u001b[2K[${"#".repeat(filled)}${"-".repeat(cells - filled)}]${counter}`);
  };
  draw("");
  return {
    tick(label = "") {
      count++;
      draw(label);
    },
    done() {
      stream.write("\r\u001b[2K");
    },
  };
}
