import { useState } from "react";
import type { KeyboardEvent } from "react";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { TypographyVariant } from "@mui/material/styles";
import { errorCatalogue, priorities, priorityLabels, taskStatusLabels } from "@forgehire/core";
import type { Priority, TaskStatus } from "@forgehire/core";
import ReasonTooltip from "./ReasonTooltip";

const messages = {
  emptyTitle: errorCatalogue.EMPTY_TITLE.message,
  noDescription: "No description",
} as const;

/** The statuses of the edit form (spec part 1 §4); clarification is set from the project status table. */
const editableStatuses: readonly TaskStatus[] = ["todo", "in_progress", "done"];

interface InlineTextProps {
  value: string;
  /** The field's accessible name, e.g. 'Task title'. */
  label: string;
  /** Saves a changed value; resolves false when the save failed, which puts the stored value back. */
  onSave: (value: string) => Promise<boolean>;
  /** Why editing is off; null when the text is editable. */
  disabledReason: string | null;
  /** A title may not be blank ('Title cannot be empty'). */
  required?: boolean;
  multiline?: boolean;
  variant?: Exclude<TypographyVariant, "button" | "overline">;
  fontWeight?: number;
}

/**
 * A text that edits in place: saved on blur or Enter (Shift+Enter adds a line to a multiline text), Escape
 * puts the stored value back. Read-only text carries the reason it cannot be edited.
 */
export function InlineText({ value, label, onSave, disabledReason, required = false, multiline = false, variant = "body2", fontWeight }: InlineTextProps) {
  const [draft, setDraft] = useState(value);
  const [stored, setStored] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // A new stored value (a save, a refetch) replaces the draft.
  if (stored !== value) {
    setStored(value);
    setDraft(value);
  }

  if (disabledReason !== null) {
    return (
      <ReasonTooltip reason={disabledReason}>
        <Typography
          variant={variant}
          aria-label={label}
          color={value ? "text.primary" : "text.secondary"}
          sx={{ fontWeight, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >
          {value || messages.noDescription}
        </Typography>
      </ReasonTooltip>
    );
  }

  const commit = async () => {
    const next = required ? draft.trim() : draft;
    if (required && next === "") {
      setError(messages.emptyTitle);
      setDraft(value);
      return;
    }
    setError(null);
    if (next === value) return;
    const saved = await onSave(next);
    if (!saved) setDraft(value);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && !(multiline && event.shiftKey)) {
      event.preventDefault();
      if (required && draft.trim() === "") {
        setError(messages.emptyTitle);
        return;
      }
      (event.target as HTMLElement).blur();
    } else if (event.key === "Escape") {
      setDraft(value);
      setError(null);
    }
  };

  return (
    <TextField
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        if (error && event.target.value.trim() !== "") setError(null);
      }}
      onBlur={() => void commit()}
      onKeyDown={handleKeyDown}
      error={error !== null}
      helperText={error ?? undefined}
      placeholder={multiline ? "Add a description" : undefined}
      multiline={multiline}
      fullWidth
      variant="standard"
      slotProps={{
        htmlInput: { "aria-label": label },
        input: {
          disableUnderline: error === null,
          sx: (theme) => ({ ...theme.typography[variant], fontWeight, "&:hover, &.Mui-focused": { bgcolor: "action.hover" }, borderRadius: 1, px: 0.5 }),
        },
      }}
    />
  );
}

interface PrioritySelectProps {
  value: Priority;
  label: string;
  onChange: (value: Priority) => void;
  disabledReason: string | null;
}

/** The priority of a story or task: high, medium or low. */
export function PrioritySelect({ value, label, onChange, disabledReason }: PrioritySelectProps) {
  return (
    <ReasonTooltip reason={disabledReason}>
      <TextField
        select
        size="small"
        label="Priority"
        value={value}
        onChange={(event) => onChange(event.target.value as Priority)}
        disabled={disabledReason !== null}
        slotProps={{ select: { inputProps: { "aria-label": label } } }}
        sx={{ minWidth: 120 }}
      >
        {priorities.map((priority) => (
          <MenuItem key={priority} value={priority}>
            {priorityLabels[priority]}
          </MenuItem>
        ))}
      </TextField>
    </ReasonTooltip>
  );
}

interface TaskStatusSelectProps {
  value: TaskStatus;
  label: string;
  onChange: (value: TaskStatus) => void;
  disabledReason: string | null;
  /** The project status table offers clarification too. */
  statuses?: readonly TaskStatus[];
}

/** A task's status; the edit form offers todo, in progress and done. */
export function TaskStatusSelect({ value, label, onChange, disabledReason, statuses = editableStatuses }: TaskStatusSelectProps) {
  // A status set elsewhere (clarification) stays displayable.
  const options = statuses.includes(value) ? statuses : [...statuses, value];
  return (
    <ReasonTooltip reason={disabledReason}>
      <TextField
        select
        size="small"
        label="Status"
        value={value}
        onChange={(event) => onChange(event.target.value as TaskStatus)}
        disabled={disabledReason !== null}
        slotProps={{ select: { inputProps: { "aria-label": label } } }}
        sx={{ minWidth: 150 }}
      >
        {options.map((status) => (
          <MenuItem key={status} value={status} disabled={!statuses.includes(status)}>
            {taskStatusLabels[status]}
          </MenuItem>
        ))}
      </TextField>
    </ReasonTooltip>
  );
}
