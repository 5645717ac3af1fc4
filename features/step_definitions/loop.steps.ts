// FC-LOOP-*, FC-STALLDET-*, FC-SPLICE-*: Gherkin steps for the retry loop, run in-process with fake roles.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DataTable, Given, Then, When } from "@cucumber/cucumber";
import { readAuditLog } from "../../src/audit/store.ts";
import { FALLBACK_CONSTRAINT, fallbackDelta } from "../../src/fallback.ts";
import { fileAuditSink, memoryAuditSink } from "../../src/loop/audit-sink.ts";
import { iutCompactor, referenceCompactor, withDeadline } from "../../src/loop/compactors.ts";
import { type Escalation, type LoopOutcome, runLoop } from "../../src/loop/orchestrator.ts";
import { buildPrompt, DELTA_OPEN, deltaInPrompt } from "../../src/loop/splice.ts";
import type { AuditSink, Compactor, LoopAuditRecord } from "../../src/loop/types.ts";
import type { CorrectionDelta, InputFinding } from "../../src/types.ts";
import { implementation } from "../support/iut.ts";

interface LoopWorld {
  finding: InputFinding;
  edits: (string | null)[];
  maxAttempts?: number;
  compactor?: Compactor;
  continueOnEscalation?: boolean;
  /** The token budget an escalation answered "continue" asks for. */
  continueBudget?: number;
  outcome?: LoopOutcome;
  prompts: string[];
  escalatedAt: number[];
  escalations: Escalation[];
  records: LoopAuditRecord[];
  /** Scripted verdicts: row i is attempt i + 1; the last row repeats. Overrides `finding`. */
  script?: { status: string; findings: InputFinding[] }[];
  /** What the Verifier answers on dispatch k (1, 2, …) of an attempt; overrides everything else. */
  verdictOf?: (attempt: number, dispatch: number) => unknown;
  verifierCalls: number;
  /** Every compaction call: how many rounds the request held and the budget asked for. */
  compactCalls: { rounds: number; budgetTokens: number }[];
  taskSpec?: unknown;
  plan?: string;
  workerOutput: string;
  auditFailAfter?: number;
  auditFile?: string;
  stallRounds?: number;
  reader?: ReturnType<typeof deltaInPrompt>;
  auditText?: string;
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
  x.escalations ??= [];
  x.records ??= [];
  x.verifierCalls ??= 0;
  x.compactCalls ??= [];
  x.workerOutput ??= "WORKER-TRACE";
  return x as LoopWorld;
};

const ref = referenceCompactor();
const fallbackDeltaFor = (round: number) =>
  fallbackDelta({ lastRound: round, lastVerdict: "fail", priorDelta: null });
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
  "returns a schemaVersion 1.0": () => alter((l) => ({ ...l, schemaVersion: "1.0" })),
  "returns no schemaVersion": () =>
    alter((l) => {
      const { schemaVersion: _, ...rest } = l;
      return rest;
    }),
  "returns error SECRET_LEAK": () => wrap("leaking", async () => ({ kind: "error", code: "SECRET_LEAK" })),
  "returns an error code that is free text": () =>
    wrap("chatty", async () => ({ kind: "error", code: "oops: token FOREIGN-SECRET-TEXT leaked" })),
  "answers with a heuristic confidence method": () =>
    alter((l) => ({ ...l, confidence: { ...(l.confidence as object), method: "heuristic" } })),
  "crashes on the second round only": () => {
    let n = 0;
    return wrap("flaky", async (req, o) => {
      n++;
      if (n === 2) throw new Error("boom");
      return ref.compact(req, o);
    });
  },
  "always claims a stall candidate": () =>
    alter((l) => ({ ...l, compaction: { ...(l.compaction as object), stallCandidate: true } })),
  "never claims a stall candidate": () =>
    alter((l) => ({ ...l, compaction: { ...(l.compaction as object), stallCandidate: false } })),
};

