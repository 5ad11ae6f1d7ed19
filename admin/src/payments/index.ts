import PaymentsIcon from "@mui/icons-material/Payments";
import { PaymentList } from "./PaymentList";
import { paymentRepresentation } from "./types";

export default {
  list: PaymentList,
  icon: PaymentsIcon,
  recordRepresentation: paymentRepresentation,
};
