import type { AdminDocument } from "@forgehire/core";
import { toChoices } from "../choices";

export const documentKindLabels = { receipt: "Receipt", credit_note: "Credit note" } as const;

export const documentKindChoices = toChoices(documentKindLabels);

export const documentRepresentation = (record: AdminDocument) => `${documentKindLabels[record.kind]} ${record.number}`;
