import Box from "@mui/material/Box";
import Tooltip from "@mui/material/Tooltip";
import type { SvgIconComponent } from "@mui/icons-material";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import PaidOutlined from "@mui/icons-material/PaidOutlined";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutline";
import { paymentStatusLabels, type Job } from "@forgehire/core";

/** The spec's tooltip open delay (part 1 §9). */
export const TOOLTIP_DELAY_MS = 700;

interface Indicator {
  key: string;
  icon: SvgIconComponent;
  on: boolean;
  /** a colour of the palette when on */
  color: string;
  label: string;
}

function indicatorsOf(job: Job): Indicator[] {
  return [
    {
      key: "stories",
      icon: AccountTreeOutlined,
      on: job.hasStories,
      color: "primary.main",
      label: job.hasStories ? "Stories and tasks created" : "No stories and tasks yet",
    },
    {
      key: "payment",
      icon: PaidOutlined,
      on: job.paymentStatus !== "unpaid",
      color: job.paymentStatus === "paid" ? "success.main" : "warning.main",
      label: `Payment: ${paymentStatusLabels[job.paymentStatus]}`,
    },
    {
      key: "communication",
      icon: ForumOutlined,
      on: job.hasCommunication,
      color: "secondary.main",
      label: job.hasCommunication ? "Client communication exists" : "No client communication yet",
    },
    {
      key: "started",
      icon: PlayCircleOutline,
      on: job.startedAt !== null,
      color: "info.main",
      label: job.startedAt !== null ? "Project started" : "Project not started",
    },
  ];
}

/** The admin's strip of four status indicators on a job card: stories, payment, communication, started. */
export default function JobIndicators({ job }: { job: Job }) {
  return (
    <Box role="list" aria-label="Status indicators" sx={{ display: "flex", gap: 0.5 }}>
      {indicatorsOf(job).map(({ key, icon: Icon, on, color, label }) => (
        <Tooltip key={key} title={label} enterDelay={TOOLTIP_DELAY_MS} arrow>
          <Box
            role="listitem"
            aria-label={label}
            data-on={on}
            sx={{
              display: "grid",
              placeItems: "center",
              width: 30,
              height: 30,
              borderRadius: "50%",
              color: on ? color : "text.disabled",
              bgcolor: on ? "action.hover" : "transparent",
              border: 1,
              borderColor: on ? "transparent" : "divider",
            }}
          >
            <Icon sx={{ fontSize: 18 }} aria-hidden />
          </Box>
        </Tooltip>
      ))}
    </Box>
  );
}
