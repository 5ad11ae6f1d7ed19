import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { reviewLimits, type FreelancerDetail, type PublicReview } from "@forgehire/core";
import { errorMessage } from "../../api/client";
import { useMoreFreelancerReviews, useReplyToReview } from "../../api/reviews";
import { RatingSummary, Stars } from "../../components/reviews/RatingSummary";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

/** The reviewed freelancer's one public reply; the server decides (REPLY_DENIED, ALREADY_REPLIED). */
function ReplyForm({ review, onDone }: { review: PublicReview; onDone: () => void }) {
  const [text, setText] = useState("");
  const reply = useReplyToReview();
  return (
    <Box
      component="form"
      aria-label="Reply to review"
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate({ id: review.id, text: text.trim() }, { onSuccess: onDone });
      }}
      sx={{ mt: 1 }}
    >
      <Stack spacing={1}>
        <TextField
          label="Your public reply"
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          helperText={`${text.trim().length} / ${reviewLimits.maxReplyLength.toLocaleString("en-US")} characters · one reply, shown to everyone`}
          slotProps={{ htmlInput: { maxLength: reviewLimits.maxReplyLength } }}
        />
        {reply.error && <Alert severity="error">{errorMessage(reply.error)}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small" disabled={text.trim() === "" || reply.isPending}>
            Post reply
          </Button>
          <Button size="small" onClick={onDone}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function ReviewItem({ review, mayReply }: { review: PublicReview; mayReply: boolean }) {
  const [replying, setReplying] = useState(false);
  return (
    <Card variant="outlined" data-testid="profile-review">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
          <Stars value={review.rating} />
          <Typography variant="caption" color="text.secondary">
            {review.authorName} · {day(review.createdAt)}
          </Typography>
        </Stack>
        <Typography sx={{ whiteSpace: "pre-wrap", mt: 1 }}>{review.text}</Typography>
        {review.reply ? (
          <Box sx={{ mt: 1.5, pl: 2, borderLeft: 3, borderColor: "divider" }} data-testid="review-reply">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Reply · {day(review.replyAt)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
              {review.reply}
            </Typography>
          </Box>
        ) : (
          mayReply &&
          (replying ? (
            <ReplyForm review={review} onDone={() => setReplying(false)} />
          ) : (
            <Button size="small" sx={{ mt: 1 }} onClick={() => setReplying(true)}>
              Reply
            </Button>
          ))
        )}
      </CardContent>
    </Card>
  );
}

/** The profile's rating and published reviews, newest first, with replies; the reviewed freelancer may reply once. */
export default function ProfileReviews({ profile, viewerId }: { profile: FreelancerDetail; viewerId: string | undefined }) {
  const more = useMoreFreelancerReviews(profile.id, profile.reviewsNextCursor);
  const reviews = [...(profile.reviews ?? []), ...(more.data?.pages.flatMap((page) => page.items) ?? [])];
  const hasMore = more.data ? more.hasNextPage : Boolean(profile.reviewsNextCursor);
  const mayReply = viewerId !== undefined && viewerId === profile.userId;
  return (
    <Box component="section" aria-labelledby="reviews-title" sx={{ mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 2 }}>
        <Typography variant="h5" component="h2" id="reviews-title">
          Reviews
        </Typography>
        <RatingSummary rating={profile.rating} size="medium" />
      </Stack>
      {reviews.length === 0 ? (
        <Typography color="text.secondary">No published reviews yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} mayReply={mayReply} />
          ))}
        </Stack>
      )}
      {hasMore && (
        <Button sx={{ mt: 2 }} onClick={() => void (more.data ? more.fetchNextPage() : more.refetch())} disabled={more.isFetching}>
          More reviews
        </Button>
      )}
    </Box>
  );
}
