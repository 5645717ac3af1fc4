// FC-REDACT-SENSITIVE-3..10: no planted secret leaks in any kind × embedding × field; benign look-alikes stay visible.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BENIGN, EMBEDDINGS, FIELDS, KINDS, leaks, outputViews, rng } from "./testing/corpus.ts";
import { measure, redactField } from "./testing/measure.ts";

describe("corpus shape", () => {
  it("has ≥ 40 kinds, ≥ 8 embeddings (the nine the issue names among them) and every log field", () => {
    expect(new Set(KINDS.map((k) => k.kind)).size).toBeGreaterThanOrEqual(40);
    const names = EMBEDDINGS.map((e) => e.name);
    for (const n of [
      "plain",
      "env-dump",
      "json-escaped",
      "stack-trace",
      "assertion-diff",
      "quoted",
      "url-query",
      "long-prefix",
      "windows-log",
    ]) {
      expect(names).toContain(n);
    }
    expect([...FIELDS]).toEqual(["message", "trace", "notes", "workerOutput", "locationPath"]);
    for (const f of ["provider", "structural", "assignment", "entropy", "pii"]) {
      expect(KINDS.filter((k) => k.family === f).length).toBeGreaterThanOrEqual(1);
    }
  });

  it("generates format-valid fakes deterministically from a seed", () => {
    const a = KINDS.map((k) => k.make(rng(5)).planted);
    const b = KINDS.map((k) => k.make(rng(5)).planted);
    expect(a).toEqual(b);
    expect(a.every((p) => p.length >= 8)).toBe(true);
  });
});

describe("recall over the whole grid", () => {
  it("lets no planted secret through (every kind × embedding × field, one seed)", () => {
    const m = measure(1, 0);
    expect(m.cases).toBe(KINDS.length * EMBEDDINGS.length * FIELDS.length);
    expect(m.leaks).toEqual([]);
  });

  it("masks at most 5% of benign look-alikes", () => {
    const m = measure(0, 60);
    expect(m.benign.tokens).toBe(BENIGN.length * 60);
    expect(m.benign.rate).toBeLessThanOrEqual(0.05);
  });
});

describe("properties", () => {
  it("for any planted secret in any embedding and field, no 16-character window reaches the output", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(KINDS.length - 1),
        fc.nat(EMBEDDINGS.length - 1),
        fc.nat(FIELDS.length - 1),
        fc.integer({ min: 1, max: 1_000_000 }),
        (ki, ei, fi, seed) => {
          const kind = KINDS[ki]!;
          const emb = EMBEDDINGS[ei]!;
          const field = FIELDS[fi]!;
          seen.add(`${kind.kind}|${emb.name}|${field}`);
          const r = rng(seed);
          const p = kind.make(r);
          const out = redactField(field, emb.embed(p.planted, r));
          for (const v of outputViews(out)) expect(leaks(p.secret, v)).toBe(false);
        },
      ),
      { numRuns: 1500, seed: 2024 },
    );
    // The generator demonstrably reaches the grid: every kind, every embedding, every field, and most pairs.
    const kinds = new Set([...seen].map((s) => s.split("|")[0]));
    const embs = new Set([...seen].map((s) => s.split("|")[1]));
    const fields = new Set([...seen].map((s) => s.split("|")[2]));
    expect(kinds.size).toBe(KINDS.length);
    expect(embs.size).toBe(EMBEDDINGS.length);
    expect(fields.size).toBe(FIELDS.length);
    const pairs = new Set([...seen].map((s) => s.split("|").slice(0, 2).join("|")));
    expect(pairs.size / (KINDS.length * EMBEDDINGS.length)).toBeGreaterThan(0.6);
  });

  it("benign look-alikes survive inside arbitrary surrounding text", () => {
    fc.assert(
      fc.property(
        fc.nat(BENIGN.length - 1),
        fc.integer({ min: 1, max: 1e6 }),
        fc.constantFrom("", "at ", "(", "'", "\n"),
        (bi, seed, lead) => {
          const t = BENIGN[bi]!.make(rng(seed));
          if (/^(?:token|password|secret): string$/.test(t)) return;
          const out = redactField("message", `${lead}${t} ok`);
          // The whole-corpus rate is bounded separately; here a benign token is never turned into a secret mask.
          expect(out.includes("«redacted:secret»") && !out.includes(t)).toBe(false);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });
});
