// FC-LOOP-1..12, FC-CLI-1..3: `feedback-compactor demo` — the retry loop on a broken sample project, real tsc and tests.
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { startProcessIut } from "../protocol/client.ts";
import { iutCompactor, withDeadline } from "../loop/compactors.ts";
import { DEMO_SCRIPT } from "../loop/demo/script.ts";
import { describeDelta, runDemo } from "../loop/demo/run.ts";
import { resolveTsc } from "../loop/demo/verifier.ts";
import { MAX_BUDGET, MIN_BUDGET } from "../request/validate.ts";
import { deltaBlockText } from "../loop/splice.ts";
import type { LoopEvent } from "../loop/orchestrator.ts";
import type { Compactor } from "../loop/types.ts";
import type { Command } from "./dispatch.ts";
import { EXIT_FAIL, EXIT_OK, commandArgs, reportError } from "./io.ts";

const HELP = `Usage: feedback-compactor demo [options] [-- IMPLEMENTATION COMMAND...]

Runs the Worker–Verifier retry loop (spec/loop.md) on a small, deliberately broken TypeScript project that
ships with this package. The Worker is a scripted sequence of ${DEMO_SCRIPT.length} patches (no model is needed); the
Verifier runs the real TypeScript compiler and node's test runner; their raw output goes through Stage 1
into findings; the compactor turns the rounds into one Correction Delta per round. Watch for:
  round 2  a fix resolves an earlier finding: it leaves the Delta, a 'do not re-chase' constraint stays
  round 3  an unrelated edit: the Delta is identical but the tree changed, so this is NOT a stall
  round 4  the same edit again: identical Delta and unchanged tree, a stall: the loop escalates
  round 5  after the escalation, the last fix: the Verifier passes
Each round's Delta is printed as the Worker receives it; the Audit Log (hash-chained JSONL) is left behind.

Options:
  --audit-log FILE    where the Audit Log goes (default: feedback-compactor-demo-<time>.audit.jsonl in the
                      current directory); must not exist yet or be empty
  --budget-tokens N   token budget of each Delta, ${MIN_BUDGET}..${MAX_BUDGET} as for compact (default 512)
  --keep              keep the temporary work tree and print its path
  --json              one JSON event per line instead of text (default when stdout is not a terminal)
  --timeout-ms N      per-compaction deadline for an implementation given after -- (default 30000)
  -h, --help          this text

  -- COMMAND...       compact with any implementation speaking the process protocol (spec/protocol.md)
                      instead of the in-process reference, e.g.  -- python3 my_compactor.py

Afterwards:  feedback-compactor audit verify FILE      feedback-compactor audit show d4.2 --log FILE
Exit codes: 0 the loop ended in pass; 1 it ended otherwise (stalled, exhausted, ...); 2 usage or I/O error.
`;

