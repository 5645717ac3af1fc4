// FC-CERT-22: one diagnosis of a broken implementation — the exit code, stderr, the timeout or the stdout line, and what to do.
import type { Fault } from "../../src/protocol/client.ts";
import type { Diagnosis } from "./types.ts";

const HINTS: Record<Fault["kind"], string> = {
  exit:
    "its last lines on stderr say why it exited. An implementation answers every request — a request it cannot " +
    'handle with {"seq":S,"error":{"code":…,"message":…}} (spec/protocol.md FC-PROTO-5) — and exits only on ' +
    '{"cmd":"stop"} or at the end of its input',
  timeout:
    "every request needs one JSON line on stdout, flushed at once (Python: print(json.dumps(reply), flush=True)); " +
    "if it is only slow, raise --timeout-ms (per request) or --start-timeout-ms (start-up)",
  "not-json":
    "stdout is for protocol replies only, one JSON object per line: log to stderr instead " +
    "(Python: print(..., file=sys.stderr); Node: console.error; Rust: eprintln!)",
  protocol:
    'each reply is one JSON object {"seq":S,…} with the seq of its request and exactly one of log (or result, ' +
    "delta) and error (spec/protocol.md §2)",
  oversize: "a reply line may be at most 16 MiB; a bounded Correction Delta is far smaller",
  spawn: "check that the command after '--' runs by hand",
  start:
    'after a restart the implementation must answer {"cmd":"start","version":1} again with its handshake ' +
    "(spec/protocol.md FC-PROTO-2)",
  "gave-up": "",
  closed: "the runner had closed the implementation (a bug in the runner)",
};

/** What the fault was, in words, for a request described by `what`. */
function faultSummary(f: Fault | undefined, what: string, reason: string): string {
  switch (f?.kind) {
    case "exit":
      return `it exits instead of answering ${what} (${
        f.signal ? `signal ${f.signal}` : `exit code ${f.exitCode ?? "unknown"}`
      })`;
    case "timeout":
      return `it does not answer ${what} within ${f.timeoutMs} ms (--timeout-ms)`;
    case "not-json":
      return `it writes a line on stdout that is not a protocol reply when it gets ${what}`;
    case "protocol":
      return `its reply to ${what} breaks the protocol: ${reason}`;
    case "oversize":
      return `its reply to ${what} is over the size limit`;
    case "start":
      return `it does not come back after a restart: ${reason.replace(/^restart failed: /, "")}`;
    default:
      return `it gives no proper answer to ${what}: ${reason}`;
  }
}

/**
 * The diagnosis of an implementation that gives no proper answer (FC-CERT-22), from the fault of the request that
 * showed it: `found` names where (a smoke check, or the check during which it was given up), `what` describes the
 * request. A `gave-up` fault is diagnosed by the fault that ended its last process.
 */
export function diagnose(
  fault: Fault | undefined,
  reason: string,
  found: string,
  what: string,
  stopped: boolean,
): Diagnosis {
  const givenUp = fault?.kind === "gave-up" ? fault : undefined;
  const f = givenUp ? givenUp.cause : fault;
  const summary = givenUp
    ? `the implementation was given up after ${givenUp.restarts} restarts (--max-restarts): ${
        f ? faultSummary(f, "requests", reason) : "every process failed"
      }`
    : faultSummary(f, what, reason);
  const d: Diagnosis = {
    summary,
    found,
    stopped,
    hint: HINTS[f?.kind ?? "closed"] || HINTS.exit,
  };
  if (f === undefined) d.hint = "the implementation gave no proper answer; see the message above";
  if (f?.exitCode !== undefined && f.exitCode !== null) d.exitCode = f.exitCode;
  if (f?.signal) d.signal = f.signal;
  if (f?.timeoutMs !== undefined) d.timeoutMs = f.timeoutMs;
  if (f?.stdoutLine !== undefined) d.stdoutLine = f.stdoutLine;
  if (f?.stderr !== undefined && f.stderr.length > 0) d.stderr = f.stderr;
  if (givenUp?.restarts !== undefined) d.restarts = givenUp.restarts;
  return d;
}

/** The diagnosis as text lines (pretty report, JUnit, the GitHub summary), without colour. */
export function diagnosisLines(d: Diagnosis): string[] {
  const out = [`The implementation is broken: ${d.summary}.`];
  out.push(
    `  found by ${d.found}; ${d.stopped ? "the run stopped there (--keep-going runs every check anyway)" : "the run went on (--keep-going)"}`,
  );
  if (d.stdoutLine !== undefined)
    out.push(
      `  the line on stdout starts: ${JSON.stringify(d.stdoutLine)}${d.stdoutLine.length >= 80 ? "…" : ""}`,
    );
  if (d.exitCode !== undefined) out.push(`  exit code: ${d.exitCode}`);
  if (d.signal !== undefined) out.push(`  signal: ${d.signal}`);
  if (d.timeoutMs !== undefined) out.push(`  timeout: ${d.timeoutMs} ms per request`);
  if (d.stderr !== undefined) {
    out.push(`  last ${d.stderr.length === 1 ? "line" : `${d.stderr.length} lines`} on stderr:`);
    for (const l of d.stderr) out.push(`    ${l}`);
  } else if (d.exitCode !== undefined || d.signal !== undefined) out.push("  (nothing on stderr)");
  out.push(`  what to do: ${d.hint}`);
  return out;
}
