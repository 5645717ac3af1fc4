// FC-CASE-1, FC-CASE-2, FC-CERT-3: loading the case library, selecting checks (filter, profile, shard) and skip lists.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import caseSchema from "../case.schema.json" with { type: "json" };
import { type ConformanceCase, type LoadedCase, PROFILES, type Profile, type SkipEntry } from "./types.ts";

/** The package's own case library. */
export const DEFAULT_CASES_DIR = fileURLToPath(new URL("../cases/", import.meta.url));

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateCase = ajv.compile(caseSchema);

export interface SchemaProblem {
  file: string;
  message: string;
}

/** Validates one parsed case document against conformance/case.schema.json; messages name pointers, not values. */
export function caseSchemaProblems(doc: unknown): string[] {
  if (validateCase(doc)) return [];
  return (validateCase.errors ?? []).map((e) => {
    const where = e.instancePath === "" ? "(top level)" : e.instancePath;
    const extra =
      e.keyword === "additionalProperties"
        ? ` '${String((e.params as { additionalProperty?: string }).additionalProperty)}'`
        : e.keyword === "enum"
          ? ` ${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)}`
          : "";
    return `${where}: ${e.message ?? e.keyword}${extra}`;
  });
}

/** Every *.json file below `dir`, sorted, as paths relative to `dir` with forward slashes. */
export function listCaseFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".json")) out.push(relative(dir, p).split(sep).join("/"));
    }
  };
  walk(dir);
  return out;
}

/** The id a case at this relative path must have: directories and file name joined by dots. */
export function idForPath(file: string): string {
  return file
    .replace(/\.json$/, "")
    .split("/")
    .join(".");
}

/** The spec area of a check id: all but its last dotted segment. */
export function areaOf(id: string): string {
  const i = id.lastIndexOf(".");
  return i < 0 ? id : id.slice(0, i);
}

/** Loads every case; files that do not parse or validate are reported, not thrown. */
export function loadCases(dir: string = DEFAULT_CASES_DIR): {
  cases: LoadedCase[];
  problems: SchemaProblem[];
} {
  const cases: LoadedCase[] = [];
  const problems: SchemaProblem[] = [];
  let files: string[];
  try {
    files = listCaseFiles(dir);
  } catch (e) {
    return {
      cases,
      problems: [
        {
          file: dir,
          message: `cannot read the case directory (${(e as NodeJS.ErrnoException).code ?? "error"})`,
        },
      ],
    };
  }
  for (const file of files) {
    const read = readCaseFile(join(dir, file));
    if ("doc" in read) cases.push({ case: read.doc, file });
    else for (const message of read.problems) problems.push({ file, message });
  }
  return { cases, problems };
}

/**
 * Case files already read, parsed and validated in this process, by absolute path, with the file's identity
 * (inode, size, modification time) at that moment: a run that certifies many implementations, a test file that
 * certifies many times, or the workbench reads the 19 MB library once and again only where a file changed. The
 * documents are frozen, so no run can change the case another run sees.
 */
const READ = new Map<string, { stamp: string; read: { doc: ConformanceCase } | { problems: string[] } }>();

