// FC-CERT-25: the suite's recall on faults nobody chose: StrykerJS's instrumenter mutates the reference's src/,
// and `certify --in-process --profile required` is the test that must kill each mutant.
//
// Usage: npm run mutate [-- --sample N | --all | --pinned FILE] [-- --seed S] [-- --area NAME] [-- --jobs N]
//
// Stryker's instrumenter (the field's mutation engine) enumerates every mutant of the reference's
// protocol-observable modules and compiles them all into a sandbox copy behind "mutant switches". A seeded sample
// is drawn (every mutant with --all) and each is switched on in turn (`__STRYKER_ACTIVE_MUTANT__`, as Stryker's
// own command runner does) while the suite certifies the in-process reference: exit 1 (a required check failed)
// or a timeout kills it, exit 0 lets it survive. Our own loop rather than Stryker's runner, because Stryker selects
// mutants by source range and a range always takes every mutant nested inside it: the sample would not be the
// sample. The report gives the score by spec area and lists every survivor in .tmp/mutate/survivors.md, to be
// read: a survivor is equivalent, allowed by the spec, or a gap of the suite that a new case must close.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, posix } from "node:path";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import { seeded } from "../conformance/oracle/seeded.ts";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, ".tmp/mutate");
const SANDBOX = join(OUT, "sandbox");

/** Spec areas by module path prefix: what `certify` can observe of the reference through the protocol. */
export const AREAS: [prefix: string, area: string][] = [
  ["src/redact/leak-scan", "leak scan"],
  ["src/redact/", "redaction"],
  ["src/pipeline/redaction/", "redaction rules"],
  ["src/normalize/", "stage 1"],
  ["src/policy/", "policy"],
  ["src/request/", "request"],
  ["src/pipeline/", "compaction core"],
  ["src/canonical.ts", "compaction core"],
  ["src/text.ts", "compaction core"],
  ["src/hash.ts", "compaction core"],
  ["src/protocol/reference.ts", "protocol"],
  ["src/protocol/messages.ts", "protocol"],
];

export const areaOf = (file: string): string | undefined => AREAS.find(([p]) => file.startsWith(p))?.[1];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = posix.join(dir, e.name);
    if (e.isDirectory()) return ["fixtures", "testing"].includes(e.name) ? [] : sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

interface Position {
  line: number;
  column: number;
}
interface Candidate {
  fileName: string;
  location: { start: Position; end: Position };
  mutatorName: string;
  replacement?: string;
}

const quiet = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => false,
  isErrorEnabled: () => true,
  isFatalEnabled: () => true,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error(...a: unknown[]) {
    console.error(...a);
  },
  fatal() {},
};

interface Instrumented {
  mutants: (Candidate & { id: string })[];
  files: { name: string; content: string }[];
}

async function instrument(files: string[]): Promise<Instrumented> {
  const input = files.map((name) => ({
    name,
    content: readFileSync(join(ROOT, name), "utf8"),
    mutate: true,
  }));
  const instrumenter = new Instrumenter(quiet as never);
  const r = await instrumenter.instrument(
    input as never,
    {
      plugins: null,
      excludedMutations: [],
      ignorers: [],
      noHeader: false,
    } as never,
  );
  return r as unknown as Instrumented;
}

/** A copy of the tracked tree with node_modules linked and the instrumented modules written over the originals. */
function sandbox(instrumented: Instrumented["files"]): void {
  rmSync(SANDBOX, { recursive: true, force: true });
  // The working tree as it is (tracked and new files, not what git ignores), so uncommitted cases count.
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout.split("\0");
  // node_modules is linked below: a worktree whose node_modules is itself a link (which `node_modules/` in
  // .gitignore does not match) would otherwise list it, and the link would collide with the copy.
  const kept = (p: string): boolean =>
    p !== "" && p !== "node_modules" && !p.startsWith("node_modules/") && existsSync(join(ROOT, p));
  for (const f of listed.filter(kept)) {
    mkdirSync(dirname(join(SANDBOX, f)), { recursive: true });
    cpSync(join(ROOT, f), join(SANDBOX, f));
  }
  symlinkSync(join(ROOT, "node_modules"), join(SANDBOX, "node_modules"), "dir");
  for (const f of instrumented) writeFileSync(join(SANDBOX, f.name), f.content);
}

