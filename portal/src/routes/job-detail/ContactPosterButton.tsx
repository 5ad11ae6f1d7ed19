import Button from "@mui/material/Button";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { useNavigate } from "react-router";
import { useSnackbar } from "notistack";
import type { Job } from "@forgehire/core";
import { useStartJobChat } from "../../api/chat";
import { errorMessage } from "../../api/client";
import ToastMessage from "../../components/ToastMessage";

const messages = {
  label: "Contact Poster",
  createdTitle: "Chat created",
  created: "You can now communicate with the job poster",
} as const;

/**
 * An admin's way to the job's poster (spec part 2 §4, admin start chat): opens the job's admin room, creating it
 * the first time, and goes to it. The caller shows it to admins acting on someone else's job.
 */
export default function ContactPosterButton({ job }: { job: Job }) {
  const startChat = useStartJobChat();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  const handleClick = () =>
    startChat.mutate(job.id, {
      onSuccess: (room) => {
        enqueueSnackbar(<ToastMessage title={messages.createdTitle} message={messages.created} />, { variant: "success" });
        void navigate(`/messages/${encodeURIComponent(room.roomId)}`);
      },
      onError: (error) => enqueueSnackbar(<ToastMessage title="Error" message={errorMessage(error)} />, { variant: "error" }),
    });

  return (
    <Button variant="outlined" color="secondary" startIcon={<ForumOutlined />} onClick={handleClick} disabled={startChat.isPending}>
      {messages.label}
    </Button>
  );
}
