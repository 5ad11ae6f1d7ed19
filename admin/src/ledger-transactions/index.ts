import { lazy } from "react";
import AccountBalanceIcon from "@mui/icons-material/AccountBalance";
import { ledgerTransactionRepresentation } from "./types";

export default {
  list: lazy(() => import("./LedgerTransactionList")),
  show: lazy(() => import("./LedgerTransactionShow")),
  icon: AccountBalanceIcon,
  recordRepresentation: ledgerTransactionRepresentation,
  options: { label: "Ledger" },
};
