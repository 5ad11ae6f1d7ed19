import { emailStatusLabels } from "@forgehire/core";
import { toChoices } from "../choices";

export const emailStatusChoices = toChoices(emailStatusLabels);
