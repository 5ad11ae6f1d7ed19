import { useState } from "react";
import { Button, Chip } from "@mui/material";
import ReplayIcon from "@mui/icons-material/Replay";
import { useNotify, useRecordContext, useRefresh } from "react-admin";
import { emailStatusLabels, type AdminEmail, type EmailStatus } from "@forgehire/core";
import { adminApi } from "../api";

const colors: Record<EmailStatus, "info" | "success" | "error" | "default"> = { queued: "info", sent: "success", failed: "error", logged: "default" };

/** The delivery status as a chip; a failed or retried one says why on hover. */
export const EmailStatusChip = () => {
  const record = useRecordContext<AdminEmail>();
  if (!record) return null;
  // Queued after a failed attempt: the queue retries it with a growing pause.
  const retrying = record.status === "queued" && record.error !== null;
  const label = retrying ? `Retrying (${record.attempts} failed)` : emailStatusLabels[record.status];
  return <Chip size="small" color={retrying ? "warning" : colors[record.status]} label={label} title={record.error ?? undefined} />;
};

/** Resend, on failed messages only: POST /api/admin/emails/:id/resend queues the same message again. */
export const ResendButton = () => {
  const record = useRecordContext<AdminEmail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [sending, setSending] = useState(false);
  if (record?.status !== "failed") return null;

  const handleClick = async (event: React.MouseEvent) => {
    // Inside a clickable row: resend without opening the message.
    event.stopPropagation();
    setSending(true);
    try {
      await adminApi.resendEmail(record.id);
      notify("Email queued again.", { type: "success" });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Failed to send email", { type: "error" });
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="small" startIcon={<ReplayIcon />} disabled={sending} onClick={(event) => void handleClick(event)}>
      Resend
    </Button>
  );
};
