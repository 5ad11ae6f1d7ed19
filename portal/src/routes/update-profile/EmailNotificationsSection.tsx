import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import type { EmailNotifications, User } from "@forgehire/core";
import { useUpdateEmailNotifications } from "../../api/auth";
import { errorMessage } from "../../api/client";

const messages = {
  saved: "Email preferences saved",
  failed: "Failed to save email preferences",
} as const;

const switches: ReadonlyArray<{ key: keyof EmailNotifications; label: string; hint: string }> = [
  {
    key: "jobUpdates",
    label: "Job updates",
    hint: "When your job is paid, started and completed, and when a story waits for your review (and a reminder before it is approved on its own)",
  },
  { key: "taskMessages", label: "Task messages", hint: "When a message about one of your tasks waits for you (at most one email per task every 10 minutes)" },
  { key: "storyReviews", label: "Story reviews", hint: "When a story you submitted is approved, or sent back with changes requested" },
  { key: "chatMessages", label: "Chat messages", hint: "When a chat message waits for you (at most one email per conversation every 10 minutes)" },
];

/**
 * The Email Notifications section of Update Profile: each switch saves on its own, at once. Kept apart from the
 * names form so each can change without the other.
 */
export default function EmailNotificationsSection({ user }: { user: User }) {
  const update = useUpdateEmailNotifications();
  const { enqueueSnackbar } = useSnackbar();

  const handleToggle = (key: keyof EmailNotifications, on: boolean) => {
    update.mutate(
      { [key]: on },
      {
        onSuccess: () => enqueueSnackbar(messages.saved, { variant: "success" }),
        onError: (error) => enqueueSnackbar(errorMessage(error, messages.failed), { variant: "error" }),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="email-notifications-heading" sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: "divider" }}>
      <Typography id="email-notifications-heading" variant="h6" component="h2" gutterBottom>
        Email Notifications
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Everything also shows under the bell in the navigation, whatever you choose here. Emails about money held or moved (disputes, receipts) are always sent.
      </Typography>
      <FormGroup>
        {switches.map(({ key, label, hint }) => (
          <FormControlLabel
            key={key}
            sx={{ alignItems: "flex-start", mb: 1 }}
            control={
              <Switch
                checked={user.emailNotifications[key]}
                onChange={(event) => handleToggle(key, event.target.checked)}
                disabled={update.isPending}
                slotProps={{ input: { "aria-describedby": `email-${key}-hint` } }}
              />
            }
            label={
              <Box sx={{ pt: 1 }}>
                <Typography variant="body1">{label}</Typography>
                <Typography id={`email-${key}-hint`} variant="body2" color="text.secondary">
                  {hint}
                </Typography>
              </Box>
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
}
