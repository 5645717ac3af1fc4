// FC-CERT-4..7: shared plumbing of the fake implementations used to test the runner (not a conforming implementation).
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

export const INFO = { name: "fake", version: "0.0.0", language: "javascript" };

export function write(obj) {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

/** A correct answer for the runner tests' tiny case library: policy.validate → {ok: true}. */
export function correct(msg) {
  if (msg.cmd === "policy.validate") return { seq: msg.seq, result: { ok: true } };
  return { seq: msg.seq, error: { code: "UNSUPPORTED", message: "fake: unknown command" } };
}

/**
 * Runs a line loop. `onStart` and `onRequest` may answer (return an object to write) or do anything else;
 * returning undefined writes nothing. `stop` exits unless `ignoreStop`. FAKE_CAPABILITIES (comma-separated)
 * overrides the capabilities announced.
 */
export function serve({
  onStart,
  onRequest,
  ignoreStop = false,
  capabilities = process.env.FAKE_CAPABILITIES?.split(",") ?? ["policy"],
}) {
  // FAKE_SELF_PID_FILE: append this process's pid (tests check it is gone after the runner is interrupted).
  if (process.env.FAKE_SELF_PID_FILE) appendFileSync(process.env.FAKE_SELF_PID_FILE, `${process.pid}\n`);
  let n = 0;
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  rl.on("line", async (line) => {
    if (line.trim() === "") return;
    const msg = JSON.parse(line);
    if (msg.cmd === "stop") {
      if (!ignoreStop) process.exit(0);
      return;
    }
    if (msg.cmd === "start") {
      const custom = onStart ? await onStart(msg) : undefined;
      if (custom !== null) write(custom ?? { version: 1, implementation: INFO, capabilities });
      return;
    }
    n++;
    const out = await onRequest(msg, n);
    if (out !== undefined) write(out);
  });
}
