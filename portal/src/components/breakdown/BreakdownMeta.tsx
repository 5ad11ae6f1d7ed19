import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import ScheduleOutlined from "@mui/icons-material/ScheduleOutlined";
import PaymentsOutlined from "@mui/icons-material/PaymentsOutlined";
import { fromCents } from "@forgehire/core";
import { formatMoney } from "../../lib/format";
import AddItemForm from "./AddItemForm";
import { InlineText } from "./InlineFields";

/** "6 h", "0.5 h"; a dash when nobody estimated the work. */
export function formatHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return "–";
  return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
}

/** The sum of some estimates (stories or tasks), ignoring those without one. */
export function totalHours(items: readonly { estimateHours: number | null }[]): number {
  return items.reduce((sum, item) => sum + (item.estimateHours ?? 0), 0);
}

/**
 * A story's milestone, its share of the job's price fixed at lock, as a chip: "$1,234.50 milestone". Nothing while
 * the job is unlocked (the amount is null until the lock fixes it).
 */
export function MilestoneChip({ amountCents }: { amountCents: number | null }) {
  if (amountCents === null) return null;
  const label = `${formatMoney(fromCents(amountCents))} milestone`;
  return <Chip icon={<PaymentsOutlined aria-hidden />} label={label} size="small" color="primary" variant="outlined" aria-label={`Milestone: ${label}`} />;
}

/** An estimate as a small chip with a clock, e.g. "12 h". */
export function EstimateChip({ hours, label = "Estimate" }: { hours: number | null; label?: string }) {
  return (
    <Chip
      icon={<ScheduleOutlined aria-hidden />}
      label={formatHours(hours)}
      size="small"
      variant="outlined"
      aria-label={`${label}: ${hours === null ? "not estimated" : formatHours(hours)}`}
    />
  );
}

const sourceKinds: Record<string, string> = {
  keyFeature: "Key feature",
  flag: "Requirement",
  page: "Page",
  integration: "Integration",
  compliance: "Compliance",
  extra: "Extra",
  answer: "Answer",
  userCategory: "User category",
  userCategories: "User categories",
  existingSystems: "Existing systems",
  stakeholders: "Stakeholders",
  projectType: "Project type",
  acceptance: "Acceptance",
};

/**
 * A source such as "integration:Zoom" as a short label ("Integration: Zoom"); a source the rules engine added to
 * an AI answer ("rules:…") says so.
 */
export function sourceLabel(source: string): string {
  const completed = source.startsWith("rules:");
  const bare = completed ? source.slice("rules:".length) : source;
  const at = bare.indexOf(":");
  const kind = at === -1 ? bare : bare.slice(0, at);
  const detail = at === -1 ? "" : bare.slice(at + 1);
  const label = `${sourceKinds[kind] ?? kind}${detail ? `: ${detail}` : ""}`;
  return completed ? `${label} (added by rules)` : label;
}

/** Where a story or task comes from in the requirements, as a small chip with the raw source in its tooltip. */
export function SourceChip({ source }: { source: string | null }) {
  if (!source) return null;
  return (
    <Tooltip title={`From the requirements: ${source}`}>
      <Chip
        label={sourceLabel(source)}
        size="small"
        color={source.startsWith("rules:") ? "warning" : "default"}
        variant="outlined"
        data-testid="source-chip"
        sx={{ maxWidth: 260 }}
      />
    </Tooltip>
  );
}

interface CriteriaListProps {
  criteria: string[];
  /** Saves the whole new list; resolves false when it failed. */
  onSave: (criteria: string[]) => Promise<boolean>;
  disabledReason: string | null;
}

/**
 * A task's acceptance criteria as a list, each editable in place like a title (clearing one removes it), with a
 * field to add another.
 */
export function CriteriaList({ criteria, onSave, disabledReason }: CriteriaListProps) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 600 }}>
        Acceptance criteria
      </Typography>
      {criteria.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None yet.
        </Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, my: 0.5 }} aria-label="Acceptance criteria">
          {criteria.map((criterion, index) => (
            <Box component="li" key={`${index}-${criterion}`} sx={{ typography: "body2" }}>
              <InlineText
                value={criterion}
                label={`Acceptance criterion ${index + 1}`}
                multiline
                disabledReason={disabledReason}
                onSave={(text) =>
                  onSave(text.trim() === "" ? criteria.filter((_, at) => at !== index) : criteria.map((item, at) => (at === index ? text.trim() : item)))
                }
              />
            </Box>
          ))}
        </Stack>
      )}
      {disabledReason === null && (
        <AddItemForm
          label="New acceptance criterion"
          action="Add Criterion"
          disabledReason={disabledReason}
          onAdd={(text) => onSave([...criteria, text.trim()])}
        />
      )}
    </Box>
  );
}

/** A task's criteria as a plain list, for read-only views such as the project status table. */
export function CriteriaText({ criteria }: { criteria: string[] }) {
  if (criteria.length === 0) return null;
  return (
    <Box component="ul" sx={{ pl: 2.5, my: 0.5 }} aria-label="Acceptance criteria">
      {criteria.map((criterion, index) => (
        <Typography component="li" variant="body2" color="text.secondary" key={`${index}-${criterion}`}>
          {criterion}
        </Typography>
      ))}
    </Box>
  );
}