type Outcome = "killed" | "timeout" | "survived" | "crashed";

/**
 * Survivors a person has read and judged harmless: equivalent to the original, or a difference the spec allows.
 * Keyed by what the mutant is, not where (file, mutator, replacement and a digest of the original text; see
 * triageKeys for twins), so an entry outlives edits elsewhere in the file.
 */
const TRIAGE_FILE = join(ROOT, "conformance/mutation-triage.json");
interface TriageEntry {
  key: string;
  file: string;
  mutator: string;
  original: string;
  replacement: string;
  verdict: "equivalent" | "allowed";
  why: string;
}

/** A module's source lines, read once per run (every mutant's key reads its file's lines). */
const SOURCE_LINES = new Map<string, string[]>();
function sourceLines(file: string): string[] {
  let lines = SOURCE_LINES.get(file);
  if (lines === undefined) {
    lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    SOURCE_LINES.set(file, lines);
  }
  return lines;
}

function originalText(file: string, loc: Candidate["location"]): string {
  const lines = sourceLines(file);
  const { start, end } = loc;
  if (start.line === end.line) return lines[start.line]!.slice(start.column, end.column);
  return [
    lines[start.line]!.slice(start.column),
    ...lines.slice(start.line + 1, end.line),
    lines[end.line]!.slice(0, end.column),
  ].join("\n");
}

const sha = (text: string, n: number) => createHash("sha256").update(text).digest("hex").slice(0, n);

