import { useState } from "react";
import type { FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Add from "@mui/icons-material/Add";
import { errorCatalogue } from "@forgehire/core";
import ReasonTooltip from "./ReasonTooltip";

interface AddItemFormProps {
  /** e.g. 'New story title' */
  label: string;
  /** e.g. 'Add Story' */
  action: string;
  /** Adds the item; resolves false when it failed, which keeps the typed title. */
  onAdd: (title: string) => Promise<boolean>;
  disabledReason: string | null;
}

/** A title field and its Add button under a list of stories or tasks; a blank title says 'Title cannot be empty'. */
export default function AddItemForm({ label, action, onAdd, disabledReason }: AddItemFormProps) {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const disabled = disabledReason !== null || pending;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === "") {
      setError(errorCatalogue.EMPTY_TITLE.message);
      return;
    }
    setPending(true);
    const added = await onAdd(title.trim());
    setPending(false);
    if (added) setTitle("");
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <ReasonTooltip reason={disabledReason} fullWidth>
        <TextField
          label={label}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? undefined}
          size="small"
          fullWidth
          disabled={disabled}
        />
      </ReasonTooltip>
      <ReasonTooltip reason={disabledReason}>
        <Button type="submit" variant="outlined" startIcon={<Add />} disabled={disabled} sx={{ whiteSpace: "nowrap", height: 40 }}>
          {action}
        </Button>
      </ReasonTooltip>
    </Box>
  );
}
