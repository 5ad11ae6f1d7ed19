import { Box, Typography } from "@mui/material";
import type { AdminAuditEntry } from "@forgehire/core";

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value).toLocaleString() : value;
  return JSON.stringify(value);
};

/** Each changed field of an entry on its own line: field, before → after (— for none). */
export const AuditChanges = ({ entry }: { entry: AdminAuditEntry }) => {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  if (fields.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 1.5, rowGap: 0.25 }}>
      {fields.map((field) => (
        <Box key={field} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {field}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
            <Box component="span" sx={{ textDecoration: "line-through", color: "text.secondary" }}>
              {show(entry.before[field])}
            </Box>
            {" → "}
            <Box component="span">{show(entry.after[field])}</Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