/** The whole source line(s) a mutant sits on, blanks collapsed: what tells two mutants of the same text apart. */
function lineText(file: string, loc: Candidate["location"]): string {
  return sourceLines(file)
    .slice(loc.start.line, loc.end.line + 1)
    .join("\n")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Triage keys, one per mutant and never shared: `file|mutator|replacement|digest of the original text`, and where
 * that names more than one mutant of the file (the same `i < lim` on three lines), `~` and a digest of the whole line,
 * then `#n` (in source order) where even the lines are the same. A shared key would let one entry, written after
 * reading one mutant, excuse its siblings unread, and a pinned key run a sibling other than the one drawn. A mutant
 * gains the suffix when a twin appears in its file: its entry then no longer matches, and the survivor is read again.
 */
function triageKeys(mutants: readonly (Candidate & { id: string })[]): Map<string, string> {
  const groups = new Map<string, (Candidate & { id: string })[]>();
  for (const m of mutants) {
    const base = `${m.fileName}|${m.mutatorName}|${m.replacement ?? ""}|${sha(originalText(m.fileName, m.location), 12)}`;
    const g = groups.get(base);
    if (g === undefined) groups.set(base, [m]);
    else g.push(m);
  }
  const keys = new Map<string, string>();
  for (const [base, g] of groups) {
    if (g.length === 1) {
      keys.set(g[0]!.id, base);
      continue;
    }
    const byLine = new Map<string, (Candidate & { id: string })[]>();
    for (const m of g) {
      const k = `${base}~${sha(lineText(m.fileName, m.location), 8)}`;
      byLine.set(k, [...(byLine.get(k) ?? []), m]);
    }
    for (const [k, twins] of byLine) {
      if (twins.length === 1) keys.set(twins[0]!.id, k);
      else {
        const inOrder = [...twins].sort(
          (a, b) =>
            a.location.start.line - b.location.start.line ||
            a.location.start.column - b.location.start.column,
        );
        for (const [i, m] of inOrder.entries()) keys.set(m.id, `${k}#${i + 1}`);
      }
    }
  }
  return keys;
}

function loadTriage(): Map<string, TriageEntry> {
  const doc = JSON.parse(readFileSync(TRIAGE_FILE, "utf8")) as { entries: TriageEntry[] };
  return new Map(doc.entries.map((e) => [e.key, e]));
}

const CERTIFY = [
  "conformance/cli/feedback-compactor.mjs",
  "certify",
  "--in-process",
  "--runs",
  "10",
  "--reporter",
  "json",
];

/**
 * The profiles that judge a mutant of a module: the required profile, and for Stage 1's raw-format parsers also
 * stage1-raw (which formats are read and how is the reference's settlement, FC-STAGE1-7; only "no real
 * diagnostic dropped" is contract), so their mutants are measured against the checks written for them. The
 * pipeline's Stage 1 module hands the parsers their raw outputs and the go.mod paths named so far (FC-FORMAT-GO-5),
 * so it is judged by stage1-raw too.
 */
const STAGE1_ENTRY = "src/pipeline/stage1-normalize.ts";
const profilesFor = (file: string | null) =>
  file !== null && (areaOf(file) === "stage 1" || file === STAGE1_ENTRY) ? "required,stage1-raw" : "required";

/** One certification of the sandbox with mutant `id` switched on (none: the baseline). */
function certifyWith(
  id: string | null,
  file: string | null,
  slot: number,
  timeoutMs: number,
): Promise<{ outcome: Outcome; ms: number }> {
  const out = join(OUT, `run-${slot}.json`);
  const env: NodeJS.ProcessEnv = { ...process.env, FEEDBACK_COMPACTOR_NO_BUNDLE: "1" };
  if (id === null) delete env.__STRYKER_ACTIVE_MUTANT__;
  else env.__STRYKER_ACTIVE_MUTANT__ = id;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const args = [...CERTIFY, "--profile", profilesFor(file), "--out", out];
    const child = spawn(process.execPath, args, {
      cwd: SANDBOX,
      env,
      stdio: "ignore",
      detached: true,
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {}
    }, timeoutMs);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - t0;
      const outcome: Outcome =
        signal !== null ? "timeout" : code === 0 ? "survived" : code === 1 ? "killed" : "crashed";
      resolve({ outcome, ms });
    });
  });
}

/** A mutant's place as reports name it: file, 1-based line and column. */
const placeOf = (m: { fileName: string; location: { start: { line: number; column: number } } }) =>
  `${m.fileName}:${m.location.start.line + 1}:${m.location.start.column + 1}`;

const PINNED_FILE_REL = "conformance/mutation-sample.json";

interface PinnedSample {
  $comment: string;
  generatedBy: string;
  keys: string[];
}

function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

const HELP = `Usage: npm run mutate [-- --sample N | --all | --pinned FILE] [-- --seed S] [-- --area NAME] [-- --jobs N] [-- --check] [-- --pin FILE]

Mutates the reference (src/) with StrykerJS's instrumenter and certifies the in-process reference with each
mutant switched on ('certify --in-process --profile required --runs 10'; Stage 1's parsers and src/pipeline/stage1-normalize.ts also with the
stage1-raw profile): a mutant is killed when a deciding check fails (or it hangs). Default: a seeded sample of 200 mutants (seed 1); with CI=true a sample of 12.
--ids A,B runs those mutant ids (as a report names them; the same source gives the same ids). --all runs every mutant (about 20,000: many hours). --area limits it to one spec area
(${[...new Set(AREAS.map(([, a]) => a))].join(", ")}). --jobs: certifications in parallel (default 2).
Writes .tmp/mutate/report.json and .tmp/mutate/survivors.md (each survivor with the triage entry that would
excuse it, for conformance/mutation-triage.json). --check exits 1 when a survivor is not in that file.
--pinned FILE runs the mutants a file names by triage key (file, mutator, replacement, digest of the original
text, and for twins of the same text in one file a digest of the line and an ordinal: an edit elsewhere in src/ leaves
them be), as CI does with ${PINNED_FILE_REL}; it fails when fewer
than three quarters of them still exist (then re-pin). --pin FILE writes the drawn sample's keys to FILE.
--prune-triage drops the triage entries whose mutant no longer exists (a run without --area counts them) and stops.
--no-run draws (or reads the pin) and stops: .tmp/mutate/drawn.json lists each mutant's id, key and place.
While it runs, .tmp/mutate/progress.jsonl gets one line per mutant as it ends (id, key, place, area, outcome, ms).
--keep-sandbox leaves the instrumented copy in .tmp/mutate/sandbox, to certify one mutant by hand:
  cd .tmp/mutate/sandbox && __STRYKER_ACTIVE_MUTANT__=<id> FEEDBACK_COMPACTOR_NO_BUNDLE=1 \\
    node conformance/cli/feedback-compactor.mjs certify --in-process --profile required --filter '<case>'
`;

