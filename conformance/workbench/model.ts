// FC-WB-2: what the workbench shows — every requirement (the one parser), who cites it, which module implements it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { loadCases } from "../runner/cases.ts";
import { loadProperties } from "../runner/certify.ts";
import { featureRequirements, specRequirements } from "../runner/lint.ts";
import { NOT_OBSERVABLE_THROUGH_THE_PROTOCOL } from "../tools/requirement-coverage.ts";
import { VERSION } from "../../src/version.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const posix = (p: string) => p.split(sep).join("/");

export interface RequirementEntry {
  id: string;
  class: "contract" | "reference" | null;
  /** The spec file, relative to the package root (spec/SPEC.md). */
  file: string;
  text: string;
  cases: string[];
  properties: string[];
  scenarios: string[];
  /** Source modules whose one-line header cites the id. */
  modules: string[];
  /** Why no case can cite it, when the coverage rule exempts it. */
  exempt?: string;
}

export interface CaseEntry {
  id: string;
  source: "golden" | "conformance";
  description: string;
  requirements: string[];
  profile?: string;
  request: unknown;
  options: { budgetTokens?: number };
}

export interface WorkbenchData {
  version: string;
  requirements: RequirementEntry[];
  cases: CaseEntry[];
  specFiles: string[];
}

function walk(dir: string, keep: (name: string) => boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === "node_modules" || n === "fixtures" ? [] : walk(p, keep);
    return keep(n) ? [p] : [];
  });
}

/** The ids the first line of a module cites (`// FC-A-1, FC-B-2..4: …`), ranges expanded. */
export function headerIds(firstLine: string): string[] {
  // `//!` in the compiled package, where the header is kept as a legal comment (scripts/build.mjs).
  const m = /^\/\/!?\s*([^:]*FC-[^:]*):/.exec(firstLine);
  if (!m) return [];
  const out: string[] = [];
  for (const t of m[1]!.matchAll(/(FC-[A-Z0-9]+(?:-[A-Z0-9]+)*-)(\d+)(?:\.\.(\d+))?/g)) {
    const from = Number(t[2]);
    const to = t[3] !== undefined ? Number(t[3]) : from;
    for (let n = from; n <= to && n - from < 100; n++) out.push(`${t[1]}${n}`);
  }
  return out;
}

/** Source module → ids, from the one-line header each module under src/ carries (tests excluded). */
export function implementingModules(srcDir = join(ROOT, "src")): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  // .js: the compiled modules of an installed package (dist/lib/src), whose headers the build keeps.
  const files = walk(
    srcDir,
    (n) =>
      /\.(ts|mjs|js)$/.test(n) && !/\.test\.ts$/.test(n) && !/\.d\.m?ts$/.test(n) && n !== "app.bundle.js",
  );
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    // A compiled module's header is a legal comment that esbuild keeps below the hoisted imports.
    const first = f.endsWith(".js")
      ? (/^\/\/! [^\n]*FC-[^\n]*$/m.exec(text)?.[0] ?? "")
      : text.slice(0, text.indexOf("\n") >>> 0);
    const rel = posix(relative(ROOT, f));
    for (const id of headerIds(first.startsWith("#!") ? (text.split("\n")[1] ?? "") : first)) {
      const list = byId.get(id) ?? [];
      if (!list.includes(rel)) list.push(rel);
      byId.set(id, list);
    }
  }
  return byId;
}

function goldenCases(dir: string): CaseEntry[] {
  return walk(dir, (n) => n.endsWith(".json")).map((f) => {
    const c = JSON.parse(readFileSync(f, "utf8")) as {
      id: string;
      description: string;
      requirements: string[];
      options?: { budgetTokens?: number };
      request: unknown;
    };
    return {
      id: c.id,
      source: "golden",
      description: c.description,
      requirements: c.requirements,
      request: c.request,
      options: c.options ?? {},
    };
  });
}

/** Compact cases whose (first step's) input is one request: the ones the playground can start from. */
function conformanceCases(dir: string): CaseEntry[] {
  const out: CaseEntry[] = [];
  for (const { case: c } of loadCases(dir).cases) {
    const step = c.steps?.[0];
    const command = step?.command ?? c.command;
    const input = (step?.input ?? c.input) as { request?: unknown; options?: unknown } | undefined;
    if (command !== "compact" || input === undefined || !("request" in input)) continue;
    if (JSON.stringify(input.request).includes('"$fromStep"')) continue;
    const options = (typeof input.options === "object" && input.options !== null ? input.options : {}) as {
      budgetTokens?: number;
    };
    out.push({
      id: c.id,
      source: "conformance",
      description: c.description,
      requirements: c.requirements,
      profile: c.profile,
      request: input.request,
      options,
    });
  }
  return out;
}

export interface ModelDirs {
  spec: string;
  cases: string;
  features: string;
  golden: string;
  src: string;
}

export const DEFAULT_DIRS: ModelDirs = {
  spec: join(ROOT, "spec"),
  cases: join(ROOT, "conformance/cases"),
  features: join(ROOT, "features"),
  golden: join(ROOT, "golden/cases"),
  src: join(ROOT, "src"),
};

/** Everything the page shows, read from the package's files. */
export async function workbenchData(dirs: ModelDirs = DEFAULT_DIRS): Promise<WorkbenchData> {
  const spec = specRequirements(dirs.spec);
  const conformance = conformanceCases(dirs.cases);
  const allCases = loadCases(dirs.cases).cases;
  const modules = implementingModules(dirs.src);
  const properties = await loadProperties().catch(() => []);
  const scenarios = featureRequirements(dirs.features);
  const requirements: RequirementEntry[] = [];
  const index = new Map<string, RequirementEntry>();
  for (const r of spec.requirements.values()) {
    if (spec.withdrawn.has(r.id)) continue;
    const e: RequirementEntry = {
      id: r.id,
      class: r.class,
      file: posix(relative(ROOT, r.file)),
      text: r.text,
      cases: [],
      properties: [],
      scenarios: [],
      modules: modules.get(r.id) ?? [],
    };
    const why =
      NOT_OBSERVABLE_THROUGH_THE_PROTOCOL[r.id] ??
      (spec.exemptPrefixes.some((p) => r.id === p || r.id.startsWith(`${p}-`))
        ? "exempt from case coverage by a coverage-exempt comment of the spec"
        : undefined);
    if (why !== undefined) e.exempt = why;
    requirements.push(e);
    index.set(r.id, e);
  }
  for (const { case: c } of allCases) for (const id of c.requirements) index.get(id)?.cases.push(c.id);
  for (const p of properties) for (const id of p.requirements) index.get(id)?.properties.push(p.id);
  for (const s of scenarios) {
    const where = posix(relative(ROOT, s.source));
    for (const id of s.requirements) {
      const list = index.get(id)?.scenarios;
      if (list && !list.includes(where)) list.push(where);
    }
  }
  return {
    version: VERSION,
    requirements,
    cases: [...goldenCases(dirs.golden), ...conformance],
    specFiles: walk(dirs.spec, (n) => n.endsWith(".md")).map((f) => posix(relative(ROOT, f))),
  };
}
