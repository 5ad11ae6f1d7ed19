/**
 * The public catalogue: everything a client or freelancer form chooses from, in the shape of `GET /api/catalog`.
 */
import {
  additionalServices,
  complianceOptions,
  domains,
  industries,
  integrationOptions,
  languages,
  skills,
  type AdditionalServiceDefinition,
} from "./options.js";
import { scopeDefinitions, type ScopeDefinition } from "./scopes.js";

/** The body of `GET /api/catalog` (API.md). */
export interface Catalog {
  scopes: ScopeDefinition[];
  industries: string[];
  additionalServices: AdditionalServiceDefinition[];
  complianceOptions: string[];
  integrationOptions: string[];
  skills: string[];
  domains: string[];
  languages: string[];
}

/** What this server offers beyond the catalogue, which depends on its configuration. */
export interface CatalogFeatures {
  /** "Enhance with AI" on the wizard's first step (`POST /api/wizard/enhance`): true when an AI is configured */
  aiEnhance: boolean;
}

/** The body of `GET /api/catalog`: the catalogue and the server's features. */
export type CatalogBody = Catalog & { features: CatalogFeatures };

/**
 * The catalogue as `GET /api/catalog` returns it; a fresh copy each call so callers may not corrupt the lists.
 * @returns scopes, industries, extras, compliance and integration options, skills, domains and languages
 */
export function catalog(): Catalog {
  return {
    scopes: scopeDefinitions.map((scope) => ({ ...scope })),
    industries: [...industries],
    additionalServices: additionalServices.map((service) => ({ ...service })),
    complianceOptions: [...complianceOptions],
    integrationOptions: [...integrationOptions],
    skills: [...skills],
    domains: [...domains],
    languages: [...languages],
  };
}
