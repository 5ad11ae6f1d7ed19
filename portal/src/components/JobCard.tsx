import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import AdminPanelSettingsOutlined from "@mui/icons-material/AdminPanelSettingsOutlined";
import { Link as RouterLink } from "react-router";
import { hasAdminAccess, type Job } from "@forgehire/core";
import { useCurrentUser } from "../hooks/use-current-user";
import { formatMoney } from "../lib/format";
import { offersBreakdown } from "../lib/offers-breakdown";
import CreateBreakdownButton from "./breakdown/CreateBreakdownButton";
import JobIndicators from "./JobIndicators";

/** The corner badge of a card: paid wins; a finished job that is not paid is due (spec part 1 §2). */
function paymentBadge(job: Job): { label: string; color: "success" | "warning" } | null {
  if (job.paymentStatus === "paid") return { label: "Payment Complete", color: "success" };
  if (job.status === "completed") return { label: "Payment Due", color: "warning" };
  return null;
}

interface JobCardProps {
  job: Job;
  /** Opens the delete confirmation for this job. */
  onDelete: (job: Job) => void;
}

/** A job in a listing: links to its detail page; its actions come from the server's `can` flags only. */
export default function JobCard({ job, onDelete }: JobCardProps) {
  const { user, isAdmin } = useCurrentUser();
  const badge = paymentBadge(job);
  const titleId = `job-card-title-${job.id}`;
  const adminAccess = hasAdminAccess(user, job);
  const { can } = job;
  const breakdownButton = offersBreakdown(job);
  const hasActions = breakdownButton || can.edit || can.delete || can.pay;

  return (
    <Card component="article" aria-labelledby={titleId} sx={{ height: "100%", display: "flex", flexDirection: "column", position: "relative" }}>
      <CardActionArea component={RouterLink} to={`/jobs/${job.id}`} sx={{ flex: 1, display: "flex", alignItems: "stretch", flexDirection: "column" }}>
        <CardContent sx={{ flex: 1, width: "100%" }}>
          {badge && <Chip label={badge.label} color={badge.color} size="small" sx={{ position: "absolute", top: 12, right: 12, fontWeight: 700 }} />}
          <Typography variant="h6" component="h2" id={titleId} sx={{ pr: badge ? 17 : 0, mb: 0.5, lineHeight: 1.3, overflowWrap: "anywhere" }}>
            {job.title}
          </Typography>
          <Typography color="primary" sx={{ fontWeight: 700, mb: 1.5 }}>
            Budget: {formatMoney(job.budget)}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="job-description"
            sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden", overflowWrap: "anywhere" }}
          >
            {job.description}
          </Typography>
        </CardContent>
      </CardActionArea>

      {isAdmin && (
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, px: 2, pb: 1 }}>
          {isAdmin ? <JobIndicators job={job} /> : <span />}
          {adminAccess && <Chip icon={<AdminPanelSettingsOutlined />} label="Admin Access" size="small" color="secondary" variant="outlined" />}
        </Box>
      )}

      {hasActions && (
        <CardActions sx={{ flexWrap: "wrap", gap: 1, px: 2, pb: 2, pt: 1, borderTop: 1, borderColor: "divider", "& > :not(style) ~ :not(style)": { ml: 0 } }}>
          {breakdownButton && <CreateBreakdownButton job={job} size="small" />}
          {can.edit && (
            <Button size="small" component={RouterLink} to={`/post-job?edit=${job.id}`}>
              Edit
            </Button>
          )}
          {can.delete && (
            <Button size="small" color="error" onClick={() => onDelete(job)}>
              Delete
            </Button>
          )}
          {can.pay && (
            <Button size="small" variant="contained" component={RouterLink} to={`/payments/${job.id}`} sx={{ ml: "auto !important" }}>
              Pay Now
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
