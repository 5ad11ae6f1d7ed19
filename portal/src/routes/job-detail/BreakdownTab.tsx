import { useState } from "react";
import type { SyntheticEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Collapse from "@mui/material/Collapse";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import LockOpenOutlined from "@mui/icons-material/LockOpenOutlined";
import LockOutlined from "@mui/icons-material/LockOutlined";
import PlayArrow from "@mui/icons-material/PlayArrow";
import { useSnackbar } from "notistack";
import type { Job, Priority, Story, Task, TaskStatus } from "@forgehire/core";
import { isApiError, serverRefusal } from "../../api/client";
import { useAddStory, useAddTask, useDeleteBacklogItem, useJobTransition, useStories, useUpdateBacklogItem } from "../../api/breakdown";
import AddItemForm from "../../components/breakdown/AddItemForm";
import { CriteriaList, CriteriaText, EstimateChip, MilestoneChip, SourceChip, formatHours } from "../../components/breakdown/BreakdownMeta";
import ChangeRequestDialog from "../../components/breakdown/ChangeRequestDialog";
import ChangeRequestsPanel from "../../components/breakdown/ChangeRequestsPanel";
import CreateBreakdownButton from "../../components/breakdown/CreateBreakdownButton";
import { InlineText, PrioritySelect, TaskStatusSelect } from "../../components/breakdown/InlineFields";
import ReasonTooltip from "../../components/breakdown/ReasonTooltip";
import RegenerateButton from "../../components/breakdown/RegenerateButton";
import VersionBanner from "../../components/breakdown/VersionBanner";
import { disabledReason } from "../../components/breakdown/reasons";
import ToastMessage from "../../components/ToastMessage";

const messages = {
  loadFailed: "Failed to load tasks. Please try again.",
  updateFailed: "Failed to update item. Please try again.",
  lockFailed: "Failed to update lock status. Please try again.",
  startFailed: "Failed to start the project. Please try again.",
  locked: "Requirements locked",
  unlocked: "Requirements unlocked",
  started: "Project started. Good luck with the delivery!",
  deleted: (kind: string) => `The ${kind} was deleted.`,
  empty: "No stories or tasks yet.",
  emptyCreate: "Create Story & Task breaks the requirements down into user stories and tasks.",
  emptyWait: "The job owner has not created the stories and tasks yet.",
  storyNoTasks: "No tasks in this story yet.",
  deleteTitle: (kind: string) => `Delete this ${kind}?`,
  deleteText: (title: string, kind: string) =>
    kind === "story" ? `'${title}' and all of its tasks will be removed. This cannot be undone.` : `'${title}' will be removed. This cannot be undone.`,
} as const;

type SubTab = "stories" | "tasks";
type Deleting = { kind: "story" | "task"; id: string; title: string };

/** The requirements breakdown tab: 'Project Requirements' with Change Request, the lock toggle and Start; stories and tasks. */
export default function BreakdownTab({ job }: { job: Job }) {
  const stories = useStories(job.id);
  const [subTab, setSubTab] = useState<SubTab>("stories");
  const [changeOpen, setChangeOpen] = useState(false);
  const [changeKey, setChangeKey] = useState(0);

  const openChangeRequest = () => {
    setChangeKey((key) => key + 1);
    setChangeOpen(true);
  };

  return (
    <Stack spacing={3}>
      <BreakdownHeader job={job} onChangeRequest={openChangeRequest} />
      <VersionBanner jobId={job.id} />
      {stories.isPending ? (
        <BreakdownSkeleton />
      ) : stories.isError || !stories.data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void stories.refetch()}>
              Try Again
            </Button>
          }
        >
          {messages.loadFailed}
        </Alert>
      ) : stories.data.length === 0 ? (
        <EmptyBreakdown job={job} />
      ) : (
        <Card sx={{ boxShadow: "none" }}>
          <Tabs
            value={subTab}
            onChange={(_event: SyntheticEvent, value: SubTab) => setSubTab(value)}
            aria-label="Breakdown sections"
            sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}
          >
            <Tab value="stories" label={`User Stories (${stories.data.length})`} id="subtab-stories" aria-controls="subtabpanel-stories" />
            <Tab
              value="tasks"
              label={`Tasks (${stories.data.reduce((sum, story) => sum + story.tasks.length, 0)})`}
              id="subtab-tasks"
              aria-controls="subtabpanel-tasks"
            />
          </Tabs>
          <Box role="tabpanel" id={`subtabpanel-${subTab}`} aria-labelledby={`subtab-${subTab}`} sx={{ p: { xs: 2, md: 3 } }}>
            <BacklogEditor job={job} stories={stories.data} view={subTab} />
          </Box>
        </Card>
      )}
      <ChangeRequestsPanel job={job} />
      <ChangeRequestDialog key={changeKey} job={job} open={changeOpen} onClose={() => setChangeOpen(false)} onSubmitted={() => setSubTab("stories")} />
    </Stack>
  );
}

