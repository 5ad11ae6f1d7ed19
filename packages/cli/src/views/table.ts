export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
  /** Never cut to fit (an id an operator copies into the next command); the other columns give way. */
  keep?: boolean;
}

interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  footer?: string;
}

/** Columns shrink no narrower than this (a header's first letters, an id's start): narrower says nothing. */
const narrowest = 6;

/**
 * The terminal's width: a terminal that reports 0 or no columns (a fresh pseudo-terminal, some CI runners) is
 * treated as 80, as `stty` would show it, never as a width that wraps every character.
 */
export function terminalWidth(stream: { columns?: number } = process.stdout): number {
  return stream.columns && stream.columns > 0 ? stream.columns : 80;
}

/**
 * The table as text lines, each column padded to its widest cell, two spaces apart. Given a width, the widest
 * columns give way first (cut with "…") until a line fits, so each row stays one line with every column in it.
 */
export function tableLines<Row>({ columns, rows }: TableProps<Row>, width?: number): { header: string; body: string[] } {
  const cells = rows.map((row) => columns.map((column) => column.value(row).replace(/\s*\n\s*/g, " ")));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => line[i]!.length)));
  if (width !== undefined) {
    const total = () => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
    // The kept columns give way last, when the others are down to their narrowest and it still does not fit.
    for (const cuttable of [(i: number) => !columns[i]!.keep, () => true]) {
      while (total() > width) {
        const widest = widths.reduce((best, w, i) => (cuttable(i) && w > narrowest && (best < 0 || w > widths[best]!) ? i : best), -1);
        if (widest < 0) break;
        widths[widest]!--;
      }
    }
  }
  const fit = (cell: string, w: number) => (cell.length > w ? `${cell.slice(0, w - 1)}…` : cell.padEnd(w));
  const format = (line: string[]) =>
    line
      .map((cell, i) => fit(cell, widths[i]!))
      .join("  ")
      .trimEnd();
  return { header: format(columns.map((c) => c.header)), body: cells.map(format) };
}

const bold = (text: string) => `\u001b[1m${text}\u001b[22m`;
const dim = (text: string) => `\u001b[2m${text}\u001b[22m`;

/**
 * Prints a table: on a terminal fitted to its width (bold header, dim footer); piped, every character as is, for
 * scripts and files.
 * @param props columns, rows and an optional footer line
 */
export async function printTable<Row>(props: TableProps<Row>): Promise<void> {
  const tty = Boolean(process.stdout.isTTY);
  const { header, body } = tableLines(props, tty ? terminalWidth() : undefined);
  const footer = props.footer ? [tty ? dim(props.footer) : props.footer] : [];
  process.stdout.write(`${[tty ? bold(header) : header, ...body, ...footer].join("\n")}\n`);
}
