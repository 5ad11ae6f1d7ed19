import { useState, type ChangeEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { Link as RouterLink, useSearchParams } from "react-router";
import type { EarningsBody, EarningsItem, EarningsStatus, Payout, PayoutStatus } from "@forgehire/core";
import { errorMessage } from "../../api/client";
import { EARNINGS_CSV_URL, EARNINGS_PER_PAGE, useEarnings } from "../../api/earnings";
import { PAYOUTS_PER_PAGE, usePayouts, useStartPayoutsOnboarding } from "../../api/payouts";
import ProtectedRoute from "../../components/ProtectedRoute";
import { parsePageParam } from "../../lib/page-param";
import StatementControls from "./StatementControls";

const messages = {
  payoutsNotSetUp: "Payouts are not set up yet. Released money stays available on your Forgehire balance until payouts to your own account are set up.",
  payoutsReturned: "Thanks: your payouts setup is with the payment provider. Payouts start as soon as it confirms your account.",
  empty: "Nothing yet. A story's money shows here once you submit it for review.",
} as const;

const statusLabels: Record<EarningsStatus, { label: string; color: "warning" | "success" | "default" }> = {
  in_review: { label: "In review", color: "warning" },
  available: { label: "Available", color: "success" },
  paid_out: { label: "Paid out", color: "default" },
};

const payoutStatusLabels: Record<PayoutStatus, { label: string; color: "warning" | "success" | "error" | "default" }> = {
  pending: { label: "Pending", color: "warning" },
  paid: { label: "Paid", color: "success" },
  failed: { label: "Failed", color: "error" },
  reversed: { label: "Reversed", color: "error" },
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" });

/** Cents as dollars with two decimals, e.g. $1,234.50. */
const dollars = (cents: number) => usd.format(cents / 100);

/** A released story's release date; a story in review shows when it was submitted. */
function itemDate(item: EarningsItem): string {
  const at = item.releasedAt ?? item.submittedAt;
  return at ? day.format(new Date(at)) : "—";
}

/** /earnings: the freelancer's money in review, available and paid out, per job and story, with a CSV export. */
export default function EarningsPage() {
  return (
    <ProtectedRoute userTypes={["freelancer"]}>
      <Earnings />
    </ProtectedRoute>
  );
}

function Earnings() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page"));
  const earnings = useEarnings(page);
  const handlePageChange = (_event: ChangeEvent<unknown>, next: number) =>
    setSearchParams((params) => {
      if (next === 1) params.delete("page");
      else params.set("page", String(next));
      return params;
    });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 3 }}>
        <Typography variant="h4" component="h1">
          Earnings
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
          <StatementControls />
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} href={EARNINGS_CSV_URL} download>
            Export CSV
          </Button>
        </Stack>
      </Box>
      {earnings.data ? (
        <EarningsView data={earnings.data} page={page} onPageChange={handlePageChange} />
      ) : earnings.isPending ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading earnings" />
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void earnings.refetch()}>
              Try Again
            </Button>
          }
        >
          {errorMessage(earnings.error)}
        </Alert>
      )}
    </Container>
  );
}

function Figure({ label, cents, hint }: { label: string; cents: number; hint: string }) {
  return (
    <Card sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} aria-label={`${label}: ${dollars(cents)}`}>
          {dollars(cents)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </CardContent>
    </Card>
  );
}

function EarningsView({ data, page, onPageChange }: { data: EarningsBody; page: number; onPageChange: (event: ChangeEvent<unknown>, page: number) => void }) {
  const pageCount = Math.max(1, Math.ceil(data.total / EARNINGS_PER_PAGE));
  return (
    <>
      <Grid container spacing={3} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure label="In review" cents={data.inReviewCents} hint="Net of the fee, released when the client approves" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure label="Available" cents={data.availableCents} hint="Released to you, not yet paid out" />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Figure label="Paid out" cents={data.paidOutCents} hint="Transferred to your own account" />
        </Grid>
      </Grid>
      {!data.payoutsEnabled && <PayoutsSetup />}
      {data.items.length === 0 ? (
        <Card>
          <CardContent sx={{ py: 6, textAlign: "center" }}>
            <Typography color="text.secondary">{messages.empty}</Typography>
          </CardContent>
        </Card>
      ) : (
        <TableContainer component={Card}>
          <Table aria-label="Earnings per job and story">
            <TableHead>
              <TableRow>
                <TableCell>Job</TableCell>
                <TableCell>Story</TableCell>
                <TableCell align="right">Gross</TableCell>
                <TableCell align="right">Fee</TableCell>
                <TableCell align="right">Net</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Date</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.storyId}>
                  <TableCell>
                    <Link component={RouterLink} to={`/jobs/${item.jobId}`}>
                      {item.jobTitle}
                    </Link>
                  </TableCell>
                  <TableCell>{item.storyTitle}</TableCell>
                  <TableCell align="right">{dollars(item.grossCents)}</TableCell>
                  <TableCell align="right">{dollars(item.feeCents)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {dollars(item.netCents)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={statusLabels[item.status].label} color={statusLabels[item.status].color} variant="outlined" />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{itemDate(item)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pageCount > 1 && (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 3 }}>
          <Pagination count={pageCount} page={Math.min(page, pageCount)} onChange={onPageChange} color="primary" shape="rounded" />
        </Box>
      )}
      <Payouts />
    </>
  );
}

/** Payouts not enabled yet: why, and the button to the provider's onboarding. */
function PayoutsSetup() {
  const [searchParams] = useSearchParams();
  const onboarding = useStartPayoutsOnboarding();
  const returned = searchParams.get("payouts") === "return";
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={onboarding.isPending} onClick={() => onboarding.mutate()}>
          Set up payouts
        </Button>
      }
    >
      {returned ? messages.payoutsReturned : messages.payoutsNotSetUp}
      {onboarding.isError && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {errorMessage(onboarding.error)}
        </Typography>
      )}
    </Alert>
  );
}

/** The freelancer's transfers to their own account, newest first; nothing while there are none. */
function Payouts() {
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  const data = payouts.data;
  if (!data || data.total === 0) return null;
  const pageCount = Math.max(1, Math.ceil(data.total / PAYOUTS_PER_PAGE));
  return (
    <Box component="section" aria-labelledby="payouts-heading" sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" id="payouts-heading" sx={{ mb: 2 }}>
        Payouts
      </Typography>
      <TableContainer component={Card}>
        <Table aria-label="Payouts to your account">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Job</TableCell>
              <TableCell>Story</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((payout) => (
              <PayoutRow key={payout.id} payout={payout} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pageCount > 1 && (
        <Box sx={{ display: "flex", justifyContent: "center", mt: 3 }}>
          <Pagination count={pageCount} page={Math.min(page, pageCount)} onChange={(_event, next) => setPage(next)} color="primary" shape="rounded" />
        </Box>
      )}
    </Box>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const status = payoutStatusLabels[payout.status];
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{day.format(new Date(payout.paidAt ?? payout.createdAt))}</TableCell>
      <TableCell>
        <Link component={RouterLink} to={`/jobs/${payout.jobId}`}>
          {payout.jobTitle}
        </Link>
      </TableCell>
      <TableCell>{payout.storyTitle ?? "—"}</TableCell>
      <TableCell align="right" sx={{ fontWeight: 600 }}>
        {dollars(payout.amountCents)}
      </TableCell>
      <TableCell>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
        {payout.failureReason && (
          <Typography variant="caption" color="text.secondary" component="p">
            {payout.failureReason}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
