import type OpenAI from "openai";
import {
  breakdownResponseFormat,
  buildBreakdownPrompt,
  completeFromRules,
  fallbackStories,
  parseBreakdown,
  rulesBreakdown,
  type BreakdownInput,
  type BreakdownProgress,
  type StoryDraft,
} from "@forgehire/core";
import type { Logger } from "../../logger.js";

export type BreakdownSource = "ai" | "rules" | "fallback";

export type { BreakdownProgress };

export interface BreakdownEngine {
  readonly name: "ai" | "rules";
  breakDown(input: BreakdownInput, onProgress?: (progress: BreakdownProgress) => void): Promise<{ source: BreakdownSource; stories: StoryDraft[] }>;
}

/** The built-in, deterministic engine: every requested capability becomes a story. */
export function createRulesEngine(): BreakdownEngine {
  return {
    name: "rules",
    async breakDown(input) {
      return { source: "rules", stories: rulesBreakdown(input) };
    },
  };
}

export interface AiEngineOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  logger: Logger;
  /** Per attempt; the spec's 90 s (tests use less). */
  timeoutMs?: number;
  /** The spec's 2 attempts with 2 s between them. */
  attempts?: number;
  retryDelayMs?: number;
}

/**
 * The openai SDK client for the configured OpenAI-compatible endpoint, shared by every AI use (the breakdown and
 * "Enhance with AI"), with the SDK's classes for telling its errors apart. The SDK's own retries are off: each use
 * applies its own rules. The SDK is imported here, not with this module, so that a server without AI never loads
 * it (its import was a large part of the time from start to /readyz).
 * @param options the endpoint, its key and the time per request
 * @returns the client and the SDK
 */
export async function createOpenAiClient(
  options: Pick<AiEngineOptions, "baseUrl" | "apiKey"> & { timeoutMs: number },
): Promise<{ client: OpenAI; sdk: typeof OpenAI }> {
  const { default: sdk } = await import("openai");
  return { client: new sdk({ baseURL: options.baseUrl, apiKey: options.apiKey, maxRetries: 0, timeout: options.timeoutMs }), sdk };
}

/**
 * The AI engine: any OpenAI-compatible endpoint through the openai SDK, asked for structured JSON with a JSON
 * schema and read with core's parser. The spec's rules: each attempt times out after 90 s; 2 attempts 2 s apart;
 * a 403 falls back at once; an empty or unparsable answer counts as a failed attempt; after the last failure the
 * fallback stories are used.
 */
export async function createAiEngine(options: AiEngineOptions): Promise<BreakdownEngine> {
  const attempts = options.attempts ?? 2;
  const timeoutMs = options.timeoutMs ?? 90_000;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const { client, sdk } = await createOpenAiClient({ ...options, timeoutMs });

  return {
    name: "ai",
    async breakDown(input, onProgress) {
      const prompt = buildBreakdownPrompt(input);
      let reason = "no answer";
      for (let attempt = 1; attempt <= attempts; attempt++) {
        onProgress?.({ kind: "attempt", attempt, of: attempts });
        try {
          const completion = await client.chat.completions.create(
            {
              model: options.model,
              messages: [
                { role: "system", content: prompt.system },
                { role: "user", content: prompt.user },
              ],
              response_format: breakdownResponseFormat,
            },
            { timeout: timeoutMs },
          );
          const stories = parseBreakdown(completion.choices[0]?.message?.content ?? "");
          if (stories) {
            // The AI can never lose a requirement: what it missed comes from the rules engine, marked as such.
            const completed = completeFromRules(input, stories);
            if (completed.added.length > 0) {
              options.logger.info({ added: completed.added.map((capability) => capability.label) }, "AI breakdown completed from the rules engine");
            }
            return { source: "ai", stories: completed.stories };
          }
          reason = "the answer was empty or not the JSON asked for";
        } catch (error) {
          if (error instanceof sdk.APIError && error.status === 403) {
            options.logger.warn({ err: error }, "AI breakdown refused (403): using the fallback stories");
            onProgress?.({ kind: "fallback", reason: "the AI service refused the request (403)" });
            return { source: "fallback", stories: fallbackStories(input.title) };
          }
          reason =
            error instanceof sdk.APIConnectionTimeoutError ? `Request timed out after ${timeoutMs}ms` : error instanceof Error ? error.message : String(error);
          options.logger.warn({ err: error, attempt }, "AI breakdown attempt failed");
        }
        if (attempt < attempts) {
          onProgress?.({ kind: "retrying", attempt: attempt + 1, of: attempts, reason });
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        }
      }
      onProgress?.({ kind: "fallback", reason });
      return { source: "fallback", stories: fallbackStories(input.title) };
    },
  };
}
