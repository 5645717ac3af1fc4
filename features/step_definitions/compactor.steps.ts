// FC-REQ-*, FC-ID-3, FC-STAGE5-*, FC-REDACT-*, FC-SCAN-1, FC-STALL-1, FC-FALLBACK-1: Gherkin steps for the compactor,
// run against the implementation under test (features/support/iut.ts) and judged with the suite's own oracle
// (conformance/oracle/); the fallback steps examine the reference's orchestrator library (src/fallback.ts).
import assert from "node:assert/strict";
import { type DataTable, Given, Then, When } from "@cucumber/cucumber";
import { fallbackDelta } from "../../src/fallback.ts";
import type { CorrectionDelta, VerdictStatus } from "../../src/types.ts";
import { canonicalJson } from "../../conformance/oracle/canonical-json.ts";
import { minimalFallbackDelta } from "../../conformance/oracle/fallback.ts";
import { logCheckFailure } from "../../conformance/oracle/log-check.ts";
import { checkDeltaSchema } from "../../conformance/oracle/schemas.ts";
import { stallView } from "../../conformance/oracle/stall-view.ts";
import { o200kCount } from "../../conformance/oracle/token-count.ts";
import { getIut } from "../support/iut.ts";

type Json = Record<string, unknown>;
type Reply = { result?: unknown; error?: { code: string; message: string; field?: string } };

interface Log extends Json {
  correctionDelta: CorrectionDelta;
  rootCauses: { findingId: string; status: string; rule: string; rounds: number[] }[];
  resolvedFailures: { findingId: string; status: string }[];
  redactions: { from: string; rule: string; reason: string }[];
  compaction: { renderedTokens: number; budgetTokens: number; stallCandidate: boolean };
  sourceWindow: { lastRound: number; canonicalStateRef: string };
}

interface CompactorWorld {
  fcRequest?: Json & { rounds: Json[]; canonicalState: Json };
  fcBudget?: number;
  fcReply?: Reply;
  fcPrevious?: Log;
  /** How the orchestrator saw the last compaction end: a log, an error reply, no reply, or a log it refused. */
  fcOutcome?: "log" | "error" | "no reply" | "invalid log";
  fcTampered?: Log;
}

function request(w: CompactorWorld) {
  w.fcRequest ??= {
    taskSpec: { goal: "make the test suite pass" },
    canonicalState: { ref: "tree-1" },
    rounds: [],
  };
  return w.fcRequest;
}

function roundOf(w: CompactorWorld, index: number): Json {
  const rounds = request(w).rounds;
  let r = rounds.find((x) => x.index === index);
  if (!r) {
    r = {
      index,
      ts: `2026-11-30T10:${String(index % 60).padStart(2, "0")}:00Z`,
      workerTrace: [{ tool: "edit", output: `patch ${index}` }],
    };
    rounds.push(r);
    rounds.sort((a, b) => (a.index as number) - (b.index as number));
  }
  return r;
}

function verdictOf(w: CompactorWorld, index: number, status = "fail"): Json {
  const r = roundOf(w, index);
  r.verifierVerdict ??= { status, findings: [] };
  return r.verifierVerdict as Json;
}

/** A findings table: rule and message required; id, path, line (N or N-M), status, severity, keep, trace optional. */
function findingsFrom(table: DataTable): Json[] {
  return table.hashes().map((row) => {
    const f: Json = { rule: row.rule, message: row.message };
    if (row.id) f.id = row.id;
    if (row.path) {
      const loc: Json = { path: row.path };
      const m = /^(\d+)(?:-(\d+))?$/.exec(row.line ?? "");
      if (m) {
        loc.startLine = Number(m[1]);
        if (m[2]) loc.endLine = Number(m[2]);
      }
      f.location = loc;
    }
    if (row.status) f.status = row.status;
    if (row.severity) f.severity = row.severity;
    if (row.keep === "yes") f.keepForContext = true;
    if (row.trace) f.trace = row.trace;
    return f;
  });
}

async function compactNow(w: CompactorWorld): Promise<void> {
  const options = w.fcBudget === undefined ? {} : { budgetTokens: w.fcBudget };
  if (w.fcReply?.result !== undefined) w.fcPrevious = w.fcReply.result as Log;
  w.fcReply = await getIut().call("compact", { request: request(w), options });
  w.fcOutcome = w.fcReply.error ? "error" : "log";
}

