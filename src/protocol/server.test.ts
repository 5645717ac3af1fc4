// FC-PROTO-1..10: the protocol server — handshake, seq echo and order, unknown commands, malformed lines, stop.
import { readdirSync, readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { ProtocolHandler } from "./messages.ts";
import { referenceHandler } from "./reference.ts";
import { runServer, type ServerOptions } from "./server.ts";

const SCHEMA_DIR = fileURLToPath(new URL("../../spec/schemas/protocol/", import.meta.url));
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
for (const f of readdirSync(SCHEMA_DIR)) ajv.addSchema(JSON.parse(readFileSync(SCHEMA_DIR + f, "utf8")));
const schema = (name: string) => {
  const v = ajv.getSchema(`https://feedback-compactor.dev/schemas/protocol/${name}.v1.json`);
  if (!v) throw new Error(`no schema ${name}`);
  return (x: unknown) => (v(x) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
};

const OPTIONS: ServerOptions = {
  implementation: { name: "test", version: "1.2.3", language: "typescript" },
  capabilities: ["compact", "policy"],
};

/** Feeds lines to a server and collects its replies; resolves when the server returns. */
async function converse(
  handler: ProtocolHandler,
  lines: string[],
  options = OPTIONS,
): Promise<Record<string, unknown>[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (b: Buffer) => {
    text += b.toString("utf8");
  });
  const done = runServer(handler, input, output, options);
  for (const l of lines) input.write(`${l}\n`);
  input.end();
  await done;
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const echo: ProtocolHandler = async (cmd, msg) => ({ result: { cmd, got: msg.input ?? null } });

describe("protocol server", () => {
  it("answers the handshake with version, implementation and capabilities, valid per start-reply.json", async () => {
    const [reply] = await converse(echo, ['{"cmd":"start","version":1}']);
    expect(reply).toEqual({
      version: 1,
      implementation: OPTIONS.implementation,
      capabilities: ["compact", "policy"],
    });
    expect(schema("start-reply")(reply)).toEqual([]);
  });

  it("refuses another protocol version with an unsequenced UNSUPPORTED error", async () => {
    const [reply] = await converse(echo, ['{"cmd":"start","version":2}']);
    expect((reply!.error as { code: string }).code).toBe("UNSUPPORTED");
    expect(schema("unsequenced-error")(reply)).toEqual([]);
  });

  it("echoes seq and keeps request order even when the handler finishes out of order", async () => {
    const slowFirst: ProtocolHandler = async (_cmd, msg) => {
      await new Promise((r) => setTimeout(r, msg.seq === 1 ? 40 : 0));
      return { result: msg.seq };
    };
    const replies = await converse(
      slowFirst,
      [1, 2, 3].map((s) => JSON.stringify({ cmd: "x.y", seq: s, input: {} })),
    );
    expect(replies).toEqual([
      { seq: 1, result: 1 },
      { seq: 2, result: 2 },
      { seq: 3, result: 3 },
    ]);
  });

  it("a handler cannot override seq", async () => {
    const liar: ProtocolHandler = async () => ({ seq: 99, result: 1 });
    expect(await converse(liar, ['{"cmd":"a","seq":5}'])).toEqual([{ seq: 5, result: 1 }]);
  });

  it("the reference answers an unknown command with UNSUPPORTED and the request's seq", async () => {
    const [reply] = await converse(referenceHandler, ['{"cmd":"no.such","seq":7}']);
    expect(reply).toMatchObject({ seq: 7, error: { code: "UNSUPPORTED" } });
    expect(schema("command-reply")(reply)).toEqual([]);
  });

  it("a malformed line gets one error line without seq, and serving continues", async () => {
    const replies = await converse(echo, [
      "{not json",
      "[1,2]",
      '{"cmd":"a"}',
      '{"cmd":"a","seq":1,"input":3}',
    ]);
    expect(
      replies.slice(0, 3).map((r) => [Object.hasOwn(r, "seq"), (r.error as { code: string }).code]),
    ).toEqual([
      [false, "INVALID_REQUEST"],
      [false, "INVALID_REQUEST"],
      [false, "INVALID_REQUEST"],
    ]);
    for (const r of replies.slice(0, 3)) expect(schema("unsequenced-error")(r)).toEqual([]);
    expect(replies[3]).toEqual({ seq: 1, result: { cmd: "a", got: 3 } });
  });

  it("a message with seq but no cmd gets a sequenced INVALID_REQUEST", async () => {
    expect(await converse(echo, ['{"seq":4}'])).toEqual([
      { seq: 4, error: { code: "INVALID_REQUEST", message: "the message has no cmd string" } },
    ]);
  });

  it("stop ends the server; later lines are not answered", async () => {
    const replies = await converse(echo, ['{"cmd":"a","seq":1}', '{"cmd":"stop"}', '{"cmd":"a","seq":2}']);
    expect(replies.map((r) => r.seq)).toEqual([1]);
  });

  it("a throwing handler becomes INTERNAL naming only the error class", async () => {
    const thrower: ProtocolHandler = async () => {
      throw new TypeError("secret sk-live-123 in a message");
    };
    const [reply] = await converse(thrower, ['{"cmd":"a","seq":1}']);
    expect(reply).toEqual({ seq: 1, error: { code: "INTERNAL", message: "internal error: TypeError" } });
  });

  it("warm-up runs before the handshake reply", async () => {
    const order: string[] = [];
    const input = new PassThrough();
    const output = new PassThrough();
    output.on("data", () => order.push("reply"));
    const done = runServer(echo, input, output, { ...OPTIONS, warmUp: () => void order.push("warm") });
    input.end('{"cmd":"start","version":1}\n');
    await done;
    expect(order).toEqual(["warm", "reply"]);
  });
});

describe("reference handler", () => {
  const request = {
    taskSpec: null,
    canonicalState: { ref: "abc" },
    rounds: [
      {
        index: 1,
        ts: "t1",
        workerTrace: [],
        verifierVerdict: {
          status: "fail",
          notes: "",
          findings: [{ rule: "tsc:TS2304", message: "Cannot find name 'x'" }],
        },
      },
    ],
  };

  it("compacts a request into a log; the reply is valid per compact-reply.json", async () => {
    const msg = { cmd: "compact", seq: 1, request, options: { budgetTokens: 256 } };
    expect(schema("compact-request")(msg)).toEqual([]);
    const [reply] = await converse(referenceHandler, [JSON.stringify(msg)]);
    expect(schema("compact-reply")(reply)).toEqual([]);
    const log = reply!.log as { compaction: { budgetTokens: number }; correctionDelta: { attempt: number } };
    expect(log.compaction.budgetTokens).toBe(256);
    expect(log.correctionDelta.attempt).toBe(2);
  });

  it("an invalid request and bad options are typed errors, not logs", async () => {
    const replies = await converse(referenceHandler, [
      JSON.stringify({ cmd: "compact", seq: 1, request: { ...request, rounds: [] } }),
      JSON.stringify({ cmd: "compact", seq: 2, request, options: { budgetTokens: 5 } }),
      JSON.stringify({ cmd: "compact", seq: 3, request, options: { budget: 500 } }),
      JSON.stringify({ cmd: "compact", seq: 4 }),
    ]);
    expect(replies.map((r) => [r.seq, (r.error as { code: string } | undefined)?.code])).toEqual([
      [1, "INVALID_REQUEST"],
      [2, "INVALID_REQUEST"],
      [3, "INVALID_REQUEST"],
      [4, "INVALID_REQUEST"],
    ]);
  });

  it("routes policy.validate to the policy engine and wraps its answer in result", async () => {
    const [reply] = await converse(referenceHandler, ['{"cmd":"policy.validate","seq":1,"input":{}}']);
    expect(reply).toMatchObject({ seq: 1, error: { code: "INVALID_POLICY" } });
    expect(schema("command-reply")(reply)).toEqual([]);
  });
});
