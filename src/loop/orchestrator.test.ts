// FC-LOOP-1..12, FC-FALLBACK-1: the loop with fake roles — fallback on crash, timeout and invalid logs, stalls, audit.
import { describe, expect, it } from "vitest";
import { FALLBACK_CONSTRAINT } from "../fallback.ts";
import type { InputFinding, VerifierVerdict } from "../types.ts";
import { memoryAuditSink } from "./audit-sink.ts";
import { referenceCompactor, withDeadline } from "./compactors.ts";
import { type LoopConfig, runLoop } from "./orchestrator.ts";
import { deltaInPrompt } from "./splice.ts";
import type { Compactor, Workspace } from "./types.ts";

const finding = (message: string, line = 3): InputFinding => ({
  rule: "tsc:TS2304",
  message,
  location: { path: "src/a.ts", startLine: line },
});
const fail = (...fs: InputFinding[]): VerifierVerdict => ({ status: "fail", findings: fs, notes: "" });
const PASS: VerifierVerdict = { status: "pass", findings: [], notes: "" };

/** A tree whose state ref is the list of edits applied so far; an edit `null` changes nothing. */
function fakeWorkspace(): Workspace & { applied: string[] } {
  const applied: string[] = [];
  return {
    applied,
    repoRoot: "/repo",
    async apply(edits) {
      if (typeof edits === "string") applied.push(edits);
      return [{ tool: "apply", output: String(edits) }];
    },
    async stateRef() {
      return `s${applied.length}`;
    },
  };
}

function setup(verdicts: VerifierVerdict[], edits: (string | null)[], extra: Partial<LoopConfig> = {}) {
  const prompts: string[] = [];
  const audit = memoryAuditSink();
  const config: LoopConfig = {
    taskSpec: { goal: "fix it" },
    worker: {
      async attempt({ attempt, prompt }) {
        prompts.push(prompt);
        return {
          trace: [{ tool: "worker", output: `WORKER-TRACE-${attempt}` }],
          edits: edits[attempt - 1] ?? null,
        };
      },
    },
    workspace: fakeWorkspace(),
    verifier: {
      async verify({ attempt }) {
        return verdicts[Math.min(attempt, verdicts.length) - 1]!;
      },
    },
    compactor: referenceCompactor(),
    audit,
    now: () => "t",
    ...extra,
  };
  return { config, prompts, audit };
}

describe("the loop (FC-LOOP-1..4)", () => {
  it("ends at the first passing verdict and shows each Worker at most one Delta, never raw traces", async () => {
    const { config, prompts, audit } = setup(
      [fail(finding("a")), fail(finding("a")), PASS],
      ["e1", "e2", "e3"],
    );
    const out = await runLoop(config);
    expect(out).toMatchObject({ status: "pass", attempts: 3, escalations: 0, compactorFailures: 0 });
    expect(deltaInPrompt(prompts[0]!)).toBeNull();
    expect((deltaInPrompt(prompts[1]!) as { attempt: number }).attempt).toBe(2);
    expect((deltaInPrompt(prompts[2]!) as { attempt: number }).attempt).toBe(3);
    for (const p of prompts) expect(p).not.toMatch(/WORKER-TRACE|rootCauses|redactions|evidence/);
    const ids = audit.records.map((r) => r.id);
    for (const id of ["r1.verdict", "r1.transcript", "c1", "d1.1", "r2.verdict", "c2", "r3.verdict", "d3.1"])
      expect(ids).toContain(id);
    expect(audit.records.find((r) => r.id === "d3.1")).toMatchObject({ action: "pass" });
  });

  it("escalates at the round where two identical Deltas meet an unchanged state, and only then", async () => {
    // Round 2 repeats the Delta on a changed state (no stall); round 3 repeats it on the same state (stall).
    const { config } = setup([fail(finding("a"))], ["e1", "e2", null, "e4"]);
    const events: string[] = [];
    const out = await runLoop({
      ...config,
      onEvent: (e) => e.type === "escalate" && events.push(`esc@${e.escalation.round}`),
    });
    expect(out.status).toBe("stalled");
    expect(out.attempts).toBe(3);
    expect(events).toEqual(["esc@3"]);
    expect(out.rounds.map((r) => r.stall?.reason)).toEqual([
      "first-delta",
      "state-changed",
      "identical-delta-same-state",
    ]);
  });

  it("resolves a finding the Verifier stops reporting, so it leaves the Delta", async () => {
    const { config } = setup([fail(finding("a"), finding("b", 9)), fail(finding("a"))], ["e1", "e2", "e3"], {
      maxAttempts: 2,
    });
    const out = await runLoop(config);
    expect(out.status).toBe("exhausted");
    const d2 = out.rounds[1]!.delta!;
    expect(d2.openRootCauses.map((c) => c.message)).toEqual(["a"]);
    expect(d2.resolvedSummary).toBe("1 prior finding resolved in round 2");
    expect(d2.constraints.some((c) => c.startsWith("do not re-chase resolved finding"))).toBe(true);
  });
});

