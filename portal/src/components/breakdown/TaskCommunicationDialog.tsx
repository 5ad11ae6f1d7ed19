import { useCallback, useEffect, useRef, useState } from "react";
import type { DragEvent, KeyboardEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import Send from "@mui/icons-material/Send";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { allowedUploadExtensions, MAX_UPLOAD_BYTES } from "@forgehire/core";
import type { TaskMessage } from "@forgehire/core";
import { addTaskMessage, breakdownKeys, usePostTaskMessage, useTaskMessages } from "../../api/breakdown";
import { useCurrentUser } from "../../hooks/use-current-user";
import { useLiveTaskMessages } from "@forgehire/realtime-client";
import { formatFileSize } from "../../lib/format";
import { TOOLTIP_DELAY_MS } from "../JobIndicators";
import ToastMessage from "../ToastMessage";

/** The server takes up to five files per task message (multer's limit on the route). */
const MAX_FILES = 5;

const messages = {
  title: "Task Communication",
  loadFailed: "Failed to load communication history.",
  empty: "No messages yet. Start the conversation about this task.",
  sendFailedTitle: "Send Failed",
  sendFailed: "Failed to send your message. Please try again.",
  tooMany: `You can attach up to ${MAX_FILES} files.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB.`,
  dropHere: "Drag and drop files here, or use the attach button",
  placeholder: "Type your message... (Enter sends, Shift+Enter adds a line)",
} as const;

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The task whose conversation is open, with the titles the dialog shows. */
export interface OpenTask {
  jobId: number;
  taskId: string;
  taskTitle: string;
  storyTitle: string;
}

interface TaskCommunicationDialogProps {
  /** The open task; null keeps the dialog closed. */
  task: OpenTask | null;
  onClose: () => void;
}

/**
 * The conversation of one task between the owner, the assigned freelancer and admins: the history, the
 * composer (text, drag-and-drop and attach), and new messages live over the task's socket channel.
 */
export default function TaskCommunicationDialog({ task, onClose }: TaskCommunicationDialogProps) {
  const queryClient = useQueryClient();
  const taskId = task?.taskId ?? null;
  const history = useTaskMessages(taskId);

  const handleLiveMessage = useCallback(
    (message: TaskMessage) => {
      addTaskMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: breakdownKeys.status(message.jobId) });
    },
    [queryClient],
  );
  useLiveTaskMessages(taskId, handleLiveMessage);

  return (
    <Dialog open={task !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="task-communication-title">
      <DialogTitle id="task-communication-title" sx={{ pr: 7 }}>
        {messages.title}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: "absolute", right: 12, top: 12 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      {task && (
        <>
          <DialogContent dividers sx={{ p: 0 }}>
            <Box sx={{ px: 3, py: 2, bgcolor: "background.default", borderBottom: 1, borderColor: "divider" }}>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, overflowWrap: "anywhere" }}>
                {task.taskTitle}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                Story: {task.storyTitle}
              </Typography>
            </Box>
            <MessageHistory messages={history.data} loading={history.isPending} failed={history.isError} onRetry={() => void history.refetch()} />
          </DialogContent>
          <Composer key={task.taskId} task={task} />
        </>
      )}
    </Dialog>
  );
}

interface MessageHistoryProps {
  messages: TaskMessage[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

function MessageHistory({ messages: list, loading, failed, onRetry }: MessageHistoryProps) {
  const { user } = useCurrentUser();
  const endRef = useRef<HTMLDivElement>(null);
  const count = list?.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [count]);

  let body;
  if (loading) {
    body = (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress size={28} aria-label="Loading messages" />
      </Box>
    );
  } else if (failed || !list) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try Again
          </Button>
        }
      >
        {messages.loadFailed}
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ textAlign: "center", py: 4 }}>
        {messages.empty}
      </Typography>
    );
  } else {
    body = (
      <Stack component="ol" spacing={1.5} aria-label="Messages" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {list.map((message) => {
          const mine = user !== null && message.senderId === user.id;
          return (
            <Box component="li" key={message.id} sx={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "80%", minWidth: 200 }}>
              <Box sx={{ display: "flex", gap: 1, alignItems: "baseline", justifyContent: mine ? "flex-end" : "flex-start", mb: 0.25 }}>
                <Typography variant="caption" sx={{ fontWeight: 700 }}>
                  {message.senderName}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="time" dateTime={message.createdAt}>
                  {timeFormat.format(new Date(message.createdAt))}
                </Typography>
              </Box>
              <Box
                sx={{
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: mine ? "primary.main" : "background.paper",
                  color: mine ? "primary.contrastText" : "text.primary",
                  border: mine ? 0 : 1,
                  borderColor: "divider",
                }}
              >
                {message.content && (
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {message.content}
                  </Typography>
                )}
                {message.attachments.length > 0 && (
                  <Stack spacing={0.5} sx={{ mt: message.content ? 1 : 0 }}>
                    {message.attachments.map((attachment) => (
                      <Link
                        key={attachment.url}
                        href={attachment.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        color="inherit"
                        variant="body2"
                        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}
                      >
                        <InsertDriveFileOutlined fontSize="small" aria-hidden />
                        {attachment.name} ({formatFileSize(attachment.size)})
                      </Link>
                    ))}
                  </Stack>
                )}
              </Box>
            </Box>
          );
        })}
      </Stack>
    );
  }

  return (
    <Box sx={{ px: 3, py: 2, minHeight: 240, maxHeight: "50vh", overflowY: "auto", bgcolor: "grey.50" }}>
      {body}
      <div ref={endRef} />
    </Box>
  );
}

