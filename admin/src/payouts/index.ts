import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import { PayoutList } from "./PayoutList";
import { payoutRepresentation } from "./types";

export default {
  list: PayoutList,
  icon: AccountBalanceIcon,
  recordRepresentation: payoutRepresentation,
};
