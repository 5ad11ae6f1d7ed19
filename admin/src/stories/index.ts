import { lazy } from "react";
import AutoStoriesIcon from "@mui/icons-material/AutoStories";
import type { AdminStory } from "@forgehire/core";

export default {
  list: lazy(() => import("./StoryList")),
  show: lazy(() => import("./StoryShow")),
  edit: lazy(() => import("./StoryEdit")),
  icon: AutoStoriesIcon,
  recordRepresentation: (record: AdminStory) => record.title,
};