describe("compactor failures (FC-LOOP-7, FC-LOOP-8, FC-FALLBACK-1)", () => {
  const crashing: Compactor = {
    name: "crashing",
    async compact() {
      throw new Error("boom");
    },
  };

  it("a crash on the first round gives the minimal Delta, never a blank one, and the loop goes on", async () => {
    const { config, prompts, audit } = setup([fail(finding("a")), PASS], ["e1", "e2"], {
      compactor: crashing,
    });
    const out = await runLoop(config);
    expect(out.status).toBe("pass");
    expect(out.compactorFailures).toBe(1);
    const d = deltaInPrompt(prompts[1]!) as { attempt: number; lastVerdict: string; constraints: string[] };
    expect(d).toMatchObject({ attempt: 2, lastVerdict: "fail", constraints: [FALLBACK_CONSTRAINT] });
    expect(audit.records.find((r) => r.id === "d1.1")).toMatchObject({
      action: "fallback",
      reason: "crash",
      from: "minimal",
    });
  });

  it("after a good Delta, a failing compactor falls back to that Delta unchanged", async () => {
    let calls = 0;
    const flaky: Compactor = {
      name: "flaky",
      async compact(req, o) {
        calls++;
        if (calls === 1) return referenceCompactor().compact(req, o);
        if (calls === 2) return { kind: "log", log: { schemaVersion: "1.0.0", nonsense: true } };
        return new Promise(() => {});
      },
    };
    const { config, prompts } = setup([fail(finding("a"))], ["e1", "e2", "e3", "e4"], {
      compactor: withDeadline(flaky, 50),
      maxAttempts: 3,
    });
    const out = await runLoop(config);
    expect(out.rounds.map((r) => [r.deltaSource, r.fallbackReason])).toEqual([
      ["compactor", undefined],
      ["fallback", "invalid-log"],
      ["fallback", "timeout"],
    ]);
    expect(prompts[2]).toBe(prompts[1]);
    expect(deltaInPrompt(prompts[2]!)).toEqual(out.rounds[0]!.delta);
    // Fallback rounds say nothing about progress: no stall although the Delta repeats on a changing state.
    expect(out.escalations).toBe(0);
  });

  it("re-compacts once when the log names a stale state, then falls back", async () => {
    const liar: Compactor = {
      name: "liar",
      async compact(req, o) {
        const r = await referenceCompactor().compact(
          { ...req, canonicalState: { ...(req.canonicalState as object), ref: "old" } },
          o,
        );
        return r.kind === "log" ? { kind: "log", log: r.log } : r;
      },
    };
    const { config, audit } = setup([fail(finding("a"))], ["e1"], { compactor: liar, maxAttempts: 1 });
    const out = await runLoop(config);
    expect(out.rounds[0]!.fallbackReason).toBe("stale-window");
    expect(audit.records.filter((r) => r.kind === "decision").map((r) => r.action)).toEqual([
      "recompact",
      "fallback",
      "stop",
    ]);
  });

  it("a log over a supported major but a wrong version is refused (fail closed)", async () => {
    const future: Compactor = {
      name: "future",
      async compact(req, o) {
        const r = await referenceCompactor().compact(req, o);
        return r.kind === "log" ? { kind: "log", log: { ...(r.log as object), schemaVersion: "2.0.0" } } : r;
      },
    };
    const { config } = setup([fail(finding("a"))], ["e1"], { compactor: future, maxAttempts: 1 });
    expect((await runLoop(config)).rounds[0]!.fallbackReason).toBe("unsupported-version");
  });
});

describe("verifier and audit failures (FC-LOOP-3, FC-LOOP-9)", () => {
  it("re-dispatches the Verifier for a malformed verdict, then stops", async () => {
    let n = 0;
    const { config } = setup([], ["e1"], {
      verifier: {
        async verify() {
          n++;
          return { status: "maybe" } as unknown as VerifierVerdict;
        },
      },
    });
    expect((await runLoop(config)).status).toBe("verifier-failed");
    expect(n).toBe(2);
  });

  it("stops when the Audit Log cannot be written (no record loss)", async () => {
    const { config, audit } = setup([fail(finding("a"))], ["e1", "e2"]);
    audit.failAfter = 3;
    const out = await runLoop(config);
    expect(out.status).toBe("audit-failed");
    expect(out.attempts).toBe(1);
  });

  it("an escalation answered with 'continue' goes on with the raised budget (FC-STALLDET-6)", async () => {
    const budgets: number[] = [];
    const spy: Compactor = {
      name: "spy",
      async compact(req, o) {
        budgets.push(o.budgetTokens);
        return referenceCompactor().compact(req, o);
      },
    };
    const { config } = setup([fail(finding("a")), fail(finding("a")), fail(finding("a")), PASS], ["e1"], {
      compactor: spy,
      onEscalate: async () => ({ action: "continue", budgetTokens: 1024 }),
    });
    const out = await runLoop(config);
    // Stall at round 2 (same tree); after "continue" a further stall needs a new run: round 3 repeats again.
    expect(out).toMatchObject({ status: "pass", escalations: 2 });
    expect(budgets).toEqual([512, 512, 1024]);
  });
});