function readCaseFile(path: string): { doc: ConformanceCase } | { problems: string[] } {
  let stamp: string;
  try {
    const st = statSync(path, { bigint: true });
    stamp = `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return { problems: ["not valid JSON"] };
  }
  const known = READ.get(path);
  if (known?.stamp === stamp) return known.read;
  let doc: unknown;
  let read: { doc: ConformanceCase } | { problems: string[] };
  try {
    doc = JSON.parse(readFileSync(path, "utf8"));
    const errs = caseSchemaProblems(doc);
    read = errs.length > 0 ? { problems: errs } : { doc: deepFreeze(doc) as ConformanceCase };
  } catch {
    read = { problems: ["not valid JSON"] };
  }
  READ.set(path, { stamp, read });
  return read;
}

function deepFreeze<T>(v: T): T {
  if (typeof v === "object" && v !== null && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

/**
 * Loads exactly these case files (`certify --case`, FC-CERT-16): library cases or saved counterexamples, by path.
 * A file's id is the `id` it carries; two files with one id are a problem.
 */
export function loadCaseFiles(paths: readonly string[]): { cases: LoadedCase[]; problems: SchemaProblem[] } {
  const cases: LoadedCase[] = [];
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const file of paths) {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      problems.push({ file, message: code ? `cannot read it (${code})` : "not valid JSON" });
      continue;
    }
    const errs = caseSchemaProblems(doc);
    if (errs.length > 0) {
      for (const message of errs) problems.push({ file, message });
      continue;
    }
    const c = doc as ConformanceCase;
    if (seen.has(c.id)) {
      problems.push({ file, message: `another --case file has the id '${c.id}'` });
      continue;
    }
    seen.add(c.id);
    cases.push({ case: c, file });
  }
  return { cases, problems };
}

/** A filter part that names requirements (`FC-ID-2`, `FC-REDACT-*`) rather than check ids. */
export const isRequirementGlob = (part: string): boolean => /^FC-/.test(part);

/**
 * Compiles a filter (FC-CERT-3): comma-separated globs (`*` any run, `?` one character, leading `!` excludes)
 * over check ids, or over the requirement ids a check cites when the glob starts with `FC-` (`FC-ID-2` selects
 * every check citing FC-ID-2). A check is selected when some include part matches it (or there is none) and no
 * exclude part does.
 */
export function checkMatcher(
  filter: string | undefined,
): (id: string, requirements: readonly string[]) => boolean {
  if (filter === undefined || filter.trim() === "") return () => true;
  const parts = filterParts(filter);
  const compile = (p: string) => {
    const re = globToRegExp(p);
    return isRequirementGlob(p)
      ? (_id: string, reqs: readonly string[]) => reqs.some((q) => re.test(q))
      : (id: string) => re.test(id);
  };
  const include = parts.filter((p) => !p.startsWith("!")).map(compile);
  const exclude = parts.filter((p) => p.startsWith("!")).map((p) => compile(p.slice(1)));
  return (id, reqs) =>
    (include.length === 0 || include.some((m) => m(id, reqs))) && !exclude.some((m) => m(id, reqs));
}

/** The nonempty comma-separated parts of a filter, trimmed. */
export function filterParts(filter: string): string[] {
  return filter
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/** A filter over check ids alone (requirement parts match nothing here). */
export function idMatcher(filter: string | undefined): (id: string) => boolean {
  const m = checkMatcher(filter);
  return (id) => m(id, []);
}

export function globToRegExp(glob: string): RegExp {
  let src = "";
  for (const ch of glob) {
    if (ch === "*") src += ".*";
    else if (ch === "?") src += ".";
    else src += ch.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  return new RegExp(`^${src}$`);
}

/** Shard K of N (1-based): every N-th check of the id-sorted selection, so shards are balanced and disjoint. */
export function inShard<T extends { id: string }>(
  items: T[],
  shard: { index: number; count: number } | undefined,
): T[] {
  if (shard === undefined) return items;
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const keep = new Set(sorted.filter((_, i) => i % shard.count === shard.index - 1).map((x) => x.id));
  return items.filter((x) => keep.has(x.id));
}

/** Parses `K/N` with 1 ≤ K ≤ N. */
export function parseShard(text: string): { index: number; count: number } | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && count >= 1 && index <= count ? { index, count } : null;
}

export function parseProfiles(text: string): Profile[] | null {
  const out: Profile[] = [];
  for (const p of text.split(",").map((s) => s.trim())) {
    if (!(PROFILES as readonly string[]).includes(p)) return null;
    if (!out.includes(p as Profile)) out.push(p as Profile);
  }
  return out;
}

/** The problem with a skip entry's id (`GLOB[,GLOB…][,!GLOB…]`), or null when it is well-formed. */
function skipIdProblem(id: string): string | null {
  const parts = id.split(",").map((p) => p.trim());
  if (parts.some((p) => p === "" || p === "!")) return `skip entry '${id}' has an empty part`;
  if (parts.every((p) => p.startsWith("!")))
    return `skip entry '${id}' only excludes; start it with the ids or glob it skips, e.g. 'redaction.*,!redaction.x'`;
  return null;
}

/**
 * Parses a skip list. JSON: `[{"id","reason"}]` or `{"<id>": "<reason>"}`. Text: one `ID-OR-GLOB  reason…` per
 * line; a line starting with `#` is a comment. Every entry needs a reason. An id may exclude checks from its
 * glob: `redaction.*,!redaction.sensitive.aws-key` (comma-separated, no spaces; `!` excludes, as in --filter).
 */
export function parseSkipList(
  text: string,
): { ok: true; entries: SkipEntry[] } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    let doc: unknown;
    try {
      doc = JSON.parse(trimmed);
    } catch {
      return { ok: false, message: "the skip file looks like JSON but does not parse" };
    }
    const raw: [unknown, unknown][] = Array.isArray(doc)
      ? doc.map((e) => [(e as { id?: unknown })?.id, (e as { reason?: unknown })?.reason])
      : Object.entries(doc as Record<string, unknown>);
    const entries: SkipEntry[] = [];
    for (const [i, [id, reason]] of raw.entries()) {
      if (typeof id !== "string" || id === "") return { ok: false, message: `skip entry ${i + 1} has no id` };
      if (typeof reason !== "string" || reason.trim() === "") {
        return { ok: false, message: `skip entry '${id}' has no reason; say why it is skipped` };
      }
      const problem = skipIdProblem(id);
      if (problem !== null) return { ok: false, message: problem };
      entries.push({ id, reason: reason.trim() });
    }
    return { ok: true, entries };
  }
  const entries: SkipEntry[] = [];
  for (const [i, rawLine] of text.split(/\r?\n/).entries()) {
    // Only whole lines are comments: reasons often cite issues like '#12'.
    const line = rawLine.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(\S+)\s+(.+)$/.exec(line);
    if (!m)
      return {
        ok: false,
        message: `skip file line ${i + 1}: expected 'CASE-ID reason…' (a reason is required)`,
      };
    const problem = skipIdProblem(m[1]!);
    if (problem !== null) return { ok: false, message: `skip file line ${i + 1}: ${problem}` };
    entries.push({ id: m[1]!, reason: m[2]!.trim() });
  }
  return { ok: true, entries };
}

const compiledSkips = new WeakMap<SkipEntry, (id: string, reqs: readonly string[]) => boolean>();

/** Whether a skip entry covers a check (its globs, minus its exclusions). */
export function skipCovers(entry: SkipEntry, id: string, requirements: readonly string[] = []): boolean {
  let m = compiledSkips.get(entry);
  if (m === undefined) {
    m = checkMatcher(entry.id);
    compiledSkips.set(entry, m);
  }
  return m(id, requirements);
}

/** True for an entry naming exactly one check (no glob, no list, no requirement): it rots as soon as it passes. */
export function isExactSkip(entry: SkipEntry): boolean {
  return !/[*?,]/.test(entry.id) && !isRequirementGlob(entry.id);
}

/** The skip entry that applies to a check, if any (the first that covers it). */
export function skipFor(
  entries: SkipEntry[],
  id: string,
  requirements: readonly string[] = [],
): SkipEntry | undefined {
  return entries.find((e) => skipCovers(e, id, requirements));
}

export type { ConformanceCase };