function log(w: CompactorWorld): Log {
  assert.ok(w.fcReply, "nothing was compacted");
  assert.equal(w.fcReply.error, undefined, `expected a log, got error ${JSON.stringify(w.fcReply.error)}`);
  return w.fcReply.result as Log;
}

const ids = (list: string) => (list.trim() === "none" ? [] : list.split(",").map((s) => s.trim()));

// ---- building the request ----

Given<CompactorWorld>("a compaction request against the canonical state {string}", function (ref: string) {
  this.fcRequest = { taskSpec: { goal: "make the test suite pass" }, canonicalState: { ref }, rounds: [] };
});

Given<CompactorWorld>("the repository root is {string}", function (root: string) {
  request(this).canonicalState.repoRoot = root;
});

Given<CompactorWorld>("the task spec is:", function (doc: string) {
  request(this).taskSpec = JSON.parse(doc);
});

Given<CompactorWorld>(
  "the verifier's verdict on round {int} is {string} with these findings:",
  function (index: number, status: string, table: DataTable) {
    const v = verdictOf(this, index, status);
    v.status = status;
    v.findings = findingsFrom(table);
  },
);

Given<CompactorWorld>(
  "the verifier's verdict on round {int} is {string} with no findings",
  function (index: number, status: string) {
    const v = verdictOf(this, index, status);
    v.status = status;
    v.findings = [];
  },
);

Given<CompactorWorld>(
  "the verifier's notes on round {int} are {string}",
  function (index: number, notes: string) {
    verdictOf(this, index).notes = notes;
  },
);

Given<CompactorWorld>("round {int} has no verifier verdict", function (index: number) {
  delete roundOf(this, index).verifierVerdict;
});

Given<CompactorWorld>(
  "the verdict status of round {int} is {string}",
  function (index: number, status: string) {
    verdictOf(this, index).status = status;
  },
);

Given<CompactorWorld>(
  "round {int} is given the index {float}",
  function (index: number, replacement: number) {
    roundOf(this, index).index = replacement;
  },
);

Given<CompactorWorld>("the request also carries the unknown member {string}", function (member: string) {
  request(this)[member] = true;
});

Given<CompactorWorld>(
  "the canonical state overwrote lines {int} to {int} of {string} after round {int}",
  function (start: number, end: number, path: string, since: number) {
    const cs = request(this).canonicalState;
    const list = (cs.overwritten as Json[] | undefined) ?? [];
    list.push({ path, startLine: start, endLine: end, sinceRound: since });
    cs.overwritten = list;
  },
);

Given<CompactorWorld>("the canonical state is now {string}", function (ref: string) {
  request(this).canonicalState.ref = ref;
});

Given<CompactorWorld>("the budget is {int} tokens", function (budget: number) {
  this.fcBudget = budget;
});

Given<CompactorWorld>("the request carries the Delta of that compaction as its prior Delta", function () {
  request(this).priorDelta = log(this).correctionDelta;
});

Given<CompactorWorld>(
  "round {int} repeats the verdict of round {int}",
  function (index: number, from: number) {
    const source = verdictOf(this, from);
    roundOf(this, index).verifierVerdict = JSON.parse(JSON.stringify(source));
  },
);

// ---- compacting ----

When<CompactorWorld>("the implementation compacts the request", async function () {
  await compactNow(this);
});

When<CompactorWorld>("the implementation compacts the request again", async function () {
  await compactNow(this);
});

When<CompactorWorld>("the compaction ends without a reply", function () {
  // A crash or a timeout of the compactor: there is no reply to judge (FC-FALLBACK-1).
  this.fcReply = undefined;
  this.fcOutcome = "no reply";
});

When<CompactorWorld>(
  "the orchestrator validates a copy of the log whose attempt is {int}",
  function (attempt: number) {
    const tampered = JSON.parse(JSON.stringify(log(this))) as Log;
    tampered.correctionDelta.attempt = attempt;
    assert.equal(
      logCheckFailure(log(this)),
      null,
      "the untampered log already fails the orchestrator's checks",
    );
    assert.notEqual(logCheckFailure(tampered), null, "the orchestrator accepted a log with a wrong attempt");
    this.fcTampered = tampered;
    this.fcOutcome = "invalid log";
  },
);