function stamp(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function textEvent(e: LoopEvent, out: (s: string) => void): void {
  switch (e.type) {
    case "attempt":
      out(`\n── attempt ${e.attempt}: ${DEMO_SCRIPT[e.attempt - 1]?.intent ?? "(script exhausted)"}\n`);
      return;
    case "verdict": {
      const carried = e.carried > 0 ? `, ${e.carried} no longer reported (carried as resolved)` : "";
      out(`   verifier: ${e.status} — ${e.findings} finding(s)${carried}; state ${e.stateRef}\n`);
      return;
    }
    case "delta": {
      const src =
        e.source === "compactor" ? "compactor" : `FALLBACK (${e.reason}${e.code ? `, ${e.code}` : ""})`;
      const stall =
        e.stall.reason === "fallback-resets"
          ? "stall check: reset by the fallback"
          : `stall check: ${e.stall.run}/${e.stall.threshold} identical (${e.stall.reason.replaceAll("-", " ")})`;
      out(`   Delta from ${src}; ${stall}\n`);
      for (const l of describeDelta(e.delta)) out(`     ${l}\n`);
      for (const w of e.warnings) out(`     warning: ${w}\n`);
      const bytes = deltaBlockText(e.delta);
      out(`     bytes the Worker receives (${Buffer.byteLength(bytes)}): ${bytes}\n`);
      return;
    }
    case "recompact":
      out(`   stale source window (${e.field}); re-compacting\n`);
      return;
    case "reverify":
      out("   malformed verdict; re-running the verifier\n");
      return;
    case "escalate":
      out(
        `   ESCALATE: stalled for ${e.escalation.run} identical Deltas on an unchanged tree (severity ${e.escalation.severity}${e.escalation.strong ? ", strong" : ""}); ` +
          `${e.answer.action === "continue" ? `a reviewer steps in and the loop goes on${e.answer.note ? ` (${e.answer.note})` : ""}` : "stopping"}\n`,
      );
      return;
  }
}

export const command: Command = {
  summary: "run the retry loop on a broken sample project with the real tsc and tests",
  async run(argv, io) {
    const args = commandArgs(argv, io, {
      name: "demo",
      help: HELP,
      valued: new Set(["audit-log", "budget-tokens", "timeout-ms"]),
      switches: new Set(["keep", "json"]),
    });
    if (typeof args === "number") return args;
    if (args.positionals.length > 0)
      return reportError(io, {
        code: "USAGE",
        message: "demo takes no arguments before --; see 'demo --help'",
      });
    const num = (name: string): number | undefined | string => {
      const v = args.flags.get(name);
      if (v === undefined) return undefined;
      return v === true || !/^\d+$/.test(v) ? `--${name} takes a whole number` : Number(v);
    };
    const budget = num("budget-tokens");
    const timeout = num("timeout-ms");
    if (typeof budget === "string") return reportError(io, { code: "USAGE", message: budget });
    if (typeof timeout === "string") return reportError(io, { code: "USAGE", message: timeout });
    // A budget the compactor refuses would only show every round falling back: refuse it here instead.
    if (typeof budget === "number" && (budget < MIN_BUDGET || budget > MAX_BUDGET))
      return reportError(io, {
        code: "USAGE",
        message: `--budget-tokens takes a whole number from ${MIN_BUDGET} to ${MAX_BUDGET} (the compactor's budget range)`,
      });
    if (timeout === 0)
      return reportError(io, { code: "USAGE", message: "--timeout-ms takes a whole number ≥ 1" });
    const auditFlag = args.flags.get("audit-log");
    if (auditFlag === true) return reportError(io, { code: "USAGE", message: "--audit-log takes a FILE" });
    const auditLog = resolve(io.cwd, auditFlag ?? `feedback-compactor-demo-${stamp(new Date())}.audit.jsonl`);
    if (existsSync(auditLog) && statSync(auditLog).size > 0) {
      return reportError(io, {
        code: "USAGE",
        message:
          "the audit log file already has entries; the demo writes a fresh one — pick another --audit-log",
      });
    }
    // FC-CLI-9: typescript is an optional dependency of the package, needed by this command only.
    if (resolveTsc() === null)
      return reportError(io, {
        code: "IO",
        message:
          "the demo's Verifier runs the TypeScript compiler, which is not installed here; install it with 'npm install typescript' (an optional dependency of feedback-compactor)",
      });
    const json = args.flags.has("json") || !io.isTTY;
    const out = (s: string) => io.stdout(s);

    let compactor: Compactor | undefined;
    let close: (() => Promise<void>) | undefined;
    if (args.rest.length > 0) {
      const started = await startProcessIut({ command: args.rest, cwd: io.cwd, env: io.env });
      if (!started.ok)
        return reportError(io, {
          code: "IO",
          message: `the implementation did not start: ${started.message}`,
        });
      compactor = withDeadline(iutCompactor(started.iut), typeof timeout === "number" ? timeout : 30_000);
      close = () => started.iut.close();
    }
    if (!json) {
      out(`feedback-compactor demo — compactor: ${compactor?.name ?? "reference (in-process)"}\n`);
      out(`audit log: ${auditLog}\n`);
    }
    try {
      const result = await runDemo({
        auditLog,
        env: io.env,
        keep: args.flags.has("keep"),
        ...(compactor ? { compactor } : {}),
        ...(typeof budget === "number" ? { budgetTokens: budget } : {}),
        onEvent: (e) => (json ? out(`${JSON.stringify({ event: e.type, ...e })}\n`) : textEvent(e, out)),
      });
      if ("error" in result) return reportError(io, { code: "IO", message: result.error });
      const o = result.outcome;
      const summary = {
        event: "outcome",
        status: o.status,
        attempts: o.attempts,
        escalations: o.escalations,
        compactorFailures: o.compactorFailures,
        auditLog: result.auditLog,
        auditEntries: result.auditEntries,
        auditHead: result.auditHead,
        ...(args.flags.has("keep") ? { workTree: result.workTree } : {}),
      };
      if (json) out(`${JSON.stringify(summary)}\n`);
      else {
        out(`\n── outcome: ${o.status} after ${o.attempts} attempt(s), ${o.escalations} escalation(s), `);
        out(`${o.compactorFailures} compactor failure(s)\n`);
        out(
          `audit log: ${result.auditLog} (${result.auditEntries} entries, head ${result.auditHead.slice(0, 16)}…)\n`,
        );
        if (args.flags.has("keep")) out(`work tree: ${result.workTree}\n`);
        out(`next: feedback-compactor audit verify ${result.auditLog}\n`);
      }
      return o.status === "pass" ? EXIT_OK : EXIT_FAIL;
    } finally {
      await close?.();
    }
  },
};