function BreakdownHeader({ job, onChangeRequest }: { job: Job; onChangeRequest: () => void }) {
  const transition = useJobTransition();
  const { enqueueSnackbar } = useSnackbar();
  const lockDisabled = disabledReason(job, job.locked ? "unlock" : "lock");
  const startDisabled = disabledReason(job, "start");
  const changeDisabled = disabledReason(job, "requestChange");

  const handleLockChange = (_event: SyntheticEvent, checked: boolean) => {
    transition.mutate(
      { jobId: job.id, action: checked ? "lock" : "unlock" },
      {
        onSuccess: () => enqueueSnackbar(checked ? messages.locked : messages.unlocked, { variant: "success" }),
        onError: (error) => {
          if (isApiError(error, "CANNOT_UNLOCK") || isApiError(error, "JOB_PAID")) {
            enqueueSnackbar(<ToastMessage title={error.title} message={error.message} />, { variant: "error" });
          } else {
            enqueueSnackbar(messages.lockFailed, { variant: "error" });
          }
        },
      },
    );
  };

  const handleStart = () => {
    transition.mutate(
      { jobId: job.id, action: "start" },
      {
        onSuccess: () => enqueueSnackbar(messages.started, { variant: "success" }),
        onError: (error) => {
          const refused = serverRefusal(error);
          if (refused && ["FREELANCER_ONLY", "REQUIREMENTS_NOT_FINALIZED", "PAYMENT_REQUIRED"].includes(refused.code)) {
            enqueueSnackbar(<ToastMessage title={refused.title} message={refused.message} />, { variant: "error" });
          } else {
            enqueueSnackbar(messages.startFailed, { variant: "error" });
          }
        },
      },
    );
  };

  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
      <Box>
        <Typography variant="h5" component="h2">
          Project Requirements
        </Typography>
        {job.startedAt && <Chip label="Started" color="info" size="small" sx={{ mt: 0.5 }} />}
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
        {/* Offered, disabled with the server's reason, to whoever only the lock stands in the way of. */}
        {job.hasStories && (job.can.regenerateBreakdown || job.why.regenerateBreakdown?.code === "LOCKED") && <RegenerateButton job={job} />}
        <ReasonTooltip reason={changeDisabled}>
          <Button variant="outlined" onClick={onChangeRequest} disabled={changeDisabled !== null}>
            Change Request
          </Button>
        </ReasonTooltip>
        <ReasonTooltip reason={lockDisabled}>
          <FormControlLabel
            control={<Switch checked={job.locked} onChange={handleLockChange} disabled={lockDisabled !== null || transition.isPending} />}
            label={
              <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
                {job.locked ? <LockOutlined fontSize="small" aria-hidden /> : <LockOpenOutlined fontSize="small" aria-hidden />}
                {job.locked ? "Locked" : "Unlocked"}
              </Box>
            }
            sx={{ mr: 0 }}
          />
        </ReasonTooltip>
        {/* Shown to everyone (spec: the header has Start); its tooltip says why it is disabled. */}
        <ReasonTooltip reason={startDisabled}>
          <Button variant="contained" startIcon={<PlayArrow />} onClick={handleStart} disabled={startDisabled !== null || transition.isPending}>
            Start
          </Button>
        </ReasonTooltip>
      </Stack>
    </Box>
  );
}

