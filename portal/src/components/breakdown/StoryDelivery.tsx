import { useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import AttachFile from "@mui/icons-material/AttachFile";
import InsertDriveFileOutlined from "@mui/icons-material/InsertDriveFileOutlined";
import { useSnackbar } from "notistack";
import {
  allowedUploadExtensions,
  fromCents,
  MAX_DELIVERY_FILES,
  MAX_UPLOAD_BYTES,
  requestChangesBody,
  submitStoryBody,
  type DeliveryStatus,
  type Dispute,
  type Story,
  type StoryDelivery as Delivery,
} from "@forgehire/core";
import { serverRefusal } from "../../api/client";
import { useStoryDelivery } from "../../api/breakdown";
import { formatFileSize, formatMoney } from "../../lib/format";
import ToastMessage from "../ToastMessage";
import DisputeDialog from "./DisputeDialog";

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

type Open = "submit" | "approve" | "requestChanges" | "dispute" | null;

/**
 * A story's delivery on the project status tab: its status, the freelancer's note, links and files, its disputes, and
 * the actions the story's `can` offers (submit, approve, request changes, dispute). Nothing here decides a rule: the
 * buttons are the server's `can`, the refusals its `why` and answers.
 * @param disputes the job's disputes about this story (its own, and a job-wide one while it holds the story)
 */
export default function StoryDelivery({ jobId, story, disputes = [] }: { jobId: number; story: Story; disputes?: readonly Dispute[] }) {
  const { delivery } = story;
  const deliver = useStoryDelivery();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState<Open>(null);
  const [note, setNote] = useState("");
  const [links, setLinks] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = () => {
    setOpen(null);
    setFieldError(null);
    setFileError(null);
  };
  // The server checks type and size again as the bytes arrive; this only spares a doomed upload.
  const addFiles = (incoming: readonly File[]) => {
    const tooLarge = incoming.find((file) => file.size > MAX_UPLOAD_BYTES);
    const next = [...files, ...incoming.filter((file) => file.size <= MAX_UPLOAD_BYTES)];
    if (next.length > MAX_DELIVERY_FILES) setFileError(`A delivery may carry at most ${MAX_DELIVERY_FILES} files.`);
    else setFileError(tooLarge ? `"${tooLarge.name}" is larger than 10 MB.` : null);
    setFiles(next.slice(0, MAX_DELIVERY_FILES));
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
      { jobId, storyId: story.id, action: "submit", body: parsed.data, files },
      {
        onSuccess: () => {
          close();
          setFiles([]);
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
  // At the revision limit the server refuses more changes and points to a dispute: say so where the button was.
  const revisionLimit = delivery.status === "in_review" && story.why?.requestChanges?.code === "REVISION_LIMIT" ? story.why.requestChanges : null;
  const openDispute = disputes.find((dispute) => dispute.status === "open");
  const resolved = disputes.filter((dispute) => dispute.status === "resolved" && dispute.storyId === story.id);

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
        {can?.dispute && (
          <Button size="small" variant="outlined" color="error" onClick={() => setOpen("dispute")}>
            Dispute
          </Button>
        )}
      </Stack>
      {revisionLimit && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="revision-limit">
          <AlertTitle>{revisionLimit.title}</AlertTitle>
          {revisionLimit.message}
        </Alert>
      )}
      {delivery.status === "disputed" && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="story-dispute">
          <AlertTitle>Disputed — an admin will resolve it</AlertTitle>
          {openDispute ? (
            <>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {openDispute.reason}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                Opened {new Date(openDispute.openedAt).toLocaleString()}
                {openDispute.storyId === null ? " on the whole project" : ""}. This story&apos;s money stays held until then.
              </Typography>
            </>
          ) : (
            "This story's money stays held until then."
          )}
        </Alert>
      )}
      {resolved.map((dispute) => (
        <DisputeOutcome key={dispute.id} dispute={dispute} />
      ))}
      {delivery.status !== "building" && <DeliveryContent delivery={delivery} />}

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
            <Box>
              <Button
                size="small"
                variant="outlined"
                startIcon={<AttachFile />}
                onClick={() => fileInput.current?.click()}
                disabled={files.length >= MAX_DELIVERY_FILES}
              >
                Attach files
              </Button>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                accept={allowedUploadExtensions.join(",")}
                aria-label="Delivery files"
                onChange={(event) => {
                  addFiles(Array.from(event.target.files ?? []));
                  event.target.value = "";
                }}
              />
              <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
                Up to {MAX_DELIVERY_FILES} files, 10 MB each (PDF, Word, image, text, CSV or ZIP)
              </Typography>
              {files.length > 0 && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", mt: 1 }} aria-label="Files to deliver">
                  {files.map((file, index) => (
                    <Chip
                      key={`${file.name}-${index}`}
                      icon={<InsertDriveFileOutlined />}
                      label={`${file.name} (${formatFileSize(file.size)})`}
                      onDelete={() => setFiles((current) => current.filter((_, position) => position !== index))}
                      size="small"
                    />
                  ))}
                </Stack>
              )}
              {fileError && (
                <Typography variant="caption" color="error" role="alert" sx={{ display: "block", mt: 1 }}>
                  {fileError}
                </Typography>
              )}
            </Box>
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
          {story.release && <ReleaseBreakdown release={story.release} />}
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 2, mt: 2 }}>
            <Box>
              <Typography variant="subtitle2">Delivery</Typography>
              <DeliveryContent delivery={delivery} empty="No note, files or links." />
            </Box>
            <CriteriaChecklist story={story} />
          </Box>
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
      <DisputeDialog open={open === "dispute"} onClose={close} jobId={jobId} storyId={story.id} title={`Dispute “${story.title}”`} />
    </Box>
  );
}

