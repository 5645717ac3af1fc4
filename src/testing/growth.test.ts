// The complexity guard itself: it passes linear work and fails quadratic work, on whatever machine it runs.
import { describe, expect, it } from "vitest";
import { linearGrowth } from "./growth.ts";

/** Work proportional to `steps`, which the optimiser cannot drop. */
let sink = 0;
function spin(steps: number): void {
  let x = sink;
  for (let i = 0; i < steps; i++) x = (x * 31 + i) | 0;
  sink = x;
}

describe("linearGrowth", () => {
  it("accepts work linear in the size", () => {
    const g = linearGrowth(
      (n) => n,
      (n) => spin(n * 50),
      { n: 1_000, maxN: 10_000_000 },
    );
    expect(g.ok, JSON.stringify(g)).toBe(true);
    // The doubling search reached the 5 ms floor; a re-measure (at no less than half the size) keeps at least half.
    expect(g.small).toBeGreaterThanOrEqual(2.5);
  });

  it("rejects work quadratic in the size", () => {
    const g = linearGrowth(
      (n) => n,
      (n) => spin(n * n),
      { n: 500, maxN: 10_000_000 },
    );
    expect(g.ok, JSON.stringify(g)).toBe(false);
    expect(g.ratio).toBeGreaterThan(3);
  });

  it("rejects a backtracking regular expression", () => {
    // A classic: nested quantifiers over the same alphabet, then a character that never matches.
    const evil = /^(?:a+)+b$/;
    const g = linearGrowth(
      (n) => `${"a".repeat(n)}c`,
      (s) => {
        evil.test(s);
      },
      // Exponential work: 11 characters take microseconds, 22 take tens of milliseconds. No doubling search.
      { n: 11, maxN: 11 },
    );
    expect(g.ok, JSON.stringify(g)).toBe(false);
  });
});
