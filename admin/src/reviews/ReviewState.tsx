import { Chip, Tooltip } from "@mui/material";
import type { AdminReview } from "@forgehire/core";

/** Where a review stands for the public: hidden by an admin (with the reason), published, or waiting. */
export const ReviewStateChip = ({ review }: { review: AdminReview }) => {
  if (review.hidden)
    return (
      <Tooltip title={review.hiddenReason ?? ""}>
        <Chip size="small" color="error" variant="outlined" label="Hidden" />
      </Tooltip>
    );
  if (review.published) return <Chip size="small" color="success" variant="outlined" label="Published" />;
  return (
    <Tooltip
      title={`Published ${new Date(review.publishedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })} or when the other party posts theirs`}
    >
      <Chip size="small" variant="outlined" label="Waiting" />
    </Tooltip>
  );
};

export const stars = (rating: number) => "★".repeat(rating) + "☆".repeat(5 - rating);
