import WorkIcon from "@mui/icons-material/Work";
import { JobList } from "./JobList";
import { jobRepresentation } from "./types";

export default {
  list: JobList,
  icon: WorkIcon,
  recordRepresentation: jobRepresentation,
};
