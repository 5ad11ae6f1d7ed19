import type { ChangeEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { Link as RouterLink, useSearchParams } from "react-router";
import type { BillingDocumentItem, BillingDocumentKind } from "@forgehire/core";
import { BILLING_PER_PAGE, useBillingDocuments } from "../../api/billing";
import { errorMessage } from "../../api/client";
import ProtectedRoute from "../../components/ProtectedRoute";
import { parsePageParam } from "../../lib/page-param";

const messages = {
  intro: "Every receipt and credit note issued to you, newest first. A document never changes once issued; a correction is a new credit note.",
  empty: "No receipts yet. Each card payment you make gets a receipt here, and each refund a credit note.",
  details: "Billing name, address and VAT ID for your next receipts:",
} as const;

const kindLabels: Record<BillingDocumentKind, { label: string; color: "primary" | "secondary" }> = {
  receipt: { label: "Receipt", color: "primary" },
  credit_note: { label: "Credit note", color: "secondary" },
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

/** /billing: the client's receipts and credit notes, each with its PDF. */
export default function BillingPage() {
  return (
    <ProtectedRoute>
      <Billing />
    </ProtectedRoute>
  );
}

function Billing() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page"));
  const documents = useBillingDocuments(page);
  const handlePageChange = (_event: ChangeEvent<unknown>, next: number) =>
    setSearchParams((params) => {
      if (next === 1) params.delete("page");
      else params.set("page", String(next));
      return params;
    });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Billing
      </Typography>
      <Typography color="text.secondary">{messages.intro}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {messages.details}{" "}
        <Link component={RouterLink} to="/update-profile">
          Update Profile
        </Link>
      </Typography>
      {documents.data ? (
        <DocumentsTable data={documents.data} page={page} onPageChange={handlePageChange} />
      ) : documents.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading receipts" />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void documents.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(documents.error)}
        </Alert>
      )}
    </Container>
  );
}

function DocumentsTable({
  data,
  page,
  onPageChange,
}: {
  data: { items: BillingDocumentItem[]; total: number };
  page: number;
  onPageChange: (event: ChangeEvent<unknown>, page: number) => void;
}) {
  if (data.items.length === 0) {
    return (
      <Card>
        <CardContent sx={{ py: 6, textAlign: "center" }}>
          <Typography color="text.secondary">{messages.empty}</Typography>
        </CardContent>
      </Card>
    );
  }
  const pageCount = Math.max(1, Math.ceil(data.total / BILLING_PER_PAGE));
  return (
    <>
      <TableContainer component={Card}>
        <Table aria-label="Receipts and credit notes">
          <TableHead>
            <TableRow>
              <TableCell>Number</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Job</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Issued</TableCell>
              <TableCell align="right">PDF</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((document) => (
              <TableRow key={document.id} data-testid="billing-document">
                <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{document.number}</TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={kindLabels[document.kind].label} color={kindLabels[document.kind].color} />
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/jobs/${document.jobId}`}>
                    {document.jobTitle}
                  </Link>
                </TableCell>
                <TableCell align="right">{(document.kind === "credit_note" ? "−" : "") + usd.format(document.amountCents / 100)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{day.format(new Date(document.issuedAt))}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    startIcon={<FileDownloadOutlined />}
                    href={document.url}
                    download
                    aria-label={`Download ${kindLabels[document.kind].label.toLowerCase()} ${document.number}`}
                  >
                    Download
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pageCount > 1 && (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 3 }}>
          <Pagination count={pageCount} page={page} onChange={onPageChange} />
        </Box>
      )}
    </>
  );
}
