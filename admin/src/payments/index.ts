import PaymentsIcon from "@mui/icons-material/Payments";
import { PaymentList } from "./PaymentList";
import { PaymentShow } from "./PaymentShow";
import { paymentRepresentation } from "./types";

export default {
  list: PaymentList,
  show: PaymentShow,
  icon: PaymentsIcon,
  recordRepresentation: paymentRepresentation,
};
