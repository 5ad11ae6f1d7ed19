import { Box, Text, render } from "ink";

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  footer?: string;
}

/** The table as text lines, each column padded to its widest cell, two spaces apart. */
export function tableLines<Row>({ columns, rows }: TableProps<Row>): { header: string; body: string[] } {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => line[i]!.length)));
  const format = (line: string[]) =>
    line
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return { header: format(columns.map((c) => c.header)), body: cells.map(format) };
}

/** A table for the terminal: a bold header line, then one line per row. */
export function Table<Row>(props: TableProps<Row>) {
  const { header, body } = tableLines(props);
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {header}
      </Text>
      {body.map((line, r) => (
        <Text key={r} wrap="truncate-end">
          {line}
        </Text>
      ))}
      {props.footer ? <Text dimColor>{props.footer}</Text> : null}
    </Box>
  );
}

/**
 * Prints a table: with Ink on a terminal, as plain lines when piped (scripts and files get every character).
 * @param props columns, rows and an optional footer line
 */
export async function printTable<Row>(props: TableProps<Row>): Promise<void> {
  if (!process.stdout.isTTY) {
    const { header, body } = tableLines(props);
    console.log([header, ...body, ...(props.footer ? [props.footer] : [])].join("\n"));
    return;
  }
  const instance = render(<Table {...props} />, { patchConsole: false });
  instance.unmount();
  await instance.waitUntilExit();
}
