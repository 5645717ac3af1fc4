// FC-CASE-1: a small authoring vocabulary for the compact conformance cases (the JSON files are the product).

export type Status = "pass" | "fail" | "blocked";

export interface CaseDoc {
  id: string;
  /** Set by the writer: the command that regenerates the file and its source module. */
  generatedBy?: string;
  description: string;
  requirements: string[];
  profile: "required" | "reference" | "stage1-raw" | "optional" | "byte-exact";
  command: "compact";
  input?: Record<string, unknown>;
  expect?: Expect;
  steps?: { input: Record<string, unknown>; expect: Expect }[];
  notes?: string;
}

export interface Expect {
  error?: { code: string; field?: string };
  result?: unknown;
  assertions?: Record<string, unknown>[];
  bytes?: string;
  anyOf?: Expect[];
}

type Obj = Record<string, unknown>;

/** A location; `endLine` only when given. */
export function at(path: string, startLine?: number, endLine?: number): Obj {
  const l: Obj = { path };
  if (startLine !== undefined) l.startLine = startLine;
  if (endLine !== undefined) l.endLine = endLine;
  return l;
}

/** An input finding with a supplied id (the common case: expectations can then name it). */
export function f(id: string, rule: string, message: string, extra: Obj = {}): Obj {
  return { id, rule, message, ...extra };
}

/** An input finding without an id (the compactor computes it, FC-ID-1). */
export function anon(rule: string, message: string, extra: Obj = {}): Obj {
  return { rule, message, ...extra };
}

export function round(index: number, status: Status, findings: Obj[], extra: Obj = {}): Obj {
  const { notes, ts, workerTrace, artifacts } = extra;
  const verdict: Obj = { status, findings };
  if (notes !== undefined) verdict.notes = notes;
  if (artifacts !== undefined) verdict.artifacts = artifacts;
  return {
    index,
    ts: ts ?? `2026-11-30T10:${String(index % 60).padStart(2, "0")}:00Z`,
    workerTrace: workerTrace ?? [{ tool: "edit", output: `applied patch ${index}` }],
    verifierVerdict: verdict,
  };
}

export interface RequestExtra {
  taskSpec?: unknown;
  canonicalState?: Obj;
  priorDelta?: unknown;
}

export function request(rounds: Obj[], extra: RequestExtra = {}): Obj {
  const req: Obj = {
    taskSpec: "taskSpec" in extra ? extra.taskSpec : { goal: "make the test suite pass" },
    canonicalState: extra.canonicalState ?? { ref: "tree-5e1d" },
    rounds,
  };
  if ("priorDelta" in extra) req.priorDelta = extra.priorDelta;
  return req;
}

/** The assertion vocabulary of conformance/case.schema.json. */
export const a = {
  eq: (pointer: string, value: unknown): Obj => ({ check: "equals", pointer, value }),
  proj: (pointer: string, project: string, value: unknown[]): Obj => ({
    check: "equals",
    pointer,
    project,
    value,
  }),
  len: (pointer: string, value: number): Obj => ({ check: "length", pointer, value }),
  has: (pointer: string, value: unknown): Obj => ({ check: "contains", pointer, value }),
  hasNot: (pointer: string, value: unknown): Obj => ({ check: "notContains", pointer, value }),
  absent: (text: string, pointer?: string): Obj =>
    pointer === undefined ? { check: "absentText", text } : { check: "absentText", text, pointer },
  present: (text: string, pointer?: string): Obj =>
    pointer === undefined ? { check: "presentText", text } : { check: "presentText", text, pointer },
  match: (pointer: string, pattern: string): Obj => ({ check: "matches", pointer, pattern }),
  lte: (pointer: string, than: number | string): Obj => ({
    check: "lte",
    pointer,
    than: typeof than === "number" ? than : { pointer: than },
  }),
  gte: (pointer: string, than: number | string): Obj => ({
    check: "gte",
    pointer,
    than: typeof than === "number" ? than : { pointer: than },
  }),
  isNull: (pointer: string): Obj => ({ check: "isNull", pointer }),
  notNull: (pointer: string): Obj => ({ check: "notNull", pointer }),
  /** FC-CASE-11: equal to another value (`step` omitted = this reply). */
  same: (pointer: string, to: string, step?: number, project?: string): Obj => ({
    check: "equals",
    pointer,
    ...(project === undefined ? {} : { project }),
    to: {
      ...(step === undefined ? {} : { step }),
      pointer: to,
      ...(project === undefined ? {} : { project }),
    },
  }),
  differs: (pointer: string, to: string, step?: number): Obj => ({
    check: "notEquals",
    pointer,
    to: { ...(step === undefined ? {} : { step }), pointer: to },
  }),
  distinct: (pointer: string, project?: string): Obj =>
    project === undefined ? { check: "distinct", pointer } : { check: "distinct", pointer, project },
  ordered: (pointer: string, project: string, order: "ascending" | "descending", strict = false): Obj => ({
    check: "ordered",
    pointer,
    project,
    order,
    ...(strict ? { strict: true } : {}),
  }),
  isIn: (pointer: string, to: string, project?: string): Obj => ({
    check: "in",
    pointer,
    to: project === undefined ? { pointer: to } : { pointer: to, project },
  }),
  allIn: (pointer: string, project: string | undefined, to: string, toProject?: string): Obj => ({
    check: "allIn",
    pointer,
    ...(project === undefined ? {} : { project }),
    to: toProject === undefined ? { pointer: to } : { pointer: to, project: toProject },
  }),
  lt: (pointer: string, than: string, step?: number): Obj => ({
    check: "lt",
    pointer,
    than: { ...(step === undefined ? {} : { step }), pointer: than },
  }),
  /** renderedTokens is the suite's own o200k_base count of the canonical Delta (FC-CASE-12). */
  tokensCounted: (): Obj => ({
    check: "tokenCount",
    pointer: "/compaction/renderedTokens",
    of: "/correctionDelta",
  }),
  tokensAtMost: (than: number): Obj => ({ check: "tokensAtMost", pointer: "/correctionDelta", than }),
  /** FC-STAGE1-4: the repo-relative location path `repoPath`, however the implementation spells it (`./` or not). */
  path: (pointer: string, repoPath: string): Obj => ({
    check: "matches",
    pointer,
    pattern: `^(?:\\./)?${esc(repoPath)}$`,
  }),
  /** Some element of the array names every part (FC-CASE-5 anyMatches), whatever the words around them. */
  names: (pointer: string, ...parts: string[]): Obj => ({
    check: "anyMatches",
    pointer,
    pattern: naming(...parts),
  }),
  /** No element of the array names every part. */
  namesNone: (pointer: string, ...parts: string[]): Obj => ({
    check: "noneMatches",
    pointer,
    pattern: naming(...parts),
  }),
};

