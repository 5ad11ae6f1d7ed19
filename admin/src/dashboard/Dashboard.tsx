import { lazy, Suspense, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Datagrid, FunctionField, Link, ListBase, NumberField, Pagination, ReferenceField, TextField, Title, EmailField, useListContext } from "react-admin";
import { formatCents, type AdminJob, type AdminJobView, type AdminStats } from "@forgehire/core";
import { adminApi } from "../api";
import { JobStatusChip } from "../jobs/JobStatus";
import { jobViewChoices } from "../jobs/types";
import { EmailDialog } from "./EmailDialog";
import { NeedsAttention } from "./attention";

// recharts is the largest library here: the charts load after the counters and tables.
const DashboardCharts = lazy(() => import("./DashboardCharts"));

const messages = {
  title: "Admin Dashboard",
  subtitle: "Complete Project Status Overview",
  noMatch: "No projects match the selected filter.",
  statsFailed: "Failed to load jobs data",
} as const;

/** The seven counters, in the spec's order and words, each with the view it counts. */
const counters: { key: Exclude<keyof AdminStats, "heldCents" | "inReviewCents" | "disputedCents">; label: string; view: AdminJobView }[] = [
  { key: "total", label: "Total Projects", view: "all" },
  { key: "inProgress", label: "In Progress", view: "in_progress" },
  { key: "completed", label: "Completed", view: "completed" },
  { key: "paymentDue", label: "Payment Due", view: "payment_due" },
  { key: "paid", label: "Paid Projects", view: "paid" },
  { key: "withStories", label: "With Stories", view: "with_stories" },
  { key: "withCommunication", label: "With Communication", view: "with_communication" },
];

