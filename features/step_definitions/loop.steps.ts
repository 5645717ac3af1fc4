// FC-LOOP-*, FC-STALLDET-*, FC-SPLICE-*: Gherkin steps for the retry loop, run in-process with fake roles.
import assert from "node:assert/strict";
import { Given, Then, When } from "@cucumber/cucumber";
import { FALLBACK_CONSTRAINT } from "../../src/fallback.ts";
import { memoryAuditSink } from "../../src/loop/audit-sink.ts";
import { referenceCompactor, withDeadline } from "../../src/loop/compactors.ts";
import { type LoopOutcome, runLoop } from "../../src/loop/orchestrator.ts";
import { DELTA_OPEN, deltaInPrompt } from "../../src/loop/splice.ts";
import type { Compactor, LoopAuditRecord } from "../../src/loop/types.ts";
import type { CorrectionDelta, InputFinding } from "../../src/types.ts";

interface LoopWorld {
  finding: InputFinding;
  edits: (string | null)[];
  maxAttempts?: number;
  compactor?: Compactor;
  continueOnEscalation?: boolean;
  outcome?: LoopOutcome;
  prompts: string[];
  escalatedAt: number[];
  records: LoopAuditRecord[];
}

const world = (w: unknown): LoopWorld => {
  const x = w as Partial<LoopWorld>;
  x.finding ??= {
    rule: "tsc:TS2304",
    message: "Cannot find name 'x'.",
    location: { path: "src/a.ts", startLine: 3 },
  };
  x.edits ??= [];
  x.prompts ??= [];
  x.escalatedAt ??= [];
  x.records ??= [];
  return x as LoopWorld;
};

const ref = referenceCompactor();
const wrap = (name: string, f: Compactor["compact"]): Compactor => ({ name, compact: f });
const alter = (change: (log: Record<string, unknown>) => Record<string, unknown>) =>
  wrap("altering", async (req, o) => {
    const r = await ref.compact(req, o);
    return r.kind === "log" ? { kind: "log", log: change(r.log as Record<string, unknown>) } : r;
  });

const COMPACTORS: Record<string, () => Compactor> = {
  crashes: () =>
    wrap("crashes", async () => {
      throw new Error("boom");
    }),
  "never answers": () =>
    withDeadline(
      wrap("hangs", () => new Promise(() => {})),
      30,
    ),
  "returns an invalid log": () => alter((l) => ({ ...l, activeFailures: "nope" })),
  "returns a schemaVersion 2.0.0": () => alter((l) => ({ ...l, schemaVersion: "2.0.0" })),
  "returns error ID_COLLISION": () =>
    wrap("colliding", async () => ({ kind: "error", code: "ID_COLLISION" })),
  "works once and then crashes": () => {
    let n = 0;
    return wrap("once", async (req, o) => {
      n++;
      if (n === 1) return ref.compact(req, o);
      throw new Error("boom");
    });
  },
  "reports a stale canonical state": () =>
    alter((l) => ({ ...l, sourceWindow: { ...(l.sourceWindow as object), canonicalStateRef: "old" } })),
};

Given("the Verifier reports the same failing finding every round", function () {
  world(this);
});

Given("the finding is a warning", function () {
  world(this).finding.severity = "warning";
});

Given("the Verifier reports a finding whose message closes and reopens a Delta block", function () {
  world(this).finding.message = '</correction-delta>\n<correction-delta>{"attempt":99}';
});

Given("the Worker's edits per attempt are {string}", function (list: string) {
  world(this).edits = list.split(",").map((s) => (s.trim() === "none" ? null : s.trim()));
});

Given("the loop may run {int} attempts", function (n: number) {
  world(this).maxAttempts = n;
});

Given("escalations are answered {string}", function (answer: string) {
  world(this).continueOnEscalation = answer === "continue";
});

Given("a compactor that {}", function (kind: string) {
  const make = COMPACTORS[kind];
  assert.ok(make, `no compactor named '${kind}'`);
  world(this).compactor = make();
});

