// FC-STAGE5-1..4, FC-STAGE3-3, FC-CONSTRAINT-1, FC-RENDER-1..2: Stage 5 — pack the top-K causes into the Delta.
import { canonical, compareUnits } from "../canonical.ts";
import { fail } from "../errors.ts";
import { sha256Hex } from "../hash.ts";
import { trimTo } from "../text.ts";
import type { Tokenizer } from "../tokens.ts";
import type { CorrectionDelta, OpenRootCause, Redaction, VerdictStatus } from "../types.ts";
import { K_MAX, LIMITS, MAX_CONSTRAINTS } from "./constants.ts";
import { type Cause, causeIdentity } from "./model.ts";
import { type ConstraintDraft, compareConstraints, tombstone } from "./redaction/tombstone.ts";
import { truncation } from "./redaction/truncation.ts";

export interface CondenseInput {
  ordered: Cause[];
  allCauses: Cause[];
  constraints: ConstraintDraft[];
  lastRound: number;
  lastVerdict: VerdictStatus;
  resolvedSummary: string | null;
  budget: number;
  tokenizer: Tokenizer;
}

export interface CondenseOutput {
  delta: CorrectionDelta;
  renderedTokens: number;
  rendered: Cause[];
  omitted: Cause[];
  tombstones: Redaction[];
}

/** FC-STAGE3-3: earliest round in which each trace text was observed, over all causes. */
function traceOrigins(causes: Cause[]): Map<string, number> {
  const origin = new Map<string, number>();
  for (const c of causes) {
    if (!c.trace) continue;
    const prev = origin.get(c.trace.text);
    if (prev === undefined || c.trace.round < prev) origin.set(c.trace.text, c.trace.round);
  }
  return origin;
}

/** FC-CONSTRAINT-1: order, redact-trimmed text, de-duplicate, cap. */
function buildConstraints(
  drafts: ConstraintDraft[],
  lastRound: number,
  tombstones: Redaction[],
): ConstraintDraft[] {
  const seen = new Set<string>();
  const unique: ConstraintDraft[] = [];
  for (const d of [...drafts].sort(compareConstraints)) {
    const text = trimTo(d.text, LIMITS.constraint);
    if (seen.has(text)) continue;
    seen.add(text);
    unique.push({ ...d, text });
  }
  for (const d of unique.slice(MAX_CONSTRAINTS))
    tombstones.push(truncation.constraintDropped(lastRound, d.from));
  return unique.slice(0, MAX_CONSTRAINTS);
}

export function condense(input: CondenseInput): CondenseOutput {
  const { ordered, lastRound, budget, tokenizer } = input;
  const tombstones: Redaction[] = [];
  const n = ordered.length;
  const openSetHash = sha256Hex(canonical(ordered.map((c) => c.id).sort(compareUnits))).slice(0, 12);
  const constraints = buildConstraints(input.constraints, lastRound, tombstones);

  const render = (items: OpenRootCause[], cons: ConstraintDraft[]): CorrectionDelta => ({
    attempt: lastRound + 1,
    lastVerdict: input.lastVerdict,
    openRootCauses: items,
    resolvedSummary: input.resolvedSummary,
    omitted:
      items.length < n
        ? { count: n - items.length, auditLogId: `omitted.${openSetHash}.${items.length}` }
        : null,
    constraints: cons.map((c) => c.text),
    generatedAt: `r${lastRound}`,
  });
  const count = (d: CorrectionDelta): number => tokenizer.count(canonical(d));
  // Whether a Delta fits the budget. An o200k_base token is at least one byte of the text's UTF-8, so a text of no
  // more bytes than the budget fits without being counted: the same answer, and one count per Delta fewer.
  const fits = (d: CorrectionDelta): boolean => {
    const text = canonical(d);
    return Buffer.byteLength(text, "utf8") <= budget || tokenizer.count(text) <= budget;
  };

  // FC-STAGE5-3: constraints give way first when even the skeleton does not fit.
  while (constraints.length > 0 && !fits(render([], constraints))) {
    const dropped = constraints.pop()!;
    tombstones.push(
      tombstone(lastRound, dropped.from, "truncation", "constraint dropped: over the token budget"),
    );
  }
  // FC-STAGE5-3: no budget removes the fixed part; a budget it does not fit is refused, never exceeded.
  if (!fits(render([], constraints)))
    fail(
      "INVALID_REQUEST",
      "budgetTokens: the Delta's fixed part (attempt, verdict, resolved summary) does not fit",
      {
        field: "budgetTokens",
      },
    );

  // FC-STAGE5-2: greedy prefix; each cause in full, else without its trace, else stop.
  const origins = traceOrigins(input.allCauses);
  const carried = new Set<string>();
  const items: OpenRootCause[] = [];
  const rendered: Cause[] = [];
  for (let i = 0; i < Math.min(n, K_MAX); i++) {
    const c = ordered[i]!;
    let trace: string | null = null;
    if (c.trace)
      trace = carried.has(c.trace.text)
        ? `same as round ${origins.get(c.trace.text)}`
        : trimTo(c.trace.text, LIMITS.trace);
    const full: OpenRootCause = {
      rank: i + 1,
      ...causeIdentity(c),
      message: trimTo(c.message, LIMITS.message),
      trace,
      blocking: c.blocking,
    };
    if (fits(render([...items, full], constraints))) {
      items.push(full);
      rendered.push(c);
      if (c.trace && !carried.has(c.trace.text)) carried.add(c.trace.text);
      continue;
    }
    if (trace !== null) {
      const slim = { ...full, trace: null };
      if (fits(render([...items, slim], constraints))) {
        items.push(slim);
        rendered.push(c);
        tombstones.push(truncation.traceDropped(lastRound, c.id));
        continue;
      }
    }
    break;
  }
  const omitted = ordered.slice(items.length);
  omitted.forEach((c, j) => {
    tombstones.push(truncation.omitted(lastRound, c.id, items.length + j + 1, n));
  });
  const delta = render(items, constraints);
  return { delta, renderedTokens: count(delta), rendered, omitted, tombstones };
}