const StatsCounters = ({ onPick }: { onPick: (view: AdminJobView) => void }) => {
  const { data, isError } = useQuery({ queryKey: ["admin", "stats"], queryFn: adminApi.stats });
  if (isError) return <Alert severity="error">{messages.statsFailed}</Alert>;
  return (
    <Box
      component="ul"
      aria-label="Project counters"
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "repeat(2, 1fr)", sm: "repeat(4, 1fr)", lg: "repeat(7, 1fr)" },
      }}
    >
      {counters.map(({ key, label, view }) => (
        <Card component="li" key={key} aria-label={label}>
          {/* A counter also filters the tables to the projects it counts. */}
          <CardActionArea onClick={() => onPick(view)} sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h4" component="p">
                {data ? data[key] : <Skeleton width={40} />}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
};

/** The money counters (issue 18), each with the back-office list that shows what it sums. */
const moneyCounters: { key: "heldCents" | "inReviewCents" | "disputedCents"; label: string; to: string }[] = [
  { key: "heldCents", label: "Money Held", to: "/ledger-transactions" },
  { key: "inReviewCents", label: "In Review", to: `/deliveries?filter=${encodeURIComponent(JSON.stringify({ status: "in_review" }))}` },
  { key: "disputedCents", label: "Disputed", to: `/disputes?filter=${encodeURIComponent(JSON.stringify({ status: "open" }))}` },
];

/** Money held in escrow, in review and in dispute, to the cent, from the same stats call as the counters above. */
const MoneyCounters = () => {
  const { data } = useQuery({ queryKey: ["admin", "stats"], queryFn: adminApi.stats });
  return (
    <Box
      component="ul"
      aria-label="Money counters"
      sx={{ listStyle: "none", p: 0, m: 0, mt: 2, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, 1fr)" } }}
    >
      {moneyCounters.map(({ key, label, to }) => (
        <Card component="li" key={key} aria-label={label}>
          <CardActionArea component={Link} to={to} sx={{ height: "100%" }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {data ? formatCents(data[key]) : <Skeleton width={120} />}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
};

const budget = { style: "currency", currency: "USD" } as const;
const noMatch = (
  <Typography sx={{ p: 2 }} color="text.secondary">
    {messages.noMatch}
  </Typography>
);

/** Project Name links to the job's page in the portal (another app, hence a plain link). */
const ProjectName = ({ record }: { record: AdminJob }) => (
  <Box component="a" href={`/jobs/${record.id}`} sx={{ color: "primary.main", fontWeight: 500 }}>
    {record.title}
  </Box>
);

const OverviewTable = ({ onEmail }: { onEmail: (job: AdminJob) => void }) => (
  <Datagrid rowClick={false} bulkActionButtons={false} empty={noMatch} aria-label="Overview">
    <FunctionField<AdminJob> label="Project Name" sortBy="title" render={(record) => <ProjectName record={record} />} />
    <NumberField<AdminJob> source="budget" label="Budget" options={budget} locales="en-US" />
    <FunctionField<AdminJob> label="Status" sortBy="status" render={(record) => <JobStatusChip status={record.status} />} />
    <FunctionField<AdminJob>
      label="Actions"
      render={(record) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" component={Link} to={`/jobs/${record.id}/show`}>
            View Details
          </Button>
          <Button size="small" onClick={() => onEmail(record)}>
            Contact
          </Button>
        </Stack>
      )}
    />
  </Datagrid>
);

const PosterTable = ({ onEmail }: { onEmail: (job: AdminJob) => void }) => (
  <Datagrid rowClick={false} bulkActionButtons={false} empty={noMatch} aria-label="Job Poster Details">
    <FunctionField<AdminJob> label="Project Name" sortBy="title" render={(record) => <ProjectName record={record} />} />
    <TextField<AdminJob> source="ownerName" label="Job Poster" sortable={false} />
    <ReferenceField<AdminJob> source="ownerId" reference="users" label="Email" sortable={false} link={false}>
      <EmailField source="email" />
    </ReferenceField>
    <NumberField<AdminJob> source="budget" label="Budget" options={budget} locales="en-US" />
    <FunctionField<AdminJob> label="Status" sortBy="status" render={(record) => <JobStatusChip status={record.status} />} />
    <FunctionField<AdminJob>
      label="Actions"
      render={(record) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" href={`/jobs/${record.id}`}>
            View
          </Button>
          <Button size="small" onClick={() => onEmail(record)}>
            Email
          </Button>
          {/* can.pay is the server's rule (completed, not paid, and who may pay), as on the portal. */}
          {record.can.pay && (
            <Button size="small" variant="contained" href={`/payments/${record.id}`} sx={{ whiteSpace: "nowrap" }}>
              Pay Now
            </Button>
          )}
        </Stack>
      )}
    />
  </Datagrid>
);

const ViewSelect = ({ view, onChange }: { view: AdminJobView; onChange: (view: AdminJobView) => void }) => (
  <FormControl size="small" sx={{ width: 240, flexShrink: 0 }}>
    <InputLabel id="dashboard-view-label">Filter</InputLabel>
    <Select labelId="dashboard-view-label" label="Filter" value={view} onChange={(event) => onChange(event.target.value as AdminJobView)}>
      {jobViewChoices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </Select>
  </FormControl>
);

/** The tables' footer; the list's total comes from Content-Range. */
const TableFooter = () => {
  const { total } = useListContext();
  return total ? <Pagination rowsPerPageOptions={[10, 25, 50]} /> : null;
};

/** The back office's home: counters, charts and the projects under one of the dashboard's views. */
export const Dashboard = () => {
  const [view, setView] = useState<AdminJobView>("all");
  const [tab, setTab] = useState<"overview" | "posters">("overview");
  const [emailJob, setEmailJob] = useState<AdminJob | null>(null);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={messages.title} />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mb: 3, justifyContent: "space-between", alignItems: { sm: "center" } }}>
        <Box>
          <Typography variant="h4" component="h2" sx={{ whiteSpace: "nowrap" }}>
            {messages.title}
          </Typography>
          <Typography color="text.secondary">{messages.subtitle}</Typography>
        </Box>
        <ViewSelect view={view} onChange={setView} />
      </Stack>

      <StatsCounters onPick={setView} />
      <MoneyCounters />
      <NeedsAttention />

      <Suspense fallback={<Skeleton variant="rounded" height={260} sx={{ mt: 3 }} />}>
        <DashboardCharts />
      </Suspense>

      <Card sx={{ mt: 3 }}>
        <Tabs value={tab} onChange={(_, value: "overview" | "posters") => setTab(value)} sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}>
          <Tab value="overview" label="Overview" />
          <Tab value="posters" label="Job Poster Details" />
        </Tabs>
        {/* Keyed by view: a new view starts on its first page. The URL keeps react-admin's own jobs list. */}
        <ListBase<AdminJob> key={view} resource="jobs" filter={{ view }} sort={{ field: "createdAt", order: "DESC" }} perPage={10} disableSyncWithLocation>
          {tab === "overview" ? <OverviewTable onEmail={setEmailJob} /> : <PosterTable onEmail={setEmailJob} />}
          <TableFooter />
        </ListBase>
      </Card>

      <EmailDialog job={emailJob} onClose={() => setEmailJob(null)} />
    </Box>
  );
};
