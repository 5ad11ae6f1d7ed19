import Rating from "@mui/material/Rating";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Rating as RatingValue } from "@forgehire/core";

/** A freelancer's average (one decimal, as the server rounds it) and how many published reviews make it. */
export function RatingSummary({ rating, size = "small" }: { rating: RatingValue | undefined; size?: "small" | "medium" }) {
  if (!rating || rating.count === 0 || rating.average === null)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="rating-summary">
        No reviews yet
      </Typography>
    );
  const label = `${rating.average.toFixed(1)} out of 5 from ${rating.count} ${rating.count === 1 ? "review" : "reviews"}`;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: "center" }} data-testid="rating-summary" aria-label={label} role="img">
      <Rating value={rating.average} precision={0.1} readOnly size={size} aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 700 }} aria-hidden>
        {rating.average.toFixed(1)}
      </Typography>
      <Typography variant="body2" color="text.secondary" aria-hidden>
        ({rating.count})
      </Typography>
    </Stack>
  );
}

/** A review's stars, read-only, with its number for screen readers. */
export function Stars({ value }: { value: number }) {
  return <Rating value={value} readOnly size="small" aria-label={`${value} out of 5 stars`} />;
}
