import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Typography from "@mui/material/Typography";
import type { BreakdownVersion } from "@forgehire/core";
import { useBreakdownVersions } from "../../api/breakdown";
import { formatHours } from "./BreakdownMeta";

const lockedOn = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });

const list = (items: string[]) => items.map((item) => `'${item}'`).join(", ");

/** What changed since the previous version, in one sentence per kind of change. */
export function changeLines(version: BreakdownVersion): string[] {
  if (version.version === 1) return [`First locked version: ${version.stories.length} stories, ${formatHours(version.totalHours)}.`];
  const { added, removed, changed, hoursDelta } = version.changes;
  const lines = [
    ...(added.length > 0 ? [`Added: ${list(added)}.`] : []),
    ...(removed.length > 0 ? [`Removed: ${list(removed)}.`] : []),
    ...(changed.length > 0 ? [`Changed: ${list(changed)}.`] : []),
  ];
  const delta = hoursDelta === 0 ? "no change in the estimate" : `${hoursDelta > 0 ? "+" : "−"}${formatHours(Math.abs(hoursDelta))} in the estimate`;
  return lines.length === 0 ? [`No change since version ${version.version - 1}.`] : [...lines, `Since version ${version.version - 1}: ${delta}.`];
}

/** "Version N, locked on …" with what changed since the previous version; nothing before the first lock. */
export default function VersionBanner({ jobId }: { jobId: number }) {
  const versions = useBreakdownVersions(jobId);
  const latest = versions.data?.[0];
  if (!latest) return null;
  return (
    <Alert severity="info" variant="outlined" data-testid="breakdown-version">
      <AlertTitle>
        Version {latest.version}, locked on {lockedOn.format(new Date(latest.lockedAt))}
        {latest.lockedBy ? ` by ${latest.lockedBy.name}` : ""}
      </AlertTitle>
      {changeLines(latest).map((line) => (
        <Typography variant="body2" key={line} sx={{ overflowWrap: "anywhere" }}>
          {line}
        </Typography>
      ))}
    </Alert>
  );
}