// ---- outcomes ----

Then<CompactorWorld>("the compaction fails with {string}", function (code: string) {
  assert.ok(this.fcReply, "nothing was compacted");
  assert.ok(this.fcReply.error, `expected ${code}, got a log`);
  assert.equal(this.fcReply.error.code, code);
});

// FC-REQ-1: where the design leaves strictness open, a refusal or a log are both acceptable (FC-CASE-14).
Then<CompactorWorld>("the compaction fails with {string} or returns a log", function (code: string) {
  assert.ok(this.fcReply, "nothing was compacted");
  if (this.fcReply.error) assert.equal(this.fcReply.error.code, code);
  else assert.ok(typeof this.fcReply.result === "object" && this.fcReply.result !== null, "no log");
});

Then<CompactorWorld>("an error reply does not contain {string}", function (text: string) {
  assert.ok(this.fcReply, "nothing was compacted");
  if (!this.fcReply.error) return;
  const body = JSON.stringify(this.fcReply.error);
  assert.ok(!body.includes(text), `the error contains ${JSON.stringify(text)}`);
});

Then<CompactorWorld>("no log and no Delta are returned", function () {
  assert.ok(this.fcReply?.error, "expected an error reply");
  assert.equal(this.fcReply.result, undefined);
});

Then<CompactorWorld>("the reply does not contain {string}", function (text: string) {
  assert.ok(this.fcReply, "nothing was compacted");
  const body = JSON.stringify(this.fcReply);
  assert.ok(
    !body.includes(text) && !body.includes(JSON.stringify(text).slice(1, -1)),
    `the reply contains ${JSON.stringify(text)}`,
  );
});

Then<CompactorWorld>("the Delta does not contain {string}", function (text: string) {
  assert.ok(
    !canonicalJson(log(this).correctionDelta).includes(text),
    `the Delta contains ${JSON.stringify(text)}`,
  );
});

Then<CompactorWorld>("the Delta's open root causes are {string}", function (list: string) {
  assert.deepEqual(
    log(this).correctionDelta.openRootCauses.map((c) => c.findingId),
    ids(list),
  );
});

Then<CompactorWorld>("the Delta's open root causes are ranked 1 to {int}", function (k: number) {
  assert.deepEqual(
    log(this).correctionDelta.openRootCauses.map((c) => c.rank),
    Array.from({ length: k }, (_, i) => i + 1),
  );
});

Then<CompactorWorld>("root cause {string} has status {string}", function (id: string, status: string) {
  const c = log(this).rootCauses.find((x) => x.findingId === id);
  assert.ok(c, `no root cause ${id}`);
  assert.equal(c.status, status);
});

Then<CompactorWorld>("root cause {string} is among the resolved failures", function (id: string) {
  assert.ok(
    log(this).resolvedFailures.some((c) => c.findingId === id),
    `${id} is not in resolvedFailures`,
  );
});

Then<CompactorWorld>("the log has {int} root cause(s)", function (n: number) {
  assert.equal(log(this).rootCauses.length, n);
});

Then<CompactorWorld>("the Delta has no constraints", function () {
  assert.deepEqual(log(this).correctionDelta.constraints, []);
});

Then<CompactorWorld>(
  "the log records a {string} tombstone for {string} with the reason {string}",
  function (rule: string, from: string, reason: string) {
    const hit = log(this).redactions.some((t) => t.rule === rule && t.from === from && t.reason === reason);
    assert.ok(hit, `no ${rule} tombstone for ${from}: ${JSON.stringify(log(this).redactions)}`);
  },
);

// Relations, not the reference's wording (spec/SPEC.md §0): which rule fired, from which cause.
Then<CompactorWorld>(
  "the log records a {string} tombstone for {string}",
  function (rule: string, from: string) {
    const hit = log(this).redactions.some((t) => t.rule === rule && t.from === from);
    assert.ok(hit, `no ${rule} tombstone for ${from}: ${JSON.stringify(log(this).redactions)}`);
  },
);

Then<CompactorWorld>(
  "the log records a {string} tombstone for the notes of round {int}",
  function (rule: string, k: number) {
    const notes = log(this)
      .rootCauses.filter((c) => c.rule === "verifier:notes" && c.rounds.includes(k))
      .map((c) => c.findingId);
    assert.ok(
      log(this).redactions.some((t) => t.rule === rule && notes.includes(t.from)),
      `no ${rule} tombstone from the notes cause of round ${k}`,
    );
  },
);

