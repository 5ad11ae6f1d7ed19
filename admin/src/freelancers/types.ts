import type { AdminFreelancer } from "@forgehire/core";

export const freelancerRepresentation = (record: AdminFreelancer): string => record.name;
