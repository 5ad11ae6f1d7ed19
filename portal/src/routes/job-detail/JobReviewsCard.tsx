import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Divider from "@mui/material/Divider";
import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { reviewTextProblem, type Job, type JobReview, type JobReviews } from "@forgehire/core";
import { errorMessage } from "../../api/client";
import { useEditReview, useJobReviews, useWriteReview } from "../../api/reviews";
import { Stars } from "../../components/reviews/RatingSummary";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "");
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

/** Stars and text with the limits shown; the server checks them again (INVALID_RATING, INVALID_REVIEW_TEXT). */
function ReviewForm({
  panel,
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  panel: JobReviews;
  initial?: JobReview | null;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (body: { rating: number; text: string }) => void;
  onCancel?: () => void;
}) {
  const [rating, setRating] = useState<number | null>(initial?.rating ?? null);
  const [text, setText] = useState(initial?.text ?? "");
  const length = [...text.trim()].length;
  const { minTextLength, maxTextLength } = panel.limits;
  const textProblem = text.trim() === "" ? null : reviewTextProblem(text);
  const ready = rating !== null && reviewTextProblem(text) === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit({ rating, text: text.trim() });
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={submitLabel} noValidate>
      <Stack spacing={2}>
        <Box>
          <Typography component="legend" variant="body2" color="text.secondary">
            Your rating
          </Typography>
          <Rating name="review-rating" value={rating} onChange={(_event, value) => setRating(value)} size="large" />
        </Box>
        <TextField
          label="Your review"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          error={textProblem !== null}
          helperText={textProblem ?? `${length.toLocaleString("en-US")} / ${maxTextLength.toLocaleString("en-US")} characters (at least ${minTextLength})`}
          slotProps={{ htmlInput: { "aria-label": "Your review" } }}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={!ready || busy}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

function ReviewBody({ review }: { review: JobReview }) {
  return (
    <Box>
      <Stars value={review.rating} />
      <Typography sx={{ whiteSpace: "pre-wrap", mt: 0.5 }}>{review.text}</Typography>
      <Typography variant="caption" color="text.secondary">
        {review.authorName} · {when(review.createdAt)}
      </Typography>
      {review.reply && (
        <Box sx={{ mt: 1, pl: 2, borderLeft: 3, borderColor: "divider" }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Reply from {review.subjectName}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
            {review.reply}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** The signed-in party's own review: where it stands, and Edit while the server allows it. */
function MyReview({ panel, jobId }: { panel: JobReviews; jobId: number }) {
  const mine = panel.mine!;
  const [editing, setEditing] = useState(false);
  const edit = useEditReview(jobId);
  const other = panel.otherPartyName ?? "the other party";
  if (editing)
    return (
      <ReviewForm
        panel={panel}
        initial={mine}
        submitLabel="Save review"
        busy={edit.isPending}
        error={edit.error ? errorMessage(edit.error) : null}
        onSubmit={(body) => edit.mutate({ id: mine.id, ...body }, { onSuccess: () => setEditing(false) })}
        onCancel={() => setEditing(false)}
      />
    );
  return (
    <Stack spacing={1.5}>
      <ReviewBody review={mine} />
      {mine.hidden ? (
        <Alert severity="warning">An admin hid this review: it is not shown on the profile or to {other}.</Alert>
      ) : mine.published ? (
        <Alert severity="success" data-testid="review-visibility">
          Your review is published.
        </Alert>
      ) : (
        <Alert severity="info" data-testid="review-visibility">
          Your review is hidden until {other} posts theirs or {day(panel.deadline)}.
        </Alert>
      )}
      {panel.canEdit ? (
        <Box>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            Edit review
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1.5 }}>
            You can edit it until {when(panel.editableUntil)}.
          </Typography>
        </Box>
      ) : (
        panel.whyNotEdit &&
        !mine.hidden &&
        !mine.published && (
          <Typography variant="caption" color="text.secondary" data-testid="review-edit-why">
            {panel.whyNotEdit.message}
          </Typography>
        )
      )}
    </Stack>
  );
}

function Panel({ panel, jobId }: { panel: JobReviews; jobId: number }) {
  const write = useWriteReview(jobId);
  const other = panel.otherPartyName ?? "the other party";
  const about = panel.role === "client" ? `Review ${other}, who delivered this project.` : `Review ${other}, the client of this project.`;
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          Your review
        </Typography>
        {panel.mine ? (
          <MyReview panel={panel} jobId={jobId} />
        ) : panel.canReview ? (
          <Stack spacing={1.5}>
            <Typography variant="body2" color="text.secondary">
              {about} Your review stays hidden from {other} until they post theirs or {day(panel.deadline)}; then both are published. You can edit yours for{" "}
              {panel.limits.editWindowHours} hours while it is hidden.
            </Typography>
            <ReviewForm
              panel={panel}
              submitLabel="Post review"
              busy={write.isPending}
              error={write.error ? errorMessage(write.error) : null}
              onSubmit={(body) => write.mutate(body)}
            />
          </Stack>
        ) : (
          <Typography color="text.secondary" data-testid="review-why">
            {panel.why?.message}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {`${other}'s review`}
        </Typography>
        {panel.theirs ? (
          <ReviewBody review={panel.theirs} />
        ) : panel.theirsIsIn ? (
          <Typography color="text.secondary" data-testid="their-review-state">
            {other} has posted their review. You will see it once yours is in, or on {day(panel.deadline)}.
          </Typography>
        ) : (
          <Typography color="text.secondary" data-testid="their-review-state">
            {other} has not posted a review yet.
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/**
 * A completed job's Review card for its client and its assigned freelancer: what each may do and why not comes from
 * the server's rules (`GET /api/jobs/:id/reviews`); admins manage reviews in the back office.
 */
export default function JobReviewsCard({ job }: { job: Job }) {
  const query = useJobReviews(job.id, job.status === "completed");
  if (job.status !== "completed" || !query.data || query.data.role === null) return null;
  return (
    <Card sx={{ mt: 3 }} data-testid="review-card" component="section" aria-labelledby="review-card-title">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography variant="h5" component="h2" id="review-card-title" gutterBottom>
          Review
        </Typography>
        <Panel panel={query.data} jobId={job.id} />
      </CardContent>
    </Card>
  );
}
