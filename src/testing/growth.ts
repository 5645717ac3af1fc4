// Test support for FC-REQ-11, FC-REDACT-SENSITIVE-12, FC-LEAK-5: complexity guards measure growth, never milliseconds.
//
// A guard times the same work on an input of size n and on one of size 2n and compares the two. Linear work
// doubles; quadratic work quadruples; catastrophic backtracking explodes. The ratio does not depend on how fast
// the machine is. It must not depend on how busy its cores are either, so the time measured is the process's CPU
// time (`process.cpuUsage`), which does not count the time the process waited for a core while other processes
// ran; each timing is the best of a few tries and long enough that timer resolution and a young-GC pause cannot
// decide it, so the size doubles until the smaller run takes at least `floorMs`.

export interface GrowthOptions {
  /** First size tried. */
  n: number;
  /** Largest size of the smaller run: past it the work is fast enough that no superlinear term can hide. */
  maxN: number;
  /** The smaller run must take at least this long before the ratio is trusted (default 5 ms). */
  floorMs?: number;
  /** Tries per size; the best one counts (default 3). */
  tries?: number;
}

export interface Growth {
  /** Size of the smaller run. */
  n: number;
  /** Best CPU time at n and at 2n, in ms. */
  small: number;
  large: number;
  /** large / small. */
  ratio: number;
}

/** CPU time of this process so far, in ms. */
const now = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function best<T>(input: T, run: (input: T) => unknown, tries: number): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    const t = now();
    run(input);
    min = Math.min(min, now() - t);
  }
  return min;
}

/**
 * Times `run(make(n))` against `run(make(2n))`, doubling n until the smaller run is long enough to trust.
 *
 * The two sizes are timed in alternation (small, large, small, large, ...) after a run of each outside the count, and the
 * best try of each counts. Timing all of one size first and then all of the other lets the JIT decide the ratio: on a
 * busy machine the optimising compiler's thread may finish only after the small runs, so they run in a slower tier
 * than the large ones and quadratic work can measure under 3 (seen once: 7.5 ms against 19.9 ms at n = 1000).
 */
export function measureGrowth<T>(
  make: (n: number) => T,
  run: (input: T) => unknown,
  o: GrowthOptions,
): Growth {
  const floorMs = o.floorMs ?? 5;
  const tries = o.tries ?? 3;
  let n = o.n;
  let a = make(n);
  let small = best(a, run, tries);
  while (small < floorMs && n * 2 <= o.maxN) {
    n *= 2;
    a = make(n);
    small = best(a, run, tries);
  }
  // The search has just run `a`; one untimed run of `b` warms it alike.
  const b = make(2 * n);
  run(b);
  small = Number.POSITIVE_INFINITY;
  let large = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    small = Math.min(small, best(a, run, 1));
    large = Math.min(large, best(b, run, 1));
  }
  return { n, small, large, ratio: large / Math.max(small, 1e-3) };
}

/**
 * The growth from n to 2n is at most `limit` (default 3: linear work measures about 2, quadratic about 4).
 * A ratio over the limit is measured again, at the same sizes and then at three quarters and at half of them, each
 * time with more tries, before it counts: a burst of load, or a collector accident that sits at particular sizes
 * (a heap limit crossed between n and 2n), does not fail the guard, while a real superlinear term measures about 4
 * at every size and fails all four. The same sizes come first because some work changes regime at a size (the
 * redactor costs 11 ms at 32,000 characters of `\\a` and 49 ms at 64,000, then grows about 2.4 times per
 * doubling): a re-measure below that step alone would fail it. (Never at a larger size: for exponential work one
 * more doubling would not end.) Returns the measurement it judged last.
 */
export function linearGrowth<T>(
  make: (n: number) => T,
  run: (input: T) => unknown,
  o: GrowthOptions & { limit?: number },
): Growth & { ok: boolean } {
  const limit = o.limit ?? 3;
  let last = measureGrowth(make, run, o);
  const base = last.n;
  for (const scale of [1, 0.75, 0.5]) {
    if (last.ratio <= limit) break;
    const n = Math.max(1, Math.round(base * scale));
    last = measureGrowth(make, run, { ...o, n, maxN: n, tries: (o.tries ?? 3) + 4 });
  }
  return { ...last, ok: last.ratio <= limit };
}
