// FC-CASE-1, FC-CASE-2, FC-CASE-8: linting the case library — schema, ids, paths, wording, requirement ids, coverage.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { caseSchemaProblems, idForPath, listCaseFiles } from "./cases.ts";
import { stepRefsIn, stepsOf } from "./steps.ts";
import { parsePointer } from "./json.ts";
import type { Assertion, ConformanceCase } from "./types.ts";

export interface LintProblem {
  /** Case file (relative to the case root), spec file, or "(coverage)". */
  file: string;
  rule:
    | "json"
    | "schema"
    | "duplicate-id"
    | "id-path"
    | "should"
    | "unknown-requirement"
    | "semantics"
    | "unclassified"
    | "profile-class"
    | "uncovered";
  message: string;
}

/** A requirement's class (spec/SPEC.md §0): what every implementation must do, or how the reference settles an open point. */
export type RequirementClass = "contract" | "reference";

/** One requirement as the spec defines it. */
export interface Requirement {
  id: string;
  /** Null when the definition gives no class (a lint problem). */
  class: RequirementClass | null;
  /** The spec file that defines it. */
  file: string;
  /** The 1-based line of the definition in that file. */
  line: number;
  /** The definition's text: the rest of its line and its continuation lines. */
  text: string;
}

export interface SpecRequirements {
  /** Every requirement id a spec file defines, with the file that defines it. */
  defined: Map<string, string>;
  /** Every requirement with its class, file and text, in definition order. */
  requirements: Map<string, Requirement>;
  withdrawn: Set<string>;
  /** Id prefixes the spec exempts from case coverage (`<!-- coverage-exempt: FC-PROTO FC-CERT -->`). */
  exemptPrefixes: string[];
}

const ID = "FC-[A-Z0-9]+(?:-[A-Z0-9]+)*-\\d+";
const CLASS = "(?:\\s*\\((contract|reference)\\))?";

/** Expands `FC-X-4..7` into FC-X-4 … FC-X-7. */
function expand(token: string): string[] {
  const m = /^(FC-[A-Z0-9]+(?:-[A-Z0-9]+)*-)(\d+)(?:\.\.(\d+))?$/.exec(token);
  if (!m) return [];
  const from = Number(m[2]);
  const to = m[3] !== undefined ? Number(m[3]) : from;
  const out: string[] = [];
  for (let n = from; n <= to && n - from < 100; n++) out.push(`${m[1]}${n}`);
  return out;
}

