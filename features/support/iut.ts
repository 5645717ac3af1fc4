// FC-PROTO-1, FC-CERT-10: the implementation under test for Gherkin scenarios — a process named by FC_IUT_COMMAND
// (a JSON argv), spoken to over protocol v1, or else the in-process reference; scenarios are the same either way.
import { AfterAll, Before, setDefaultTimeout } from "@cucumber/cucumber";
import type { Capability, ImplementationUnderTest } from "../../conformance/iut.ts";
import { inProcessIut } from "../../conformance/runner/in-process.ts";
import { startProcessIut } from "../../src/protocol/client.ts";

export interface Iut {
  call(
    cmd: string,
    input: unknown,
  ): Promise<{ result?: unknown; error?: { code: string; message: string; field?: string } }>;
}

let shared: Promise<ImplementationUnderTest> | undefined;

function commandFromEnv(): string[] | null {
  const raw = process.env.FC_IUT_COMMAND;
  if (raw === undefined || raw.trim() === "") return null;
  let argv: unknown;
  try {
    argv = JSON.parse(raw);
  } catch {
    throw new Error('FC_IUT_COMMAND must be a JSON array of strings, e.g. ["node","impl.js","serve"]');
  }
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === "string" && a !== "")) {
    throw new Error(
      'FC_IUT_COMMAND must be a non-empty JSON array of strings, e.g. ["node","impl.js","serve"]',
    );
  }
  return argv as string[];
}

async function open(): Promise<ImplementationUnderTest> {
  const command = commandFromEnv();
  if (command === null) return inProcessIut();
  const timeoutMs = Number(process.env.FC_IUT_TIMEOUT_MS ?? 10_000);
  const started = await startProcessIut({
    command,
    timeoutMs: Number.isFinite(timeoutMs) ? timeoutMs : 10_000,
  });
  if (!started.ok) throw new Error(`the implementation under test did not start: ${started.message}`);
  return started.iut;
}

/** The one implementation of this cucumber run (started on first use, stopped after the last scenario). */
export function implementation(): Promise<ImplementationUnderTest> {
  shared ??= open();
  return shared;
}

AfterAll(async () => {
  if (shared === undefined) return;
  const iut = await shared.catch(() => null);
  await iut?.close();
});

// A step waits on the implementation (a process over the protocol, one request at a time): on a busy 2-core machine
// that can take longer than cucumber's default of 5 s. The runner's own per-request timeout still applies.
setDefaultTimeout(30_000);

// A scenario tagged @compact, @policy or @summary is skipped when the implementation does not offer that capability.
for (const capability of ["compact", "policy", "summary"] as Capability[]) {
  // The first call starts the implementation's process (its handshake may take seconds on a busy machine): the
  // hook waits as long as the runner's own start-up allowance, not cucumber's default of 5 s.
  Before({ tags: `@${capability}`, timeout: 60_000 }, async () => {
    const iut = await implementation();
    return iut.capabilities.has(capability) ? undefined : "skipped";
  });
}

/**
 * Sends one command. For `compact`, `input` is the protocol payload `{request, options}`; for the other commands
 * it is the document sent as `input`. Inputs and replies cross a JSON boundary, as on the wire. An implementation
 * that does not answer (crash, timeout, malformed reply) fails the scenario.
 */
export function getIut(): Iut {
  return {
    async call(cmd, input) {
      const iut = await implementation();
      const payload = cmd === "compact" ? (input as Record<string, unknown>) : { input };
      const reply = await iut.call(cmd, JSON.parse(JSON.stringify(payload)));
      if (reply.kind === "result") return { result: reply.result };
      if (reply.kind === "error") return { error: reply.error };
      throw new Error(`the implementation did not answer: ${reply.reason}`);
    },
  };
}
