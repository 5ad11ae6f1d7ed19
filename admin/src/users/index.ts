import { lazy } from "react";
import PeopleIcon from "@mui/icons-material/People";
import { userRepresentation } from "./types";

export default {
  list: lazy(() => import("./UserList")),
  edit: lazy(() => import("./UserEdit")),
  icon: PeopleIcon,
  recordRepresentation: userRepresentation,
};
