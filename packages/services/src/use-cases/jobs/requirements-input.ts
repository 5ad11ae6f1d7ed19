import { noAdditionalServices, type JobCreateBody, type JobUpdateBody } from "@forgehire/core";
import type { RequirementsRecord } from "../../repositories/jobs.js";

/**
 * The requirements to store after a create (from nothing) or an update (a field sent replaces the stored one).
 * @param input the validated body
 * @param current the stored requirements, for an update
 */
export function mergeRequirements(input: JobCreateBody | JobUpdateBody, current?: RequirementsRecord): RequirementsRecord {
  const base: RequirementsRecord = current ?? {
    industry: input.industry ?? "",
    targetAudience: "",
    keyFeatures: "",
    userCategories: [],
    stakeholders: "",
    existingSystems: "",
    complianceRequirements: "",
    complianceTypes: [],
    integrationSystems: [],
    additionalServices: { ...noAdditionalServices },
    customTechStack: "",
    projectSpecificFields: {},
    answers: [],
  };
  const additionalServices = input.additionalServices ? { ...noAdditionalServices, ...input.additionalServices } : base.additionalServices;
  return {
    industry: input.industry ?? base.industry,
    targetAudience: input.targetAudience ?? base.targetAudience,
    keyFeatures: input.keyFeatures ?? base.keyFeatures,
    userCategories: input.userCategories ?? base.userCategories,
    stakeholders: input.stakeholders ?? base.stakeholders,
    existingSystems: input.existingSystems ?? base.existingSystems,
    complianceRequirements: input.complianceRequirements ?? base.complianceRequirements,
    complianceTypes: input.complianceTypes ?? base.complianceTypes,
    integrationSystems: input.integrationSystems ?? base.integrationSystems,
    additionalServices,
    // The named stack belongs to the extra: dropping the extra drops it, so it never outlives what was paid for.
    customTechStack: additionalServices.customTechStack ? (input.customTechStack ?? base.customTechStack) : "",
    projectSpecificFields: input.projectSpecificFields ?? base.projectSpecificFields,
    answers: input.answers ?? base.answers,
  };
}
