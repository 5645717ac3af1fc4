// FC-CERT-14, FC-CERT-15, FC-CERT-17, FC-CERT-21: problems grouped by cause, differences centred, the re-run list, the gate.
import { MATCHER_REPO_ROOT } from "./matcher.ts";
import type { CertifyReport, CheckResult, ProblemGroup } from "./types.ts";

/** Examples shown for each group before the reader asks for more (FC-CERT-14). */
export const EXAMPLES_PER_GROUP = 3;
/** Checks described in detail by default (`--max-problems`). */
export const DEFAULT_MAX_PROBLEMS = 50;

const isProblem = (r: CheckResult) => r.status === "failed" || r.status === "errored";

/** Array indices in a JSON pointer become `*`. */
const starIndices = (pointer: string) => pointer.replace(/\/(?:0|[1-9][0-9]*)(?=\/|$)/g, "/*");

/** Values, indices and numbers taken out of a message: what stays is the shape of the failure. */
function normalise(text: string): string {
  return text
    .replace(/"(?:[^"\\]|\\.)*"…?/g, '"…"')
    .replace(/\/(?:0|[1-9][0-9]*)(?=[/'\s)]|$)/g, "/*")
    .replace(/(?<![A-Za-z-])\d+(?:\.\d+)?/g, "#");
}

/** A message without its place in the case (`step 1: assertion 3 (length): `): the same failure anywhere. */
function withoutPlace(text: string): string {
  return text.replace(/^step \d+: /, "").replace(/^assertion \d+ \(([A-Za-z]+)\): /, "($1) ");
}

/**
 * What a failing check says to fix (FC-CERT-14): a grouping key, with what varies between checks taken out,
 * and, for the failure shapes the runner recognises, a title in plain words. Two checks with one key failed
 * the same way at the same place, whatever requirement they cite.
 *
 * Recognised shapes: a leak (where the text goes, not the text); a reply of the wrong kind (a log where an error
 * is expected, an error where a log is, another error code); an array that is empty where the case expects
 * elements (`'/rootCauses' is empty`, from a length, contains, equals or subset check); for errored checks,
 * what went wrong with the process (timeout, exit, a stdout line that is not JSON, given up).
 */
export function shapeOf(r: CheckResult): { key: string; title: string | null } {
  if (r.leak) {
    // A leak's cause is where the text goes, not the text: one missing redaction, one group.
    const field = starIndices(r.leak.pointers[0] ?? "");
    if (r.leak.inCorrectionDelta) {
      const t = "a text that must be absent reaches the Correction Delta (the Worker's prompt)";
      return { key: t, title: t };
    }
    const place = field.startsWith("/error")
      ? "the error reply"
      : field.startsWith("/log")
        ? "the envelope"
        : "the reply";
    const t = `a text that must be absent appears in ${place} (first at ${field})`;
    return { key: t, title: t };
  }
  const text = r.message ?? r.status;
  if (r.status === "errored") {
    const known: [RegExp, string][] = [
      [/no reply within \d+ ms/, "no reply within the per-request timeout"],
      [/the process exited/, "the process exited instead of answering"],
      [/not valid JSON/, "a stdout line that is not a protocol reply (stdout is for replies; log to stderr)"],
      [/restarted \d+ times \(the limit\)/, "not run: the implementation was given up after its restarts"],
      [/listed in the skip file/, "a skip-list entry whose check passes now"],
    ];
    for (const [re, t] of known) if (re.test(text)) return { key: `no proper answer: ${t}`, title: t };
    return { key: `no proper answer: ${normalise(withoutPlace(text))}`, title: null };
  }
  const m = r.mismatch;
  if (m !== undefined) {
    if (m.pointer === "/error/code" && typeof m.expected === "string") {
      const t =
        m.actual === "(no error)"
          ? `${r.command === "compact" || r.command === undefined ? "returns a log" : "returns a result"} where error ${m.expected} is expected`
          : `returns error ${String(m.actual)} where error ${m.expected} is expected`;
      return { key: t, title: t };
    }
    if (m.pointer === "/error" && typeof m.expected === "string" && /^\(a (log|result)\)$/.test(m.expected)) {
      const code =
        typeof m.actual === "object" && m.actual !== null ? (m.actual as { code?: unknown }).code : null;
      const t = `returns error ${String(code)} where ${m.expected.slice(1, -1)} is expected`;
      return { key: t, title: t };
    }
    const emptyAt =
      Array.isArray(m.actual) && m.actual.length === 0
        ? m.pointer
        : m.actual === 0 && /\(length\)/.test(text)
          ? m.pointer
          : m.actual === "(no element)" && /\/0$/.test(m.pointer)
            ? m.pointer.slice(0, -2)
            : null;
    if (emptyAt !== null) {
      const t = `'${starIndices(emptyAt)}' is empty where the case expects elements`;
      return { key: t, title: t };
    }
  }
  return { key: normalise(withoutPlace(text)), title: null };
}

/** The grouping key of a failing check (see shapeOf). */
export function causeOf(r: CheckResult): string {
  return shapeOf(r).key;
}

/**
 * Groups the failing and erroring checks by what to fix (FC-CERT-14): the shape of their first failing
 * assertion (`shapeOf`), across the requirements they cite, gating and advisory apart. A group lists every
 * requirement its checks cite, most cited first (`requirement` is the first); its `cause` is the shape in plain
 * words, or for a shape without a title the first check's own message (a real value, never a template). Gating
 * groups come first, then bigger groups, then by requirement and cause.
 */
export function groupProblems(results: readonly CheckResult[]): ProblemGroup[] {
  const problems = results.filter(isProblem);
  const byKey = new Map<string, { title: string | null; members: CheckResult[] }>();
  for (const r of problems) {
    const s = shapeOf(r);
    const key = `${r.gating ? 0 : 1}\u0000${s.key}`;
    const g = byKey.get(key) ?? { title: s.title, members: [] };
    g.members.push(r);
    byKey.set(key, g);
  }
  const groups: ProblemGroup[] = [];
  for (const [key, { title, members }] of byKey) {
    members.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const cited = new Map<string, number>();
    for (const r of members) for (const q of new Set(r.requirements)) cited.set(q, (cited.get(q) ?? 0) + 1);
    const requirements = [...cited]
      .sort(([a, n], [b, k]) => k - n || (a < b ? -1 : a > b ? 1 : 0))
      .map(([q]) => q);
    const first = members[0]!;
    const message = first.message ?? first.status;
    groups.push({
      requirement: requirements[0] ?? "(no requirement)",
      requirements,
      cause: title ?? withoutPlace(message),
      gating: key.startsWith("0"),
      status: members.every((r) => r.status === "errored") ? "errored" : "failed",
      kinds: [...new Set(members.map((r) => r.kind))].sort(),
      message,
      checks: members.map((r) => r.id),
      examples: members.slice(0, EXAMPLES_PER_GROUP).map((r) => r.id),
    });
  }
  return groups.sort(
    (a, b) =>
      Number(b.gating) - Number(a.gating) ||
      b.checks.length - a.checks.length ||
      (a.requirement < b.requirement ? -1 : a.requirement > b.requirement ? 1 : 0) ||
      (a.cause < b.cause ? -1 : a.cause > b.cause ? 1 : 0),
  );
}

/** The report's groups, computed from its results (so older reports, and edited ones, group the same way). */
export function groupsOf(report: CertifyReport): ProblemGroup[] {
  return groupProblems(report.results);
}

/**
 * Which checks to describe in detail, at most `max` in all (FC-CERT-14): first up to three of every group in
 * group order, then the rest of each group in order while the budget lasts. Returns the ids per group.
 */
export function detailed(groups: readonly ProblemGroup[], max: number): string[][] {
  const out = groups.map(() => [] as string[]);
  let budget = max;
  for (const [i, g] of groups.entries()) {
    const take = Math.min(EXAMPLES_PER_GROUP, g.checks.length, budget);
    out[i]!.push(...g.checks.slice(0, take));
    budget -= take;
  }
  for (const [i, g] of groups.entries()) {
    if (budget <= 0) break;
    const rest = g.checks.slice(out[i]!.length, out[i]!.length + budget);
    out[i]!.push(...rest);
    budget -= rest.length;
  }
  return out;
}

/** Parses `--max-problems N|all`. */
export function parseMaxProblems(text: string): number | null {
  if (text === "all") return Number.POSITIVE_INFINITY;
  return /^\d+$/.test(text) && Number(text) >= 1 ? Number(text) : null;
}

// ---------- centred string differences (FC-CERT-15) ----------

/** Index of the first UTF-16 unit at which two strings differ (the shorter length when one is a prefix). */
export function firstCharDiff(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  // Never start inside a surrogate pair.
  if (i > 0 && i < a.length && a.charCodeAt(i - 1) >= 0xd800 && a.charCodeAt(i - 1) <= 0xdbff) i--;
  return i;
}

export interface CentredPair {
  /** Character offset of the first difference in the two texts. */
  at: number;
  expected: string;
  actual: string;
  /** Column of the first differing character within the shown excerpts (the same on both sides). */
  column: number;
}

/**
 * Two texts cut to the same window around their first difference: `before` characters of shared context, then
 * up to `after` characters of each side. A cut is marked `…` on the side where text was left out, on both texts
 * alike, so the first differing character is at the same column in both.
 */
export function centredPair(expected: string, actual: string, before = 40, after = 60): CentredPair {
  const at = firstCharDiff(expected, actual);
  const start = Math.max(0, at - before);
  const cut = (s: string) => {
    const end = Math.min(s.length, at + after);
    return `${start > 0 ? "…" : ""}${s.slice(start, end)}${end < s.length ? "…" : ""}`;
  };
  return { at, expected: cut(expected), actual: cut(actual), column: at - start + (start > 0 ? 1 : 0) };
}

// ---------- re-running exactly the failing checks (FC-CERT-17) ----------

/** The ids a re-run needs: every check that failed or errored. */
export function failingIds(report: CertifyReport): string[] {
  return report.results.filter(isProblem).map((r) => r.id);
}

/** The text of the id file written next to the report: one id per line, `#` comment lines first. */
export function idFileText(report: CertifyReport): string {
  const ids = failingIds(report);
  return `# checks that failed or errored in the run of ${report.startedAt}; re-run them with certify --rerun THIS-FILE\n${ids.join("\n")}${ids.length > 0 ? "\n" : ""}`;
}

/** Parses an id file (`#` lines and blank lines ignored). */
export function parseIdFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`;
}

/**
 * The one command that re-runs exactly the failing checks: `--rerun FILE` when the id file was written, else an
 * exact-id `--filter`; properties need the run's seed and runs; `--case` runs re-name their files.
 */
export function rerunCommand(report: CertifyReport, idFile?: string): string {
  const ids = failingIds(report);
  const parts = ["feedback-compactor", "certify"];
  if (report.options.caseFiles && report.options.caseFiles.length > 0)
    parts.push("--case", ...report.options.caseFiles.map(shellWord));
  const pm = report.problemMatcher;
  if (pm !== undefined) {
    parts.push("--problem-matcher", shellWord(pm.file));
    for (const s of pm.samples) parts.push("--matcher-sample", shellWord(s.file));
    if (pm.repoRoot !== MATCHER_REPO_ROOT) parts.push("--matcher-repo-root", shellWord(pm.repoRoot));
  }
  if (idFile !== undefined) parts.push("--rerun", shellWord(idFile));
  else parts.push("--filter", shellWord(ids.join(",")));
  if (report.results.some((r) => isProblem(r) && r.kind === "property"))
    parts.push("--seed", String(report.options.seed), "--runs", String(report.options.runs));
  if (report.results.some((r) => isProblem(r) && r.kind === "feature")) parts.push("--features");
  const impl = report.implementation.command;
  if (impl && impl.length > 0) parts.push("--", ...impl.map(shellWord));
  return parts.join(" ");
}

// ---------- what stands between a run and a pass (FC-CERT-21) ----------

/** The first line of a message, cut for one line of a test runner's diff. */
function oneLineOf(text: string, max = 200): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * One line per thing that makes `report.ok` false: the broken-implementation diagnosis, each failed smoke check,
 * and each gating check that failed or errored (`id status [requirements]: message`). Checks skipped because the
 * implementation does not announce their capability, not applicable at its level, advisory, or on the skip
 * list are not failures and are not listed. Empty exactly when `report.ok` is true, so a test runner can assert
 * `expect(gateFailures(report)).toEqual([])` and get a short, readable diff.
 */
export function gateFailures(report: CertifyReport): string[] {
  const out: string[] = [];
  for (const c of report.smoke.checks)
    if (c.status !== "passed") out.push(`smoke.${c.name} failed: ${oneLineOf(c.message ?? "failed")}`);
  for (const r of report.results) {
    if (!r.gating || !isProblem(r)) continue;
    out.push(`${r.id} ${r.status} [${r.requirements.join(", ")}]: ${oneLineOf(r.message ?? r.status)}`);
  }
  if (out.length === 0 && !report.ok) out.push("the run did not pass (report.ok is false)");
  return out;
}

// ---------- a starting skip file (FC-CERT-23) ----------

/** The placeholder reason `--write-skip` writes; the run accepts it, a reviewer replaces it. */
export const SKIP_REASON_PLACEHOLDER = "TODO: say why this check is skipped (an issue, a plan)";

/**
 * The skip file `certify --write-skip FILE` writes (FC-CERT-23): today's failures — every check that failed or
 * errored, and every check the skip list skipped that would still fail — one `ID  reason` line each, under a
 * comment naming its problem group. A check already skipped keeps its reason; the others get a placeholder.
 * Given back with `--skip`, the same run of a deterministic implementation passes.
 */
export function skipListText(report: CertifyReport): string {
  const today = report.results.filter((r) => isProblem(r) || r.wouldBe !== undefined);
  // Group as the report does: still-skipped checks by the failure they would have.
  const asProblems = today.map((r) => (r.wouldBe !== undefined ? { ...r, status: r.wouldBe } : r));
  const reason = new Map(today.map((r) => [r.id, r.skipReason ?? SKIP_REASON_PLACEHOLDER]));
  const impl = report.implementation;
  const lines = [
    `# Skip list for ${impl.name} ${impl.version}, written by 'feedback-compactor certify --write-skip' from the run of ${report.startedAt}.`,
    "# One 'CHECK-ID-OR-GLOB  reason' per line ('redaction.*,!redaction.x' excludes a check from a glob).",
    "# Replace each TODO with why the check is skipped. A skipped check still runs: an entry none of whose",
    "# checks fails any more is an error, so this file cannot rot (spec/protocol.md FC-CERT-3, FC-CERT-23).",
  ];
  for (const g of groupProblems(asProblems)) {
    lines.push(
      "",
      `# ${g.cause.replace(/\s+/g, " ").slice(0, 160)} — ${g.checks.length} ${g.gating ? "gating" : "advisory"} check${g.checks.length === 1 ? "" : "s"} (${g.requirements.slice(0, 6).join(", ")}${g.requirements.length > 6 ? ", …" : ""})`,
    );
    for (const id of g.checks) lines.push(`${id}  ${reason.get(id)}`);
  }
  return `${lines.join("\n")}\n`;
}
