import { describe, expect, it } from "vitest";
import { freelancerCreateBody, freelancerUpdateBody, portfolioBody } from "./freelancers.js";
import { refusal } from "./test-helpers.js";

const valid = {
  title: "AI Bot Developer",
  bio: "I build chatbots.",
  hourlyRate: 40,
  skills: ["OpenAI GPT", "LangChain"],
  domains: ["Chatbots & Conversational AI"],
};

describe("freelancerCreateBody", () => {
  it("accepts a profile with 1-3 known skills and domains", () => {
    expect(freelancerCreateBody.parse({ ...valid, languages: ["English"] })).toEqual({ ...valid, languages: ["English"] });
  });

  it("needs at least one skill and one domain, with the spec's hints", () => {
    expect(refusal(freelancerCreateBody, { ...valid, skills: [], domains: [] })?.fields).toEqual({
      skills: "Please select at least one skill",
      domains: "Please select at least one domain",
    });
    expect(refusal(freelancerCreateBody, { ...valid, skills: undefined })?.fields).toEqual({
      skills: "Please select at least one skill",
    });
  });

  it("allows at most 3 skills and 3 domains", () => {
    expect(refusal(freelancerCreateBody, { ...valid, skills: ["OpenAI GPT", "LangChain", "Whisper", "Mistral"] })?.fields).toEqual({
      skills: "You can select up to 3 skills",
    });
    expect(
      refusal(freelancerCreateBody, {
        ...valid,
        domains: ["Web Development", "Mobile Apps", "E-commerce", "Data Analysis"],
      })?.fields,
    ).toEqual({ domains: "You can select up to 3 domains" });
  });

  it("refuses duplicates and unknown options", () => {
    expect(refusal(freelancerCreateBody, { ...valid, skills: ["LangChain", "LangChain"] })?.fields).toEqual({
      skills: "Each skill can be selected only once",
    });
    expect(refusal(freelancerCreateBody, { ...valid, domains: ["Astrology"] })).not.toBeNull();
    expect(refusal(freelancerCreateBody, { ...valid, languages: ["Klingon"] })).not.toBeNull();
    expect(refusal(freelancerCreateBody, { ...valid, languages: ["English", "English"] })).not.toBeNull();
  });

  it("the hourly rate is a number of at least 0 with at most two decimals", () => {
    expect(freelancerCreateBody.parse({ ...valid, hourlyRate: 0 }).hourlyRate).toBe(0);
    expect(freelancerCreateBody.parse({ ...valid, hourlyRate: "19.99" }).hourlyRate).toBe(19.99);
    expect(refusal(freelancerCreateBody, { ...valid, hourlyRate: -1 })?.fields).toEqual({
      hourlyRate: "Hourly rate must be a number of at least 0",
    });
    for (const rate of ["", "abc", 10.555, null]) {
      expect(refusal(freelancerCreateBody, { ...valid, hourlyRate: rate })).not.toBeNull();
    }
  });

  it("title and bio are required", () => {
    expect(refusal(freelancerCreateBody, { ...valid, title: " ", bio: "" })?.fields).toEqual({
      title: "Required",
      bio: "Required",
    });
  });
});

describe("freelancerUpdateBody", () => {
  it("accepts the manage screen's comma-separated skills", () => {
    expect(freelancerUpdateBody.parse({ skills: "OpenAI GPT, Whisper ," })).toEqual({ skills: ["OpenAI GPT", "Whisper"] });
  });

  it("only the fields sent change, and sent lists keep the creation rules", () => {
    expect(freelancerUpdateBody.parse({})).toEqual({});
    expect(refusal(freelancerUpdateBody, { skills: "" })?.fields).toEqual({ skills: "Please select at least one skill" });
  });
});

describe("portfolioBody", () => {
  it("links must be http(s); blank means none", () => {
    expect(portfolioBody.parse({ title: "Shop", projectUrl: "https://shop.example.com", imageUrl: "" })).toEqual({
      title: "Shop",
      description: "",
      projectUrl: "https://shop.example.com",
      imageUrl: null,
    });
    expect(refusal(portfolioBody, { title: "Shop", projectUrl: "javascript:alert(1)" })?.fields).toEqual({
      projectUrl: "Please enter a valid http(s) link",
    });
  });
});
