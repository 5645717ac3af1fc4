// Benchmark support: synthetic requests shaped like a long-running loop (many rounds, hundreds of live findings).

/** Deterministic pseudo-random generator (LCG), so every run benchmarks the same bytes. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const RULES = [
  "tsc:TS2304",
  "tsc:TS2322",
  "eslint:no-unused-vars",
  "test:assert-eq",
  "test:timeout",
  "gcc:error",
  "lsp:unused-import",
];
const WORDS =
  "cannot find name type string is not assignable to number expected received value property does not exist on undefined".split(
    " ",
  );

/** A request with `rounds` rounds of about `live` findings each, drawn from a slowly changing set of causes. */
export function benchRequest(rounds: number, live: number, seed = 42): unknown {
  const rnd = lcg(seed);
  const causes = Array.from({ length: live * 2 }, (_, i) => {
    const words = Array.from({ length: 40 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(" ");
    return {
      id: `c${i}`,
      rule: RULES[i % RULES.length]!,
      path: `src/module${i % 97}/file${i % 13}.ts`,
      line: 1 + Math.floor(rnd() * 900),
      message: `${words} (case ${i}) at /home/ci/work/repo/src/module${i % 97}/file${i % 13}.ts`,
      trace:
        i % 5 === 0
          ? `Error: failure ${i % 11}\n    at fn (src/module${i % 97}/file${i % 13}.ts:10:3)\n    at run (src/run.ts:4:1)`
          : null,
      first: 0,
    };
  });
  const out = [];
  for (let r = 1; r <= rounds; r++) {
    const start = Math.floor(((r - 1) / rounds) * live);
    const findings = [];
    for (let k = 0; k < live; k++) {
      const c = causes[start + k]!;
      if (c.first === 0) c.first = r;
      const shift = Math.floor(rnd() * 3);
      findings.push({
        rule: c.rule,
        message: c.message,
        location: { path: `/home/ci/work/repo/${c.path}`, startLine: c.line + shift },
        severity: k % 7 === 0 ? "warning" : "error",
        firstObservedIn: c.first,
        lastObservedIn: r,
        ...(c.trace ? { trace: c.trace } : {}),
      });
    }
    // a few resolved ones each round
    for (let k = 0; k < 5 && start > k; k++) {
      const c = causes[start - 1 - k]!;
      findings.push({
        rule: c.rule,
        message: c.message,
        location: { path: c.path, startLine: c.line },
        status: "resolved",
        firstObservedIn: c.first || 1,
        lastObservedIn: Math.max(1, r - 1),
      });
    }
    out.push({
      index: r,
      ts: `2026-11-30T10:00:${String(r % 60).padStart(2, "0")}Z`,
      workerTrace: [{ tool: "bash", output: `npm test # round ${r}` }],
      verifierVerdict: { status: "fail", notes: r % 10 === 0 ? `round ${r}: still failing` : "", findings },
    });
  }
  return {
    taskSpec: { goal: "bench" },
    canonicalState: { ref: `tree-${rounds}`, repoRoot: "/home/ci/work/repo" },
    rounds: out,
  };
}
