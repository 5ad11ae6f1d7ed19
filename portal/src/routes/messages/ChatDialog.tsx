import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import Send from "@mui/icons-material/Send";
import { useSnackbar } from "notistack";
import { isUnreadMessage, mergeMessages as merge, nextReadMark, type ChatMessage } from "@forgehire/core";
import { fetchMessages, fetchMissedMessages, useChatMessages, useChatRoom, useMarkRoomRead, useSendMessage, CHAT_PAGE } from "../../api/chat";
import ToastMessage from "../../components/ToastMessage";
import { useChatRoomMessages } from "@forgehire/realtime-client";
import { useCurrentUser } from "../../hooks/use-current-user";

const messages = {
  loadFailed: "Failed to load messages",
  sendFailed: "Failed to send message",
  placeholder: "Type your message...",
  composerHint: "Enter sends, Shift+Enter adds a line",
} as const;

interface ChatDialogProps {
  roomId: string;
  onClose: () => void;
}

/** The chat dialog: header, project badge, 'Join Meeting', the live message list and the input. */
export default function ChatDialog({ roomId, onClose }: ChatDialogProps) {
  const { user, isAdmin } = useCurrentUser();
  const { enqueueSnackbar } = useSnackbar();
  const room = useChatRoom(roomId);
  const initial = useChatMessages(roomId);
  const send = useSendMessage(roomId);
  const { mutate: markRead } = useMarkRoomRead(roomId);
  const [list, setList] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [draft, setDraft] = useState("");
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = useRef<string | undefined>(undefined);
  // The newest message this dialog has told the server it read; null until the first read.
  const readMark = useRef<string | null>(null);

  useEffect(() => {
    if (!initial.data) return;
    // The fetched page merges into the list that live messages also extend, so it cannot be derived in render.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- merged once per fetched page
    setList((current) => merge(current, initial.data));
    setHasOlder(initial.data.length === CHAT_PAGE);
  }, [initial.data]);

  useEffect(() => {
    lastId.current = list.at(-1)?.id;
    bottom.current?.scrollIntoView({ block: "end" });
  }, [list]);

  // An open dialog is read: on opening, and whenever the other party's message arrives while it is open. Own
  // messages need no call (sending marks the room read on the server).
  useEffect(() => {
    const newest = list.at(-1);
    if (!user || !newest) return;
    const previous = readMark.current;
    if (!list.some((message) => isUnreadMessage(user.id, message, previous))) return;
    readMark.current = nextReadMark(previous, newest.id);
    markRead(undefined, {
      onError: () => {
        readMark.current = previous;
      },
    });
  }, [list, user, markRead]);

  const handleLive = useCallback((message: ChatMessage) => setList((current) => merge(current, [message])), []);
  // After a reconnect, fetch what was sent while the socket was down, since the last message shown.
  const handleReconnect = useCallback(() => {
    void fetchMissedMessages(roomId, lastId.current).then((missed) => setList((current) => merge(current, missed)));
  }, [roomId]);
  useChatRoomMessages(roomId, handleLive, handleReconnect);

  const handleOlder = () => {
    const first = list[0];
    if (!first) return;
    void fetchMessages(roomId, { before: first.id }).then((older) => {
      setList((current) => merge(current, older));
      setHasOlder(older.length === CHAT_PAGE);
    });
  };

  const handleSend = () => {
    const content = draft.trim();
    if (!content || send.isPending) return;
    send.mutate(content, {
      onSuccess: (message) => {
        setDraft("");
        setList((current) => merge(current, [message]));
      },
      onError: () => enqueueSnackbar(<ToastMessage title="Error" message={messages.sendFailed} />, { variant: "error" }),
    });
  };

  // The spec's rule: Enter sends, Shift+Enter adds a line (an IME composing text keeps its own Enter).
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handleSend();
    }
  };

  const details = room.data;
  const title = isAdmin && details ? `Chat with ${details.clientName}` : "Chat";

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="chat-dialog-title">
      <DialogTitle id="chat-dialog-title" sx={{ pr: 6 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <span>{title}</span>
          {details && <Chip size="small" color="primary" variant="outlined" label={details.jobTitle ?? "Untitled Project"} />}
          {details?.meetLink && (
            <Button size="small" href={details.meetLink} target="_blank" rel="noopener noreferrer">
              Join Meeting
            </Button>
          )}
        </Stack>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ height: 420, display: "flex", flexDirection: "column", gap: 1 }}>
        {(initial.error || room.error) && <Alert severity="error">{messages.loadFailed}</Alert>}
        {initial.isPending && !initial.error && <CircularProgress sx={{ alignSelf: "center" }} aria-label="Loading messages" />}
        {hasOlder && (
          <Button size="small" onClick={handleOlder} sx={{ alignSelf: "center" }}>
            Load earlier messages
          </Button>
        )}
        <Box role="log" aria-label="Messages" aria-live="polite" sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
          {list.map((message) => {
            const mine = message.senderId === user?.id;
            return (
              <Box
                key={message.id}
                sx={{
                  alignSelf: mine ? "flex-end" : "flex-start",
                  maxWidth: "80%",
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: mine ? "primary.main" : "grey.100",
                  color: mine ? "primary.contrastText" : "text.primary",
                }}
              >
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                  {message.content}
                </Typography>
                <Typography variant="caption" sx={{ opacity: 0.7 }}>
                  {new Date(message.createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
                </Typography>
              </Box>
            );
          })}
          <div ref={bottom} />
        </Box>
      </DialogContent>
      <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: "flex-end" }}>
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={6}
          placeholder={messages.placeholder}
          title={messages.composerHint}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={handleKeyDown}
          slotProps={{ htmlInput: { "aria-label": "Message", maxLength: 10_000 } }}
        />
        <IconButton color="primary" aria-label="Send message" onClick={handleSend} disabled={send.isPending || draft.trim() === ""}>
          <Send />
        </IconButton>
      </Stack>
    </Dialog>
  );
}
