import type { ReactNode } from "react";
import {
  Alert,
  Box,
  Card,
  CardContent,
  Divider,
  Link as MuiLink,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Link, Show, useRecordContext } from "react-admin";
import { disputeOpenerLabels, formatCents, ledgerTransactionKindLabels, type AdminDisputeDetails } from "@forgehire/core";
import { adminApi } from "../api";
import { DeliveryStatusChip } from "../deliveries/DeliveryStatus";
import { DisputeStatusChip } from "./DisputeStatus";
import { ResolveForm } from "./ResolveForm";
import { RecordHistory } from "../audit-log/RecordHistory";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—");

const Panel = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

/** The job's money beside the dispute, from `GET /api/jobs/:id/money` (the ledger's own sums and entries). */
const JobMoney = ({ jobId }: { jobId: number }) => {
  const { data, isError } = useQuery({ queryKey: ["admin", "job-money", jobId], queryFn: () => adminApi.jobMoney(jobId) });
  if (isError) return <Alert severity="error">The job's money could not be loaded.</Alert>;
  if (!data) return <Skeleton variant="rounded" height={120} />;
  const sums: [string, number][] = [
    ["Paid", data.paidCents],
    ["Held in escrow", data.heldCents],
    ["Released", data.releasedCents],
    ["Refunded", data.refundedCents],
    ["Platform fees", data.feeCents],
  ];
  return (
    <Box role="group" aria-label="Job money">
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "auto auto", columnGap: 3, rowGap: 0.5, m: 0, mb: 2 }}>
        {sums.map(([label, cents]) => (
          <Box key={label} sx={{ display: "contents" }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
              {formatCents(cents)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Table size="small" aria-label="Ledger entries">
        <TableHead>
          <TableRow>
            <TableCell>Kind</TableCell>
            <TableCell>Account</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.entries.map((entry, index) => (
            <TableRow key={`${entry.transactionId}-${index}`}>
              <TableCell>
                <Link to={`/ledger-transactions/${entry.transactionId}/show`}>{ledgerTransactionKindLabels[entry.kind]}</Link>
              </TableCell>
              <TableCell sx={{ fontFamily: "monospace", fontSize: 12, wordBreak: "break-all" }}>{entry.account}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {formatCents(entry.amountCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

const DisputeDetails = () => {
  const record = useRecordContext<AdminDisputeDetails>();
  // react-admin first shows the list's row from its cache, which has no stories or thread yet.
  if (!record || !("stories" in record)) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 1 }}>
        <Typography variant="h5" component="h2">
          Dispute on{" "}
          <Link to={`/jobs/${record.jobId}/show`}>
            #{record.jobId} {record.jobTitle}
          </Link>
        </Typography>
        <DisputeStatusChip status={record.status} />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Opened {when(record.openedAt)} by {disputeOpenerLabels[record.openedVia].toLowerCase()}
        {record.providerDisputeId ? ` (${record.providerDisputeId})` : ""} · holds {formatCents(record.heldCents)}
      </Typography>
      <Alert severity={record.status === "open" ? "warning" : "info"} icon={false} sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="h3">
          Reason
        </Typography>
        <Typography sx={{ whiteSpace: "pre-wrap" }}>{record.reason}</Typography>
      </Alert>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, gap: 2 }}>
        <Stack spacing={2}>
          <Panel title="Disputed deliveries">
            {record.stories.length === 0 && <Typography color="text.secondary">No story is held by this dispute.</Typography>}
            {record.stories.map((story, index) => (
              <Box key={story.id}>
                {index > 0 && <Divider sx={{ my: 1.5 }} />}
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                  <Link to={`/deliveries/${story.id}/show`}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {story.title}
                    </Typography>
                  </Link>
                  <DeliveryStatusChip status={story.status} />
                  <Typography component="span" sx={{ ml: "auto !important", fontVariantNumeric: "tabular-nums" }}>
                    {story.amountCents === null ? "—" : formatCents(story.amountCents)}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Submitted {when(story.submittedAt)} · {story.revisionCount} revision{story.revisionCount === 1 ? "" : "s"}
                </Typography>
                {story.note && <Typography sx={{ whiteSpace: "pre-wrap", mt: 0.5 }}>{story.note}</Typography>}
                {story.links.map((link) => (
                  <MuiLink key={link} href={link} target="_blank" rel="noopener noreferrer" sx={{ display: "block" }}>
                    {link}
                  </MuiLink>
                ))}
              </Box>
            ))}
          </Panel>
          <Panel title="Thread">
            {record.thread.length === 0 && <Typography color="text.secondary">No messages.</Typography>}
            <Stack spacing={1.5} role="group" aria-label="Dispute thread">
              {record.thread.map((message) => (
                <Box key={message.id} sx={{ borderLeft: 3, borderColor: "divider", pl: 1.5 }}>
                  <Typography variant="caption" color="text.secondary">
                    {message.senderName} · {message.storyTitle} · {when(message.createdAt)}
                  </Typography>
                  <Typography sx={{ whiteSpace: "pre-wrap" }}>{message.content}</Typography>
                </Box>
              ))}
            </Stack>
          </Panel>
        </Stack>
        <Stack spacing={2}>
          <Panel title="Job money">
            <JobMoney jobId={record.jobId} />
          </Panel>
          <Card variant="outlined">
            <CardContent>
              {record.status === "open" ? (
                <ResolveForm dispute={record} />
              ) : (
                <Box role="group" aria-label="Resolution">
                  <Typography variant="subtitle1" component="h3" gutterBottom>
                    Resolution
                  </Typography>
                  <Typography>
                    {formatCents(record.releaseCents ?? 0)} released to the freelancer, {formatCents(record.refundCents ?? 0)} refunded to the client,{" "}
                    {when(record.resolvedAt)}.
                  </Typography>
                  {record.note && <Typography color="text.secondary">{record.note}</Typography>}
                </Box>
              )}
            </CardContent>
          </Card>
        </Stack>
      </Box>
      <RecordHistory resource="disputes" />
    </Box>
  );
};

/** A dispute with its thread, the disputed deliveries and the job's money beside it, and the resolution form. */
const DisputeShow = () => (
  <Show<AdminDisputeDetails> actions={false}>
    <DisputeDetails />
  </Show>
);

export default DisputeShow;
