import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Alert, Box, Button, Chip, CircularProgress, Dialog, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import SendIcon from "@mui/icons-material/Send";
import VideocamIcon from "@mui/icons-material/Videocam";
import { useGetIdentity } from "react-admin";
import { useQueryClient } from "@tanstack/react-query";
import { mergeMessages as merge, type ChatMessage, type ChatRoom } from "@forgehire/core";
import { adminApi } from "../api";
import { useChatRoomMessages } from "@forgehire/realtime-client";

const messages = {
  loadFailed: "Failed to load messages",
  sendFailed: "Failed to send message",
  placeholder: "Type your message...",
  empty: "No messages yet. Say hello!",
  readOnly: "Read only: you are not a member of this conversation. Joining it posts a note both parties see.",
  join: "Join the conversation",
  joinFailed: "Failed to join the conversation",
} as const;

const time = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A room as the hub opens it: whether the admin is a member (may post) or reads it only. */
export type HubRoom = ChatRoom & { member: boolean };

interface ChatDialogProps {
  /** the room to show; null keeps the dialog closed */
  room: HubRoom | null;
  onClose: () => void;
}

/**
 * A conversation, live over socket.io: the admin's own with a job poster, or a client–freelancer room, read only
 * until the admin joins it (issue 20: never posting in someone else's room as if it were theirs).
 */
export const ChatDialog = ({ room, onClose }: ChatDialogProps) => (
  <Dialog open={room !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="chat-dialog-title">
    {room ? <ChatPanel key={room.roomId} room={room} onClose={onClose} /> : null}
  </Dialog>
);

const ChatPanel = ({ room, onClose }: { room: HubRoom; onClose: () => void }) => {
  const { identity } = useGetIdentity();
  const queryClient = useQueryClient();
  const [member, setMember] = useState(room.member);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState(false);
  const [log, setLog] = useState<ChatMessage[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = useRef<string | undefined>(undefined);

  useEffect(() => {
    lastId.current = log?.at(-1)?.id;
    bottom.current?.scrollIntoView({ block: "end" });
    // What the admin sees is read: the hub's unread count for the room goes to 0.
    if (log?.length)
      void adminApi
        .markRoomRead(room.roomId)
        .then(() => queryClient.invalidateQueries({ queryKey: ["chat-rooms"] }))
        .catch(() => undefined);
  }, [log, room.roomId, queryClient]);

  useEffect(() => {
    let active = true;
    adminApi
      .messages(room.roomId)
      .then((page) => active && setLog((current) => merge(current ?? [], page)))
      .catch(() => active && setLoadError(true));
    return () => {
      active = false;
    };
  }, [room.roomId]);

  const handleMessage = useCallback((message: ChatMessage) => setLog((current) => merge(current ?? [], [message])), []);
  const handleReconnect = useCallback(() => {
    void adminApi
      .messages(room.roomId, lastId.current)
      .then((missed) => setLog((current) => merge(current ?? [], missed)))
      .catch(() => setLoadError(true));
  }, [room.roomId]);
  useChatRoomMessages(room.roomId, handleMessage, handleReconnect);

  const join = async () => {
    setJoining(true);
    setJoinError(false);
    try {
      const { message } = await adminApi.joinRoom(room.roomId);
      setMember(true);
      if (message) handleMessage(message);
    } catch {
      setJoinError(true);
    } finally {
      setJoining(false);
    }
  };

  const nameOf = (senderId: string | null) =>
    senderId === room.clientId ? room.clientName : senderId === identity?.id ? "You" : senderId === null ? "" : room.freelancerName;

  const send = async () => {
    const content = draft.trim();
    // The spec: blank messages are not sent.
    if (!content || sending) return;
    setSending(true);
    setSendError(false);
    try {
      const message = await adminApi.sendMessage(room.roomId, content);
      setDraft("");
      handleMessage(message);
    } catch {
      setSendError(true);
    } finally {
      setSending(false);
    }
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <>
      <DialogTitle id="chat-dialog-title" sx={{ pr: 6 }}>
        {room.freelancerId.startsWith("admin_") ? `Chat with ${room.clientName}` : `${room.clientName} ↔ ${room.freelancerName}`}
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center" }}>
          <Chip size="small" color="primary" variant="outlined" label={room.jobTitle ?? "Untitled Project"} />
          {room.meetLink ? (
            <Button size="small" startIcon={<VideocamIcon />} href={room.meetLink} target="_blank" rel="noreferrer">
              Join Meeting
            </Button>
          ) : null}
        </Stack>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Box role="log" aria-label="Messages" sx={{ height: 360, overflowY: "auto", display: "flex", flexDirection: "column", gap: 1 }}>
          {loadError ? <Alert severity="error">{messages.loadFailed}</Alert> : null}
          {log === null && !loadError ? <CircularProgress sx={{ m: "auto" }} aria-label="Loading messages" /> : null}
          {log?.length === 0 ? (
            <Typography color="text.secondary" sx={{ m: "auto" }}>
              {messages.empty}
            </Typography>
          ) : null}
          {log?.map((message) => {
            const mine = message.senderId === identity?.id;
            // No sender: the room's own note (an admin joined), shown to everyone alike.
            if (message.senderId === null)
              return (
                <Typography key={message.id} variant="caption" color="text.secondary" sx={{ alignSelf: "center", fontStyle: "italic" }} role="note">
                  {message.content} · {time(message.createdAt)}
                </Typography>
              );
            return (
              <Box
                key={message.id}
                sx={{
                  alignSelf: mine ? "flex-end" : "flex-start",
                  maxWidth: "80%",
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  bgcolor: mine ? "primary.main" : "grey.200",
                  color: mine ? "primary.contrastText" : "text.primary",
                }}
              >
                {mine ? null : (
                  <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
                    {nameOf(message.senderId)}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                  {message.content}
                </Typography>
                {/* Faded, yet at 4.5:1 over the primary-blue bubble of one's own messages (0.75 gave 3.9:1). */}
                <Typography variant="caption" sx={{ opacity: 0.85 }}>
                  {time(message.createdAt)}
                </Typography>
              </Box>
            );
          })}
          <div ref={bottom} />
        </Box>
      </DialogContent>
      {member ? null : (
        <Box sx={{ p: 2 }}>
          {joinError ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {messages.joinFailed}
            </Alert>
          ) : null}
          <Alert
            severity="info"
            action={
              <Button color="primary" variant="contained" size="small" startIcon={<GroupAddIcon />} disabled={joining} onClick={() => void join()}>
                {messages.join}
              </Button>
            }
          >
            {messages.readOnly}
          </Alert>
        </Box>
      )}
      {member ? (
        <Box component="form" onSubmit={handleSubmit} sx={{ p: 2 }}>
          {sendError ? (
            <Alert severity="error" sx={{ mb: 1 }}>
              {messages.sendFailed}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1}>
            <TextField
              fullWidth
              size="small"
              variant="outlined"
              multiline
              maxRows={4}
              placeholder={messages.placeholder}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={handleKeyDown}
              slotProps={{ htmlInput: { "aria-label": "Message" } }}
            />
            <IconButton type="submit" color="primary" aria-label="Send" disabled={sending || draft.trim() === ""}>
              <SendIcon />
            </IconButton>
          </Stack>
        </Box>
      ) : null}
    </>
  );
};