/** FC-CASE-14: acceptable answers; `assertions` beside them hold for every reply. */
export function either(...answers: Expect[]): Expect {
  return { anyOf: answers };
}

/** Escapes a literal for an ECMAScript pattern. */
const esc = (t: string) => t.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");

/**
 * A pattern that holds when a string names every part as a whole token (not inside a longer word or number), in
 * any order and any wording around them: `do not re-introduce the reverted block at src/a.ts:5-8` and `never
 * restore lines 5 to 8 of src/a.ts` both name `src/a.ts`, `5` and `8`.
 */
export function naming(...parts: string[]): string {
  return `^${parts.map((p) => `(?=[\\s\\S]*(?<![A-Za-z0-9_])${esc(p)}(?![A-Za-z0-9_]))`).join("")}`;
}

/** FC-CASE-10: a value taken from an earlier step's log. */
export const fromStep = (step: number, pointer: string): Obj => ({ $fromStep: step, pointer });

/** Common pointers. */
export const P = {
  open: "/correctionDelta/openRootCauses",
  delta: "/correctionDelta",
  constraints: "/correctionDelta/constraints",
  omitted: "/correctionDelta/omitted",
  summary: "/correctionDelta/resolvedSummary",
  causes: "/rootCauses",
  resolved: "/resolvedFailures",
  findings: "/findings",
  redactions: "/redactions",
  refs: "/evidence/refs",
};

export interface CaseSpec {
  description: string;
  requirements: string[];
  request: unknown;
  budget?: number;
  /** Options object sent as is (overrides `budget`), e.g. to send an invalid budget. */
  options?: Obj;
  /** Send the compact message without any `options` member. */
  noOptions?: boolean;
  error?: string;
  assertions?: Obj[];
  /** FC-CASE-14: acceptable answers (beside them, `assertions` hold for every reply). */
  anyOf?: Expect[];
  result?: unknown;
  profile?: CaseDoc["profile"];
  notes?: string;
  /** FC-CASE-9: further requests after the first (`request` + `assertions` are step 0). */
  more?: { request: unknown; budget?: number; assertions?: Obj[]; error?: string }[];
}

/** One case; `area` and `claim` give both the file path and the id (`compact.<area>.<claim>`). */
export function kase(area: string, claim: string, s: CaseSpec): CaseDoc {
  if (/\bshould\b/i.test(s.description)) throw new Error(`${area}/${claim}: state the claim as a fact`);
  const options = s.options ?? (s.budget === undefined ? {} : { budgetTokens: s.budget });
  const expect: CaseDoc["expect"] = {};
  if (s.error !== undefined) expect.error = { code: s.error };
  if (s.result !== undefined) expect.result = s.result;
  if (s.assertions !== undefined && s.assertions.length > 0) expect.assertions = s.assertions;
  if (s.anyOf !== undefined) expect.anyOf = s.anyOf;
  if (s.profile === "byte-exact") expect.bytes = "";
  if (Object.keys(expect).length === 0) throw new Error(`${area}/${claim}: no expectation`);
  const input = s.noOptions ? { request: s.request } : { request: s.request, options };
  const doc: CaseDoc = {
    id: `compact.${area}.${claim}`,
    description: s.description,
    requirements: s.requirements,
    profile: s.profile ?? "required",
    command: "compact",
  };
  if (s.more === undefined) {
    doc.input = input;
    doc.expect = expect;
  } else {
    doc.steps = [
      { input, expect },
      ...s.more.map((t) => {
        const e: Expect = {};
        if (t.error !== undefined) e.error = { code: t.error };
        if (t.assertions !== undefined && t.assertions.length > 0) e.assertions = t.assertions;
        return {
          input: { request: t.request, options: t.budget === undefined ? {} : { budgetTokens: t.budget } },
          expect: e,
        };
      }),
    ];
  }
  if (s.notes !== undefined) doc.notes = s.notes;
  return doc;
}
