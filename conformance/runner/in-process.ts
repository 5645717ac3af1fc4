// FC-CERT-1: the reference (or a wrapped handler) as an in-process implementation under test — no process, same judging.
import { REFERENCE_INFO, referenceCapabilities, referenceHandler } from "../../src/protocol/reference.ts";
import type {
  Capability,
  CompactLevel,
  ImplementationInfo,
  ImplementationUnderTest,
  ProtocolHandler,
  Reply,
} from "../iut.ts";

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Wraps a protocol handler as an implementation. Replies go through a JSON round trip, so the runner judges
 * exactly what a process would have sent; malformed handler output is errored as it would be over a pipe.
 */
export async function inProcessIut(
  handler: ProtocolHandler = referenceHandler,
  info: ImplementationInfo = REFERENCE_INFO,
  capabilities?: Capability[],
  level: CompactLevel = "full",
): Promise<ImplementationUnderTest> {
  const caps = new Set(capabilities ?? (await referenceCapabilities()));
  return {
    info,
    capabilities: caps,
    level,
    async call(cmd, payload): Promise<Reply> {
      const t0 = performance.now();
      const ms = () => Math.round(performance.now() - t0);
      let body: unknown;
      try {
        // Both directions cross a JSON boundary, as on the wire: the handler can neither see nor change the case.
        const message = JSON.parse(JSON.stringify({ ...payload, cmd })) as Record<string, unknown>;
        body = JSON.parse(JSON.stringify(await handler(cmd, message)));
      } catch (e) {
        return {
          kind: "errored",
          reason: `the handler threw ${e instanceof Error ? e.name : "a value"}`,
          ms: ms(),
        };
      }
      if (!isObject(body))
        return { kind: "errored", reason: "the handler's reply is not an object", ms: ms() };
      // FC-PROTO-11: a delta-only handler answers compact with {delta}; the runner sees {correctionDelta}.
      const key = cmd !== "compact" ? "result" : level === "delta-only" ? "delta" : "log";
      if (isObject(body.error)) {
        const e = body.error;
        if (typeof e.code !== "string" || typeof e.message !== "string") {
          return {
            kind: "errored",
            reason: "the reply's error is not {code: string, message: string}",
            ms: ms(),
          };
        }
        const error: { code: string; message: string; field?: string } = { code: e.code, message: e.message };
        if (typeof e.field === "string") error.field = e.field;
        return { kind: "error", error, ms: ms() };
      }
      if (Object.hasOwn(body, key))
        return {
          kind: "result",
          result: key === "delta" ? { correctionDelta: body[key] } : body[key],
          ms: ms(),
        };
      return { kind: "errored", reason: `the reply has neither ${key} nor error`, ms: ms() };
    },
    async close() {},
  };
}
