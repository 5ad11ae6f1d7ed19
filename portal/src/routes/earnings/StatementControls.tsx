import { useState } from "react";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import TableChartOutlined from "@mui/icons-material/TableChartOutlined";
import { statementUrl } from "../../api/billing";

/** The current month (UTC, as statements count them) as YYYY-MM. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The monthly statement's downloads: the freelancer picks a month (UTC) and gets its releases, fees and payouts as a
 * PDF or a CSV, both drawn from the ledger by the server.
 */
export default function StatementControls() {
  const [month, setMonth] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && month <= thisMonth();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
      <TextField
        label="Statement month"
        type="month"
        size="small"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonth() } }}
        error={!valid}
        helperText={valid ? undefined : "Choose a month up to this one"}
        sx={{ width: 190 }}
      />
      <Button variant="outlined" startIcon={<PictureAsPdfOutlined />} href={statementUrl(valid ? month : thisMonth(), "pdf")} disabled={!valid} download>
        Statement PDF
      </Button>
      <Button variant="outlined" startIcon={<TableChartOutlined />} href={statementUrl(valid ? month : thisMonth(), "csv")} disabled={!valid} download>
        Statement CSV
      </Button>
    </Stack>
  );
}
