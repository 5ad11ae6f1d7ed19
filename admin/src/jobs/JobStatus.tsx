import { Chip } from "@mui/material";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import PaidIcon from "@mui/icons-material/Paid";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import { jobStatusLabels, paymentStatusLabels, type JobStatus } from "@forgehire/core";

const statusIcons: Record<JobStatus, typeof AutorenewIcon> = {
  open: RadioButtonUncheckedIcon,
  in_progress: AutorenewIcon,
  completed: CheckCircleIcon,
  inactive: BlockIcon,
};

const statusColors: Record<JobStatus, "default" | "info" | "success" | "error"> = {
  open: "default",
  in_progress: "info",
  completed: "success",
  inactive: "error",
};

/** A job's status as a chip with its icon, as the dashboard's tables and the Communication Hub show it. */
export const JobStatusChip = ({ status }: { status: JobStatus }) => {
  const Icon = statusIcons[status];
  return <Chip size="small" variant="outlined" color={statusColors[status]} icon={<Icon />} label={jobStatusLabels[status]} />;
};

/** The 'Paid' badge of a paid job. */
export const PaidChip = () => <Chip size="small" color="success" icon={<PaidIcon />} label={paymentStatusLabels.paid} />;
