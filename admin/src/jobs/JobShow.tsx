import { useState, type ReactNode } from "react";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import LockIcon from "@mui/icons-material/Lock";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import { Box, Button, Chip, Divider, List as MuiList, ListItem, ListItemText, Stack, Tooltip, Typography } from "@mui/material";
import CreateIcon from "@mui/icons-material/Create";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  BooleanField,
  DateField,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  Labeled,
  NumberField,
  ReferenceField,
  SelectField,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  Confirm,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import { adminApi } from "../api";
import { changeRequestStatusLabels, paymentAttemptStatusLabels, priorityLabels, taskStatusLabels, type AdminJobDetails } from "@forgehire/core";
import { JobStatusChip } from "./JobStatus";
import { jobPaymentStatusChoices } from "./types";
import { quoteText } from "../change-requests/types";
import { RecordHistory } from "../audit-log/RecordHistory";

const money = { style: "currency", currency: "USD" } as const;
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * A refused action, disabled, with the server's refusal (the job's `why`) on hover. A disabled button fires no
 * events, so the tooltip listens on a wrapper.
 */
const RefusedButton = ({ label, icon, reason }: { label: string; icon: ReactNode; reason: string | undefined }) => (
  <Tooltip title={reason ?? ""} describeChild>
    <span>
      <Button size="small" startIcon={icon} disabled>
        {label}
      </Button>
    </span>
  </Tooltip>
);

/**
 * The CLI's lifecycle steps (jobs:lock, jobs:unlock, jobs:complete, the documented delivery override) through the
 * portal's endpoints and policy: shown from the job's `can`, refused ones disabled with the server's `why`.
 */
