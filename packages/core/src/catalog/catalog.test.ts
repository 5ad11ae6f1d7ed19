import { describe, expect, it } from "vitest";
import { catalog } from "./catalog.js";
import { additionalServiceKeys, complianceOptions, domains, industries, integrationOptions, languages, skills } from "./options.js";
import { projectSpecificFieldDefinitions, projectSpecificFieldKeys, projectSpecificFieldsFor, projectSpecificTextKeys } from "./project-specific-fields.js";
import { isScope, projectTypeOf, scopes } from "./scopes.js";

describe("catalog", () => {
  it("offers the six scopes with the spec's project types and delivery days", () => {
    expect(catalog().scopes.map(({ budget, projectType, deliveryDays }) => [budget, projectType, deliveryDays])).toEqual([
      [1, "trial", null],
      [50, "static", 2],
      [199, "ecommerce", null],
      [500, "ecommerce", 7],
      [1999, "simple", 14],
      [4999, "complex", 42],
    ]);
  });

  it("describes each scope in the spec's words", () => {
    expect(Object.fromEntries(catalog().scopes.map((scope) => [scope.budget, scope.description]))).toEqual({
      1: "Trial (no software built)",
      50: "Static site up to 5 pages",
      199: "eCommerce plus 1% of sales revenue",
      500: "eCommerce 10 pages / 100 products with payment gateway",
      1999: "Simple app 10 pages 2 integrations, or large shop 1000 products",
      4999: "Complex app up to 20 pages 5 integrations including AI",
    });
  });

  it("has exactly the keys of GET /api/catalog", () => {
    expect(Object.keys(catalog()).sort()).toEqual(
      ["scopes", "industries", "additionalServices", "complianceOptions", "integrationOptions", "skills", "domains", "languages"].sort(),
    );
    for (const scope of catalog().scopes) {
      expect(Object.keys(scope).sort()).toEqual(["budget", "deliveryDays", "description", "label", "projectType"]);
    }
  });

  it("lists 21 industries ending with Others, 17 skills, 11 domains and 11 languages, none repeated", () => {
    expect(industries).toHaveLength(21);
    expect(industries.at(-1)).toBe("Others");
    expect(skills).toHaveLength(17);
    expect(domains).toHaveLength(11);
    expect(languages).toHaveLength(11);
    for (const list of [industries, skills, domains, languages]) expect(new Set(list).size).toBe(list.length);
  });

  it("offers the spec's compliance and integration options", () => {
    expect(complianceOptions).toEqual(["GDPR", "HIPAA", "COPPA", "PCI DSS", "KYC", "Others"]);
    expect(integrationOptions).toEqual(["Calendly", "Zoom", "Email Systems", "CRM Software", "Others"]);
  });

  it("offers the five extras with labels, what each includes and its price rule, hosting last", () => {
    expect(catalog().additionalServices.map(({ key, label }) => ({ key, label }))).toEqual([
      { key: "contentDevelopment", label: "Content Development" },
      { key: "deployment", label: "Deployment" },
      { key: "productionReady", label: "Production Ready" },
      { key: "customTechStack", label: "Custom Tech Stack" },
      { key: "hosting", label: "Hosting" },
    ]);
    expect(catalog().additionalServices.map(({ key, pricing }) => [key, pricing])).toEqual([
      ["contentDevelopment", "Adds 20% of the scope price, at least $40."],
      ["deployment", "Adds 10% of the scope price, at least $20."],
      ["productionReady", "Adds the scope price again."],
      ["customTechStack", "Adds the scope price again."],
      ["hosting", "Doubles the total so far."],
    ]);
    for (const service of catalog().additionalServices) expect(service.includes.length).toBeGreaterThan(20);
    expect(additionalServiceKeys.at(-1)).toBe("hosting");
  });

  it("returns a fresh copy, so a caller cannot change the catalogue", () => {
    const first = catalog();
    first.industries.push("Space");
    first.scopes[0]!.label = "changed";
    expect(catalog().industries).toHaveLength(21);
    expect(catalog().scopes[0]?.label).toBe("Trial");
  });

  it("knows a scope from any other number", () => {
    for (const scope of scopes) expect(isScope(scope)).toBe(true);
    for (const other of [0, 2, 100, 5000, "50", null, undefined, Number.NaN]) expect(isScope(other)).toBe(false);
    expect(projectTypeOf(1999)).toBe("simple");
  });
});

describe("project-specific fields", () => {
  it("has the spec's 22 keys, each defined once", () => {
    expect(projectSpecificFieldKeys).toHaveLength(22);
    expect(projectSpecificFieldDefinitions.map((field) => field.key).sort()).toEqual([...projectSpecificFieldKeys].sort());
  });

  it("needs… fields are booleans and the rest are text", () => {
    for (const field of projectSpecificFieldDefinitions) {
      expect(field.type).toBe(field.key.startsWith("needs") ? "boolean" : "text");
      expect(field.label.trim()).not.toBe("");
    }
    expect(projectSpecificFieldDefinitions.filter((field) => field.type === "text").map((field) => field.key)).toEqual([...projectSpecificTextKeys]);
  });

  it("groups the fields by project type for the wizard's step 2", () => {
    const keysOf = (type: Parameters<typeof projectSpecificFieldsFor>[0]) => projectSpecificFieldsFor(type).map((field) => field.key);
    expect(keysOf("trial")).toEqual([]);
    expect(keysOf("static")).toEqual(["homePageContent", "aboutUsContent", "missionVisionContent", "contactInformation"]);
    expect(keysOf("ecommerce")).toEqual([
      "needsShoppingCart",
      "needsMultiplePaymentOptions",
      "needsInventoryManagement",
      "needsMembershipLogin",
      "needsPaymentProcessing",
    ]);
    expect(keysOf("simple")).toEqual(["needsSimpleWorkflow", "workflowDetails", "needsSimpleAI", "needsChatbot", "needsAuthentication", "needsDynamicContent"]);
    expect(keysOf("complex")).toEqual([
      "needsNLP",
      "needsContentGeneration",
      "needsAIVoice",
      "needsComplexWorkflow",
      "needsAutomation",
      "automationLogic",
      "needsTaskManagement",
    ]);
  });

  it("a detail text field depends on a flag of its own project type", () => {
    for (const field of projectSpecificFieldDefinitions.filter((definition) => definition.dependsOn)) {
      const flag = projectSpecificFieldDefinitions.find((definition) => definition.key === field.dependsOn);
      expect(flag?.type).toBe("boolean");
      expect(flag?.projectType).toBe(field.projectType);
    }
  });
});
