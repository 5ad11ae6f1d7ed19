import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { fromCents, requestChangesBody, submitStoryBody, type DeliveryStatus, type Story } from "@forgehire/core";
import { serverRefusal } from "../../api/client";
import { useStoryDelivery } from "../../api/breakdown";
import { formatMoney } from "../../lib/format";
import ToastMessage from "../ToastMessage";

const statusLabels: Record<DeliveryStatus, string> = {
  building: "Building",
  in_review: "In review",
  changes_requested: "Changes requested",
  approved: "Approved",
  disputed: "Disputed",
};
const statusColors: Record<DeliveryStatus, "default" | "info" | "warning" | "success" | "error"> = {
  building: "default",
  in_review: "info",
  changes_requested: "warning",
  approved: "success",
  disputed: "error",
};

const money = (cents: number) => formatMoney(fromCents(cents));

type Open = "submit" | "approve" | "requestChanges" | null;

/**
 * A story's delivery on the project status tab: its status, the freelancer's note and links, and the actions the
 * story's `can` offers (submit, approve, request changes). Nothing here decides a rule: the buttons are the server's
 * `can`, the refusals its `why` and answers.
 */
export default function StoryDelivery({ jobId, story }: { jobId: number; story: Story }) {
  const { delivery } = story;
  const deliver = useStoryDelivery();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<Open>(null);
  const [note, setNote] = useState("");
  const [links, setLinks] = useState("");
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = () => {
    setOpen(null);
    setFieldError(null);
  };
  const failed = (error: unknown) => {
    const refusal = serverRefusal(error);
    enqueueSnackbar(refusal ? <ToastMessage title={refusal.title} message={refusal.message} /> : "Something went wrong. Please try again.", {
      variant: "error",
    });
  };

  const submit = () => {
    const parsed = submitStoryBody.safeParse({ note, links: links.split(/\s+/).filter(Boolean) });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? "Please check the links.");
    deliver.mutate(
      { jobId, storyId: story.id, action: "submit", body: parsed.data },
      {
        onSuccess: () => {
          close();
          enqueueSnackbar("Submitted for review", { variant: "success" });
        },
        onError: failed,
      },
    );
  };
  const approve = () =>
    deliver.mutate(
      { jobId, storyId: story.id, action: "approve" },
      {
        onSuccess: ({ release }) => {
          close();
          enqueueSnackbar(release ? `Approved: ${money(release.netCents)} released to the freelancer (${money(release.feeCents)} platform fee)` : "Approved", {
            variant: "success",
          });
        },
        onError: failed,
      },
    );
  const requestChanges = () => {
    const parsed = requestChangesBody.safeParse({ reason });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? "Please say what needs to change.");
    deliver.mutate(
      { jobId, storyId: story.id, action: "request-changes", body: parsed.data },
      {
        onSuccess: () => {
          close();
          setReason("");
          enqueueSnackbar("Changes requested", { variant: "success" });
        },
        onError: failed,
      },
    );
  };

  const can = story.can;
  const due = delivery.reviewDueAt ? new Date(delivery.reviewDueAt).toLocaleString() : null;

  return (
    <Box data-testid="story-delivery" sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Chip
          label={statusLabels[delivery.status]}
          color={statusColors[delivery.status]}
          size="small"
          aria-label={`Delivery: ${statusLabels[delivery.status]}`}
          data-testid="delivery-status"
        />
        {delivery.revisionCount > 0 && (
          <Typography variant="caption" color="text.secondary">
            {delivery.revisionCount === 1 ? "1 round of changes" : `${delivery.revisionCount} rounds of changes`}
          </Typography>
        )}
        {delivery.status === "in_review" && due && (
          <Typography variant="caption" color="text.secondary">
            Approved on its own on {due} unless reviewed
          </Typography>
        )}
        {delivery.status === "approved" && delivery.approvedBy === "system" && (
          <Typography variant="caption" color="text.secondary">
            Approved at the end of its review period
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {can?.submit && (
          <Button size="small" variant="contained" onClick={() => setOpen("submit")}>
            Submit delivery
          </Button>
        )}
        {can?.approve && (
          <Button size="small" variant="contained" color="success" onClick={() => setOpen("approve")}>
            {story.amountCents === null ? "Approve" : `Approve and release ${money(story.amountCents)}`}
          </Button>
        )}
        {can?.requestChanges && (
          <Button size="small" variant="outlined" onClick={() => setOpen("requestChanges")}>
            Request changes
          </Button>
        )}
      </Stack>
      {delivery.status !== "building" && (delivery.note || delivery.links.length > 0) && (
        <Box sx={{ mt: 1 }}>
          {delivery.note && (
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="delivery-note">
              {delivery.note}
            </Typography>
          )}
          {delivery.links.map((link) => (
            <Link key={link} href={link} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: "block", overflowWrap: "anywhere" }}>
              {link}
            </Link>
          ))}
        </Box>
      )}

      <Dialog open={open === "submit"} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>Submit “{story.title}” for review</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Delivery note" value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={3} fullWidth />
            <TextField
              label="Links (one per line)"
              value={links}
              onChange={(event) => setLinks(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              error={fieldError !== null}
              helperText={fieldError ?? "Where the client can see the work, e.g. a preview URL"}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={submit} disabled={deliver.isPending}>
            Submit for review
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === "approve"} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>Approve “{story.title}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {story.amountCents === null
              ? "Approving accepts this story as delivered."
              : `Approving releases this story's milestone of ${money(story.amountCents)} to the freelancer, less the platform fee. This cannot be undone.`}
          </DialogContentText>
          <CriteriaChecklist story={story} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" color="success" onClick={approve} disabled={deliver.isPending}>
            {story.amountCents === null ? "Approve" : `Approve and release ${money(story.amountCents)}`}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={open === "requestChanges"} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>Request changes to “{story.title}”</DialogTitle>
        <DialogContent>
          <TextField
            label="What needs to change"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 1 }}
            error={fieldError !== null}
            helperText={fieldError ?? "The freelancer reads this in the story's thread."}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={requestChanges} disabled={deliver.isPending}>
            Request changes
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The story's acceptance criteria (its tasks'), to check against the delivery before approving. */
function CriteriaChecklist({ story }: { story: Story }) {
  const criteria = story.tasks.flatMap((task) => task.acceptanceCriteria);
  if (criteria.length === 0) return null;
  return (
    <Alert severity="info" icon={false} sx={{ mt: 2 }}>
      <Typography variant="subtitle2">Acceptance criteria</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {criteria.map((criterion, index) => (
          <li key={index}>
            <Typography variant="body2">{criterion}</Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
