import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import ReceiptLongOutlined from "@mui/icons-material/ReceiptLongOutlined";
import { useJobReceipts } from "../api/billing";

/**
 * The job's payment section's receipts: one download per captured payment (the job's own, each paid change request).
 * Shown to the job's owner and admins once it is paid; the server answers the PDF after the same check.
 */
export default function ReceiptLinks({ jobId, enabled }: { jobId: number; enabled: boolean }) {
  const receipts = useJobReceipts(jobId, enabled);
  if (!enabled || !receipts.data || receipts.data.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
      {receipts.data.map((payment, index) => (
        <Button
          key={payment.id}
          variant="outlined"
          size="small"
          startIcon={<ReceiptLongOutlined />}
          href={payment.receiptUrl!}
          download
          data-testid="receipt-download"
        >
          {receipts.data.length > 1 ? `Receipt ${index + 1}` : "Download receipt"}
        </Button>
      ))}
    </Stack>
  );
}
