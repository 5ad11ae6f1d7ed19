import { useState, type ReactNode } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  InputAdornment,
  Pagination,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import ChatIcon from "@mui/icons-material/Chat";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { Title, useGetList, useGetMany, useNotify } from "react-admin";
import { useQueryClient } from "@tanstack/react-query";
import { relativeTime, type AdminJob, type AdminUser, type AdminChatRoom } from "@forgehire/core";
import { adminApi } from "../api";
import { JobStatusChip, PaidChip } from "../jobs/JobStatus";
import { userTypeLabel } from "../users/types";
import { useChatHub } from "@forgehire/realtime-client";
import { ChatDialog, type HubRoom } from "./ChatDialog";

const messages = {
  title: "Communication Hub",
  searchRooms: "Search conversations...",
  searchProjects: "Search projects or clients...",
  searchByProject: "Search by project, client or freelancer...",
  noRooms: "No messages",
  noRoomsDetail: "You haven't started any conversations with job posters yet.",
  noRoomMatch: "No conversations found",
  noRoomMatchDetail: "No conversation matches your search: try a client's name, a project or words of a message.",
  noProjects: "No projects found",
  noProjectsDetail: "There are no projects matching your search criteria.",
  roomsFailed: "Failed to load chat rooms",
  jobsFailed: "Failed to fetch jobs",
  startFailed: "Failed to create chat room",
} as const;

const PER_PAGE = 20;

const EmptyState = ({ title, detail }: { title: string; detail: string }) => (
  <Box sx={{ textAlign: "center", py: 6 }}>
    <ForumOutlinedIcon color="disabled" sx={{ fontSize: 56 }} />
    <Typography variant="h6" component="h3">
      {title}
    </Typography>
    <Typography color="text.secondary">{detail}</Typography>
  </Box>
);

const SearchBox = ({ value, onChange, placeholder }: { value: string; onChange: (value: string) => void; placeholder: string }) => (
  <TextField
    fullWidth
    size="small"
    variant="outlined"
    placeholder={placeholder}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    slotProps={{
      htmlInput: { "aria-label": placeholder },
      input: {
        startAdornment: (
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        ),
      },
    }}
    sx={{ mb: 2 }}
  />
);

const Pages = ({ total, page, onChange }: { total: number | undefined; page: number; onChange: (page: number) => void }) =>
  total && total > PER_PAGE ? <Pagination sx={{ mt: 2 }} count={Math.ceil(total / PER_PAGE)} page={page} onChange={(_, next) => onChange(next)} /> : null;

const toHubRoom = (room: AdminChatRoom): HubRoom => ({ ...room, otherPartyName: room.clientName, meetLink: null });

