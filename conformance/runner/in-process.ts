// FC-CERT-1: the reference (or a wrapped handler) as an in-process implementation under test — no process, same judging.
import { availableParallelism } from "node:os";
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

/** CPU time this process has used so far, in ms (all its threads: the handler runs on this one). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The most CPU time the process can use in a wall-clock ms: one ms on each core it may run on. */
const CORES = Math.max(1, availableParallelism());

/**
 * Wraps a protocol handler as an implementation. Replies go through a JSON round trip, so the runner judges
 * exactly what a process would have sent; malformed handler output is errored as it would be over a pipe.
 *
 * `timeoutMs` is the per-request timeout a process would get (FC-CERT-1: the same judging). A handler in this
 * process cannot be stopped mid-call, so the request is judged when it returns: one whose own work took longer
 * than the timeout is errored, as the process would have been. The work is measured as this process's CPU time
 * during the call, not the wall clock, so a busy machine never trips it and the verdict stays the same on every
 * run; a handler that waits (a timer, I/O) is not charged for the wait.
 */
export async function inProcessIut(
  handler: ProtocolHandler = referenceHandler,
  info: ImplementationInfo = REFERENCE_INFO,
  capabilities?: Capability[],
  level: CompactLevel = "full",
  timeoutMs?: number,
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
      const cpu0 = cpuMs();
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
      // A call shorter than the timeout divided by the cores cannot have worked longer than the timeout: the
      // second reading of the CPU clock is spared (most calls take a few ms).
      const work =
        timeoutMs === undefined || (performance.now() - t0) * CORES <= timeoutMs ? 0 : cpuMs() - cpu0;
      if (timeoutMs !== undefined && work > timeoutMs) {
        return {
          kind: "errored",
          reason: `no reply within the ${timeoutMs} ms timeout: the handler worked ${Math.round(work)} ms (CPU time; in-process the timeout counts work, not waiting)`,
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
