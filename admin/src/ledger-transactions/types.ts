import { ledgerTransactionKindLabels, type AdminLedgerTransaction } from "@forgehire/core";
import { toChoices } from "../choices";

export const ledgerKindChoices = toChoices(ledgerTransactionKindLabels);

export const ledgerTransactionRepresentation = (record: AdminLedgerTransaction) => `${ledgerTransactionKindLabels[record.kind]} #${record.id}`;
