import { useState, type FormEvent } from "react";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { HttpError, useNotify } from "react-admin";
import { adminEmailSubject, type AdminJob } from "@forgehire/core";
import { adminApi } from "../api";

// The spec's words (part 2, "Admin dashboard and email").
const messages = {
  title: "Send Email to Job Poster",
  fillAll: "Please fill in all fields",
  noEmail: "Client email not found",
  failed: "Failed to send email",
  sent: "Email sent successfully!",
  queued: "Email queued: it has not been sent yet. The e-mails list shows when it is.",
  logged: "Email kept in the outbox: this site has no mail server, so it was not sent.",
} as const;

/**
 * What to say when sending failed: the server's own message where it explained itself (a 4xx, or a failed delivery
 * attempt), the spec's wording for an unknown recipient, and 'Failed to send email' for anything else.
 */
function failureMessage(error: unknown): string {
  if (!(error instanceof HttpError) || typeof error.status !== "number") return messages.failed;
  const body: unknown = error.body;
  const code = typeof body === "object" && body !== null && "error" in body ? (body.error as { code?: unknown }).code : undefined;
  // A failed attempt: the server says whether it is retried (and which attempt it was) or given up.
  if (code === "EMAIL_SEND_FAILED" && error.message) return error.message;
  if (error.status >= 500) return messages.failed;
  if (code === "CLIENT_EMAIL_NOT_FOUND") return messages.noEmail;
  return error.message || messages.failed;
}

interface EmailDialogProps {
  /** the job whose poster receives the e-mail; null keeps the dialog closed */
  job: AdminJob | null;
  onClose: () => void;
}

/** 'Send Email to Job Poster': the subject starts as 'Regarding your project: {title}'; sent through POST /api/admin/emails. */
export const EmailDialog = ({ job, onClose }: EmailDialogProps) => (
  // Keyed by job so each opening starts from the prefilled subject and an empty message.
  <Dialog open={job !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="email-dialog-title">
    {job ? <EmailForm key={job.id} job={job} onClose={onClose} /> : null}
  </Dialog>
);

const EmailForm = ({ job, onClose }: { job: AdminJob; onClose: () => void }) => {
  const notify = useNotify();
  const [subject, setSubject] = useState(adminEmailSubject(job.title));
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const filled = subject.trim() !== "" && message.trim() !== "";

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!filled) {
      setError(messages.fillAll);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const email = await adminApi.sendEmail({ jobId: job.id, subject, message });
      setSubject("");
      setMessage("");
      // 'Sent' only once the outbox says so: a message not attempted yet is queued, one without SMTP only kept.
      if (email.status === "sent") notify(messages.sent, { type: "success" });
      else notify(email.status === "logged" ? messages.logged : messages.queued, { type: "info" });
      onClose();
    } catch (caught) {
      setError(failureMessage(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogTitle id="email-dialog-title">{messages.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="To" value={job.ownerName} slotProps={{ input: { readOnly: true } }} size="small" />
          <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} required fullWidth />
          <TextField label="Message" value={message} onChange={(event) => setMessage(event.target.value)} required fullWidth multiline minRows={5} />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={sending || !filled}>
          {sending ? "Sending..." : "Send Email"}
        </Button>
      </DialogActions>
    </form>
  );
};
