import { useState, type ReactElement } from "react";
import { Button } from "@mui/material";
import { Confirm, useListContext, useNotify, useRefresh } from "react-admin";
import { describeBulkOutcome, type BulkOutcome, type BulkResource } from "@forgehire/core";
import { adminApi } from "../api";

/**
 * A bulk action of a list (react-admin's `bulkActionButtons`): the selected records go to the server's bulk endpoint,
 * which runs the single action's use case on each; the notice says how many were done and why the others were not.
 * Not `useUpdateMany`: ra-data-simple-rest sends one request per id and fails as a whole on the first refusal, so a
 * partial refusal could not be told apart from a total one.
 */
export const BulkOperationButton = ({
  resource,
  action,
  label,
  done,
  icon,
  confirmTitle,
  confirmContent,
}: {
  resource: BulkResource;
  action: string;
  label: string;
  /** the past tense shown in the notice ("disabled") */
  done: string;
  icon?: ReactElement;
  confirmTitle: string;
  confirmContent: string;
}) => {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const run = async () => {
    setConfirming(false);
    setPending(true);
    try {
      const outcome: BulkOutcome = await adminApi.bulk(resource, action, selectedIds);
      notify(describeBulkOutcome(outcome, done), { type: outcome.failed === 0 ? "info" : outcome.succeeded === 0 ? "error" : "warning", multiLine: true });
      onUnselectItems();
    } catch (error) {
      notify(error instanceof Error ? error.message : "The action failed.", { type: "error" });
    } finally {
      setPending(false);
      refresh();
    }
  };

  return (
    <>
      {/* Primary, not red or green: the bulk toolbar's tinted background leaves those below AA contrast. */}
      <Button size="small" startIcon={icon} disabled={pending} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <Confirm
        isOpen={confirming}
        title={confirmTitle.replace("%{count}", String(selectedIds.length))}
        content={confirmContent}
        confirm={label}
        onConfirm={() => void run()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
