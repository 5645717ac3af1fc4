// FC-PROTO-2..8: a protocol v1 server — one JSON message per line in, one JSON reply per `seq` out, in order.
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { Capability, CompactLevel, ImplementationInfo, ProtocolHandler } from "./messages.ts";
import { isObject, PROTOCOL_VERSION, type StartReply, wireError } from "./messages.ts";

export interface ServerOptions {
  implementation: ImplementationInfo;
  capabilities: readonly Capability[];
  /** FC-PROTO-11: announced in the handshake when `delta-only`. */
  level?: CompactLevel;
  /** Runs once before the handshake is answered (e.g. building a tokenizer), so requests are timed fairly. */
  warmUp?: () => Promise<void> | void;
}

const DEFAULT_OPTIONS: ServerOptions = {
  implementation: { name: "unnamed", version: "0.0.0", language: "typescript" },
  capabilities: ["compact"],
};

/**
 * Serves protocol v1 on `input`/`output` until `{"cmd":"stop"}` or the end of input. Messages are handled one at
 * a time in arrival order, so replies come back in request order. A line that is not a JSON object, or a
 * message without `seq` other than start/stop, gets one error line without `seq` (FC-PROTO-7).
 */
export async function runServer(
  handler: ProtocolHandler,
  input: Readable,
  output: Writable,
  options: ServerOptions = DEFAULT_OPTIONS,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  const send = async (body: Record<string, unknown>): Promise<void> => {
    const ok = output.write(`${JSON.stringify(body)}\n`);
    if (!ok) await new Promise<void>((resolve) => output.once("drain", () => resolve()));
  };
  try {
    for await (const raw of lines) {
      const line = raw.trim();
      if (line === "") continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        await send(wireError({ code: "INVALID_REQUEST", message: "the line is not valid JSON" }));
        continue;
      }
      if (!isObject(message)) {
        await send(wireError({ code: "INVALID_REQUEST", message: "a message must be a JSON object" }));
        continue;
      }
      const { cmd } = message;
      const hasSeq = Object.hasOwn(message, "seq");
      if (cmd === "stop") break;
      if (cmd === "start") {
        await send(await handshake(message, options));
        continue;
      }
      if (!hasSeq) {
        await send(
          wireError({ code: "INVALID_REQUEST", message: "a request other than start/stop needs a seq" }),
        );
        continue;
      }
      const seq = message.seq;
      if (typeof cmd !== "string" || cmd === "") {
        await send({
          seq,
          ...wireError({ code: "INVALID_REQUEST", message: "the message has no cmd string" }),
        });
        continue;
      }
      await send({ seq, ...(await answer(handler, cmd, message)) });
    }
  } finally {
    lines.close();
  }
}

async function handshake(
  message: Record<string, unknown>,
  options: ServerOptions,
): Promise<Record<string, unknown>> {
  if (message.version !== PROTOCOL_VERSION) {
    return wireError({
      code: "UNSUPPORTED",
      message: `protocol version ${JSON.stringify(message.version ?? null).slice(0, 20)} is not supported; this implementation speaks version ${PROTOCOL_VERSION}`,
    });
  }
  await options.warmUp?.();
  const reply: StartReply = {
    version: PROTOCOL_VERSION,
    implementation: options.implementation,
    capabilities: [...options.capabilities],
  };
  if (options.level === "delta-only") reply.level = "delta-only";
  return reply as unknown as Record<string, unknown>;
}

/** Calls the handler; a thrown exception becomes an INTERNAL error naming only its class (FC-PROTO-5). */
async function answer(
  handler: ProtocolHandler,
  cmd: string,
  message: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  try {
    const body = await handler(cmd, message);
    const { seq: _ignored, ...rest } = body;
    return rest;
  } catch (e) {
    return wireError({
      code: "INTERNAL",
      message: `internal error: ${e instanceof Error ? e.name : "unknown"}`,
    });
  }
}
