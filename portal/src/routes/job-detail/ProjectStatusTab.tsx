import { Fragment, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ChecklistOutlined from "@mui/icons-material/ChecklistOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { useSnackbar } from "notistack";
import { taskStatusLabels, taskStatuses } from "@forgehire/core";
import type { Dispute, Job, ProjectStatus, Story, Task, TaskStatus } from "@forgehire/core";
import { serverRefusal } from "../../api/client";
import { useJobDisputes, useProjectStatus, useUpdateTaskStatus } from "../../api/breakdown";
import DisputeDialog from "../../components/breakdown/DisputeDialog";
import { TaskStatusSelect } from "../../components/breakdown/InlineFields";
import { CriteriaText, EstimateChip, MilestoneChip, SourceChip } from "../../components/breakdown/BreakdownMeta";
import ReasonTooltip from "../../components/breakdown/ReasonTooltip";
import { disabledReason } from "../../components/breakdown/reasons";
import StoryDelivery, { DisputeOutcome } from "../../components/breakdown/StoryDelivery";
import TaskCommentThread from "../../components/breakdown/TaskCommentThread";
import TaskCommunicationDialog from "../../components/breakdown/TaskCommunicationDialog";
import type { OpenTask } from "../../components/breakdown/TaskCommunicationDialog";
import ToastMessage from "../../components/ToastMessage";

const messages = {
  loadFailed: "Failed to load tasks. Please try again.",
  empty: "No tasks to track yet.",
  emptyHint: "Once the stories and tasks exist, their progress shows here.",
  saved: "Task updated",
  updateFailed: "Failed to update item. Please try again.",
} as const;

const statusColors: Record<TaskStatus, "default" | "info" | "warning" | "success"> = {
  todo: "default",
  in_progress: "info",
  clarification: "warning",
  done: "success",
};

/** The project status tab: progress figures and every task with its status, comment and conversation. */
export default function ProjectStatusTab({ job }: { job: Job }) {
  const status = useProjectStatus(job.id);
  // The job's money comes only to its parties (owner, assigned freelancer, admins): the same people read its disputes.
  const disputes = useJobDisputes(job.id, job.money !== undefined);
  const [openTask, setOpenTask] = useState<OpenTask | null>(null);
  const [disputing, setDisputing] = useState(false);

  if (status.isPending) return <StatusSkeleton />;
  if (status.isError || !status.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void status.refetch()}>
            Try Again
          </Button>
        }
      >
        {messages.loadFailed}
      </Alert>
    );
  }

  const { stories, progress } = status.data;
  if (stories.every((story) => story.tasks.length === 0)) {
    return (
      <Card sx={{ boxShadow: "none" }}>
        <CardContent sx={{ textAlign: "center", py: { xs: 5, md: 7 } }}>
          <ChecklistOutlined color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography variant="h6" component="p">
            {messages.empty}
          </Typography>
          <Typography color="text.secondary">{messages.emptyHint}</Typography>
        </CardContent>
      </Card>
    );
  }

  const allDisputes = disputes.data ?? [];
  const jobWide = allDisputes.filter((dispute) => dispute.storyId === null);
  // A story's disputes: its own, and the job-wide one still open while the story is held by it.
  const disputesOf = (story: Story): Dispute[] =>
    allDisputes.filter(
      (dispute) => dispute.storyId === story.id || (dispute.storyId === null && dispute.status === "open" && story.delivery.status === "disputed"),
    );

  // A job-wide dispute takes every story not yet approved: offered when the server lets the asker dispute on the job
  // and each of those stories (their own `can`), as the server then checks again.
  const notApproved = stories.filter((story) => story.delivery.status !== "approved");
  const mayDisputeJob = job.can.dispute && notApproved.length > 0 && notApproved.every((story) => story.can?.dispute === true);

  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Project Status
        </Typography>
        {mayDisputeJob && (
          <Button variant="outlined" color="error" onClick={() => setDisputing(true)}>
            Dispute the job
          </Button>
        )}
      </Box>
      {jobWide.map((dispute) =>
        dispute.status === "open" ? (
          <Alert key={dispute.id} severity="error" data-testid="job-dispute">
            Every story not yet approved is disputed — an admin will resolve it: {dispute.reason}
          </Alert>
        ) : (
          <DisputeOutcome key={dispute.id} dispute={dispute} />
        ),
      )}
      <ProgressSummary progress={progress} />
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Tasks">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: "34%" }}>Story/Task</TableCell>
              <TableCell sx={{ width: 180 }}>Status</TableCell>
              <TableCell>Comments</TableCell>
              <TableCell sx={{ width: 150 }}>Communication</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {stories.map((story) => (
              <Fragment key={story.id}>
                <TableRow sx={{ bgcolor: "background.default" }}>
                  <TableCell colSpan={4} component="th" scope="rowgroup">
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                      <Typography sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>{story.title}</Typography>
                      <EstimateChip hours={story.estimateHours} label="Story estimate" />
                      <MilestoneChip amountCents={story.amountCents} />
                      <SourceChip source={story.source} />
                    </Box>
                    <StoryDelivery jobId={job.id} story={story} disputes={disputesOf(story)} />
                  </TableCell>
                </TableRow>
                {story.tasks.map((task) => (
                  <TaskStatusRow key={task.id} job={job} story={story} task={task} onOpenCommunication={setOpenTask} />
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TaskCommunicationDialog task={openTask} onClose={() => setOpenTask(null)} />
      <DisputeDialog open={disputing} onClose={() => setDisputing(false)} jobId={job.id} title={`Dispute “${job.title}”`} />
    </Stack>
  );
}

function ProgressSummary({ progress }: { progress: ProjectStatus["progress"] }) {
  const counts: { status: TaskStatus; count: number }[] = [
    { status: "todo", count: progress.todo },
    { status: "in_progress", count: progress.inProgress },
    { status: "clarification", count: progress.clarification },
    { status: "done", count: progress.done },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }} id="progress-label">
          Overall progress
        </Typography>
        <Typography variant="h6" component="p" color="primary" data-testid="progress-percent">
          {progress.percent}%
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={progress.percent} aria-labelledby="progress-label" sx={{ height: 10, borderRadius: 5 }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 2 }}>
        {counts.map(({ status, count }) => (
          <Chip key={status} label={`${taskStatusLabels[status]}: ${count}`} color={statusColors[status]} size="small" variant="outlined" />
        ))}
      </Stack>
    </Paper>
  );
}

interface TaskStatusRowProps {
  job: Job;
  story: Story;
  task: Task;
  onOpenCommunication: (task: OpenTask) => void;
}

/** A task's row: the status and a comment, saved together, and its conversation. */
function TaskStatusRow({ job, story, task, onOpenCommunication }: TaskStatusRowProps) {
  const updateStatus = useUpdateTaskStatus();
  const { enqueueSnackbar } = useSnackbar();
  const [status, setStatus] = useState<TaskStatus>(task.status);
  const [comment, setComment] = useState("");
  const [stored, setStored] = useState(task.status);
  if (stored !== task.status) {
    setStored(task.status);
    setStatus(task.status);
  }

  const statusReason = disabledReason(job, "updateTaskStatus");
  const commentReason = disabledReason(job, "commentTask");
  const conversationReason = disabledReason(job, "communicate");
  const dirty = status !== task.status || comment.trim() !== "";

  const handleSave = () => {
    updateStatus.mutate(
      { jobId: job.id, taskId: task.id, body: { status, ...(comment.trim() !== "" && { comment: comment.trim() }) } },
      {
        onSuccess: () => {
          setComment("");
          enqueueSnackbar(messages.saved, { variant: "success" });
        },
        onError: (error) => {
          setStatus(task.status);
          const refusal = serverRefusal(error);
          if (refusal) {
            enqueueSnackbar(<ToastMessage title={refusal.title} message={refusal.message} />, { variant: "error" });
          } else {
            enqueueSnackbar(messages.updateFailed, { variant: "error" });
          }
        },
      },
    );
  };

  return (
    <TableRow data-testid="status-row" hover>
      <TableCell sx={{ pl: 4 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {task.title}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, flexWrap: "wrap" }}>
          <Chip label={taskStatusLabels[task.status]} color={statusColors[task.status]} size="small" />
          <EstimateChip hours={task.estimateHours} label="Task estimate" />
        </Stack>
        <CriteriaText criteria={task.acceptanceCriteria} />
      </TableCell>
      <TableCell>
        <TaskStatusSelect value={status} label={`Status of ${task.title}`} statuses={taskStatuses} disabledReason={statusReason} onChange={setStatus} />
      </TableCell>
      <TableCell>
        <TaskCommentThread jobId={job.id} task={task} canRead={conversationReason === null} />
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
          <ReasonTooltip reason={commentReason} fullWidth>
            <TextField
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              placeholder={task.comment ? "Reply to the comments" : "Add a comment"}
              slotProps={{ htmlInput: { "aria-label": `Comment on ${task.title}` } }}
              size="small"
              multiline
              maxRows={4}
              fullWidth
              disabled={commentReason !== null || updateStatus.isPending}
            />
          </ReasonTooltip>
          {(statusReason === null || commentReason === null) && (
            <Button
              variant="contained"
              size="small"
              onClick={handleSave}
              disabled={!dirty || updateStatus.isPending}
              sx={{ height: 40 }}
              aria-label={`Save ${task.title}`}
            >
              Save
            </Button>
          )}
        </Box>
      </TableCell>
      <TableCell>
        <ReasonTooltip reason={conversationReason}>
          <Button
            size="small"
            variant="outlined"
            disabled={conversationReason !== null}
            onClick={() => onOpenCommunication({ jobId: job.id, taskId: task.id, taskTitle: task.title, storyTitle: story.title })}
            aria-label={`Open communication for ${task.title} (${task.messageCount} messages)`}
            startIcon={<ForumOutlined />}
          >
            {task.messageCount === 1 ? "1 message" : `${task.messageCount} messages`}
          </Button>
        </ReasonTooltip>
      </TableCell>
    </TableRow>
  );
}

function StatusSkeleton() {
  return (
    <Stack spacing={2} aria-label="Loading tasks">
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={280} />
    </Stack>
  );
}
