import type { Freelancer } from "@forgehire/core";

/** A row of GET /api/admin/freelancers: the directory's profile plus its account's email and dates. */
export type AdminFreelancer = Freelancer & { email: string; createdAt: string; updatedAt: string };

export const freelancerRepresentation = (record: AdminFreelancer): string => record.name;