/**
 * Drops the triage entries that name no mutant of today's src/ (their code was rewritten, so they excuse nothing);
 * git keeps their reasons. Only the whole set of mutants can tell, so not with --area.
 */
function pruneTriage(live: Set<string>, area: string | undefined): number {
  if (area !== undefined) {
    process.stderr.write(
      `${JSON.stringify({ error: { code: "USAGE", message: "--prune-triage needs every area's mutants: drop --area" } })}\n`,
    );
    return 2;
  }
  const doc = JSON.parse(readFileSync(TRIAGE_FILE, "utf8")) as { entries: TriageEntry[] };
  const kept = doc.entries.filter((e) => live.has(e.key));
  writeFileSync(TRIAGE_FILE, `${JSON.stringify({ ...doc, entries: kept }, null, 2)}\n`);
  process.stdout.write(
    `dropped ${doc.entries.length - kept.length} of the ${doc.entries.length} triage entries (no mutant of today's src/ has their key); ${kept.length} kept\n`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help")) {
    process.stdout.write(HELP);
    return 0;
  }
  const seed = Number(option(argv, "--seed") ?? 1);
  const sample = argv.includes("--all")
    ? Number.POSITIVE_INFINITY
    : Number(option(argv, "--sample") ?? (process.env.CI === "true" ? 12 : 200));
  const area = option(argv, "--area");
  const jobs = Number(option(argv, "--jobs") ?? 2);
  if (!Number.isSafeInteger(seed) || !(sample > 0) || !Number.isSafeInteger(jobs) || jobs < 1) {
    process.stderr.write(
      `${JSON.stringify({ error: { code: "USAGE", message: "see 'npm run mutate -- --help'" } })}\n`,
    );
    return 2;
  }
  const files = sources("src").filter(
    (f) => areaOf(f) !== undefined && (area === undefined || areaOf(f) === area),
  );
  if (files.length === 0) {
    process.stderr.write(
      `${JSON.stringify({ error: { code: "USAGE", message: "no module in that area" } })}\n`,
    );
    return 2;
  }
  process.stdout.write(`instrumenting ${files.length} modules…\n`);
  const instrumented = await instrument(files);
  const all = instrumented.mutants;
  const keyOf = triageKeys(all);
  const triageKey = (m: { id: string }) => keyOf.get(m.id)!;
  if (argv.includes("--prune-triage")) return pruneTriage(new Set(keyOf.values()), area);
  const next = seeded(seed);
  const order = all.map((m, i) => ({ m, k: next(), i })).sort((a, b) => a.k - b.k || a.i - b.i);
  const ids = option(argv, "--ids")?.split(",");
  const pinnedFile = option(argv, "--pinned");
  let chosen: typeof all;
  if (pinnedFile !== undefined) {
    const pinned = (JSON.parse(readFileSync(pinnedFile, "utf8")) as PinnedSample).keys;
    const wanted = new Set(pinned);
    const byKey = new Map<string, (typeof all)[number]>();
    for (const m of all) {
      const k = triageKey(m);
      if (wanted.has(k) && !byKey.has(k)) byKey.set(k, m);
    }
    const gone = pinned.filter((k) => !byKey.has(k));
    for (const k of gone) process.stdout.write(`pinned mutant no longer in the source: ${k}\n`);
    if (byKey.size * 4 < pinned.length * 3) {
      process.stderr.write(
        `only ${byKey.size} of the ${pinned.length} pinned mutants still exist: re-pin with 'npx tsx scripts/mutate.ts --sample ${pinned.length} --seed S --pin ${pinnedFile}' and triage what survives\n`,
      );
      return 1;
    }
    chosen = pinned.flatMap((k) => byKey.get(k) ?? []);
  } else {
    chosen = ids
      ? all.filter((m) => ids.includes(m.id))
      : order.slice(0, Math.min(sample, all.length)).map((x) => x.m);
  }
  const pinTo = option(argv, "--pin");
  if (pinTo !== undefined) {
    const doc: PinnedSample = {
      $comment:
        "Mutants of src/ that CI runs (scripts/mutate.test.ts, CI=true): each must be killed by the suite or triaged in conformance/mutation-triage.json. Keys: file|mutator|replacement|digest of the original text[~digest of the line[#n]] (one mutant each).",
      generatedBy: `npx tsx scripts/mutate.ts ${argv.filter((a) => a !== "--check").join(" ")}`,
      keys: chosen.map(triageKey),
    };
    writeFileSync(pinTo, `${JSON.stringify(doc, null, 2)}\n`);
    process.stdout.write(`pinned ${chosen.length} mutants in ${pinTo}\n`);
  }
  mkdirSync(OUT, { recursive: true });
  if (argv.includes("--no-run")) {
    // The draw alone: which mutants, where, under which key (to re-key an older draw, or to read before running).
    const drawn = chosen.map((m) => ({
      id: m.id,
      key: triageKey(m),
      at: placeOf(m),
      area: areaOf(m.fileName),
    }));
    writeFileSync(join(OUT, "drawn.json"), `${JSON.stringify(drawn, null, 2)}\n`);
    process.stdout.write(`${chosen.length} mutants drawn, none run: .tmp/mutate/drawn.json\n`);
    return 0;
  }
  sandbox(instrumented.files);

  const anyStage1 = chosen.some((m) => areaOf(m.fileName) === "stage 1");
  const base = await certifyWith(null, anyStage1 ? "src/normalize/" : null, 0, 300_000);
  if (base.outcome !== "survived") {
    process.stderr.write(
      `the unmutated reference does not pass the required profile (${base.outcome}); fix that first\n`,
    );
    return 1;
  }
  const timeoutMs = Math.max(60_000, Math.round(base.ms * 4));
  process.stdout.write(
    `${all.length} mutants; running ${chosen.length} (${pinnedFile !== undefined ? `pinned in ${pinnedFile}` : `seed ${seed}`}), ${jobs} at a time; baseline ${Math.round(base.ms / 1000)} s\n`,
  );
  const results: { m: (typeof chosen)[number]; outcome: Outcome }[] = [];
  // Each result as it comes, one JSON line each: a long draw can be read (and an interrupted one kept) before it ends.
  const progress = join(OUT, "progress.jsonl");
  writeFileSync(progress, "");
  let cursor = 0;
  await Promise.all(
    Array.from({ length: jobs }, async (_, slot) => {
      while (cursor < chosen.length) {
        const m = chosen[cursor++]!;
        const r = await certifyWith(m.id, m.fileName, slot + 1, timeoutMs);
        results.push({ m, outcome: r.outcome });
        appendFileSync(
          progress,
          `${JSON.stringify({ id: m.id, key: triageKey(m), at: placeOf(m), area: areaOf(m.fileName), outcome: r.outcome, ms: Math.round(r.ms) })}\n`,
        );
        const done = results.length;
        if (done % 10 === 0 || done === chosen.length) {
          const alive = results.filter((x) => x.outcome === "survived").length;
          process.stdout.write(`  ${done}/${chosen.length} run, ${alive} survived\n`);
        }
      }
    }),
  );

  const triage = loadTriage();
  // Entries whose mutant is gone from src/ (its code rewritten): they excuse nothing, and only the whole set of
  // mutants can tell (with --area, the other areas' entries would all look gone).
  if (area === undefined) {
    const live = new Set(keyOf.values());
    const stale = [...triage.keys()].filter((k) => !live.has(k));
    if (stale.length > 0)
      process.stdout.write(
        `${stale.length} of the ${triage.size} triage entries name no mutant of today's src/ (their code changed; --prune-triage drops them): ${stale.slice(0, 3).join("; ")}${stale.length > 3 ? "; …" : ""}\n`,
      );
  }
  const score = new Map<string, { killed: number; survived: number }>();
  const survivors: string[] = [];
  const untriaged: TriageEntry[] = [];
  for (const { m, outcome } of results.sort((a, b) => Number(a.m.id) - Number(b.m.id))) {
    const a = areaOf(m.fileName) ?? "other";
    const s = score.get(a) ?? { killed: 0, survived: 0 };
    if (outcome === "survived") {
      s.survived++;
      const at = placeOf(m);
      const replacement = (m.replacement ?? "").replace(/\s+/g, " ").slice(0, 120);
      const key = triageKey(m);
      const known = triage.get(key);
      survivors.push(
        `- ${at} ${m.mutatorName} → \`${replacement}\` (${a}; mutant ${m.id})${known ? ` — triaged ${known.verdict}: ${known.why}` : ""}`,
      );
      if (!known) {
        const original = originalText(m.fileName, m.location).replace(/\s+/g, " ").slice(0, 200);
        untriaged.push({
          key,
          file: m.fileName,
          mutator: m.mutatorName,
          original,
          replacement,
          verdict: "equivalent",
          why: "",
        });
      }
    } else s.killed++;
    score.set(a, s);
  }
  const lines = [...score].sort().map(([a, s]) => {
    const pct = Math.round((100 * s.killed) / (s.killed + s.survived));
    return `${a.padEnd(16)} ${String(pct).padStart(3)} %  killed ${s.killed} of ${s.killed + s.survived}`;
  });
  const killed = results.filter((r) => r.outcome !== "survived").length;
  const summary = `mutation score ${Math.round((100 * killed) / results.length)} % (${killed}/${results.length} killed, ${pinnedFile !== undefined ? `pinned in ${pinnedFile}` : `seed ${seed}`}, ${all.length} mutants in all)`;
  writeFileSync(
    join(OUT, "report.json"),
    `${JSON.stringify({ seed, total: all.length, results: results.map(({ m, outcome }) => ({ ...m, area: areaOf(m.fileName), outcome })) }, null, 2)}\n`,
  );
  writeFileSync(
    join(OUT, "survivors.md"),
    `# Survivors (${summary})\n\nEach is equivalent, allowed by the spec, or a gap of the suite.\n\n${survivors.join("\n")}\n`,
  );
  writeFileSync(join(OUT, "untriaged.json"), `${JSON.stringify(untriaged, null, 2)}\n`);
  if (!argv.includes("--keep-sandbox")) rmSync(SANDBOX, { recursive: true, force: true });
  process.stdout.write(`\n${lines.join("\n")}\n${summary}\nsurvivors: .tmp/mutate/survivors.md\n`);
  if (untriaged.length > 0) {
    process.stdout.write(
      `${untriaged.length} survivor(s) not triaged: a gap of the suite (add a case) unless equivalent or allowed by the` +
        ` spec (then add its entry from .tmp/mutate/untriaged.json, with the reason, to conformance/mutation-triage.json)\n`,
    );
    if (argv.includes("--check")) return 1;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
