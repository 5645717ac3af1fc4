// FC-STAGE1-MATCHER-1..4, FC-STAGE1-RAW-4: the judge's own reading of a caller's problem matcher (never src/).

/** One matcher as spec/stage1.md §3.3 describes it. */
export interface KitMatcher {
  owner: string;
  severity?: string;
  pattern: KitPattern[];
}

interface KitPattern {
  regexp: string;
  loop?: boolean;
  file?: number;
  fromPath?: number;
  line?: number;
  column?: number;
  severity?: number;
  code?: number;
  message?: number;
}

const GROUP_FIELDS = ["file", "fromPath", "line", "column", "severity", "code", "message"] as const;
type GroupField = (typeof GROUP_FIELDS)[number];

const obj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether an expression may backtrack without bound (FC-STAGE1-MATCHER-1): a back reference, or a
 * quantifier that allows more than one repetition applied to a group whose body itself holds such a
 * quantifier. Written from the spec's rule, independently of the reference's check.
 */
export function unboundedBacktracking(source: string): boolean {
  // Per open group: does its body hold an unbounded-or-multiple repetition?
  const open: boolean[] = [];
  let i = 0;
  const manyAt = (k: number): { len: number; many: boolean } | null => {
    const c = source[k];
    if (c === "*" || c === "+") return { len: 1, many: true };
    if (c === "?") return { len: 1, many: false };
    if (c === "{") {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(source.slice(k));
      if (m === null) return null;
      // `{n}` repeats without a choice to backtrack over; `{n,}` and `{n,m}` with m > 1 choose.
      const many = m[2] !== undefined && (m[3] === "" || Number(m[3]) > 1);
      return { len: m[0].length, many };
    }
    return null;
  };
  const markRepeat = () => {
    if (open.length > 0) open[open.length - 1] = true;
  };
  while (i < source.length) {
    const c = source[i]!;
    let atomGroup: boolean | null = null;
    if (c === "\\") {
      const n = source[i + 1] ?? "";
      if (/[1-9]/.test(n)) return true;
      if (n === "k" && source[i + 2] === "<") return true;
      i += 2;
    } else if (c === "[") {
      // A JavaScript class ends at its first unescaped `]`, even right after `[` or `[^` (`[^]` is any
      // character, `[]` none): not POSIX's literal `]`.
      i++;
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "(") {
      open.push(false);
      i++;
      if (source[i] === "?") {
        if (source[i + 1] === "<" && source[i + 2] !== "=" && source[i + 2] !== "!") {
          i = source.indexOf(">", i) + 1;
        } else i += 2;
      }
      continue;
    } else if (c === ")") {
      const inner = open.pop() ?? false;
      if (inner) markRepeat();
      atomGroup = inner;
      i++;
    } else if (c === "|" || c === "^" || c === "$") {
      i++;
      continue;
    } else {
      i++;
    }
    // A quantifier may follow the atom just read.
    const q = manyAt(i);
    if (q !== null) {
      if (q.many && atomGroup === true) return true;
      if (q.many) markRepeat();
      i += q.len;
      if (source[i] === "?") i++;
    }
  }
  return false;
}

const groupsIn = (re: RegExp): number => (new RegExp(`(?:${re.source})?`).exec("") ?? []).length - 1;

/**
 * The matchers of a problem-matcher file (`{"problemMatcher": [...]}`, an array of matchers, or one matcher),
 * or why FC-STAGE1-MATCHER-1 refuses them: a JSON pointer and a reason, never the file's text.
 */