/** Does the constraint name every part as a whole token (FC-REDACT-SUPERSEDED-2, -STALE-1: facts, not words)? */
function names(constraint: string, parts: string[]): boolean {
  return parts.every((p) => {
    let at = constraint.indexOf(p);
    while (at >= 0) {
      const before = at === 0 ? "" : constraint[at - 1]!;
      const after = constraint[at + p.length] ?? "";
      if (!/[A-Za-z0-9_]/.test(before) && !/[A-Za-z0-9_]/.test(after)) return true;
      at = constraint.indexOf(p, at + 1);
    }
    return false;
  });
}

Then<CompactorWorld>("the Delta has {int} constraint(s) naming {string}", function (n: number, what: string) {
  const cs = log(this).correctionDelta.constraints;
  assert.equal(cs.length, n, JSON.stringify(cs));
  assert.ok(
    cs.some((c) => names(c, [what])),
    `no constraint names ${what}: ${JSON.stringify(cs)}`,
  );
});

Then<CompactorWorld>(
  "the Delta has {int} constraint(s) naming {string} lines {int} to {int}",
  function (n: number, path: string, from: number, to: number) {
    const cs = log(this).correctionDelta.constraints;
    assert.equal(cs.length, n, JSON.stringify(cs));
    assert.ok(
      cs.some((c) => names(c, [path, String(from), String(to)])),
      `no constraint names ${path} lines ${from} to ${to}: ${JSON.stringify(cs)}`,
    );
  },
);

Then<CompactorWorld>(
  "a constraint names {string} lines {int} to {int}",
  function (path: string, from: number, to: number) {
    const cs = log(this).correctionDelta.constraints;
    assert.ok(
      cs.some((c) => names(c, [path, String(from), String(to)])),
      `no constraint names ${path} lines ${from} to ${to}: ${JSON.stringify(cs)}`,
    );
  },
);

Then<CompactorWorld>(
  "the Delta has {int} constraint(s), one of them naming {string} at {string}",
  function (n: number, rule: string, loc: string) {
    const cs = log(this).correctionDelta.constraints;
    assert.equal(cs.length, n, JSON.stringify(cs));
    assert.ok(
      cs.some((c) => c.includes(rule) && c.includes(loc)),
      `no constraint names ${rule} at ${loc}: ${JSON.stringify(cs)}`,
    );
  },
);

Then<CompactorWorld>("the log records no tombstone for {string}", function (from: string) {
  assert.deepEqual(
    log(this).redactions.filter((t) => t.from === from),
    [],
  );
});

Then<CompactorWorld>(
  "the message of {string} in the Delta is {string}",
  function (id: string, message: string) {
    const c = log(this).correctionDelta.openRootCauses.find((x) => x.findingId === id);
    assert.ok(c, `${id} is not in the Delta`);
    assert.equal(c.message, message);
  },
);

Then<CompactorWorld>("{string} is in the Delta without its trace", function (id: string) {
  const c = log(this).correctionDelta.openRootCauses.find((x) => x.findingId === id);
  assert.ok(c, `${id} is not in the Delta`);
  assert.equal(c.trace, null);
});

Then<CompactorWorld>(
  "the rendered Delta counts at most {int} tokens of o200k_base",
  function (budget: number) {
    const l = log(this);
    const actual = o200kCount(canonicalJson(l.correctionDelta));
    assert.equal(
      l.compaction.renderedTokens,
      actual,
      "renderedTokens is not the true count of the canonical Delta",
    );
    assert.ok(actual <= budget, `the Delta counts ${actual} tokens, over ${budget}`);
    assert.equal(l.compaction.budgetTokens, budget);
  },
);

Then<CompactorWorld>("the omitted marker counts {int} root cause(s)", function (n: number) {
  const omitted = log(this).correctionDelta.omitted;
  assert.ok(omitted, "the Delta has no omitted marker");
  assert.equal(omitted.count, n);
});

Then<CompactorWorld>("the Delta has no omitted marker", function () {
  assert.equal(log(this).correctionDelta.omitted, null);
});