Given("the Verifier reports the same failing finding every round", function () {
  world(this);
});

Given("the finding is {}", function (what: string) {
  const severity = { "an error": "error", "a warning": "warning", "an info": "info" }[what];
  assert.ok(severity, `unknown severity '${what}'`);
  world(this).finding.severity = severity as InputFinding["severity"];
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

/** A finding for a scripted rule code: one per code, on its own line of src/a.ts. */
const findingFor = (code: string, line: number): InputFinding => ({
  rule: `tsc:${code}`,
  message: `problem ${code}`,
  location: { path: "src/a.ts", startLine: line },
});

Given("the Verifier reports per attempt:", function (table: DataTable) {
  world(this).script = table.hashes().map((row) => ({
    status: row.status!,
    findings:
      row.rules === "-" ? [] : row.rules!.split(",").map((code, i) => findingFor(code.trim(), 10 + i)),
  }));
});

Given("the Verifier passes from attempt {int}", function (n: number) {
  const w = world(this);
  w.verdictOf = (attempt) =>
    attempt >= n
      ? { status: "pass", findings: [], notes: "" }
      : { status: "fail", findings: [{ ...w.finding }], notes: "" };
});

const MALFORMED: Record<string, () => unknown> = {
  "an unknown status": () => ({ status: "flaky", findings: [], notes: "" }),
  "findings that are not a list": () => ({ status: "fail", findings: "TS2304", notes: "" }),
  "a finding without a message": () => ({ status: "fail", findings: [{ rule: "tsc:TS2304" }], notes: "" }),
  "no verdict at all": () => undefined,
  "an exception": () => {
    throw new Error("verifier crashed");
  },
};

Given("the Verifier's first answer in every attempt is {}", function (kind: string) {
  const w = world(this);
  const bad = MALFORMED[kind];
  assert.ok(bad, `no malformed verdict named '${kind}'`);
  w.verdictOf = (_attempt, dispatch) =>
    dispatch === 1 ? bad() : { status: "fail", findings: [{ ...w.finding }], notes: "" };
});

Given("the Verifier always answers with {}", function (kind: string) {
  const bad = MALFORMED[kind];
  assert.ok(bad, `no malformed verdict named '${kind}'`);
  world(this).verdictOf = () => bad();
});

Given("the task spec is the text {string}", function (text: string) {
  world(this).taskSpec = text;
});

Given("the plan is the text {string}", function (text: string) {
  world(this).plan = text;
});

Given("the Worker's trace says {string}", function (text: string) {
  world(this).workerOutput = text;
});

Given("the audit sink fails after {int} records", function (n: number) {
  world(this).auditFailAfter = n;
});

Given("the Audit Log is a file", function () {
  world(this).auditFile = join(mkdtempSync(join(tmpdir(), "fc-loop-audit-")), "audit.jsonl");
});

Given("the stall threshold is {int} rounds", function (n: number) {
  world(this).stallRounds = n;
});

Given(
  "escalations are answered {string} with a budget of {int} tokens",
  function (answer: string, n: number) {
    const w = world(this);
    w.continueOnEscalation = answer === "continue";
    w.continueBudget = n;
  },
);

Given(
  "the compactor is the implementation under test, reached through the conformance interface",
  async function () {
    world(this).compactor = iutCompactor(await implementation());
  },
);

When("the loop runs", async function () {
  const w = world(this);
  const applied: string[] = [];
  let audit: AuditSink & { records?: LoopAuditRecord[] };
  let close = () => {};
  if (w.auditFile !== undefined) {
    const sink = fileAuditSink(w.auditFile, { key: "feature-test-key" });
    assert.ok(!("error" in sink), "the audit file could not be opened");
    audit = sink;
    close = () => sink.close();
  } else {
    const sink = memoryAuditSink();
    sink.failAfter = w.auditFailAfter;
    audit = sink;
  }
  const inner = w.compactor ?? ref;
  const recording: Compactor = {
    name: inner.name,
    compact(req, o) {
      w.compactCalls.push({ rounds: (req.rounds as unknown[]).length, budgetTokens: o.budgetTokens });
      return inner.compact(req, o);
    },
  };
  const dispatches = new Map<number, number>();
  try {
    w.outcome = await runLoop({
      taskSpec: w.taskSpec ?? { goal: "TASK-SPEC-TEXT" },
      plan: () => w.plan ?? "PLAN-TEXT",
      worker: {
        attempt: async ({ attempt, prompt }) => {
          w.prompts.push(prompt);
          return {
            trace: [{ tool: "worker", output: w.workerOutput }],
            edits: w.edits[attempt - 1] ?? null,
          };
        },
      },
      workspace: {
        apply: async (e) => {
          if (typeof e === "string") applied.push(e);
          return [];
        },
        stateRef: async () => `s${applied.length}`,
      },
      verifier: {
        verify: async ({ attempt }) => {
          w.verifierCalls++;
          const k = (dispatches.get(attempt) ?? 0) + 1;
          dispatches.set(attempt, k);
          if (w.verdictOf) return w.verdictOf(attempt, k) as never;
          if (w.script) {
            const row = w.script[Math.min(attempt, w.script.length) - 1]!;
            return { status: row.status as "fail", findings: row.findings.map((f) => ({ ...f })), notes: "" };
          }
          return { status: "fail", findings: [{ ...w.finding }], notes: "" };
        },
      },
      compactor: recording,
      audit,
      now: () => "t",
      maxAttempts: w.maxAttempts ?? 8,
      ...(w.stallRounds !== undefined ? { stall: { stallRounds: w.stallRounds } } : {}),
      onEscalate: async (e) => {
        w.escalatedAt.push(e.round);
        w.escalations.push(e);
        if (!w.continueOnEscalation) return { action: "stop" };
        return w.continueBudget !== undefined
          ? { action: "continue", budgetTokens: w.continueBudget }
          : { action: "continue" };
      },
    });
  } finally {
    close();
  }
  if (w.auditFile !== undefined) {
    w.auditText = readFileSync(w.auditFile, "utf8");
    w.records = readAuditLog(w.auditFile).entries as LoopAuditRecord[];
    rmSync(join(w.auditFile, ".."), { recursive: true, force: true });
  } else {
    w.records = audit.records ?? [];
  }
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

// ---- FC-LOOP-1..3, FC-LOOP-5, FC-LOOP-9..10 ----

const list = (text: string) => text.split(",").map((s) => s.trim());

Then("the compactor was called with the rounds so far: {string}", function (counts: string) {
  assert.deepEqual(
    world(this).compactCalls.map((c) => c.rounds),
    list(counts).map(Number),
  );
});

Then("the compactor was never called", function () {
  assert.equal(world(this).compactCalls.length, 0);
});

Then("the compactor was asked for a budget of {string} tokens in turn", function (budgets: string) {
  assert.deepEqual(
    world(this).compactCalls.map((c) => c.budgetTokens),
    list(budgets).map(Number),
  );
});

Then("the Verifier was dispatched {int} times", function (n: number) {
  assert.equal(world(this).verifierCalls, n);
});

Then("round {int} used the compactor's Delta", function (k: number) {
  const r = world(this).outcome!.rounds[k - 1]!;
  assert.equal(r.deltaSource, "compactor");
  assert.equal(r.fallbackReason, undefined);
});

Then("round {int} carried {int} resolved finding(s)", function (k: number, n: number) {
  assert.equal(world(this).outcome!.rounds[k - 1]!.carried, n);
});

Then("the Delta of round {int} has open root causes {string}", function (k: number, rules: string) {
  const d = world(this).outcome!.rounds[k - 1]!.delta!;
  assert.deepEqual(
    d.openRootCauses.map((c) => c.rule).sort(),
    list(rules)
      .map((r) => `tsc:${r}`)
      .sort(),
  );
});

Then(
  "the audit record {string} lists {string} as resolved in round {int}",
  function (id: string, code: string, round: number) {
    const rec = world(this).records.find((r) => r.id === id);
    assert.ok(rec, `no audit record ${id}`);
    const f = (rec.findings as InputFinding[]).find((x) => x.rule === `tsc:${code}`);
    assert.ok(f, `${id} does not list tsc:${code}`);
    assert.equal(f.status, "resolved");
    assert.equal(f.message, `problem ${code}`);
    assert.deepEqual(f.location, { path: "src/a.ts", startLine: 10 });
    assert.equal(rec.carriedResolved, 1);
    assert.equal(rec.round, round);
  },
);

Then("the audit record ids of round {int} start with {string}", function (k: number, ids: string) {
  const got = world(this)
    .records.filter((r) => r.round === k || r.id === `c${k}`)
    .map((r) => r.id);
  const want = list(ids);
  assert.deepEqual(got.slice(0, want.length), want);
});

Then("the audit log holds the records {string}", function (ids: string) {
  const got = world(this).records.map((r) => r.id);
  for (const id of list(ids)) assert.ok(got.includes(id), `no audit record ${id}; have ${got.join(", ")}`);
});

Then("every audit record id is written once", function () {
  const ids = world(this).records.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
});

Then("the audit log has a compaction record {string} derived from the log", function (id: string) {
  const rec = world(this).records.find((r) => r.id === id);
  assert.ok(rec, `no audit record ${id}`);
  assert.equal(rec.kind, "compaction");
  assert.equal(typeof rec.compactorId, "string");
  assert.equal(typeof rec.renderedTokens, "number");
});

Then(
  "the {word} decision of round {int} carries the Delta the next Worker got",
  function (action: string, k: number) {
    const w = world(this);
    const rec = w.records.find((r) => r.kind === "decision" && r.round === k && r.action === action);
    assert.ok(rec, `no ${action} decision in round ${k}`);
    if (action === "fallback") assert.equal(typeof rec.reason, "string");
    assert.deepEqual(rec.delta, deltaInPrompt(w.prompts[k]!));
  },
);

Then("the fallback decision of round {int} records the code {string}", function (k: number, code: string) {
  const rec = world(this).records.find(
    (r) => r.kind === "decision" && r.round === k && r.action === "fallback",
  );
  assert.ok(rec, `no fallback decision in round ${k}`);
  assert.equal(rec.code, code);
});

Then("no audit record contains {string}", function (text: string) {
  const w = world(this);
  const all = w.auditText ?? JSON.stringify(w.records);
  assert.ok(!all.includes(text), `the Audit Log contains ${text}`);
});

Then("the transcript of round {int} is masked and carries a keyed digest", function (k: number) {
  const rec = world(this).records.find((r) => r.id === `r${k}.transcript`);
  assert.ok(rec, `no transcript for round ${k}`);
  assert.match(JSON.stringify(rec.workerTrace), /«redacted:secret»/);
  assert.equal(rec.digestOf, undefined);
  assert.equal(typeof rec.digest, "string");
});

Then("the splice decision of round {int} carries the warning {string}", function (k: number, text: string) {
  const w = world(this);
  const rec = w.records.find((r) => r.kind === "decision" && r.round === k && r.action === "splice");
  assert.ok(rec, `no splice decision in round ${k}`);
  assert.ok((rec.warnings as string[]).some((x) => x.includes(text)));
  assert.ok(w.outcome!.rounds[k - 1]!.warnings.some((x) => x.includes(text)));
});

Then(
  "the report of round {int} reads state {string}, verdict {string}, {int} finding(s), {int} carried, Delta from the {word}",
  function (k: number, stateRef: string, verdict: string, findings: number, carried: number, source: string) {
    const r = world(this).outcome!.rounds[k - 1]!;
    assert.deepEqual(
      {
        stateRef: r.stateRef,
        verdict: r.verdict,
        findings: r.findings,
        carried: r.carried,
        deltaSource: r.deltaSource,
      },
      { stateRef, verdict, findings, carried, deltaSource: source },
    );
    assert.ok(r.delta, "the round reports its Delta");
    assert.ok(r.stall, "the round reports its stall verdict");
    assert.ok(Array.isArray(r.warnings));
    if (source === "compactor") assert.equal(r.severity, "error");
  },
);

// ---- FC-SPLICE-1..5 ----

Then("the second Worker's Delta is exactly the correctionDelta round 1 produced", function () {
  const w = world(this);
  assert.deepEqual(deltaOfWorker(w, "second"), w.outcome!.rounds[0]!.delta);
});

Then("the first Worker's prompt starts with the task spec as canonical JSON", function () {
  assert.ok(world(this).prompts[0]!.startsWith('<task-spec>\n{"goal":"TASK-SPEC-TEXT"}\n</task-spec>\n'));
});

Then("the {word} Worker's Delta is round {int}'s Delta", function (which: string, k: number) {
  const w = world(this);
  const p = w.prompts[ORDINAL[which]!]!;
  assert.equal(p.split(DELTA_OPEN).length - 1, 1, "one Delta block");
  assert.deepEqual(deltaOfWorker(w, which), w.outcome!.rounds[k - 1]!.delta);
});

Then("every Worker's prompt has at most one Delta open tag and one close tag, in any case", function () {
  const w = world(this);
  assert.ok(w.prompts.length >= 2);
  for (const p of w.prompts) {
    assert.ok((p.match(/<correction-delta/gi) ?? []).length <= 1);
    assert.ok((p.match(/<\/correction-delta/gi) ?? []).length <= 1);
  }
});

Then("the task spec and the plan reach the Worker with their tags written {string}", function (text: string) {
  const p = world(this).prompts[1]!;
  assert.ok(p.includes(text), `the prompt does not contain ${text}`);
  assert.ok(deltaOfWorker(world(this), "second"), "the Delta is still read back");
});

When("a reader parses a prompt holding two Delta blocks", function () {
  const w = world(this);
  const d = fallbackDeltaFor(1);
  const one = buildPrompt({ taskSpec: "T", delta: d, plan: "" });
  w.reader = deltaInPrompt(one + one);
});

When("a reader parses a prompt built around one Delta", function () {
  const w = world(this);
  w.reader = deltaInPrompt(buildPrompt({ taskSpec: "T", delta: fallbackDeltaFor(1), plan: "P" }));
});

Then("the reader reports an error", function () {
  const r = world(this).reader;
  assert.ok(r !== null && typeof r === "object" && "error" in r);
});

Then("the reader recovers that Delta", function () {
  assert.deepEqual(world(this).reader, fallbackDeltaFor(1));
});

// ---- FC-STALLDET-1..6 ----

Then(
  "escalation {int} recorded severity {string}, run {int}, threshold {int} and strong {word}",
  function (i: number, severity: string, run: number, threshold: number, strong: string) {
    const w = world(this);
    const e = w.escalations[i - 1];
    assert.ok(e, `no escalation ${i}`);
    assert.deepEqual(
      { severity: e.severity, run: e.run, threshold: e.threshold, strong: e.strong },
      { severity, run, threshold, strong: strong === "true" },
    );
    const rec = w.records.filter((r) => r.kind === "decision" && r.action === "escalate")[i - 1];
    assert.ok(rec, `no escalate decision ${i}`);
    assert.deepEqual(
      { severity: rec.severity, run: rec.run, threshold: rec.threshold, strong: rec.strong },
      { severity, run, threshold, strong: strong === "true" },
    );
  },
);