export function readMatcherFile(
  doc: unknown,
): { ok: true; matchers: KitMatcher[] } | { ok: false; where: string; why: string } {
  const inFile = obj(doc) && "problemMatcher" in doc;
  const v = inFile ? (doc as { problemMatcher: unknown }).problemMatcher : doc;
  const base = inFile ? "/problemMatcher" : "";
  const list = Array.isArray(v) ? v : [v];
  const bad = (where: string, why: string) => ({
    ok: false as const,
    where: where === "" ? "/" : where,
    why,
  });
  if (list.length < 1 || list.length > 16) return bad(base, "must be one matcher or an array of 1 to 16");
  const owners = new Set<string>();
  const out: KitMatcher[] = [];
  for (let k = 0; k < list.length; k++) {
    const m = list[k];
    const at = Array.isArray(v) ? `${base}/${k}` : base;
    if (!obj(m)) return bad(at, "a matcher must be an object");
    for (const key of Object.keys(m))
      if (key !== "owner" && key !== "severity" && key !== "pattern")
        return bad(at, "a matcher has only owner, severity and pattern");
    if (typeof m.owner !== "string" || m.owner.length < 1 || m.owner.length > 64)
      return bad(`${at}/owner`, "must be a string of 1 to 64 characters");
    if (owners.has(m.owner.toLowerCase())) return bad(`${at}/owner`, "two matchers have this owner");
    owners.add(m.owner.toLowerCase());
    if (
      m.severity !== undefined &&
      !(typeof m.severity === "string" && /^(error|warning|notice)$/i.test(m.severity))
    )
      return bad(`${at}/severity`, "must be error, warning or notice");
    const ps = m.pattern;
    if (!Array.isArray(ps) || ps.length < 1 || ps.length > 8)
      return bad(`${at}/pattern`, "must be an array of 1 to 8 patterns");
    const taken = new Set<GroupField>();
    for (let i = 0; i < ps.length; i++) {
      const p = ps[i];
      const pat = `${at}/pattern/${i}`;
      if (!obj(p)) return bad(pat, "a pattern must be an object");
      for (const key of Object.keys(p))
        if (key !== "regexp" && key !== "loop" && !(GROUP_FIELDS as readonly string[]).includes(key))
          return bad(`${pat}/${key}`, "is not a member of a pattern");
      if (typeof p.regexp !== "string" || p.regexp.length > 1000)
        return bad(`${pat}/regexp`, "must be a string of at most 1000 characters");
      let re: RegExp;
      try {
        re = new RegExp(p.regexp);
      } catch {
        return bad(`${pat}/regexp`, "does not compile as an ECMAScript regular expression");
      }
      if (unboundedBacktracking(p.regexp))
        return bad(`${pat}/regexp`, "repeats a repeating group or refers back to a group");
      const groups = groupsIn(re);
      for (const f of GROUP_FIELDS) {
        if (p[f] === undefined) continue;
        const n = p[f];
        if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > groups)
          return bad(`${pat}/${f}`, `must be a group number from 0 to ${groups}`);
        if (taken.has(f)) return bad(`${pat}/${f}`, "is set by another pattern too");
        taken.add(f);
      }
      if (p.loop !== undefined && typeof p.loop !== "boolean") return bad(`${pat}/loop`, "must be a boolean");
      if (p.loop === true) {
        if (ps.length === 1 || i !== ps.length - 1)
          return bad(`${pat}/loop`, "only the last of several patterns may loop");
        if (p.message === undefined) return bad(`${pat}/loop`, "a looping pattern must set message");
      }
    }
    if (!taken.has("message")) return bad(`${at}/pattern`, "no pattern sets message");
    out.push(m as unknown as KitMatcher);
  }
  return { ok: true, matchers: out };
}

/** A finding a matcher makes, as the spec defines it (FC-STAGE1-MATCHER-4). */
export interface MatcherFinding {
  owner: string;
  /** `<owner>:<code>`, else `<owner>:<severity>`. */
  rule: string;
  severity: "error" | "warning" | "info";
  /** The path after FC-STAGE1-RAW-4 when it is repo-relative; null without a file; the raw absolute path otherwise. */
  path: string | null;
  /** True when `path` is absolute outside the repository (left to the redactor: its form is not settled). */
  outside: boolean;
  line: number | null;
  message: string;
  /** The 0-based index of the line that completed it. */
  at: number;
}

type Held = Partial<Record<GroupField, string>>;

/**
 * The text lines Stage 1 reads (FC-STAGE1-RAW-3, FC-STAGE1-3): CR LF is LF; of a line with lone CRs (a terminal
 * redraw) only the text after the last one; ANSI escape sequences, C0 controls but TAB, and DEL removed.
 */
export function textLines(text: string): string[] {
  const ESC = String.fromCharCode(27);
  const ansi = new RegExp(
    `${ESC}(?:\\[[0-?]*[ -/]*[@-~]|\\][^\\u0007${ESC}]*(?:\\u0007|${ESC}\\\\)|[@-Z\\\\-_])`,
    "g",
  );
  const controls = /[\u0000-\u0008\u000b-\u001f\u007f]/g;
  return text
    .replace(/\r\n/g, "\n")
    .split("\n")
    .map((l) =>
      l
        .slice(l.lastIndexOf("\r") + 1)
        .replace(ansi, "")
        .replace(controls, ""),
    );
}

function mapSeverity(word: string | undefined): "error" | "warning" | "info" {
  const w = (word ?? "").toLowerCase();
  if (w === "warning" || w === "warn") return "warning";
  if (w === "notice" || w === "info" || w === "note" || w === "hint") return "info";
  return "error";
}

