import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { relativeTime, taskStatusLabels, type Task } from "@forgehire/core";
import { useTaskComments } from "../../api/breakdown";

interface TaskCommentThreadProps {
  jobId: number;
  task: Task;
  /** false for a viewer outside the task's conversation: only the latest comment, which the task carries, shows */
  canRead: boolean;
}

/**
 * Every comment saved with a task's status, oldest first: who wrote it, with which status, when. Fetched only for
 * a task that has a comment; a viewer who may not read the thread sees the latest comment alone.
 */
export default function TaskCommentThread({ jobId, task, canRead }: TaskCommentThreadProps) {
  const hasComments = task.comment !== null;
  const comments = useTaskComments(jobId, task.id, canRead && hasComments);
  if (!hasComments) return null;

  const latestOnly = (
    <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mb: 1 }} data-testid="task-comment">
      {task.comment}
    </Typography>
  );
  if (!canRead || comments.isError) return latestOnly;
  if (!comments.data) return <Skeleton variant="rounded" height={40} sx={{ mb: 1 }} aria-label={`Loading comments on ${task.title}`} />;

  const now = new Date();
  return (
    <List dense disablePadding aria-label={`Comments on ${task.title}`} sx={{ mb: 1, maxHeight: 240, overflowY: "auto" }}>
      {comments.data.map((comment) => (
        <ListItem key={comment.id} disableGutters alignItems="flex-start" data-testid="task-comment" sx={{ display: "block", py: 0.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "baseline" }}>
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {comment.authorName}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {taskStatusLabels[comment.status]} ·{" "}
              <time dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
                {relativeTime(comment.createdAt, now)}
              </time>
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {comment.comment}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
