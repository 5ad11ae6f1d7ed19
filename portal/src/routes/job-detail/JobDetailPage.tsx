import { useState } from "react";
import type { SyntheticEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import ArrowBack from "@mui/icons-material/ArrowBack";
import FailedUploads from "../post-job/FailedUploads";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import { errorCatalogue, hasAdminAccess, jobStatusLabels } from "@forgehire/core";
import type { Job, JobStatus } from "@forgehire/core";
import { isApiError } from "../../api/client";
import { useJob } from "../../api/jobs";
import { useStories } from "../../api/breakdown";
import { formatHours, totalHours } from "../../components/breakdown/BreakdownMeta";
import ChangeRequestDialog from "../../components/breakdown/ChangeRequestDialog";
import CreateBreakdownButton from "../../components/breakdown/CreateBreakdownButton";
import JobNotFound from "../../components/JobNotFound";
import LoginRequired from "../../components/LoginRequired";
import PageLoader from "../../components/PageLoader";
import { useCurrentUser } from "../../hooks/use-current-user";
import { offersBreakdown } from "../../lib/offers-breakdown";
import { parseJobId } from "../../lib/job-id";
import { formatCalendarDate, formatMoney } from "../../lib/format";
import BreakdownTab from "./BreakdownTab";
import ContactPosterButton from "./ContactPosterButton";
import JobReviewsCard from "./JobReviewsCard";
import ProjectStatusTab from "./ProjectStatusTab";
import ReceiptLinks from "../../components/ReceiptLinks";
import RequirementsTab, { RequirementsErrorCard, RequirementsSkeleton } from "./RequirementsTab";

const tabs = [
  { value: "requirements", label: "Requirements" },
  { value: "requirements-breakdown", label: "Requirements Breakdown" },
  { value: "project-status", label: "Project Status" },
] as const;
type TabValue = (typeof tabs)[number]["value"];

const statusColors: Record<JobStatus, "default" | "info" | "success" | "primary"> = {
  open: "primary",
  in_progress: "info",
  completed: "success",
  inactive: "default",
};

const messages = {
  loadFailed: "Could not load job details. Please try again.",
} as const;

/** /jobs/:id, with ?tab= requirements, requirements-breakdown or project-status. */
export default function JobDetailPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) return <LoginRequired title="Requirement Details" />;
  return <JobDetail />;
}

