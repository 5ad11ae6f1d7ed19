import { buildEnhancePrompt, domainError, enhanceResponseFormat, parseEnhancement, type WizardEnhanceBody, type WizardEnhancement } from "@forgehire/core";
import type { Logger } from "../../logger.js";
import { createOpenAiClient } from "./breakdown-engine.js";

/** Proposes a clearer description and key-feature list for the wizard's first step. */
export interface RequirementsEnhancer {
  /**
   * @throws AI_UNAVAILABLE when the AI gives no answer (unreachable, refused, an error status, timed out);
   *   AI_BAD_ANSWER when its answer is not the JSON asked for
   */
  enhance(input: WizardEnhanceBody): Promise<WizardEnhancement>;
}

/**
 * A person waits for this answer with the form open, so one attempt of at most this long, even where the breakdown
 * (which reports its progress) is given the spec's 90 s: a client can simply ask again.
 */
export const ENHANCE_TIMEOUT_CAP_MS = 30_000;

export interface AiEnhancerOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  logger: Logger;
  /** The configured AI time per attempt (AI_TIMEOUT_MS); capped at ENHANCE_TIMEOUT_CAP_MS. */
  timeoutMs: number;
}

/**
 * "Enhance with AI" through the configured OpenAI-compatible endpoint: the openai SDK, an answer constrained by a
 * JSON schema and read with core's zod parser, one attempt with a timeout.
 * @param options the endpoint, model and time allowed
 * @returns the enhancer
 */
export async function createAiEnhancer(options: AiEnhancerOptions): Promise<RequirementsEnhancer> {
  const timeoutMs = Math.min(options.timeoutMs, ENHANCE_TIMEOUT_CAP_MS);
  const { client, sdk } = await createOpenAiClient({ ...options, timeoutMs });
  return {
    async enhance(input) {
      const prompt = buildEnhancePrompt(input);
      let content: string;
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: [
              { role: "system", content: prompt.system },
              { role: "user", content: prompt.user },
            ],
            response_format: enhanceResponseFormat,
          },
          { timeout: timeoutMs },
        );
        content = completion.choices[0]?.message?.content ?? "";
      } catch (error) {
        const timedOut = error instanceof sdk.APIConnectionTimeoutError;
        const status = error instanceof sdk.APIError ? error.status : undefined;
        options.logger.warn({ err: error, status, timedOut }, "AI enhancement failed: no answer");
        throw domainError("AI_UNAVAILABLE", { cause: error });
      }
      const enhancement = parseEnhancement(content);
      if (!enhancement) {
        options.logger.warn({ answer: content.slice(0, 500) }, "AI enhancement failed: the answer was not the JSON asked for");
        throw domainError("AI_BAD_ANSWER");
      }
      return enhancement;
    },
  };
}
