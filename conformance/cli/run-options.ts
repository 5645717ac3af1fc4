// FC-CERT-3, FC-CERT-4, FC-MATRIX-2: the run options certify and matrix share, read the same way by both.
import { parseProfiles, parseShard } from "../runner/cases.ts";
import { PROFILES, type Profile } from "../runner/types.ts";

/** What a run takes from --filter, --profile, --shard, the whole-number options and --seed. */
export interface RunOptions {
  filter?: string;
  profile?: Profile[];
  shard?: { index: number; count: number };
  timeoutMs?: number;
  startTimeoutMs?: number;
  jobs?: number;
  runs?: number;
  maxRestarts?: number;
  seed?: number | "random";
}

const WHOLE = [
  ["timeout-ms", "timeoutMs", 1],
  ["start-timeout-ms", "startTimeoutMs", 1],
  ["jobs", "jobs", 1],
  ["runs", "runs", 1],
  ["max-restarts", "maxRestarts", 0],
] as const;

/** The shared run options of `flag` (a valued option's text, or undefined), or the usage message for the first bad one. */
export function readRunOptions(
  flag: (name: string) => string | undefined,
): { ok: true; options: RunOptions } | { ok: false; message: string } {
  const options: RunOptions = {};
  const filter = flag("filter");
  if (filter !== undefined) options.filter = filter;
  const profile = flag("profile");
  if (profile !== undefined) {
    const p = parseProfiles(profile);
    if (p === null) return { ok: false, message: `--profile takes ${PROFILES.join(", ")} (comma-separated)` };
    options.profile = p;
  }
  const shard = flag("shard");
  if (shard !== undefined) {
    const s = parseShard(shard);
    if (s === null) return { ok: false, message: "--shard takes K/N with 1 ≤ K ≤ N, e.g. 2/4" };
    options.shard = s;
  }
  for (const [name, key, min] of WHOLE) {
    const v = flag(name);
    if (v === undefined) continue;
    if (!/^\d+$/.test(v) || Number(v) < min)
      return { ok: false, message: `--${name} takes a whole number ≥ ${min}` };
    options[key] = Number(v);
  }
  const seed = flag("seed");
  if (seed === "random") options.seed = "random";
  else if (seed !== undefined) {
    if (!/^\d+$/.test(seed)) return { ok: false, message: "--seed takes a whole number ≥ 0, or 'random'" };
    options.seed = Number(seed);
  }
  return { ok: true, options };
}
