import { Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from "@mui/material";
import { formatCents, type AdminLedgerEntry } from "@forgehire/core";

/** A transaction's entries with their sum, which is zero for every balanced transaction. */
export const LedgerEntries = ({ entries, dense = false }: { entries: AdminLedgerEntry[]; dense?: boolean }) => {
  const sum = entries.reduce((total, entry) => total + entry.amountCents, 0);
  return (
    <Table size="small" aria-label="Entries" sx={dense ? { "& td, & th": { py: 0.25, border: 0 } } : undefined}>
      {!dense && (
        <TableHead>
          <TableRow>
            <TableCell>Account</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
      )}
      <TableBody>
        {entries.map((entry, index) => (
          <TableRow key={`${entry.account}-${index}`}>
            <TableCell sx={{ fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" }}>{entry.account}</TableCell>
            <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums", color: entry.amountCents < 0 ? "error.dark" : "success.dark" }}>
              {formatCents(entry.amountCents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      {!dense && (
        <TableFooter>
          <TableRow>
            <TableCell sx={{ fontWeight: 600 }}>Sum</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }} aria-label="Sum of entries">
              {formatCents(sum)}
            </TableCell>
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
};