/** The freelancer's note, links and files of the latest submission, the files as downloads. */
function DeliveryContent({ delivery, empty }: { delivery: Delivery; empty?: string }) {
  if (!delivery.note && delivery.links.length === 0 && delivery.files.length === 0) {
    return empty ? (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    ) : null;
  }
  return (
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
      {delivery.files.length > 0 && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: "wrap", mt: 0.5 }} aria-label="Delivered files">
          {delivery.files.map((file) => (
            <Link
              key={file.id}
              href={file.url}
              download={file.name}
              variant="body2"
              aria-label={`Download ${file.name}`}
              sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}
            >
              <InsertDriveFileOutlined fontSize="small" aria-hidden />
              {file.name} ({formatFileSize(file.size)})
            </Link>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** Exactly what an approval releases: the milestone, the platform's fee, the freelancer's net (the server's figures). */
function ReleaseBreakdown({ release }: { release: NonNullable<Story["release"]> }) {
  const rows: Array<[string, string]> = [
    ["Milestone released", money(release.grossCents)],
    ["Platform fee", `−${money(release.feeCents)}`],
    ["The freelancer receives", money(release.netCents)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: "grid", gridTemplateColumns: "auto auto", justifyContent: "start", columnGap: 3, rowGap: 0.5, mt: 2, mb: 0 }}
      aria-label="Release"
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: "right" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A resolved dispute's outcome: what was released to the freelancer and refunded to the client, with the admin's note. */
export function DisputeOutcome({ dispute }: { dispute: Dispute }) {
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-testid="dispute-outcome">
      <AlertTitle>Dispute resolved{dispute.resolvedAt ? ` on ${new Date(dispute.resolvedAt).toLocaleDateString()}` : ""}</AlertTitle>
      {money(dispute.releaseCents ?? 0)} released to the freelancer, {money(dispute.refundCents ?? 0)} refunded to the client.
      {dispute.note && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {dispute.note}
        </Typography>
      )}
    </Alert>
  );
}

/** The story's acceptance criteria (its tasks'), a checklist to tick against the delivery before approving. */
function CriteriaChecklist({ story }: { story: Story }) {
  const criteria = story.tasks.flatMap((task) => task.acceptanceCriteria);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  if (criteria.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2">
        Acceptance criteria ({checked.size}/{criteria.length} checked)
      </Typography>
      <Stack>
        {criteria.map((criterion, index) => (
          <FormControlLabel
            key={index}
            sx={{ alignItems: "flex-start", mr: 0 }}
            control={
              <Checkbox
                size="small"
                sx={{ pt: 0.25 }}
                checked={checked.has(index)}
                onChange={(_event, on) =>
                  setChecked((current) => {
                    const next = new Set(current);
                    if (on) next.add(index);
                    else next.delete(index);
                    return next;
                  })
                }
              />
            }
            label={<Typography variant="body2">{criterion}</Typography>}
          />
        ))}
      </Stack>
    </Box>
  );
}
