// Test support for FC-AUDIT-9's crash test: a small deterministic PRNG (xorshift32), so runs replay from a seed.

/** Numbers in [0, 1) from `seed`; the same seed gives the same sequence. */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}