function Composer({ task }: { task: OpenTask }) {
  const [content, setContent] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const postMessage = usePostTaskMessage();
  const { enqueueSnackbar } = useSnackbar();
  const canSend = (content.trim() !== "" || files.length > 0) && !postMessage.isPending;

  const addFiles = (incoming: readonly File[]) => {
    const tooLarge = incoming.find((file) => file.size > MAX_UPLOAD_BYTES);
    const accepted = incoming.filter((file) => file.size <= MAX_UPLOAD_BYTES);
    const next = [...files, ...accepted];
    if (next.length > MAX_FILES) setFileError(messages.tooMany);
    else setFileError(tooLarge ? messages.tooLarge(tooLarge.name) : null);
    setFiles(next.slice(0, MAX_FILES));
  };

  const handleSend = () => {
    if (!canSend) return;
    postMessage.mutate(
      { jobId: task.jobId, taskId: task.taskId, content: content.trim(), files },
      {
        onSuccess: () => {
          setContent("");
          setFiles([]);
          setFileError(null);
        },
        onError: () => {
          enqueueSnackbar(<ToastMessage title={messages.sendFailedTitle} message={messages.sendFailed} />, { variant: "error" });
        },
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handleSend();
    }
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <DialogActions sx={{ display: "block", px: 3, py: 2 }}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        data-testid="task-message-dropzone"
        sx={{
          border: 2,
          borderStyle: "dashed",
          borderColor: dragging ? "primary.main" : "divider",
          bgcolor: dragging ? "action.hover" : "transparent",
          borderRadius: 2,
          p: 1.5,
        }}
      >
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
          <Tooltip title="Attach files" enterDelay={TOOLTIP_DELAY_MS}>
            <span>
              <IconButton aria-label="Attach files" onClick={() => inputRef.current?.click()} disabled={files.length >= MAX_FILES || postMessage.isPending}>
                <AttachFile />
              </IconButton>
            </span>
          </Tooltip>
          <input
            ref={inputRef}
            type="file"
            multiple
            hidden
            accept={allowedUploadExtensions.join(",")}
            aria-label="Attach files to the message"
            onChange={(event) => {
              addFiles(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
          />
          <TextField
            value={content}
            onChange={(event) => setContent(event.target.value)}
            onKeyDown={handleKeyDown}
            placeholder={messages.placeholder}
            slotProps={{ htmlInput: { "aria-label": "Message" } }}
            multiline
            maxRows={6}
            fullWidth
            size="small"
            disabled={postMessage.isPending}
          />
          <Button
            variant="contained"
            endIcon={postMessage.isPending ? <CircularProgress size={16} color="inherit" /> : <Send />}
            onClick={handleSend}
            disabled={!canSend}
          >
            Send
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
          {messages.dropHere} (up to {MAX_FILES} files, 10 MB each)
        </Typography>
        {files.length > 0 && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 1 }} aria-label="Attached files">
            {files.map((file, index) => (
              <Chip
                key={`${file.name}-${index}`}
                icon={<InsertDriveFileOutlined />}
                label={`${file.name} (${formatFileSize(file.size)})`}
                onDelete={() => setFiles((current) => current.filter((_, position) => position !== index))}
                size="small"
              />
            ))}
          </Stack>
        )}
        {fileError && (
          <Typography variant="caption" color="error" role="alert" sx={{ display: "block", mt: 1 }}>
            {fileError}
          </Typography>
        )}
      </Box>
    </DialogActions>
  );
}
