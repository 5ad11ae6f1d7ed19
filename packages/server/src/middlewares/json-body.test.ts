/**
 * What a JSON body may cost: a wide or deep body is refused (413) before anything walks it, the NUL check is linear,
 * and the largest bodies the API's schemas accept still go through. The figure: how long /healthz waits while four
 * ~1 MB wide bodies are in flight, against a quiet wait.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceOptions, integrationOptions, MAX_QUESTIONS, NUL_MESSAGE } from "@forgehire/core";
import { recordReliability } from "@forgehire/services/testing";
import { buildAdmin, buildClient, jobBody, type BuiltUser } from "../test/factories.js";
import { dbFingerprint } from "../test/db-fingerprint.js";
import { startTestServer, type TestServer } from "../test/test-server.js";
import { jsonBodyExcess } from "./json-body.js";

let server: TestServer;
let alice: BuiltUser;
let admin: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  [alice, admin] = await Promise.all([buildClient(server), buildAdmin(server)]);
});
afterAll(async () => {
  await server?.stop();
});

interface Answer {
  status: number;
  body: { error?: { code: string; title: string; message: string; fields?: Record<string, string> } } & Record<string, unknown>;
  ms: number;
}

// A connection of its own for each request, so that no body waits behind another.
const fresh = new http.Agent({ keepAlive: false });

/** Sends raw bytes as a JSON body with node's own client: no serialising on the way, so the time is the server's. */
function send(method: string, path: string, body?: Buffer | string, agent: http.Agent = fresh, type = "application/json"): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}${path}`,
      { method, agent, headers: body === undefined ? {} : { "content-type": type, "content-length": Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Answer["body"]) : {}, ms: performance.now() - started });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** `[0,0,…,0]` just under a megabyte: under the byte limit, so only a cap on what it holds refuses it. */
const wideArray = Buffer.from(`[${"0,".repeat(499_999)}0]`);
/** About as many bytes as one object of 90,000 members. */
const wideObject = Buffer.from(`{${Array.from({ length: 90_000 }, (_, i) => `"k${i}":0`).join(",")}}`);
const deepArray = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** Checks a 413 PAYLOAD_TOO_LARGE in the error shape that changed nothing. */
async function tooLarge(method: string, path: string, body: Buffer | string) {
  const before = await dbFingerprint(server.services.db);
  const res = await send(method, path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(413);
  expect(res.body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE", title: expect.any(String), message: expect.any(String) });
  expect(await dbFingerprint(server.services.db)).toBe(before);
  return res;
}

describe("jsonBodyExcess", () => {
  const excess = (text: string, values = 3, depth = 2) => jsonBodyExcess(Buffer.from(text), { values, depth });

  it("[load-1] counts array elements and object members at every level, and nothing inside strings", () => {
    expect(excess("[1,2,3]")).toBeNull();
    expect(excess("[1,2,3,4]")).toBe("values");
    expect(excess('{"a":1,"b":[2]}')).toBeNull();
    expect(excess('{"a":1,"b":[2,3]}')).toBe("values");
    expect(excess("[[],{},[ ]]")).toBeNull();
    expect(excess(" [ 1 , 2 , 3 ] ")).toBeNull();
    // Brackets, commas and escaped quotes inside strings are text, whatever the backslashes before them.
    expect(excess('["[[[,,,{{{", "a\\"b,c", "d\\\\", "]]]"]', 4)).toBeNull();
    expect(excess('["\\\\",[[[1]]]]', 10)).toBe("depth");
    expect(excess("€".repeat(10) + '["€,€"]')).toBeNull();
  });

  it("[load-1] measures nesting as it opens, and stops at the first cap passed", () => {
    expect(excess("[[1]]")).toBeNull();
    expect(excess("[[[1]]]")).toBe("depth");
    expect(excess('{"a":{"b":{"c":1}}}', 10)).toBe("depth");
    expect(jsonBodyExcess(Buffer.from("[".repeat(1_000_000)), { values: 1e9, depth: 32 })).toBe("depth");
    // An unclosed string or bracket is JSON.parse's to refuse; the scan just ends.
    expect(excess('["abc')).toBeNull();
  });
});

describe("bodies past what the schemas can need", () => {
  it("[load-1] a ~1 MB array or object to an unauthenticated /api path is 413 PAYLOAD_TOO_LARGE, answered at once", async () => {
    expect(wideArray.length).toBeLessThan(1_048_576);
    for (const path of ["/api/auth/login", "/api/wizard/analysis", "/api/jobs", "/api/no-such-endpoint"]) {
      const res = await tooLarge("POST", path, wideArray);
      // The walk of it took ~2 s; refusing it costs about reading it.
      expect(res.ms).toBeLessThan(1_000);
    }
    await tooLarge("POST", "/api/auth/login", wideObject);
  });

  it("[load-1] 10,000 levels of nesting are a 413, not a stack overflow, and the server carries on", async () => {
    await tooLarge("POST", "/api/auth/login", deepArray(10_000));
    await tooLarge("POST", "/api/auth/login", deepObject(10_000));
    await tooLarge("PUT", `/api/admin/users/${admin.user.id}`, deepObject(100));
    expect((await send("GET", "/healthz")).status).toBe(200);
  });

  it("[load-1] a body within the caps is parsed and its NUL found, wherever it sits", async () => {
    const items = Array.from({ length: 5_000 }, (_, i) => (i === 4_321 ? "a\u0000" : "a"));
    const res = await send("POST", "/api/auth/login", JSON.stringify({ email: "x@example.test", password: "p", extra: [{ items }] }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION", fields: { "extra.0.items.4321": NUL_MESSAGE } });
    // A JSON body must be UTF-8 (RFC 8259 §8.1): another encoding would hide what the caps count.
    const utf16 = await send(
      "POST",
      "/api/auth/login",
      Buffer.from('{"email":"a@example.test","password":"p"}', "utf16le"),
      fresh,
      "application/json; charset=utf-16le",
    );
    expect(utf16.status).toBe(400);
    expect(utf16.body.error?.message).toBe("Unsupported body encoding.");
  });

  it("[load-1] the largest bodies the schemas accept still go through", async () => {
    // Every field at its longest, in three-byte characters: the most bytes and values a job can legitimately take.
    const long = (length: number) => "€".repeat(length);
    const maximal = jobBody({
      title: long(200),
      description: long(20_000),
      additionalServices: { contentDevelopment: true, deployment: true, productionReady: true, customTechStack: true, hosting: true },
      customTechStack: long(2_000),
      targetAudience: long(10_000),
      keyFeatures: long(10_000),
      stakeholders: long(10_000),
      existingSystems: long(10_000),
      complianceRequirements: long(10_000),
      userCategories: Array.from({ length: 20 }, (_, i) => `${long(97)}${i}`),
      complianceTypes: [...complianceOptions],
      integrationSystems: [...integrationOptions],
      projectSpecificFields: {
        homePageContent: long(10_000),
        aboutUsContent: long(10_000),
        missionVisionContent: long(10_000),
        contactInformation: long(10_000),
        workflowDetails: long(10_000),
        automationLogic: long(10_000),
        needsShoppingCart: true,
        needsPaymentProcessing: true,
      },
      answers: Array.from({ length: MAX_QUESTIONS }, (_, i) => ({ questionId: `q${i}-${long(90)}`, question: long(1_000), answer: long(5_000) })),
    });
    const created = await alice.agent.post("/api/jobs").send(maximal);
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const { answers, ...form } = maximal as typeof maximal & { answers: unknown[] };
    await alice.agent.post("/api/wizard/analysis").send({ form, answers }).expect(200);
    // react-admin PUTs back the whole record it read.
    const record = (await admin.agent.get(`/api/admin/users/${alice.user.id}`).expect(200)).body as Record<string, unknown>;
    await admin.agent.put(`/api/admin/users/${alice.user.id}`).send(record).expect(200);
  });
});

/** The value below which a share of the timings fall (0.5: the median). */
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

/**
 * Four bodies at once (argv: url, then `wide` for ~1 MB arrays or `small` for `[0]`), sent by a process of their own
 * as a remote client would: the test's event loop, the server's, then carries only the server's side of them.
 */
const fourBodies = `
const http = require("node:http");
const body = Buffer.from(process.argv[2] === "wide" ? "[" + "0,".repeat(499999) + "0]" : "[0]");
const one = () => new Promise((resolve, reject) => {
  const request = http.request(process.argv[1], { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": body.length } }, (response) => {
    response.resume();
    response.on("end", () => resolve(response.statusCode));
  });
  request.on("error", reject);
  request.end(body);
});
process.stdout.write("sending\\n");
Promise.all([one(), one(), one(), one()]).then((statuses) => process.stdout.write(JSON.stringify(statuses) + "\\n"));
`;

/**
 * Starts four bodies at once (`wide`: ~1 MB arrays; `small`: `[0]`, the control), from a process of their own as a
 * remote client would send them; resolves once they are on their way, with their statuses to come.
 */
async function sendFourBodies(kind: "wide" | "small"): Promise<{ answered: Promise<number[]> }> {
  const child = spawn(process.execPath, ["-e", fourBodies, `${server.url}/api/auth/login`, kind], { stdio: ["ignore", "pipe", "inherit"] });
  let printed = "";
  let sending!: () => void;
  const started = new Promise<void>((resolve) => (sending = resolve));
  const answered = new Promise<number[]>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      printed += chunk;
      if (printed.includes("sending")) sending();
      const statuses = /\[[\d,]+\]/.exec(printed);
      if (statuses) resolve(JSON.parse(statuses[0]) as number[]);
    });
    child.once("exit", (code) => {
      sending();
      reject(new Error(`the sender exited (${code}) before its answers: ${printed}`));
    });
  });
  await started;
  return { answered };
}

it("[load-1] /healthz waits at most 5× a quiet wait while four ~1 MB wide bodies are in flight", async () => {
  // /healthz on a connection of its own, kept alive, as a load balancer's probe would be.
  const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const health = async () => {
    const res = await send("GET", "/healthz", undefined, probe);
    expect(res.status).toBe(200);
    return res.ms;
  };
  /** Probes /healthz from the moment four bodies are on their way until they are answered (and `samples` are taken). */
  const probeWhile = async (kind: "wide" | "small", samples = 0) => {
    const { answered } = await sendFourBodies(kind);
    let inFlight = true;
    void answered.finally(() => (inFlight = false)).catch(() => undefined);
    const waits: number[] = [];
    do waits.push(await health());
    while (inFlight || waits.length < samples);
    return { waits, statuses: await answered };
  };
  for (let i = 0; i < 20; i++) await health();

  // The quiet wait is measured the same way, in the same rounds: the same sender posting four bodies of `[0]`, and as
  // many probes as the wide round took, so the machine's own noise (other test files, the sender's start) weighs on
  // both sides alike and only the width of the bodies differs.
  let worst = 0;
  let quietWorst = 0;
  const quietSamples: number[] = [];
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    const wide = await probeWhile("wide");
    const quiet = await probeWhile("small", wide.waits.length);
    statuses.push(...wide.statuses);
    expect(quiet.statuses).toEqual([400, 400, 400, 400]);
    worst = Math.max(worst, ...wide.waits);
    quietWorst = Math.max(quietWorst, ...quiet.waits);
    quietSamples.push(...quiet.waits);
  }
  probe.destroy();

  const ratio = Math.round((worst / quietWorst) * 10) / 10;
  recordReliability({ id: "load-1", metric: "healthz wait, quiet (median)", value: Math.round(percentile(quietSamples, 0.5) * 100) / 100, unit: "ms" });
  recordReliability({ id: "load-1", metric: "healthz wait, quiet (worst)", value: Math.round(quietWorst * 100) / 100, unit: "ms" });
  recordReliability({ id: "load-1", metric: "healthz wait under four wide bodies (worst)", value: Math.round(worst * 100) / 100, unit: "ms" });
  recordReliability({ id: "load-1", metric: "healthz wait under load (× quiet)", value: ratio, unit: "×" });
  process.stdout.write(`load-1: /healthz worst wait ${quietWorst.toFixed(2)} ms quiet, ${worst.toFixed(2)} ms under four wide bodies: ${ratio}×\n`);
  // Before the fix four bodies held the event loop for seconds (worst 4,328 ms against a quiet 1.3 ms).
  expect(worst).toBeLessThan(1_000);
  expect(ratio).toBeLessThanOrEqual(5);
  expect(statuses).toEqual(Array(12).fill(413));
}, 120_000);
