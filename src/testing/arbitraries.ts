// Test support: fast-check generators of compaction requests that reach every pipeline path.
import fc from "fast-check";
import type { CompactionRequest, InputFinding, Round } from "../types.ts";

/** A pool of findings; rounds draw from it so that causes repeat, resolve and reappear. */
const POOL: Omit<InputFinding, "status" | "keepForContext">[] = [
  {
    id: "p-tsc-1",
    rule: "tsc:TS2304",
    message: "Cannot find name 'parseConfig'.",
    location: { path: "src/config.ts", startLine: 12 },
  },
  {
    id: "p-tsc-2",
    rule: "tsc:TS2322",
    message: "Type 'string' is not assignable to type 'number'.",
    location: { path: "src/port.ts", startLine: 3, endLine: 4 },
  },
  {
    id: "p-test-1",
    rule: "test:assert-eq",
    message: "expected 3, received 4",
    location: { path: "test/a.test.ts", startLine: 20 },
    trace: "Error: boom\n    at run (src/run.ts:10:3)",
  },
  {
    id: "p-test-2",
    rule: "test:assert-eq",
    message: "expected true, received false",
    location: { path: "test/b.test.ts", startLine: 7 },
    trace: "Error: boom\n    at run (src/run.ts:10:3)",
  },
  {
    id: "p-lint-1",
    rule: "eslint:no-unused-vars",
    message: "'x' is assigned a value but never used.",
    location: { path: "src/server.ts", startLine: 45 },
    severity: "warning",
  },
  {
    id: "p-env-1",
    rule: "env:missing",
    message: "DATABASE_URL is not set",
    location: null,
    severity: "info",
  },
  {
    id: "p-long-1",
    rule: "test:diff",
    message: `expected output to equal ${"0123456789abcdef".repeat(40)}`,
    location: { path: "test/d.test.ts", startLine: 1 },
  },
  { rule: "build:error", message: "ld: symbol not found", location: { path: "native/x.c", startLine: 9 } },
  { rule: "build:error", message: "ld: symbol not found", location: { path: "native/x.c", startLine: 30 } },
];

export const CANARIES = {
  github: "ghp_CanaryQ7x2Lm9Pz4Rt8Vb1Nc6Hd3Ks5Wy0AaBb",
  aws: "AKIACANARYQ7X2LM9PZ4",
};

export interface GenOptions {
  /** Plant canary secrets in every text field. */
  canaries?: boolean;
}

const observation = (
  base: Omit<InputFinding, "status" | "keepForContext">,
  round: number,
  firstSeen: number,
  status: InputFinding["status"],
  keep: boolean,
): InputFinding => {
  const f: InputFinding = { ...base, lastObservedIn: round, firstObservedIn: Math.min(firstSeen, round) };
  if (base.location) f.location = { ...base.location };
  if (status !== "open") f.status = status;
  if (keep) f.keepForContext = true;
  return f;
};

export function requestArb(
  opts: GenOptions = {},
): fc.Arbitrary<{ request: CompactionRequest; budget: number }> {
  const roundPlan = fc.array(
    fc.record({
      picks: fc.subarray(
        POOL.map((_, i) => i),
        { minLength: 0 },
      ),
      statuses: fc.array(
        fc.constantFrom("open", "open", "open", "resolved", "superseded") as fc.Arbitrary<
          InputFinding["status"]
        >,
        {
          minLength: POOL.length,
          maxLength: POOL.length,
        },
      ),
      keep: fc.array(
        fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
        { minLength: POOL.length, maxLength: POOL.length },
      ),
      verdict: fc.constantFrom("fail", "fail", "blocked", "pass") as fc.Arbitrary<
        "fail" | "blocked" | "pass"
      >,
      notes: fc.constantFrom("", "", "Assume the cache is the cause.", "The retry loop is the cause."),
      gap: fc.integer({ min: 1, max: 2 }),
    }),
    { minLength: 1, maxLength: 5 },
  );
  return fc
    .record({
      plan: roundPlan,
      budget: fc.oneof(
        fc.integer({ min: 128, max: 300 }),
        fc.constant(512),
        fc.integer({ min: 513, max: 2000 }),
      ),
      overwrite: fc.option(
        fc.record({ since: fc.integer({ min: 1, max: 6 }), which: fc.constantFrom(0, 1, 4) }),
        { nil: undefined },
      ),
      repoRoot: fc.constantFrom(undefined, "/home/dev/repo"),
    })
    .map(({ plan, budget, overwrite, repoRoot }) => {
      const firstSeen = new Map<number, number>();
      const rounds: Round[] = [];
      let index = 0;
      for (const step of plan) {
        index += step.gap;
        const findings: InputFinding[] = [];
        for (const i of step.picks) {
          if (!firstSeen.has(i)) firstSeen.set(i, index);
          const base = { ...POOL[i]! };
          if (opts.canaries) {
            base.message = `${base.message} token=${CANARIES.github}`;
            base.trace = `${base.trace ?? "Error"}\n  key ${CANARIES.aws}`;
          }
          if (repoRoot && base.location)
            base.location = { ...base.location, path: `${repoRoot}/${base.location.path}` };
          findings.push(observation(base, index, firstSeen.get(i)!, step.statuses[i]!, step.keep[i]!));
        }
        const notes = opts.canaries && step.notes ? `${step.notes} (${CANARIES.github})` : step.notes;
        rounds.push({
          index,
          ts: `t${index}`,
          workerTrace: [
            {
              tool: "bash",
              output: opts.canaries ? `export GITHUB_TOKEN=${CANARIES.github}` : `ran step ${index}`,
            },
          ],
          verifierVerdict: { status: step.verdict, findings, notes },
        });
      }
      const request: CompactionRequest = {
        taskSpec: { goal: "fix it" },
        canonicalState: { ref: `tree-${index}` },
        rounds,
      };
      if (repoRoot) request.canonicalState.repoRoot = repoRoot;
      if (overwrite) {
        const loc = POOL[overwrite.which]!.location!;
        request.canonicalState.overwritten = [
          {
            path: loc.path,
            startLine: loc.startLine!,
            endLine: (loc.endLine ?? loc.startLine!) + 2,
            sinceRound: overwrite.since,
          },
        ];
      }
      return { request, budget };
    });
}

/** Fisher–Yates with a fast-check-provided permutation seed (deterministic per run). */
export function shuffled<T>(xs: T[], seed: number): T[] {
  const a = [...xs];
  let s = seed >>> 0 || 1;
  for (let i = a.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) >>> 0;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}
