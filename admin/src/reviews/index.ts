import { lazy } from "react";
import StarIcon from "@mui/icons-material/Star";
import type { AdminReview } from "@forgehire/core";

export default {
  list: lazy(() => import("./ReviewList")),
  show: lazy(() => import("./ReviewShow")),
  icon: StarIcon,
  /** After react-admin's own "Review" prefix: "Review ★4 Alice Baker about Nova Agent". */
  recordRepresentation: (record: AdminReview) => `★${record.rating} ${record.authorName} about ${record.subjectName}`,
};
