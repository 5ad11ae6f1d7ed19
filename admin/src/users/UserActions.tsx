import { useState } from "react";
import { Button, Tooltip } from "@mui/material";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import LockResetIcon from "@mui/icons-material/LockReset";
import { Confirm, useGetIdentity, useNotify, useRecordContext, useRefresh, useUpdate } from "react-admin";
import { errorCatalogue, type AdminUser } from "@forgehire/core";
import { adminApi } from "../api";

/**
 * Disable or Enable the account. Disabling ends the user's sessions and sockets at once (the server's rule),
 * hence the confirmation. The server refuses an admin disabling themselves or the last admin (409), and that
 * refusal is shown as it comes; on one's own account the button is disabled with the reason, sparing the round trip.
 */
export const DisableButton = () => {
  const record = useRecordContext<AdminUser>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending }] = useUpdate<AdminUser>();
  if (!record) return null;
  if (record.id === identity?.id) {
    // The server refuses it (CANNOT_DISABLE_SELF); the button says so instead of vanishing.
    return (
      <Tooltip title={errorCatalogue.CANNOT_DISABLE_SELF.message} describeChild>
        <span>
          <Button size="small" startIcon={<BlockIcon />} disabled>
            Disable
          </Button>
        </span>
      </Tooltip>
    );
  }
  const disabling = !record.disabled;

  const handleConfirm = () => {
    setConfirming(false);
    void update(
      "users",
      { id: record.id, data: { disabled: disabling }, previousData: record },
      {
        mutationMode: "pessimistic",
        // Say what the server's answer shows, not what was asked: a server that ignored the flag must not look obeyed.
        onSuccess: (user) =>
          user.disabled === disabling
            ? notify(disabling ? "Account disabled: its sessions have ended." : "Account enabled.", { type: "info" })
            : notify("The server did not change the account.", { type: "error" }),
        onError: (error) => notify(error instanceof Error ? error.message : "Could not change the account.", { type: "error" }),
      },
    );
  };

  return (
    <>
      <Button
        size="small"
        color={disabling ? "error" : "success"}
        startIcon={disabling ? <BlockIcon /> : <CheckCircleOutlineIcon />}
        disabled={isPending}
        onClick={() => setConfirming(true)}
      >
        {disabling ? "Disable" : "Enable"}
      </Button>
      <Confirm
        isOpen={confirming}
        title={disabling ? `Disable ${record.email}?` : `Enable ${record.email}?`}
        content={disabling ? "They are signed out everywhere at once and cannot sign in until the account is enabled again." : "They can sign in again."}
        confirm={disabling ? "Disable" : "Enable"}
        onConfirm={handleConfirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/** Sends the user the same recovery e-mail as Forgot password, with a link valid for one hour. */
export const SendResetButton = () => {
  const record = useRecordContext<AdminUser>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [sending, setSending] = useState(false);
  if (!record) return null;

  const handleClick = async () => {
    setSending(true);
    try {
      await adminApi.sendPasswordReset(record.id);
      notify(`A password reset link was sent to ${record.email}.`, { type: "success" });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Could not send the password reset.", { type: "error" });
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="small" startIcon={<LockResetIcon />} disabled={sending || record.disabled} onClick={() => void handleClick()}>
      Send password reset
    </Button>
  );
};
