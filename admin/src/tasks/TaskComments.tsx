import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Labeled, useRecordContext } from "react-admin";
import { taskStatusLabels, type AdminTask } from "@forgehire/core";
import { adminApi } from "../api";

/** Every comment saved with the task's status, oldest first, with its author, status and time. */
const TaskComments = () => {
  const record = useRecordContext<AdminTask>();
  const { data, isError } = useQuery({
    queryKey: ["admin", "task-comments", record?.id],
    queryFn: () => adminApi.taskComments(String(record!.id)),
    enabled: Boolean(record),
  });
  let body;
  if (isError) body = <Typography color="error">The comments could not be loaded.</Typography>;
  else if (!data) body = <Typography color="text.secondary">Loading…</Typography>;
  else if (data.length === 0) body = <Typography color="text.secondary">—</Typography>;
  else
    body = (
      <List dense disablePadding aria-label="Status comments">
        {data.map((comment) => (
          <ListItem key={comment.id} disableGutters>
            <ListItemText
              primary={comment.comment}
              secondary={`${comment.authorName} · ${taskStatusLabels[comment.status]} · ${new Date(comment.createdAt).toLocaleString()}`}
              slotProps={{ primary: { sx: { whiteSpace: "pre-wrap" } } }}
            />
          </ListItem>
        ))}
      </List>
    );
  return <Labeled label="Status comments">{body}</Labeled>;
};

export default TaskComments;