const LifecycleButton = ({ step, label, icon, confirm }: { step: "lock" | "unlock" | "complete"; label: string; icon: ReactNode; confirm: string }) => {
  const record = useRecordContext<AdminJobDetails>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  if (!record) return null;
  if (!record.can[step]) return <RefusedButton label={label} icon={icon} reason={record.why[step]?.message} />;
  const run = () => {
    setConfirming(false);
    setPending(true);
    adminApi.jobLifecycle(record.id, step).then(
      () => {
        notify(`${label}: done.`, { type: "info" });
        setPending(false);
        refresh();
      },
      (error: unknown) => {
        notify(error instanceof Error ? error.message : `${label} failed.`, { type: "error" });
        setPending(false);
        refresh();
      },
    );
  };
  return (
    <>
      <Button size="small" startIcon={icon} disabled={pending} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <Confirm
        isOpen={confirming}
        title={`${label} "${record.title}"?`}
        content={confirm}
        confirm={label}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/** Edit and Delete follow the job's `can`; a refused one stays visible, disabled, saying why in the server's words. */
const JobShowActions = () => {
  const record = useRecordContext<AdminJobDetails>();
  if (!record) return <TopToolbar />;
  return (
    <TopToolbar>
      <LifecycleButton
        step="lock"
        label="Lock"
        icon={<LockIcon />}
        confirm="The requirements are finalized: the client can pay, and stories and tasks can no longer change."
      />
      <LifecycleButton
        step="unlock"
        label="Unlock"
        icon={<LockOpenIcon />}
        confirm="The requirements can be edited again; the job cannot be paid until locked again."
      />
      <LifecycleButton
        step="complete"
        label="Complete"
        icon={<DoneAllIcon />}
        confirm="The delivery override: the job is marked completed now, whatever its stories' reviews say."
      />
      {record.can.edit ? <EditButton /> : <RefusedButton label="Edit" icon={<CreateIcon />} reason={record.why.edit?.message} />}
      {record.can.delete ? (
        <DeleteWithConfirmButton
          confirmTitle={`Delete "${record.title}"?`}
          confirmContent="The job is removed from every list; it can be restored from the jobs list's 'Deleted jobs'."
        />
      ) : (
        <RefusedButton label="Delete" icon={<DeleteIcon />} reason={record.why.delete?.message} />
      )}
    </TopToolbar>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box sx={{ mb: 2 }}>
    <Typography variant="subtitle2" component="h2" color="text.secondary">
      {title}
    </Typography>
    <Typography sx={{ whiteSpace: "pre-wrap" }}>{children || "—"}</Typography>
  </Box>
);

const Requirements = () => {
  const record = useRecordContext<AdminJobDetails>();
  if (!record) return null;
  const r = record.requirements;
  const services = Object.entries(r.additionalServices)
    .filter(([, chosen]) => chosen)
    .map(([name]) => name);
  return (
    <Box>
      <Section title="Description">{record.description}</Section>
      <Section title="Industry">{r.industry}</Section>
      <Section title="Target audience">{r.targetAudience}</Section>
      <Section title="Key features">{r.keyFeatures}</Section>
      <Section title="User categories">{r.userCategories.join(", ")}</Section>
      <Section title="Stakeholders">{r.stakeholders}</Section>
      <Section title="Existing systems">{r.existingSystems}</Section>
      <Section title="Compliance">{[r.complianceRequirements, ...r.complianceTypes].filter(Boolean).join(", ")}</Section>
      <Section title="Integrations">{r.integrationSystems.join(", ")}</Section>
      <Section title="Additional services">{services.join(", ")}</Section>
      {r.answers.length ? <Section title="Answers">{r.answers.map((answer) => `${answer.question}\n→ ${answer.answer}`).join("\n\n")}</Section> : null}
      {r.files.length ? (
        <Box>
          <Typography variant="subtitle2" component="h2" color="text.secondary">
            Files
          </Typography>
          {r.files.map((file) => (
            <Box key={file.id}>
              <a href={file.url}>{file.name}</a>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
};

const Empty = ({ children }: { children: ReactNode }) => <Typography color="text.secondary">{children}</Typography>;

const Backlog = () => {
  const record = useRecordContext<AdminJobDetails>();
  if (!record) return null;
  if (!record.stories.length) return <Empty>No stories yet.</Empty>;
  return (
    <Stack spacing={2} divider={<Divider />}>
      {record.stories.map((story) => (
        <Box key={story.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="h6" component="h2">
              {story.title}
            </Typography>
            <Chip size="small" label={priorityLabels[story.priority]} />
            {story.locked ? <Chip size="small" label="Locked" /> : null}
          </Stack>
          <Typography color="text.secondary">{story.description}</Typography>
          <MuiList dense>
            {story.tasks.map((task) => (
              <ListItem key={task.id} secondaryAction={<Chip size="small" variant="outlined" label={taskStatusLabels[task.status]} />}>
                <ListItemText primary={task.title} secondary={`${priorityLabels[task.priority]} priority · ${task.messageCount} messages`} />
              </ListItem>
            ))}
          </MuiList>
        </Box>
      ))}
    </Stack>
  );
};

const ChangeRequests = () => {
  const record = useRecordContext<AdminJobDetails>();
  if (!record) return null;
  if (!record.changeRequests.length) return <Empty>No change requests.</Empty>;
  return (
    <MuiList>
      {record.changeRequests.map((request) => (
        <ListItem key={request.id} secondaryAction={<Chip size="small" label={changeRequestStatusLabels[request.status]} />}>
          <ListItemText
            primary={request.description}
            secondary={[when(request.createdAt), request.quote ? `quote ${quoteText(request)}` : null].filter(Boolean).join(" · ")}
          />
        </ListItem>
      ))}
    </MuiList>
  );
};

const Payments = () => {
  const record = useRecordContext<AdminJobDetails>();
  if (!record) return null;
  if (!record.payments.length) return <Empty>No payment attempts.</Empty>;
  return (
    <MuiList>
      {record.payments.map((payment) => (
        <ListItem key={payment.id} secondaryAction={<Chip size="small" label={paymentAttemptStatusLabels[payment.status]} />}>
          <ListItemText
            primary={`$${(payment.amount / 100).toFixed(2)} ${payment.currency.toUpperCase()} · ${payment.provider} · attempt ${payment.attempt}`}
            secondary={[when(payment.createdAt), payment.lastError].filter(Boolean).join(" · ")}
          />
        </ListItem>
      ))}
    </MuiList>
  );
};

/** The activity log's actions (services' JobActivityAction) in words; an unknown one is shown as it comes. */
const activityLabels: Record<string, string> = {
  created: "Job posted",
  updated: "Requirements edited",
  deleted: "Job deleted",
  breakdown: "Stories and tasks created",
  lock: "Requirements locked",
  unlock: "Requirements unlocked",
  start: "Work started",
  complete: "Work completed",
  change_request: "Change requested",
  payment_pending: "Payment processing",
  paid: "Payment received",
  payment_failed: "Payment failed",
};

const Activity = () => {
  const record = useRecordContext<AdminJobDetails>();
  if (!record) return null;
  if (!record.activity.length) return <Empty>No activity recorded.</Empty>;
  return (
    <MuiList dense>
      {record.activity.map((entry, index) => (
        <ListItem key={`${entry.createdAt}-${index}`}>
          <ListItemText
            primary={activityLabels[entry.action] ?? entry.action}
            secondary={[
              when(entry.createdAt),
              ...Object.entries(entry.details).map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`),
            ].join(" · ")}
          />
        </ListItem>
      ))}
    </MuiList>
  );
};

/** One job: its summary, requirements, stories and tasks, change requests, payments and history. */
const JobShow = () => (
  <Show<AdminJobDetails> actions={<JobShowActions />}>
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="Summary">
        <TextField source="title" />
        <Stack direction="row" spacing={4}>
          <Labeled label="Status">
            <FunctionField<AdminJobDetails> render={(record) => <JobStatusChip status={record.status} />} />
          </Labeled>
          <Labeled label="Payment status">
            <SelectField source="paymentStatus" choices={jobPaymentStatusChoices} />
          </Labeled>
          <Labeled label="Locked">
            <BooleanField source="locked" />
          </Labeled>
        </Stack>
        <Stack direction="row" spacing={4}>
          <Labeled label="Budget">
            <NumberField source="budget" options={money} locales="en-US" />
          </Labeled>
          <Labeled label="Scope">
            <NumberField source="scope" options={money} locales="en-US" />
          </Labeled>
          <Labeled label="Expected delivery">
            <DateField source="expectedDeliveryDate" emptyText="—" />
          </Labeled>
        </Stack>
        <ReferenceField source="ownerId" reference="users" label="Posted by" link="edit" />
        <Stack direction="row" spacing={4}>
          <Labeled label="Created">
            <DateField source="createdAt" showTime />
          </Labeled>
          <Labeled label="Started">
            <DateField source="startedAt" showTime emptyText="—" />
          </Labeled>
        </Stack>
        <FunctionField<AdminJobDetails> label="In the portal" render={(record) => <a href={`/jobs/${record.id}`}>/jobs/{record.id}</a>} />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Requirements" path="requirements">
        <Requirements />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Stories and tasks" path="stories">
        <Backlog />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Change requests" path="change-requests">
        <ChangeRequests />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Payments" path="payments">
        <Payments />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="Activity" path="activity">
        <Activity />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="History" path="history">
        <RecordHistory resource="jobs" />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);

export default JobShow;