/** The definition's text: the rest of its line, plus following lines until a blank line, bullet, heading or row. */
function definitionText(text: string, from: number): string {
  const lines: string[] = [];
  let at = from;
  for (;;) {
    const end = text.indexOf("\n", at);
    const line = text.slice(at, end < 0 ? undefined : end);
    if (lines.length > 0 && (/^\s*$/.test(line) || /^\s*(?:[-*] |#|\|)/.test(line))) break;
    lines.push(line.trim());
    if (end < 0) break;
    at = end + 1;
  }
  return lines.join(" ").trim();
}

/**
 * The one parser of requirement definitions (FC-CASE-2): a bold `**FC-X-N**`, a heading starting with `FC-X-N` (or
 * a range `FC-X-4..7`), or a table row whose first cell is `FC-X-N`; each followed by its class, `(contract)` or
 * `(reference)`. A range heading may leave the class to the table rows that define its ids. Mentions in running
 * text are citations, not definitions.
 */
export function specRequirements(specDir: string): SpecRequirements {
  const defined = new Map<string, string>();
  const requirements = new Map<string, Requirement>();
  const withdrawn = new Set<string>();
  const exemptPrefixes: string[] = [];
  const files = existsSync(specDir)
    ? readdirSync(specDir)
        .filter((f) => f.endsWith(".md"))
        .sort()
    : [];
  const patterns = [
    new RegExp(`\\*\\*(${ID}(?:\\.\\.\\d+)?)\\*\\*${CLASS}`, "g"),
    new RegExp(`^#{1,6}\\s+(${ID}(?:\\.\\.\\d+)?)${CLASS}`, "gm"),
    new RegExp(`^\\|\\s*(?:\\*\\*)?(${ID})(?:\\*\\*)?${CLASS}\\s*\\|`, "gm"),
  ];
  for (const f of files) {
    const path = join(specDir, f);
    const text = readFileSync(path, "utf8");
    for (const m of text.matchAll(/<!--\s*coverage-exempt:\s*([^>]*?)\s*-->/g)) {
      exemptPrefixes.push(...m[1]!.split(/\s+/).filter((s) => s !== ""));
    }
    for (const re of patterns) {
      for (const m of text.matchAll(re)) {
        const lineEnd = text.indexOf("\n", m.index);
        const line = text.slice(m.index, lineEnd < 0 ? undefined : lineEnd);
        const klass = (m[2] as RequirementClass | undefined) ?? null;
        const body = definitionText(text, m.index + m[0].length);
        for (const id of expand(m[1]!)) {
          if (!defined.has(id)) defined.set(id, path);
          const known = requirements.get(id);
          if (known === undefined)
            requirements.set(id, { id, class: klass, file: path, line: lineAt(text, m.index), text: body });
          else if (known.class === null && klass !== null) known.class = klass;
          if (/\*withdrawn\*/i.test(line)) withdrawn.add(id);
        }
      }
    }
  }
  return { defined, requirements, withdrawn, exemptPrefixes };
}

/** The 1-based line number of a character offset. */
function lineAt(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function isExempt(id: string, prefixes: string[]): boolean {
  return prefixes.some((p) => id === p || id.startsWith(`${p}-`));
}

/** Pointers an assertion reads, with the step each one reads from (undefined = the reply judged). */
function pointersOf(a: Assertion): { pointer: string; step?: number }[] {
  const out: { pointer: string; step?: number }[] = [];
  if ("pointer" in a && typeof a.pointer === "string") out.push({ pointer: a.pointer });
  const refs: unknown[] = [];
  if ("to" in a) refs.push(a.to);
  if ("than" in a && typeof a.than === "object") refs.push(a.than);
  for (const r of refs) {
    if (typeof r !== "object" || r === null) continue;
    const ref = r as { step?: number; pointer: string };
    out.push(ref.step === undefined ? { pointer: ref.pointer } : { pointer: ref.pointer, step: ref.step });
  }
  if (a.check === "tokenCount") out.push({ pointer: a.of });
  return out;
}

/** Checks that go beyond the schema: pointers, patterns, command-specific payloads, consistent expectations. */
export function semanticProblems(c: ConformanceCase): string[] {
  const out: string[] = [];
  if (c.steps !== undefined && (c.input !== undefined || c.expect !== undefined))
    out.push("a case has either input + expect or steps, not both");
  if (c.steps === undefined && (c.input === undefined || c.expect === undefined))
    out.push("a one-step case needs both input and expect");
  const steps = stepsOf(c);
  const multi = c.steps !== undefined;
  for (const [si, step] of steps.entries()) {
    const label = multi ? `step ${si}: ` : "";
    const exp = step.expect;
    if (step.command === "compact") {
      if (!Object.hasOwn(step.input, "request")) out.push(`${label}a compact case's input needs a 'request'`);
      for (const k of Object.keys(step.input)) {
        if (k !== "request" && k !== "options")
          out.push(`${label}a compact case's input has an unknown member '${k}' (request, options)`);
      }
    }
    for (const ref of stepRefsIn(step.input)) {
      if (typeof ref.step !== "number" || !Number.isInteger(ref.step) || ref.step < 0 || ref.step >= si)
        out.push(`${label}the $fromStep reference at '${ref.at}' must name an earlier step (0..${si - 1})`);
      if (parsePointer(ref.pointer) === null)
        out.push(
          `${label}the $fromStep reference at '${ref.at}' has '${ref.pointer}', not an RFC 6901 JSON pointer`,
        );
    }
    if (exp.anyOf !== undefined) {
      if (exp.error !== undefined || exp.result !== undefined || exp.bytes !== undefined)
        out.push(`${label}beside anyOf, expect holds only assertions that apply to every answer`);
      const errorAlternative = exp.anyOf.some((alt) => alt.error !== undefined);
      out.push(
        ...expectationProblems(c, step.command, exp.assertions ?? [], {}, label, si, errorAlternative),
      );
      for (const [k, alt] of exp.anyOf.entries())
        out.push(
          ...expectationProblems(c, step.command, alt.assertions ?? [], alt, `${label}answer ${k + 1}: `, si),
        );
    } else out.push(...expectationProblems(c, step.command, exp.assertions ?? [], exp, label, si));
  }
  return out;
}

/** FC-CASE-8 for one expectation (or one acceptable answer of an anyOf, FC-CASE-14). */
function expectationProblems(
  c: ConformanceCase,
  command: string,
  assertions: Assertion[],
  exp: { error?: unknown; result?: unknown; bytes?: unknown },
  label: string,
  si: number,
  textOnly = exp.error !== undefined,
): string[] {
  const out: string[] = [];
  if (exp.error !== undefined && (exp.result !== undefined || exp.bytes !== undefined)) {
    out.push(`${label}expect has both an error and a result/bytes; a reply is one or the other`);
  }
  if (exp.bytes !== undefined && command !== "compact")
    out.push(`${label}expect.bytes applies only to compact cases`);
  if (exp.bytes !== undefined && c.profile !== "byte-exact")
    out.push(`${label}expect.bytes needs the byte-exact profile`);
  for (const [i, a] of assertions.entries()) {
    for (const p of pointersOf(a)) {
      if (parsePointer(p.pointer) === null)
        out.push(`${label}assertion ${i + 1}: '${p.pointer}' is not an RFC 6901 JSON pointer`);
      if (p.step !== undefined && (!Number.isInteger(p.step) || p.step < 0 || p.step >= si))
        out.push(`${label}assertion ${i + 1}: step ${p.step} is not an earlier step (0..${si - 1})`);
    }
    if ((a.check === "equals" || a.check === "notEquals") && (a.value === undefined) === (a.to === undefined))
      out.push(`${label}assertion ${i + 1}: ${a.check} takes exactly one of value and to`);
    if (a.check === "matches" || a.check === "anyMatches" || a.check === "noneMatches") {
      try {
        new RegExp(a.pattern, "u");
      } catch {
        out.push(`${label}assertion ${i + 1}: the pattern is not a valid regular expression (u flag)`);
      }
    }
    // `project` plucks one member by name; a nested path (`location/path`) would pluck nothing from every
    // element, so a noneMatches or notContains on it could never fail.
    if ("project" in a && typeof a.project === "string" && a.project.includes("/"))
      out.push(
        `${label}assertion ${i + 1}: project '${a.project}' holds '/': it names one member of each element, not a path`,
      );
    if (textOnly && !(a.check === "absentText" || a.check === "presentText")) {
      out.push(`${label}assertion ${i + 1}: an error reply has no log; only absentText/presentText apply`);
    }
  }
  return out;
}

export interface LintInput {
  casesDir: string;
  specDir: string;
  /**
   * Requirement ids cited by other checks (properties, features, smoke checks); they count for coverage. A `gating`
   * source (a property, a scenario without `@reference`) is held to the profile-class rule like a required case.
   */
  extraCoverage?: { source: string; requirements: string[]; gating?: boolean }[];
  coverage?: boolean;
}

export interface LintReport {
  files: number;
  cases: number;
  requirements: number;
  covered: number;
  uncovered: string[];
  problems: LintProblem[];
}

export function lintLibrary(input: LintInput): LintReport {
  const problems: LintProblem[] = [];
  const spec = specRequirements(input.specDir);
  let files: string[] = [];
  try {
    if (!statSync(input.casesDir).isDirectory()) throw new Error("not a directory");
    files = listCaseFiles(input.casesDir);
  } catch {
    problems.push({ file: input.casesDir, rule: "json", message: "the case directory cannot be read" });
  }
  const seen = new Map<string, string>();
  const cited = new Map<string, number>();
  let cases = 0;
  for (const file of files) {
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(join(input.casesDir, file), "utf8"));
    } catch {
      problems.push({ file, rule: "json", message: "not valid JSON" });
      continue;
    }
    const schema = caseSchemaProblems(doc);
    if (schema.length > 0) {
      for (const message of schema) problems.push({ file, rule: "schema", message });
      continue;
    }
    cases++;
    const c = doc as ConformanceCase;
    const other = seen.get(c.id);
    if (other !== undefined)
      problems.push({ file, rule: "duplicate-id", message: `id '${c.id}' is also used by ${other}` });
    else seen.set(c.id, file);
    const want = idForPath(file);
    if (c.id !== want) {
      problems.push({
        file,
        rule: "id-path",
        message: `id '${c.id}' does not match its path; a case at this path has id '${want}'`,
      });
    }
    if (/\bshould\b/i.test(c.description)) {
      problems.push({
        file,
        rule: "should",
        message: "the description says 'should'; state the claim as a fact",
      });
    }
    for (const r of c.requirements) {
      if (!spec.defined.has(r)) {
        problems.push({
          file,
          rule: "unknown-requirement",
          message: `requirement ${r} is not defined in the spec (${basename(input.specDir)}/*.md)`,
        });
      } else if (spec.withdrawn.has(r)) {
        problems.push({ file, rule: "unknown-requirement", message: `requirement ${r} is withdrawn` });
      }
      cited.set(r, (cited.get(r) ?? 0) + 1);
      if (c.profile === "required" && spec.requirements.get(r)?.class === "reference") {
        problems.push({
          file,
          rule: "profile-class",
          message: `a required case cites ${r}, a reference-class requirement; assert a relation that cites a contract requirement, or move the case to the 'reference' profile`,
        });
      }
    }
    for (const message of semanticProblems(c)) problems.push({ file, rule: "semantics", message });
  }
  for (const extra of input.extraCoverage ?? []) {
    for (const r of extra.requirements) {
      cited.set(r, (cited.get(r) ?? 0) + 1);
      if (extra.gating === true && spec.requirements.get(r)?.class === "reference") {
        problems.push({
          file: extra.source,
          rule: "profile-class",
          message: `a gating check cites ${r}, a reference-class requirement; cite a contract requirement, or mark it @reference`,
        });
      }
    }
  }
  for (const req of spec.requirements.values()) {
    if (req.class === null && !spec.withdrawn.has(req.id)) {
      problems.push({
        file: req.file,
        rule: "unclassified",
        message: `requirement ${req.id} has no class; write '(contract)' or '(reference)' right after its id`,
      });
    }
  }
  const required = [...spec.defined.keys()].filter(
    (id) => !spec.withdrawn.has(id) && !isExempt(id, spec.exemptPrefixes),
  );
  const uncovered = required.filter((id) => !cited.has(id)).sort(compareIds);
  if (input.coverage !== false) {
    for (const id of uncovered) {
      problems.push({
        file: spec.defined.get(id)!,
        rule: "uncovered",
        message: `requirement ${id} is not checked by any case, property or feature`,
      });
    }
  }
  return {
    files: files.length,
    cases,
    requirements: required.length,
    covered: required.length - uncovered.length,
    uncovered,
    problems,
  };
}

/** Orders FC ids by area, then numerically. */
export function compareIds(a: string, b: string): number {
  const ma = /^(.*)-(\d+)$/.exec(a);
  const mb = /^(.*)-(\d+)$/.exec(b);
  if (ma && mb && ma[1] === mb[1]) return Number(ma[2]) - Number(mb[2]);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Requirement ids cited by `@FC-…` tags in .feature files below `dir`, one entry per scenario (feature-level tags
 * apply to every scenario). A scenario tagged `@reference` checks a reference settlement: it is not gating.
 */
export function featureRequirements(
  dir: string,
): { source: string; requirements: string[]; gating: boolean }[] {
  const out: { source: string; requirements: string[]; gating: boolean }[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(".feature")) out.push(...scenarioTags(p, readFileSync(p, "utf8")));
    }
  };
  walk(dir);
  return out;
}

function scenarioTags(
  source: string,
  text: string,
): { source: string; requirements: string[]; gating: boolean }[] {
  const out: { source: string; requirements: string[]; gating: boolean }[] = [];
  let pending: string[] = [];
  let featureTags: string[] = [];
  let current: { source: string; requirements: string[]; gating: boolean } | null = null;
  const tagsOf = (line: string) => [...line.matchAll(/@([^\s@]+)/g)].map((m) => m[1]!);
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line.startsWith("#")) continue;
    if (line.startsWith("@")) {
      pending.push(...tagsOf(line));
      continue;
    }
    if (/^Feature:/.test(line)) featureTags = pending;
    else if (/^(Scenario|Scenario Outline|Example|Scenario Template):/.test(line)) {
      const tags = [...featureTags, ...pending];
      current = {
        source: `${source}:${i + 1}`,
        requirements: tags.filter((t) => new RegExp(`^${ID}$`).test(t)),
        gating: !tags.includes("reference"),
      };
      out.push(current);
    } else if (/^Examples:/.test(line) && current !== null && pending.length > 0) {
      current.requirements.push(...pending.filter((t) => new RegExp(`^${ID}$`).test(t)));
      if (pending.includes("reference")) current.gating = false;
    }
    if (line !== "") pending = [];
  }
  return out;
}
