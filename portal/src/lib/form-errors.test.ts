import { describe, expect, it } from "vitest";
import { createFormControl } from "react-hook-form";
import { freelancerUpdateBody, updateProfileBody } from "@forgehire/core";
import { flattenFieldErrors, placeFieldErrors, schemaResolver, setServerFieldErrors } from "./form-errors";

const profileFields = ["title", "bio", "hourlyRate", "skills", "domains", "languages"] as const;

interface ProfileValues {
  title: string;
  bio: string;
  hourlyRate: string;
  skills: string[];
  domains: string[];
  languages: string[];
}

const profile: ProfileValues = {
  title: "Voice Agent",
  bio: "I build voice agents.",
  hourlyRate: "40",
  skills: ["Whisper"],
  domains: ["Voice & Speech"],
  languages: ["English"],
};

describe("placeFieldErrors", () => {
  it.each([
    ["a top-level field lands on itself", { title: "Required" }, { title: "Required" }, []],
    [
      "an array item lands on its list",
      { "languages.1": "Please choose from the listed languages" },
      { languages: "Please choose from the listed languages" },
      [],
    ],
    ["a deep path lands on the longest known prefix", { "skills.0.name": "Bad" }, { skills: "Bad" }, []],
    ["a path no field holds is unplaced", { "portfolio.0": "Gone" }, {}, ["Gone"]],
    ["the first message wins on a field", { "languages.0": "First", "languages.1": "Second" }, { languages: "First" }, []],
  ])("%s", (_name, fields, byField, unplaced) => {
    expect(placeFieldErrors(fields, profileFields)).toEqual({ byField, unplaced });
  });

  it("prefers a nested form field over its parent when the form shows both", () => {
    expect(placeFieldErrors({ "answers.2.answer": "Too long" }, ["answers", "answers.2.answer"]).byField).toEqual({ "answers.2.answer": "Too long" });
  });
});

describe("setServerFieldErrors", () => {
  it("sets a server refusal of languages.1 on a real form's languages field and returns what no field holds", () => {
    const form = createFormControl<ProfileValues>({ defaultValues: profile });
    const unplaced = setServerFieldErrors(form.setError, { "languages.1": "Please choose from the listed languages", body: "Malformed" }, profileFields);
    expect(form.getFieldState("languages").error).toMatchObject({ type: "server", message: "Please choose from the listed languages" });
    expect(form.getFieldState("skills").error).toBeUndefined();
    expect(unplaced).toEqual(["Malformed"]);
  });
});

describe("flattenFieldErrors", () => {
  it("turns nested object and array errors into dotted paths", () => {
    const flat = flattenFieldErrors({
      title: { type: "server", message: "Required" },
      languages: [undefined, { type: "invalid_value", message: "Bad language" }],
      answers: { 2: { answer: { type: "too_big", message: "Too long" } } },
    } as never);
    expect(flat).toEqual({ title: "Required", "languages.1": "Bad language", "answers.2.answer": "Too long" });
  });
});

describe("schemaResolver", () => {
  const resolver = schemaResolver<ProfileValues, typeof freelancerUpdateBody>(freelancerUpdateBody, { fields: profileFields });
  const resolve = (values: ProfileValues) => resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("places core's refusal of one language on the languages field, as the server's would be", async () => {
    const result = await resolve({ ...profile, languages: ["English", "Klingon"] });
    expect(result.errors).toEqual({ languages: { type: "validation", message: "Please choose from the listed languages" } });
  });

  it("hands the schema's parsed output to the submit: the typed rate becomes a number", async () => {
    const result = await resolve(profile);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ hourlyRate: 40, languages: ["English"] });
  });

  it("says which field is required, by its label", async () => {
    const names = schemaResolver<{ firstName: string; lastName: string }, typeof updateProfileBody>(updateProfileBody, {
      fields: ["firstName", "lastName"],
      labels: { firstName: "First Name" },
    });
    const result = await names({ firstName: "  ", lastName: "Tester" }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ firstName: { type: "validation", message: "First Name is required" } });
  });

  it("converts the form's values with toInput before parsing", async () => {
    const withInput = schemaResolver<ProfileValues, typeof freelancerUpdateBody>(freelancerUpdateBody, {
      fields: profileFields,
      toInput: (values) => ({ ...values, languages: [] }),
    });
    const result = await withInput({ ...profile, languages: ["Klingon"] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
  });

  it("keeps an issue on no shown field as the form's root error, so the submit is still blocked", async () => {
    const narrow = schemaResolver<ProfileValues, typeof freelancerUpdateBody>(freelancerUpdateBody, { fields: ["title"] });
    const result = await narrow({ ...profile, hourlyRate: "-1" }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ root: { type: "validation", message: "Hourly rate must be a number of at least 0" } });
  });
});
