import PeopleIcon from "@mui/icons-material/People";
import { UserList } from "./UserList";
import { userRepresentation } from "./types";

export default {
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: userRepresentation,
};
