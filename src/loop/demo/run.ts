// FC-LOOP-1..12 (demo): the loop on the sample project with the real tsc and node --test (edge: files, processes).
import type { CorrectionDelta } from "../../types.ts";
import { fileAuditSink } from "../audit-sink.ts";
import { referenceCompactor } from "../compactors.ts";
import { type LoopEvent, type LoopOutcome, runLoop } from "../orchestrator.ts";
import type { Compactor } from "../types.ts";
import { DEMO_SCRIPT, scriptedWorker } from "./script.ts";
import { toolVerifier } from "./verifier.ts";
import { sampleWorkspace } from "./workspace.ts";

export const DEMO_TASK = {
  goal: "Make the invoice module type-check and pass its tests.",
  acceptance: ["tsc -p . reports no errors", "node --test test/ passes"],
};

export interface DemoOptions {
  auditLog: string;
  compactor?: Compactor;
  budgetTokens?: number;
  /** Keep the temporary work tree (its path is in the result). */
  keep?: boolean;
  onEvent?: (e: LoopEvent) => void;
  onTool?: (tool: string, raw: string, exitCode: number | null) => void;
  /** Round timestamps; default wall clock. */
  now?: () => string;
  env?: Record<string, string | undefined>;
}

export interface DemoResult {
  outcome: LoopOutcome;
  workTree: string;
  auditLog: string;
  auditHead: string;
  auditEntries: number;
  prompts: string[];
}

export type DemoError = { error: string; code: string };

export async function runDemo(opts: DemoOptions): Promise<DemoResult | DemoError> {
  const sink = fileAuditSink(opts.auditLog, { env: opts.env ?? process.env, waitMs: 2000 });
  if ("error" in sink) return sink;
  const ws = sampleWorkspace();
  const worker = scriptedWorker(DEMO_SCRIPT);
  try {
    const outcome = await runLoop({
      taskSpec: DEMO_TASK,
      worker,
      workspace: ws,
      verifier: toolVerifier({ repoRoot: ws.repoRoot, ...(opts.onTool ? { onTool: opts.onTool } : {}) }),
      compactor: opts.compactor ?? referenceCompactor(),
      audit: sink,
      plan: (n) => `Attempt ${n}: change only what the Delta asks for; run nothing.`,
      budgetTokens: opts.budgetTokens ?? 512,
      maxAttempts: DEMO_SCRIPT.length + 1,
      // The demo's "human": after a stall, a reviewer points at the cause and the loop goes on once.
      onEscalate: async (e) =>
        e.round < DEMO_SCRIPT.length
          ? { action: "continue", note: "reviewer hint given" }
          : { action: "stop" },
      ...(opts.onEvent ? { onEvent: opts.onEvent } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
    return {
      outcome,
      workTree: ws.repoRoot,
      auditLog: opts.auditLog,
      auditHead: sink.store.head,
      auditEntries: sink.store.size,
      prompts: worker.prompts,
    };
  } finally {
    sink.close();
    if (!opts.keep) ws.dispose();
  }
}

/** A Delta as a reader wants it: one line per open cause, the resolved summary, the constraints. */
export function describeDelta(d: CorrectionDelta): string[] {
  const lines = [`attempt ${d.attempt} · last verdict ${d.lastVerdict}`];
  for (const c of d.openRootCauses) {
    const loc = c.location
      ? `${c.location.path}${c.location.startLine !== undefined ? `:${c.location.startLine}` : ""}`
      : "(no location)";
    lines.push(
      `  #${c.rank} ${c.severity} ${c.rule} at ${loc} (rounds ${c.firstSeen}-${c.lastSeen}): ${c.message}`,
    );
  }
  if (d.omitted) lines.push(`  … ${d.omitted.count} more in the audit log (${d.omitted.auditLogId})`);
  if (d.resolvedSummary) lines.push(`  resolved: ${d.resolvedSummary}`);
  for (const c of d.constraints) lines.push(`  constraint: ${c}`);
  return lines;
}
