import { jobPermissions, type Actor, type Job, type JobFile, type JobMoneySumsBody, type Requirements } from "@forgehire/core";
import type { FileRecord, JobDetails, JobRecord } from "@forgehire/services";

/**
 * A job as API.md gives it, with `can` (what this actor may do with it now) and `why` (the refusal of each action
 * `can` refuses), both from the policy decision that guards the endpoints.
 * @param job the record
 * @param actor the signed-in person
 */
export function presentJob(job: JobRecord, actor: Actor): Job {
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    industry: job.industry,
    scope: job.scope,
    budget: job.budget,
    status: job.status,
    paymentStatus: job.paymentStatus,
    locked: job.locked,
    ownerId: job.ownerId,
    ownerName: job.ownerName,
    freelancerId: job.freelancerId,
    startedAt: job.startedAt?.toISOString() ?? null,
    expectedDeliveryDate: job.expectedDeliveryDate,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    hasStories: job.hasStories,
    hasCommunication: job.hasCommunication,
    ...jobPermissions(actor, job),
  };
}

/** An uploaded file as listed: its download URL is /files/:id, which checks access again. */
export function presentFile(file: FileRecord): JobFile {
  return { id: file.id, name: file.name, size: file.sizeBytes, url: `/files/${file.id}` };
}

/** `{job, requirements}`, the answer of every single-job endpoint. */
export function presentJobDetails(details: JobDetails, actor: Actor, money?: JobMoneySumsBody): { job: Job; requirements: Requirements } {
  const { requirements } = details;
  return {
    job: { ...presentJob(details.job, actor), ...(money && { money }) },
    requirements: {
      industry: requirements.industry,
      targetAudience: requirements.targetAudience,
      keyFeatures: requirements.keyFeatures,
      userCategories: requirements.userCategories,
      stakeholders: requirements.stakeholders,
      existingSystems: requirements.existingSystems,
      complianceRequirements: requirements.complianceRequirements,
      complianceTypes: requirements.complianceTypes,
      integrationSystems: requirements.integrationSystems,
      additionalServices: requirements.additionalServices,
      customTechStack: requirements.customTechStack,
      projectSpecificFields: requirements.projectSpecificFields,
      answers: requirements.answers,
      files: details.files.map(presentFile),
    },
  };
}
