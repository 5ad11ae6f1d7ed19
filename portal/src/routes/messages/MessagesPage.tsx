import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useNavigate, useParams } from "react-router";
import { relativeTime, type ChatRoomListItem } from "@forgehire/core";
import { useChatRooms, useRoomsLiveRefresh } from "../../api/chat";
import PageLoader from "../../components/PageLoader";
import { useCurrentUser } from "../../hooks/use-current-user";
import ChatDialog from "./ChatDialog";

const title = "Messages";

const messages = {
  loading: "Loading chats...",
  failed: "Failed to load chat rooms",
  empty: { title: "No messages yet", message: "You haven't started any conversations yet." },
  adminEmpty: { title: "No messages", message: "You haven't started any conversations with job posters yet." },
  older: "Show older conversations",
} as const;

function RoomCard({ room, onOpen }: { room: ChatRoomListItem; onOpen: () => void }) {
  return (
    <Card variant="outlined" data-testid="chat-room-card">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center" }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                {room.jobTitle ?? "Untitled Project"}
              </Typography>
              {room.unreadCount > 0 && <Chip size="small" color="error" label={`${room.unreadCount} new`} aria-label={`${room.unreadCount} unread messages`} />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {room.otherPartyName}
            </Typography>
            {room.lastMessage && (
              <Typography variant="body2" noWrap>
                {room.lastMessage.content}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {relativeTime(room.lastMessage.createdAt, new Date())}
                </Typography>
              </Typography>
            )}
          </Box>
          <Button variant="contained" onClick={onOpen}>
            Open Chat
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function RoomList({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const { roomId } = useParams();
  const rooms = useChatRooms();
  const roomList = rooms.data?.pages.flat();
  useRoomsLiveRefresh(true);
  const empty = isAdmin ? messages.adminEmpty : messages.empty;
  const handleClose = () => {
    void rooms.refetch();
    void navigate("/messages");
  };
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {rooms.isPending && <Typography color="text.secondary">{messages.loading}</Typography>}
      {rooms.error && <Alert severity="error">{messages.failed}</Alert>}
      {roomList?.length === 0 && (
        <Box sx={{ textAlign: "center", py: 8 }}>
          <Typography variant="h6" component="h2">
            {empty.title}
          </Typography>
          <Typography color="text.secondary">{empty.message}</Typography>
        </Box>
      )}
      {roomList && roomList.length > 0 && (
        <Stack spacing={2}>
          {roomList.map((room) => (
            <RoomCard key={room.roomId} room={room} onOpen={() => void navigate(`/messages/${encodeURIComponent(room.roomId)}`)} />
          ))}
          {rooms.hasNextPage && (
            <Button onClick={() => void rooms.fetchNextPage()} disabled={rooms.isFetchingNextPage} sx={{ alignSelf: "center" }}>
              {messages.older}
            </Button>
          )}
        </Stack>
      )}
      {roomId && <ChatDialog key={roomId} roomId={roomId} onClose={handleClose} />}
    </Container>
  );
}

/** /messages and /messages/:roomId. Signed-out visitors see the header and an access prompt, no content. */
export default function MessagesPage() {
  const { user, isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <PageLoader />;
  if (!user) {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Alert severity="info" sx={{ mt: 3 }}>
          Please sign in to view your messages.
        </Alert>
      </Container>
    );
  }
  return <RoomList isAdmin={isAdmin} />;
}
