import { useState } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Link as MuiLink,
  List as MuiList,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { HttpError, Link, Show, TopToolbar, useNotify, useRecordContext, useRefresh } from "react-admin";
import { formatCents, taskStatusLabels, type AdminDeliveryDetails } from "@forgehire/core";
import { adminApi } from "../api";
import { DeliveryStatusChip } from "./DeliveryStatus";

/**
 * Whether the record is the page's own (`GET /deliveries/:id`): react-admin first shows the list's row from its cache,
 * which has no tasks, note or can/why yet.
 */
const isDetails = (record: AdminDeliveryDetails | undefined): record is AdminDeliveryDetails => record !== undefined && "can" in record;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—");

/**
 * Approve, as the server allows it: `can.approve` from the lifecycle. A refused approval stays visible, disabled,
 * with the server's own words beside it. The release the server made is said back once it answers.
 */
const ApproveButton = () => {
  const record = useRecordContext<AdminDeliveryDetails>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!isDetails(record)) return null;
  const amount = record.amountCents === null ? "" : ` ${formatCents(record.amountCents)}`;
  if (!record.can.approve) {
    return (
      <Tooltip title={record.why.approve?.message ?? ""} describeChild>
        <span>
          <Button variant="contained" startIcon={<CheckCircleIcon />} disabled>
            Approve and release{amount}
          </Button>
        </span>
      </Tooltip>
    );
  }
  const approve = async () => {
    setBusy(true);
    try {
      const { release } = await adminApi.approveStory(record.id);
      notify(`Approved: ${formatCents(release.netCents)} released to the freelancer, ${formatCents(release.feeCents)} platform fee.`, { type: "success" });
    } catch (error) {
      notify(error instanceof HttpError ? error.message : "The approval failed.", { type: "error" });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Button variant="contained" color="success" startIcon={<CheckCircleIcon />} onClick={() => void approve()} disabled={busy}>
      Approve and release{amount}
    </Button>
  );
};

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography component="div">{children}</Typography>
  </Box>
);

const DeliveryDetails = () => {
  const record = useRecordContext<AdminDeliveryDetails>();
  if (!isDetails(record)) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2 }}>
        <Typography variant="h5" component="h2">
          {record.title}
        </Typography>
        <DeliveryStatusChip status={record.status} />
      </Stack>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", md: "repeat(6, auto)" }, gap: 2, mb: 3 }}>
        <Field label="Job">
          <Link to={`/jobs/${record.jobId}/show`}>
            #{record.jobId} {record.jobTitle}
          </Link>
        </Field>
        <Field label="Freelancer">{record.freelancerName || "—"}</Field>
        <Field label="Amount">{record.amountCents === null ? "—" : formatCents(record.amountCents)}</Field>
        <Field label="Submitted">{when(record.submittedAt)}</Field>
        <Field label="Review due">{when(record.reviewDueAt)}</Field>
        <Field label="Revisions">{record.revisionCount}</Field>
      </Box>
      {record.status === "approved" && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Approved {when(record.approvedAt)} by {record.approvedBy}.
        </Alert>
      )}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 2 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              Delivery note
            </Typography>
            <Typography sx={{ whiteSpace: "pre-wrap" }} color={record.note ? "text.primary" : "text.secondary"}>
              {record.note || "No note."}
            </Typography>
            {record.links.length > 0 && (
              <>
                <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
                  Links
                </Typography>
                <MuiList dense>
                  {record.links.map((link) => (
                    <ListItem key={link} disableGutters>
                      <MuiLink href={link} target="_blank" rel="noopener noreferrer">
                        {link}
                      </MuiLink>
                    </ListItem>
                  ))}
                </MuiList>
              </>
            )}
            {record.description && (
              <>
                <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
                  Story
                </Typography>
                <Typography color="text.secondary">{record.description}</Typography>
              </>
            )}
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="subtitle1" component="h3" gutterBottom>
              Acceptance criteria
            </Typography>
            {record.tasks.map((task) => (
              <Box key={task.id} sx={{ mb: 1 }}>
                <Typography variant="subtitle2" component="h4">
                  {task.title}{" "}
                  <Typography component="span" variant="caption" color="text.secondary">
                    ({taskStatusLabels[task.status]})
                  </Typography>
                </Typography>
                {task.acceptanceCriteria.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    No criteria written.
                  </Typography>
                ) : (
                  <MuiList dense disablePadding aria-label={`Acceptance criteria of ${task.title}`}>
                    {task.acceptanceCriteria.map((criterion) => (
                      <ListItem key={criterion} disableGutters sx={{ alignItems: "flex-start" }}>
                        {/* A checklist for the reviewer's own eyes: ticking it changes nothing on the server. */}
                        <ListItemIcon sx={{ minWidth: 36 }}>
                          <Checkbox size="small" edge="start" slotProps={{ input: { "aria-label": criterion } }} />
                        </ListItemIcon>
                        <ListItemText primary={criterion} />
                      </ListItem>
                    ))}
                  </MuiList>
                )}
              </Box>
            ))}
          </CardContent>
        </Card>
      </Box>
      {!record.can.approve && record.why.approve && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Approve: {record.why.approve.message}
        </Typography>
      )}
    </Box>
  );
};

/** A story's delivery, checked against its acceptance criteria, with Approve where the server allows it. */
const DeliveryShow = () => (
  <Show<AdminDeliveryDetails>
    actions={
      <TopToolbar>
        <ApproveButton />
      </TopToolbar>
    }
  >
    <DeliveryDetails />
  </Show>
);

export default DeliveryShow;
