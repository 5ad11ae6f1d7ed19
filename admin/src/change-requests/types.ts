import { changeRequestStatusLabels } from "@forgehire/core";
import { toChoices } from "../choices";

export const changeRequestStatusChoices = toChoices(changeRequestStatusLabels);