function EmptyBreakdown({ job }: { job: Job }) {
  return (
    <Card sx={{ boxShadow: "none" }}>
      <CardContent sx={{ textAlign: "center", py: { xs: 5, md: 7 } }}>
        <AccountTreeOutlined color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h6" component="p">
          {messages.empty}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: job.can.createBreakdown ? 3 : 0 }}>
          {job.can.createBreakdown ? messages.emptyCreate : messages.emptyWait}
        </Typography>
        {job.can.createBreakdown && <CreateBreakdownButton job={job} variant="contained" />}
      </CardContent>
    </Card>
  );
}

interface BacklogEditorProps {
  job: Job;
  stories: Story[];
  view: SubTab;
}

/** Both sub-tabs: the stories, or the tasks grouped by story, with inline edits, additions and deletions. */
function BacklogEditor({ job, stories, view }: BacklogEditorProps) {
  const updateItem = useUpdateBacklogItem();
  const addStory = useAddStory();
  const addTask = useAddTask();
  const deleteItem = useDeleteBacklogItem();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const reason = disabledReason(job, "editTasks");
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const showFailure = (error: unknown) => {
    const refused = serverRefusal(error);
    if (refused) enqueueSnackbar(<ToastMessage title={refused.title} message={refused.message} />, { variant: "error" });
    else enqueueSnackbar(messages.updateFailed, { variant: "error" });
  };

  const attempt = async (action: () => Promise<unknown>): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  };

  const saveStory = (story: Story, body: { title?: string; description?: string; priority?: Priority }) =>
    attempt(() => updateItem.mutateAsync({ jobId: job.id, kind: "story", id: story.id, body }));
  const saveTask = (task: Task, body: { title?: string; description?: string; priority?: Priority; status?: TaskStatus; acceptanceCriteria?: string[] }) =>
    attempt(() => updateItem.mutateAsync({ jobId: job.id, kind: "task", id: task.id, body }));

  const handleDelete = () => {
    if (!deleting) return;
    deleteItem.mutate(
      { jobId: job.id, kind: deleting.kind, id: deleting.id },
      {
        onSuccess: () => enqueueSnackbar(messages.deleted(deleting.kind), { variant: "success" }),
        onError: showFailure,
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <>
      {view === "stories" ? (
        <Stack spacing={2}>
          {stories.map((story, index) => (
            <Paper key={story.id} variant="outlined" component="article" aria-label={`Story ${index + 1}`} sx={{ p: 2 }}>
              <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <InlineText
                    value={story.title}
                    label="Story title"
                    required
                    variant="subtitle1"
                    fontWeight={700}
                    disabledReason={reason}
                    onSave={(title) => saveStory(story, { title })}
                  />
                  <Box sx={{ mt: 0.5 }}>
                    <InlineText
                      value={story.description}
                      label="Story description"
                      multiline
                      disabledReason={reason}
                      onSave={(description) => saveStory(story, { description })}
                    />
                  </Box>
                </Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexShrink: 0 }}>
                  <Chip label={`${story.tasks.length} tasks`} size="small" variant="outlined" />
                  <EstimateChip hours={story.estimateHours} label="Story estimate" />
                  <MilestoneChip amountCents={story.amountCents} />
                  <PrioritySelect
                    value={story.priority}
                    label="Story priority"
                    disabledReason={reason}
                    onChange={(priority) => void saveStory(story, { priority })}
                  />
                  <ReasonTooltip reason={reason}>
                    <IconButton
                      aria-label={`Delete story ${story.title}`}
                      onClick={() => setDeleting({ kind: "story", id: story.id, title: story.title })}
                      disabled={reason !== null}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </ReasonTooltip>
                </Stack>
              </Box>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1, flexWrap: "wrap" }}>
                <SourceChip source={story.source} />
                <Button
                  size="small"
                  onClick={() => toggle(story.id)}
                  endIcon={expanded.has(story.id) ? <ExpandLess /> : <ExpandMore />}
                  aria-expanded={expanded.has(story.id)}
                  aria-controls={`story-tasks-${story.id}`}
                >
                  {expanded.has(story.id) ? "Hide tasks" : "Show tasks"}
                </Button>
              </Box>
              <Collapse in={expanded.has(story.id)} id={`story-tasks-${story.id}`} unmountOnExit>
                <Stack component="ol" spacing={1} sx={{ pl: 2.5, mt: 1, mb: 0 }}>
                  {story.tasks.map((task) => (
                    <Box component="li" key={task.id}>
                      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {task.title}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {formatHours(task.estimateHours)}
                        </Typography>
                        <SourceChip source={task.source === story.source ? null : task.source} />
                      </Box>
                      <CriteriaText criteria={task.acceptanceCriteria} />
                    </Box>
                  ))}
                </Stack>
              </Collapse>
            </Paper>
          ))}
          <AddItemForm
            label="New story title"
            action="Add Story"
            disabledReason={reason}
            onAdd={(title) => attempt(() => addStory.mutateAsync({ jobId: job.id, body: { title } }))}
          />
        </Stack>
      ) : (
        <Stack spacing={3}>
          {stories.map((story) => (
            <Box component="section" key={story.id} aria-label={story.title}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
                  {story.title}
                </Typography>
                <EstimateChip hours={story.estimateHours} label="Story estimate" />
                <MilestoneChip amountCents={story.amountCents} />
              </Box>
              <Stack spacing={1.5}>
                {story.tasks.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {messages.storyNoTasks}
                  </Typography>
                )}
                {story.tasks.map((task) => (
                  <Paper key={task.id} variant="outlined" data-testid="task-row" sx={{ p: 2 }}>
                    <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: { xs: "wrap", md: "nowrap" } }}>
                      <Box sx={{ flex: "1 1 320px", minWidth: 0 }}>
                        <InlineText
                          value={task.title}
                          label="Task title"
                          required
                          variant="body1"
                          fontWeight={600}
                          disabledReason={reason}
                          onSave={(title) => saveTask(task, { title })}
                        />
                        <Box sx={{ mt: 0.5 }}>
                          <InlineText
                            value={task.description}
                            label="Task description"
                            multiline
                            disabledReason={reason}
                            onSave={(description) => saveTask(task, { description })}
                          />
                        </Box>
                        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: "wrap", alignItems: "center" }}>
                          <EstimateChip hours={task.estimateHours} label="Task estimate" />
                          <SourceChip source={task.source} />
                        </Stack>
                        <CriteriaList
                          criteria={task.acceptanceCriteria}
                          disabledReason={reason}
                          onSave={(acceptanceCriteria) => saveTask(task, { acceptanceCriteria })}
                        />
                      </Box>
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexShrink: 0 }}>
                        <PrioritySelect
                          value={task.priority}
                          label="Task priority"
                          disabledReason={reason}
                          onChange={(priority) => void saveTask(task, { priority })}
                        />
                        <TaskStatusSelect
                          value={task.status}
                          label="Task status"
                          disabledReason={reason}
                          onChange={(status) => void saveTask(task, { status })}
                        />
                        <ReasonTooltip reason={reason}>
                          <IconButton
                            aria-label={`Delete task ${task.title}`}
                            onClick={() => setDeleting({ kind: "task", id: task.id, title: task.title })}
                            disabled={reason !== null}
                          >
                            <DeleteOutline />
                          </IconButton>
                        </ReasonTooltip>
                      </Stack>
                    </Box>
                  </Paper>
                ))}
                <AddItemForm
                  label="New task title"
                  action="Add Task"
                  disabledReason={reason}
                  onAdd={(title) => attempt(() => addTask.mutateAsync({ jobId: job.id, storyId: story.id, body: { title } }))}
                />
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      <Dialog
        open={deleting !== null}
        onClose={deleteItem.isPending ? undefined : () => setDeleting(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="delete-item-title"
      >
        <DialogTitle id="delete-item-title">{deleting && messages.deleteTitle(deleting.kind)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: "anywhere" }}>{deleting && messages.deleteText(deleting.title, deleting.kind)}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeleting(null)} disabled={deleteItem.isPending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={handleDelete} disabled={deleteItem.isPending}>
            {deleteItem.isPending ? "Deleting..." : "Delete"}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function BreakdownSkeleton() {
  return (
    <Stack spacing={2} aria-label="Loading stories">
      {[0, 1, 2].map((row) => (
        <Paper key={row} variant="outlined" sx={{ p: 2 }}>
          <Skeleton width="40%" height={28} />
          <Skeleton width="80%" />
        </Paper>
      ))}
    </Stack>
  );
}
