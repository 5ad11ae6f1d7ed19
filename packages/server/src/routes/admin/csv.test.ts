import { describe, expect, it } from "vitest";
import { csvCell, csvColumns, csvHeader, csvRow } from "./csv.js";

describe("the back office's CSV", () => {
  it("prefixes a text cell a spreadsheet would run as a formula with '", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(text).replace(/^"|"$/g, "")).toBe(`'${text}`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(-3)).toBe("-3");
  });

  it("quotes cells holding a comma, a quote or a line break, doubling the quotes", () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(["a", "b"])).toBe("a; b");
  });

  it("reads columns from the rows without can/why, nested fields flattened, under readable headers", () => {
    const rows = [
      { id: 1, ownerName: "Ann", can: { pay: true }, why: {}, money: { heldCents: 5 } },
      { id: 2, jobId: 7 },
    ];
    const columns = csvColumns(rows);
    expect(columns.map((column) => column.header)).toEqual(["ID", "Owner name", "Money held cents", "Job ID"]);
    expect(csvRow(rows[0], columns)).toBe("1,Ann,5,\r\n");
    expect(csvHeader(["createdAt"])).toBe("Created at");
  });
});
