import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake answers one chat completion request. */
export type FakeAnswer =
  { kind: "json"; content: string } | { kind: "status"; status: number; message: string } | { kind: "slow"; delayMs: number; content: string };

export interface FakeOpenAi {
  /** Base URL to give the openai SDK (`AI_BASE_URL`). */
  baseUrl: string;
  /** The request bodies received, in order. */
  requests: Array<{ model: string; messages: Array<{ role: string; content: string }>; response_format?: unknown }>;
  /** Answers to give, in order (each used once); the last one repeats. */
  answers: FakeAnswer[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => resolve(body));
  });

/** A completion in the OpenAI wire format, as the real API sends it. */
function completion(content: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/**
 * An OpenAI-compatible server on 127.0.0.1 that the real openai SDK is pointed at, answering chat completions
 * from a script: good JSON, malformed text, an error status, or a slow answer.
 */
export async function startFakeOpenAi(answers: FakeAnswer[] = []): Promise<FakeOpenAi> {
  const fake = { requests: [], answers } as unknown as FakeOpenAi;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    fake.requests.push(JSON.parse(await readBody(req)));
    const answer = (fake.answers.length > 1 ? fake.answers.shift() : fake.answers[0]) ?? { kind: "json", content: "" };
    if (answer.kind === "status") {
      res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: answer.message, type: "error" } }));
      return;
    }
    if (answer.kind === "slow") await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    // The client may have given up (timeout) while we slept.
    if (res.destroyed) return;
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion(answer.content)));
  };
  const server: Server = createServer((req, res) => {
    // A fault in the fake drops the connection, so the test sees it rather than hanging.
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
