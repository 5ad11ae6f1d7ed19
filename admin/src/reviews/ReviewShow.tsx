import { useState, type FormEvent } from "react";
import { Alert, AlertTitle, Box, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { HttpError, Link, Show, useNotify, useRecordContext, useRefresh } from "react-admin";
import type { AdminReview } from "@forgehire/core";
import { adminApi } from "../api";
import { ReviewStateChip, stars } from "./ReviewState";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—");

/** Hides the review with a reason; the server decides (400 without a reason, 409 when already hidden). */
const HideForm = ({ review }: { review: AdminReview }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await adminApi.hideReview(review.id, reason.trim());
      notify("Review hidden.", { type: "success" });
      refresh();
    } catch (error) {
      setRefusal(error instanceof HttpError || error instanceof Error ? error.message : "The review could not be hidden.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(event) => void submit(event)} aria-label="Hide review" noValidate>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Hide
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A hidden review leaves the profile, the rating and the other party's view. It is kept, with the reason, for admins; nobody can delete a review.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {refusal && (
          <Alert severity="error">
            <AlertTitle>Not hidden</AlertTitle>
            {refusal}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" color="error" disabled={busy || reason.trim() === ""}>
            Hide review
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

const ReviewDetails = () => {
  const review = useRecordContext<AdminReview>();
  if (!review) return null;
  const rows: [string, React.ReactNode][] = [
    ["State", <ReviewStateChip key="state" review={review} />],
    [
      "Rating",
      <span key="rating" aria-label={`${review.rating} of 5 stars`}>
        {stars(review.rating)}
      </span>,
    ],
    ["Author", `${review.authorName} (${review.role === "client" ? "client" : "freelancer"})`],
    ["About", review.subjectName],
    ["Job", <Link key="job" to={`/jobs/${review.jobId}/show`}>{`#${review.jobId} ${review.jobTitle}`}</Link>],
    ["Written", when(review.createdAt)],
    ["Published", review.published ? when(review.publishedAt) : `Not yet (at ${when(review.publishedAt)} at the latest)`],
  ];
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 3, rowGap: 1, m: 0, mb: 2 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: "contents" }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="subtitle2" component="h3">
            Review
          </Typography>
          <Typography sx={{ whiteSpace: "pre-wrap", mb: 2 }}>{review.text}</Typography>
          <Typography variant="subtitle2" component="h3">
            Reply
          </Typography>
          <Typography sx={{ whiteSpace: "pre-wrap" }} color={review.reply ? undefined : "text.secondary"}>
            {review.reply ? `${review.reply} (${when(review.replyAt)})` : "No reply."}
          </Typography>
        </CardContent>
      </Card>
      {review.hidden ? (
        <Alert severity="warning">
          <AlertTitle>
            Hidden by {review.hiddenByName ?? "an admin"} on {when(review.hiddenAt)}
          </AlertTitle>
          {review.hiddenReason}
        </Alert>
      ) : (
        <Card variant="outlined">
          <CardContent>
            <HideForm review={review} />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
};

/** One review: everything about it, hidden ones with who hid it and why, and the Hide action. */
const ReviewShow = () => (
  <Show<AdminReview>>
    <ReviewDetails />
  </Show>
);

export default ReviewShow;