Then<CompactorWorld>(
  "every root cause is rendered, counted as omitted, or resolved, exactly once",
  function () {
    const l = log(this);
    const rendered = l.correctionDelta.openRootCauses.map((c) => c.findingId);
    const open = l.rootCauses.filter((c) => c.status === "open");
    const omitted = l.correctionDelta.omitted?.count ?? 0;
    assert.equal(rendered.length + omitted, open.length, "open causes are neither rendered nor counted");
    assert.equal(open.length + l.resolvedFailures.length, l.rootCauses.length);
    for (const id of rendered)
      assert.ok(
        open.some((c) => c.findingId === id),
        `${id} is rendered but not open`,
      );
  },
);

Then<CompactorWorld>("the log is flagged as a stall candidate", function () {
  assert.equal(log(this).compaction.stallCandidate, true);
});

Then<CompactorWorld>("the log is not flagged as a stall candidate", function () {
  assert.equal(log(this).compaction.stallCandidate, false);
});

Then<CompactorWorld>("the two Deltas have the same stall view", function () {
  assert.ok(this.fcPrevious, "there is no earlier compaction");
  assert.equal(stallView(log(this).correctionDelta), stallView(this.fcPrevious.correctionDelta));
});

Then<CompactorWorld>("the two Deltas have different stall views", function () {
  assert.ok(this.fcPrevious, "there is no earlier compaction");
  assert.notEqual(stallView(log(this).correctionDelta), stallView(this.fcPrevious.correctionDelta));
});

/**
 * The orchestrator's stall rule: the loop is stalled when the new log is a stall candidate (FC-STALL-1) AND the
 * Worker left the canonical state unchanged since the prior compaction. A candidate after a state change is the
 * Worker trying something that did not help yet — not a stall.
 */
function stalled(w: CompactorWorld): boolean {
  assert.ok(w.fcPrevious, "there is no earlier compaction");
  const next = log(w);
  return (
    next.compaction.stallCandidate &&
    next.sourceWindow.canonicalStateRef === w.fcPrevious.sourceWindow.canonicalStateRef
  );
}

Then<CompactorWorld>("by the orchestrator's rule the loop is stalled", function () {
  assert.equal(stalled(this), true);
});

Then<CompactorWorld>("by the orchestrator's rule the loop is not stalled", function () {
  assert.equal(stalled(this), false);
});

Then<CompactorWorld>("the two logs are identical", function () {
  assert.ok(this.fcPrevious, "there is no earlier compaction");
  assert.equal(canonicalJson(log(this)), canonicalJson(this.fcPrevious));
});

function lastRound(w: CompactorWorld): { index: number; status: VerdictStatus } {
  const rounds = request(w).rounds;
  const r = rounds[rounds.length - 1]!;
  const v = r.verifierVerdict as Json | undefined;
  return {
    index: r.index as number,
    status: ((v?.status as VerdictStatus | undefined) ?? "fail") as VerdictStatus,
  };
}

Then<CompactorWorld>("the orchestrator falls back to the prior Delta unchanged", function () {
  assert.notEqual(this.fcOutcome, "log", "the compaction succeeded; there is nothing to fall back from");
  const prior = request(this).priorDelta as CorrectionDelta;
  assert.ok(prior, "the request has no prior Delta");
  const { index, status } = lastRound(this);
  const fb = fallbackDelta({ lastRound: index, lastVerdict: status, priorDelta: prior });
  assert.equal(canonicalJson(fb), canonicalJson(prior));
});

Then<CompactorWorld>("the orchestrator falls back to the minimal Delta of round {int}", function (n: number) {
  assert.notEqual(this.fcOutcome, "log", "the compaction succeeded; there is nothing to fall back from");
  const { status } = lastRound(this);
  const fb = fallbackDelta({ lastRound: n, lastVerdict: status, priorDelta: null });
  assert.ok(checkDeltaSchema(fb).ok, "the fallback Delta does not satisfy the correctionDelta schema");
  assert.deepEqual(fb, minimalFallbackDelta(n, status));
});

Then<CompactorWorld>(
  "the log's source window names round {int} as the last and {string} as the state",
  function (n: number, ref: string) {
    const w = log(this).sourceWindow;
    assert.equal(w.lastRound, n);
    assert.equal(w.canonicalStateRef, ref);
  },
);