function repoRelative(raw: string, repoRoot: string): { path: string; outside: boolean } {
  let p = raw.trim();
  const uri = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(p);
  if (uri) {
    p = decodeURIComponent(uri[1]!);
    if (/^\/[A-Za-z]:\//.test(p)) p = p.slice(1);
  }
  if (/^[A-Za-z]:[\\/]/.test(p) || (p.includes("\\") && !p.includes("/"))) p = p.replace(/\\/g, "/");
  const root = repoRoot.replace(/\\/g, "/").replace(/\/+$/, "");
  const drive = /^[A-Za-z]:\//.test(root);
  const cmp = drive ? p.toLowerCase() : p;
  const r = drive ? root.toLowerCase() : root;
  if (r !== "" && cmp.startsWith(`${r}/`)) p = p.slice(r.length + 1);
  while (p.startsWith("./")) p = p.slice(2);
  // Still absolute (FC-STAGE1-4): the redactor's path mask, whose spelling is not compared.
  const outside = /^(?:[/\\~]|[A-Za-z]:\/|file:)/i.test(p);
  return { path: p, outside };
}

/**
 * The findings the matchers make on `text` (FC-STAGE1-MATCHER-2..4), read as GitHub's runner reads a log:
 * matchers in order on each line, the first to complete a finding wins the line; several patterns match
 * consecutive lines, a looping last pattern repeats with what the earlier ones captured, and an earlier
 * capture is kept over a later one. Each line is matched on its first 4096 characters.
 */
export function matcherFindings(
  matchers: readonly KitMatcher[],
  text: string,
  repoRoot: string,
): MatcherFinding[] {
  const compiled = matchers.map((m) => ({
    m,
    res: m.pattern.map((p) => new RegExp(p.regexp)),
    // running[k]: what patterns 0..k have captured on the lines just before (null: no running match)
    running: m.pattern.map((): Held | null => null),
  }));
  const take = (held: Held | null, p: KitPattern, g: RegExpExecArray): Held => {
    const next: Held = { ...(held ?? {}) };
    for (const f of GROUP_FIELDS) {
      const n = p[f];
      if (n === undefined || next[f] !== undefined) continue;
      const v = g[n];
      if (v !== undefined) next[f] = v;
    }
    return next;
  };
  const out: MatcherFinding[] = [];
  const lines = textLines(text);
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!.slice(0, 4096);
    for (const c of compiled) {
      const n = c.m.pattern.length;
      let done: Held | null = null;
      if (n === 1) {
        const g = c.res[0]!.exec(line);
        if (g !== null) done = take(null, c.m.pattern[0]!, g);
      } else {
        // Last pattern first, so that every pattern sees the running matches as they were before this line.
        for (let k = n - 1; k >= 0 && done === null; k--) {
          const before = k === 0 ? null : c.running[k - 1]!;
          if (k > 0 && before === null) continue;
          const p = c.m.pattern[k]!;
          const g = c.res[k]!.exec(line);
          if (k === n - 1) {
            if (g === null) continue;
            done = take(before, p, g);
            c.running.fill(null);
            if (p.loop === true) c.running[k - 1] = before;
          } else c.running[k] = g === null ? null : take(before, p, g);
        }
      }
      if (done === null) continue;
      out.push(findingOf(c.m, done, repoRoot, at));
      break;
    }
  }
  return out;
}

function findingOf(m: KitMatcher, h: Held, repoRoot: string, at: number): MatcherFinding {
  const severity = mapSeverity(h.severity !== undefined && h.severity !== "" ? h.severity : m.severity);
  const code = (h.code ?? "").trim().replace(/\s+/g, "-");
  let file = h.file !== undefined && h.file.trim() !== "" ? h.file.trim() : null;
  if (file !== null && h.fromPath !== undefined && !/^(\/|[A-Za-z]:[\\/])/.test(file)) {
    const from = h.fromPath.replace(/\\/g, "/");
    const slash = from.lastIndexOf("/");
    if (slash > 0) file = `${from.slice(0, slash)}/${file}`;
  }
  const where = file === null ? null : repoRelative(file, repoRoot);
  const ln = h.line !== undefined && /^\s*\d+\s*$/.test(h.line) ? Number(h.line) : null;
  return {
    owner: m.owner,
    rule: `${m.owner}:${code === "" ? severity : code}`,
    severity,
    path: where === null ? null : where.path,
    outside: where?.outside ?? false,
    line: ln !== null && ln >= 1 && ln < 1e9 ? ln : null,
    message: h.message ?? "",
    at,
  };
}