function JobDetail() {
  const { user } = useCurrentUser();
  const params = useParams();
  const id = parseJobId(params.id);
  const query = useJob(id);
  const [searchParams, setSearchParams] = useSearchParams();

  if (id === null) return <JobNotFound message={errorCatalogue.INVALID_JOB_ID.message} />;
  if (query.isPending) return <DetailSkeleton />;
  if (!query.data) {
    if (isApiError(query.error, "INVALID_JOB_ID")) return <JobNotFound message={query.error.message} />;
    if (isApiError(query.error, "JOB_NOT_FOUND")) return <JobNotFound />;
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <RequirementsErrorCard heading="h1" message={messages.loadFailed} onRetry={() => void query.refetch()} />
      </Container>
    );
  }

  const { job, requirements } = query.data;
  // The breakdown and project status are for the poster, freelancers and admins; the server says who via can.
  const visibleTabs = tabs.filter((tab) => tab.value === "requirements" || job.can.viewBreakdown);
  const requested = searchParams.get("tab");
  const tab: TabValue = visibleTabs.find((candidate) => candidate.value === requested)?.value ?? "requirements";

  const showTab = (value: TabValue) =>
    setSearchParams(
      (current) => {
        current.set("tab", value);
        return current;
      },
      { replace: true },
    );
  const handleTabChange = (_event: SyntheticEvent, value: TabValue) => showTab(value);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to="/jobs" startIcon={<ArrowBack />} color="inherit" sx={{ mb: 2, color: "text.secondary" }}>
        All Requirements
      </Button>
      <FailedUploads jobId={job.id} />
      <JobHeader job={job} onChangeRequested={() => showTab("requirements-breakdown")} />
      {job.status === "completed" && (user?.id === job.ownerId || user?.id === job.freelancerId) && <JobReviewsCard job={job} />}
      <Card sx={{ mt: 3 }}>
        <Tabs
          value={tab}
          onChange={handleTabChange}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Job sections"
          sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}
        >
          {visibleTabs.map(({ value, label }) => (
            <Tab key={value} value={value} label={label} id={`tab-${value}`} aria-controls={`tabpanel-${value}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`} sx={{ p: { xs: 2, md: 3 }, bgcolor: "background.default" }}>
          {tab === "requirements" ? (
            <RequirementsTab
              job={job}
              requirements={requirements}
              refreshing={query.isFetching}
              failed={query.isError}
              onRefresh={() => void query.refetch()}
            />
          ) : tab === "requirements-breakdown" ? (
            <BreakdownTab job={job} />
          ) : (
            <ProjectStatusTab job={job} />
          )}
        </Box>
      </Card>
    </Container>
  );
}

/** The breakdown's total estimate, once there is a breakdown. */
function JobEstimate({ jobId }: { jobId: number }) {
  const stories = useStories(jobId);
  if (!stories.data || stories.data.length === 0) return null;
  return (
    <Chip icon={<ScheduleOutlined />} label={`Estimate: ${formatHours(totalHours(stories.data))}`} variant="outlined" size="small" data-testid="job-estimate" />
  );
}

function JobHeader({ job, onChangeRequested }: { job: Job; onChangeRequested: () => void }) {
  const { user, isAdmin } = useCurrentUser();
  const [changeOpen, setChangeOpen] = useState(false);
  const [changeKey, setChangeKey] = useState(0);
  const status = { label: jobStatusLabels[job.status], color: statusColors[job.status] };
  const paid = job.paymentStatus === "paid";
  const delivery = formatCalendarDate(job.expectedDeliveryDate);

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, md: 4 }, display: "flex", gap: 3, flexWrap: "wrap", alignItems: "flex-start", justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0, flex: "1 1 420px" }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: "anywhere" }}>
            {job.title}
          </Typography>
          <Typography variant="h6" component="p" color="primary" sx={{ mt: 0.5 }}>
            Budget: {formatMoney(job.budget)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 1.5 }}>
            <Chip label={status.label} color={status.color} size="small" />
            <Chip label={paid ? "Payment: Completed" : "Payment: Due"} color={paid ? "success" : "warning"} variant="outlined" size="small" />
            {hasAdminAccess(user, job) && <Chip icon={<AdminPanelSettingsOutlined />} label="Admin Access" color="secondary" variant="outlined" size="small" />}
            {job.can.viewBreakdown && <JobEstimate jobId={job.id} />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Posted by {job.ownerName}
            {delivery ? ` · Expected delivery ${delivery}` : ""}
          </Typography>
          <Box sx={{ mt: 1.5 }}>
            <ReceiptLinks jobId={job.id} enabled={paid && (user?.id === job.ownerId || isAdmin)} />
          </Box>
        </Box>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          {offersBreakdown(job) && <CreateBreakdownButton job={job} />}
          {job.can.requestChange && (
            <Button
              variant="outlined"
              onClick={() => {
                setChangeKey((key) => key + 1);
                setChangeOpen(true);
              }}
            >
              Change Request
            </Button>
          )}
          {job.can.pay && (
            <Button variant="contained" component={RouterLink} to={`/payments/${job.id}`}>
              Pay Now
            </Button>
          )}
          {hasAdminAccess(user, job) && <ContactPosterButton job={job} />}
          {isAdmin && job.can.edit && (
            <Button variant="outlined" color="secondary" component={RouterLink} to={`/post-job?edit=${job.id}`}>
              Edit as Admin
            </Button>
          )}
        </Stack>
      </CardContent>
      <ChangeRequestDialog key={changeKey} job={job} open={changeOpen} onClose={() => setChangeOpen(false)} onSubmitted={onChangeRequested} />
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
          <Skeleton width="50%" height={48} />
          <Skeleton width="20%" height={32} />
          <Skeleton width="30%" />
        </CardContent>
      </Card>
      <Box sx={{ mt: 3 }}>
        <RequirementsSkeleton />
      </Box>
    </Container>
  );
}