/** One room's card: both parties, the project, the last message, the admin's unread count, and whether it is read only. */
const RoomCard = ({ room, onOpen }: { room: AdminChatRoom; onOpen: (room: HubRoom) => void }) => (
  <Card component="li" variant="outlined" aria-label={`${room.clientName} and ${room.freelancerName}`}>
    <CardContent sx={{ pb: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="subtitle1" component="h3">
          {room.clientName} ↔ {room.freelancerName}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          {room.unreadCount > 0 ? <Chip size="small" color="error" label={`${room.unreadCount} unread`} /> : null}
          {room.lastMessageAt ? (
            <Typography variant="caption" color="text.secondary">
              {relativeTime(room.lastMessageAt, new Date())}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ my: 0.5 }}>
        <Chip size="small" variant="outlined" label={room.jobTitle ?? "Untitled Project"} />
        {room.member ? null : <Chip size="small" label="Read only" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" noWrap>
        {room.lastMessage?.content ?? "No messages yet"}
      </Typography>
    </CardContent>
    <CardActions>
      <Button size="small" startIcon={<ChatIcon />} onClick={() => onOpen(toHubRoom(room))}>
        Open Chat
      </Button>
    </CardActions>
  </Card>
);

/** The list of rooms, searched on the server over both parties' names, the project's title and the last message. */
const Conversations = ({ onOpen }: { onOpen: (room: HubRoom) => void }) => {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const filter = q.trim() ? { q: q.trim() } : {};
  const { data, total, isPending, error } = useGetList<AdminChatRoom>("chat-rooms", {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: "lastMessageAt", order: "DESC" },
    filter,
  });
  const handleSearch = (value: string) => {
    setQ(value);
    setPage(1);
  };

  let content: ReactNode;
  if (error) content = <Alert severity="error">{messages.roomsFailed}</Alert>;
  else if (isPending) content = <CircularProgress aria-label="Loading chats..." />;
  else if (!data?.length)
    content = q.trim() ? (
      <EmptyState title={messages.noRoomMatch} detail={messages.noRoomMatchDetail} />
    ) : (
      <EmptyState title={messages.noRooms} detail={messages.noRoomsDetail} />
    );
  else
    content = (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Conversations">
        {data.map((room) => (
          <RoomCard key={room.id} room={room} onOpen={onOpen} />
        ))}
      </Stack>
    );

  return (
    <>
      <SearchBox value={q} onChange={handleSearch} placeholder={messages.searchRooms} />
      {content}
      <Pages total={total} page={page} onChange={setPage} />
    </>
  );
};

/**
 * Every conversation grouped under its project (ordered by project title), searched over the project's title and
 * both parties' names, paged on the server: no cap on how many projects it reaches.
 */
const ByProject = ({ onOpen }: { onOpen: (room: HubRoom) => void }) => {
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const { data, total, isPending, error } = useGetList<AdminChatRoom>("chat-rooms", {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: "jobTitle", order: "ASC" },
    filter: q.trim() ? { q: q.trim() } : {},
  });
  const handleSearch = (value: string) => {
    setQ(value);
    setPage(1);
  };
  const groups: Array<{ title: string; rooms: AdminChatRoom[] }> = [];
  for (const room of data ?? []) {
    const title = room.jobTitle ?? "Untitled Project";
    const last = groups.at(-1);
    if (last?.title === title) last.rooms.push(room);
    else groups.push({ title, rooms: [room] });
  }

  let content: ReactNode;
  if (error) content = <Alert severity="error">{messages.roomsFailed}</Alert>;
  else if (isPending) content = <CircularProgress aria-label="Loading projects" />;
  else if (!groups.length) content = <EmptyState title={messages.noProjects} detail={messages.noProjectsDetail} />;
  else
    content = (
      <Stack spacing={2} role="list" aria-label="Projects">
        {groups.map((group, index) => (
          <Box key={`${group.title}-${index}`} role="listitem" aria-label={group.title}>
            <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1 }}>
              {group.title}
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={`Conversations about ${group.title}`}>
              {group.rooms.map((room) => (
                <RoomCard key={room.id} room={room} onOpen={onOpen} />
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    );

  return (
    <>
      <SearchBox value={q} onChange={handleSearch} placeholder={messages.searchByProject} />
      {content}
      <Pages total={total} page={page} onChange={setPage} />
    </>
  );
};

/** Every live project with its poster, and Start Chat to open the admin's room with that poster. */
const AllProjects = ({ onOpen }: { onOpen: (room: HubRoom) => void }) => {
  const notify = useNotify();
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState<number | null>(null);
  const { data, total, isPending, error } = useGetList<AdminJob>("jobs", {
    pagination: { page, perPage: PER_PAGE },
    sort: { field: "createdAt", order: "DESC" },
    filter: q.trim() ? { q: q.trim() } : {},
  });
  const ownerIds = [...new Set(data?.map((job) => job.ownerId) ?? [])];
  const { data: owners } = useGetMany<AdminUser>("users", { ids: ownerIds }, { enabled: ownerIds.length > 0 });
  const ownerType = (id: string) => {
    const owner = owners?.find((user) => user.id === id);
    return owner ? userTypeLabel(owner.userType) : "";
  };

  const handleStart = async (job: AdminJob) => {
    setStarting(job.id);
    try {
      // The admin's own room with the poster: a member from the start.
      onOpen({ ...(await adminApi.startJobChat(job.id)), member: true });
    } catch (caught) {
      notify(caught instanceof Error && caught.message ? caught.message : messages.startFailed, { type: "error" });
    } finally {
      setStarting(null);
    }
  };
  const handleSearch = (value: string) => {
    setQ(value);
    setPage(1);
  };

  let content: ReactNode;
  if (error) content = <Alert severity="error">{messages.jobsFailed}</Alert>;
  else if (isPending) content = <CircularProgress aria-label="Loading projects" />;
  else if (!data?.length) content = <EmptyState title={messages.noProjects} detail={messages.noProjectsDetail} />;
  else
    content = (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="All projects">
        {data.map((job) => (
          <Card component="li" key={job.id} variant="outlined" aria-label={job.title}>
            <CardContent sx={{ pb: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <Typography variant="subtitle1" component="h3" sx={{ mr: 1 }}>
                  {job.title}
                </Typography>
                <JobStatusChip status={job.status} />
                {job.paymentStatus === "paid" ? <PaidChip /> : null}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {job.ownerName}
                {ownerType(job.ownerId) ? ` · ${ownerType(job.ownerId)}` : ""} · Posted {relativeTime(job.createdAt, new Date())}
              </Typography>
            </CardContent>
            <CardActions>
              <Button size="small" variant="contained" startIcon={<ChatIcon />} disabled={starting === job.id} onClick={() => void handleStart(job)}>
                Start Chat
              </Button>
            </CardActions>
          </Card>
        ))}
      </Stack>
    );

  return (
    <>
      <SearchBox value={q} onChange={handleSearch} placeholder={messages.searchProjects} />
      {content}
      <Pages total={total} page={page} onChange={setPage} />
    </>
  );
};

type HubTab = "conversations" | "projects" | "all-projects";

/** The admin's messages: every conversation, conversations by project, and every project to start one from. */
export default function CommunicationHub() {
  const [tab, setTab] = useState<HubTab>("conversations");
  const [room, setRoom] = useState<HubRoom | null>(null);
  const queryClient = useQueryClient();
  // Live over the back office's one socket (AdminLayout), joined to the hub's channel: each new message of any room
  // refreshes the lists (their order, last message and unread counts) and brings in new rooms without a reload.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["chat-rooms"] });
  useChatHub(refresh, refresh);
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title={messages.title} />
      <Typography variant="h4" component="h2" gutterBottom>
        {messages.title}
      </Typography>
      <Card>
        <Tabs value={tab} onChange={(_, value: HubTab) => setTab(value)} sx={{ borderBottom: 1, borderColor: "divider", px: 2 }}>
          <Tab value="conversations" label="All Conversations" />
          <Tab value="projects" label="By Project" />
          <Tab value="all-projects" label="All Projects" />
        </Tabs>
        <CardContent>
          {tab === "conversations" ? <Conversations onOpen={setRoom} /> : null}
          {tab === "projects" ? <ByProject onOpen={setRoom} /> : null}
          {tab === "all-projects" ? <AllProjects onOpen={setRoom} /> : null}
        </CardContent>
      </Card>
      <ChatDialog room={room} onClose={() => setRoom(null)} />
    </Box>
  );
}