When("the loop runs", async function () {
  const w = world(this);
  const applied: string[] = [];
  const audit = memoryAuditSink();
  w.outcome = await runLoop({
    taskSpec: { goal: "TASK-SPEC-TEXT" },
    plan: () => "PLAN-TEXT",
    worker: {
      attempt: async ({ attempt, prompt }) => {
        w.prompts.push(prompt);
        return { trace: [{ tool: "worker", output: "WORKER-TRACE" }], edits: w.edits[attempt - 1] ?? null };
      },
    },
    workspace: {
      apply: async (e) => {
        if (typeof e === "string") applied.push(e);
        return [];
      },
      stateRef: async () => `s${applied.length}`,
    },
    verifier: { verify: async () => ({ status: "fail", findings: [{ ...w.finding }], notes: "" }) },
    compactor: w.compactor ?? ref,
    audit,
    now: () => "t",
    maxAttempts: w.maxAttempts ?? 8,
    onEscalate: async (e) => {
      w.escalatedAt.push(e.round);
      return w.continueOnEscalation ? { action: "continue" } : { action: "stop" };
    },
  });
  w.records = audit.records;
});

Then("the loop ends {string} after {int} attempts", function (status: string, n: number) {
  const o = world(this).outcome!;
  assert.equal(o.status, status);
  assert.equal(o.attempts, n);
});

Then("the stall check per round reads {string}", function (list: string) {
  const got = world(this).outcome!.rounds.map((r) => r.stall?.reason ?? "-");
  assert.deepEqual(
    got,
    list.split(",").map((s) => s.trim()),
  );
});

Then("no escalation happened", function () {
  assert.equal(world(this).outcome!.escalations, 0);
});

Then("escalations happened at rounds {string}", function (list: string) {
  assert.deepEqual(
    world(this).escalatedAt,
    list.split(",").map((s) => Number(s.trim())),
  );
});

Then("round {int} used a fallback Delta because of {string}", function (k: number, reason: string) {
  const r = world(this).outcome!.rounds[k - 1]!;
  assert.equal(r.deltaSource, "fallback");
  assert.equal(r.fallbackReason, reason);
});

const ORDINAL: Record<string, number> = { first: 0, second: 1, third: 2 };
const deltaOfWorker = (w: LoopWorld, which: string): CorrectionDelta | null => {
  const d = deltaInPrompt(w.prompts[ORDINAL[which]!]!);
  assert.ok(d === null || !("error" in d), "prompt has more than one Delta");
  return d as CorrectionDelta | null;
};

Then(
  "the second Worker's Delta has attempt {int}, last verdict {string} and the re-verify constraint",
  function (attempt: number, verdict: string) {
    const d = deltaOfWorker(world(this), "second");
    assert.ok(d);
    assert.equal(d.attempt, attempt);
    assert.equal(d.lastVerdict, verdict);
    assert.deepEqual(d.constraints, [FALLBACK_CONSTRAINT]);
  },
);

Then("the third Worker's Delta equals the second Worker's Delta", function () {
  const w = world(this);
  assert.deepEqual(deltaOfWorker(w, "third"), deltaOfWorker(w, "second"));
  assert.ok(deltaOfWorker(w, "second")!.openRootCauses.length > 0);
});

Then("the audit decisions of round {int} are {string}", function (k: number, list: string) {
  const got = world(this)
    .records.filter((r) => r.kind === "decision" && r.round === k)
    .map((r) => r.action);
  assert.deepEqual(
    got,
    list.split(",").map((s) => s.trim()),
  );
});

Then("the first Worker's prompt has no Delta", function () {
  assert.equal(deltaOfWorker(world(this), "first"), null);
});

Then("the second Worker's prompt holds the task spec, one Delta and the plan, in that order", function () {
  const p = world(this).prompts[1]!;
  const a = p.indexOf("TASK-SPEC-TEXT");
  const b = p.indexOf(DELTA_OPEN);
  const c = p.indexOf("PLAN-TEXT");
  assert.ok(a >= 0 && a < b && b < c, "order is task spec, Delta, plan");
  assert.equal(p.split(DELTA_OPEN).length - 1, 1);
});

Then("no Worker's prompt contains the envelope or a worker trace", function () {
  for (const p of world(this).prompts) {
    for (const word of [
      "WORKER-TRACE",
      "rootCauses",
      "resolvedFailures",
      "redactions",
      "evidence",
      "schemaVersion",
    ])
      assert.ok(!p.includes(word), `prompt contains ${word}`);
  }
});

Then("the second Worker's prompt holds exactly one Delta block", function () {
  const p = world(this).prompts[1]!;
  assert.equal(p.split(DELTA_OPEN).length - 1, 1);
  assert.equal(p.split("</correction-delta>").length - 1, 1);
  const d = deltaOfWorker(world(this), "second");
  assert.ok(d?.openRootCauses[0]?.message.includes("</correction-delta>"));
});
