// FC-REDACT-SENSITIVE-10: recall by kind over kinds × embeddings × fields, and the benign masking rate.
import { redactPath, redactText } from "../redactor.ts";
import {
  BENIGN,
  BENIGN_CONTEXTS,
  EMBEDDINGS,
  FIELDS,
  type Field,
  KINDS,
  leaks,
  outputViews,
  rng,
} from "./corpus.ts";

export const REPO_ROOT = "/home/runner/work/app/app";

/** Redacts `text` the way the pipeline treats the field (location paths go through redactPath). */
export function redactField(field: Field, text: string): string {
  const ctx = { repoRoot: REPO_ROOT };
  return field === "locationPath" ? redactPath(text, ctx).path : redactText(text, ctx).text;
}

export interface Leak {
  kind: string;
  embedding: string;
  field: Field;
  seed: number;
}

export interface Measurement {
  cases: number;
  leaks: Leak[];
  recallByKind: Record<string, { planted: number; caught: number; recall: number }>;
  benign: {
    tokens: number;
    masked: number;
    rate: number;
    byKind: Record<string, { tokens: number; masked: number }>;
  };
  maskedExamples: string[];
}

export function measure(seeds = 2, benignPerKind = 40): Measurement {
  const leaksFound: Leak[] = [];
  const recallByKind: Measurement["recallByKind"] = {};
  let cases = 0;
  for (const k of KINDS) {
    const rec = { planted: 0, caught: 0, recall: 0 };
    for (let seed = 1; seed <= seeds; seed++) {
      for (const e of EMBEDDINGS) {
        for (const field of FIELDS) {
          const r = rng(seed * 7919 + cases);
          const p = k.make(r);
          const out = redactField(field, e.embed(p.planted, r));
          cases++;
          rec.planted++;
          if (outputViews(out).some((v) => leaks(p.secret, v)))
            leaksFound.push({ kind: k.kind, embedding: e.name, field, seed });
          else rec.caught++;
        }
      }
    }
    rec.recall = rec.caught / rec.planted;
    recallByKind[k.kind] = rec;
  }
  const byKind: Measurement["benign"]["byKind"] = {};
  let tokens = 0;
  let masked = 0;
  const maskedExamples: string[] = [];
  const r = rng(42);
  for (const b of BENIGN) {
    const rec = { tokens: 0, masked: 0 };
    for (let i = 0; i < benignPerKind; i++) {
      const t = b.make(r);
      const ctx = BENIGN_CONTEXTS[i % BENIGN_CONTEXTS.length]!;
      const out = redactText(ctx(t), { repoRoot: REPO_ROOT }).text;
      rec.tokens++;
      if (!out.includes(t)) {
        rec.masked++;
        if (maskedExamples.length < 200) maskedExamples.push(`${b.kind}: ${ctx(t)}`);
      }
    }
    tokens += rec.tokens;
    masked += rec.masked;
    byKind[b.kind] = rec;
  }
  return {
    cases,
    leaks: leaksFound,
    recallByKind,
    benign: { tokens, masked, rate: masked / tokens, byKind },
    maskedExamples,
  };
}

// ---- the keyed grid (FC-REDACT-SENSITIVE-14..18) ----

export interface KeyedMeasurement {
  cases: number;
  byKind: Record<string, { planted: number; caught: number }>;
  leaks: { kind: string; embedding: string; planted: string }[];
  benign: { tokens: number; masked: number; rate: number; examples: string[] };
}

/** Embeddings the keyed grid is planted in (a subset of EMBEDDINGS: each case is also run raw). */
const KEYED_EMBEDDINGS = ["plain", "json-escaped", "double-json-escaped", "stack-trace", "assertion-diff"];

/**
 * Plants every case of `cases` raw and in the chosen embeddings; `every` thins the grid (1 = all cases).
 * The kind reported is the text before the first "/" plus the rest, so recall reads by family and syntax.
 */
export function measureKeyed(
  cases: { kind: string; planted: string; secret: string }[],
  benign: { kind: string; make: (r: () => number) => string }[],
  opts: { every?: number; embeddings?: string[]; benignPerKind?: number } = {},
): KeyedMeasurement {
  const every = opts.every ?? 1;
  const embs = EMBEDDINGS.filter((e) => (opts.embeddings ?? KEYED_EMBEDDINGS).includes(e.name));
  const byKind: KeyedMeasurement["byKind"] = {};
  const found: KeyedMeasurement["leaks"] = [];
  let n = 0;
  const r = rng(99);
  for (let i = 0; i < cases.length; i += every) {
    const c = cases[i]!;
    const rec = byKind[c.kind] ?? { planted: 0, caught: 0 };
    byKind[c.kind] = rec;
    const runs: [string, string][] = [
      ["raw", c.planted],
      ...embs.map((e) => [e.name, e.embed(c.planted, r)] as [string, string]),
    ];
    for (const [emb, text] of runs) {
      const out = redactText(text, { repoRoot: REPO_ROOT }).text;
      n++;
      rec.planted++;
      if (outputViews(out).some((v) => leaks(c.secret, v)))
        found.push({ kind: c.kind, embedding: emb, planted: c.planted });
      else rec.caught++;
    }
  }
  let tokens = 0;
  let masked = 0;
  const examples: string[] = [];
  const br = rng(7);
  for (const b of benign) {
    for (let i = 0; i < (opts.benignPerKind ?? 30); i++) {
      const t = b.make(br);
      const out = redactText(t, { repoRoot: REPO_ROOT }).text;
      tokens++;
      if (out !== t) {
        masked++;
        if (examples.length < 30) examples.push(`${b.kind}: ${t} -> ${out}`);
      }
    }
  }
  return { cases: n, byKind, leaks: found, benign: { tokens, masked, rate: masked / tokens, examples } };
}
