// FC-WB-6: "save as case" — the current request as a conformance case file (FC-CASE-1..12) that `check` accepts.
import type { RunResult } from "./engine.ts";

export interface ProposedAssertion {
  assertion: Record<string, unknown>;
  /** The class of what it asserts: a contract relation, or a value only the reference settles. */
  class: "contract" | "reference";
  why: string;
}

/** A case path as the author types it (`compact/packing/my-claim`): null when acceptable, else the problem. */
export function casePathProblem(path: string): string | null {
  if (path === "") return "type a path such as compact/packing/the-claim";
  if (path.includes("\\")) return "use / between directories";
  const p = path.replace(/\.json$/, "");
  const parts = p.split("/");
  if (parts.some((s) => s === ".." || s === "." || s === "")) return "no empty, '.' or '..' segments";
  if (parts.length < 2) return "a case lives in an area directory: AREA/…/CLAIM";
  if (!parts.every((s) => /^[a-z0-9][a-z0-9-]*$/.test(s)))
    return "segments are lower-case letters, digits and '-' (they become the case id)";
  return null;
}

export const caseIdOf = (path: string): string =>
  path
    .replace(/\.json$/, "")
    .split("/")
    .join(".");

/** Assertions drawn from the reference's current output, for the author to keep or delete. */
export function proposeAssertions(out: RunResult): ProposedAssertion[] {
  if (!out.ok) return [];
  const log = out.log as {
    correctionDelta: {
      attempt: number;
      lastVerdict: string;
      omitted: { count: number } | null;
      openRootCauses: unknown[];
      constraints: unknown[];
    };
    redactions: { rule: string }[];
  };
  const d = log.correctionDelta;
  const p: ProposedAssertion[] = [
    {
      assertion: {
        check: "lte",
        pointer: "/compaction/renderedTokens",
        than: { pointer: "/compaction/budgetTokens" },
      },
      class: "contract",
      why: "FC-STAGE5-3: the Delta fits the budget",
    },
    {
      assertion: { check: "tokenCount", pointer: "/compaction/renderedTokens", of: "/correctionDelta" },
      class: "contract",
      why: "FC-RENDER-2: renderedTokens is the suite's own count",
    },
    {
      assertion: {
        check: "equals",
        pointer: "/activeFailures",
        to: { pointer: "/correctionDelta/openRootCauses" },
      },
      class: "contract",
      why: "FC-DELTA-1",
    },
    {
      assertion: { check: "equals", pointer: "/correctionDelta/attempt", value: d.attempt },
      class: "contract",
      why: "FC-STAGE5-1: attempt = N + 1",
    },
    {
      assertion: { check: "equals", pointer: "/correctionDelta/lastVerdict", value: d.lastVerdict },
      class: "contract",
      why: "FC-STAGE5-1",
    },
    d.omitted === null
      ? {
          assertion: { check: "isNull", pointer: "/correctionDelta/omitted" },
          class: "reference",
          why: "nothing omitted at this budget (packing is the reference's, FC-STAGE5-2)",
        }
      : {
          assertion: { check: "notNull", pointer: "/correctionDelta/omitted" },
          class: "reference",
          why: "an omitted marker at this budget (packing is the reference's, FC-STAGE5-2)",
        },
    {
      assertion: {
        check: "length",
        pointer: "/correctionDelta/openRootCauses",
        value: d.openRootCauses.length,
      },
      class: "reference",
      why: "how many causes the reference packs (FC-STAGE5-2)",
    },
  ];
  if (d.omitted !== null)
    p.push({
      assertion: { check: "equals", pointer: "/correctionDelta/omitted/count", value: d.omitted.count },
      class: "reference",
      why: "the reference's omitted count (FC-STAGE5-2, FC-STAGE5-4)",
    });
  for (const rule of [...new Set(log.redactions.map((r) => r.rule))].sort())
    p.push({
      assertion: { check: "contains", pointer: "/redactions", value: { rule } },
      class: "contract",
      why: `a ${rule} tombstone is recorded`,
    });
  return p;
}

export interface CaseDraft {
  path: string;
  description: string;
  requirements: string[];
  profile: "required" | "reference";
  request: unknown;
  options: { budgetTokens?: number };
  /** The reference's typed error for the request, when it refuses it. */
  error?: { code: string; field?: string };
  assertions: Record<string, unknown>[];
}

/** The case file's JSON text (two-space indentation, as the library's files are written). */
export function caseFileText(d: CaseDraft): string {
  const input: Record<string, unknown> = { request: d.request };
  if (d.options.budgetTokens !== undefined) input.options = { budgetTokens: d.options.budgetTokens };
  const expect: Record<string, unknown> =
    d.error !== undefined
      ? {
          error:
            d.error.field !== undefined
              ? { code: d.error.code, field: d.error.field }
              : { code: d.error.code },
        }
      : { assertions: d.assertions };
  const doc = {
    id: caseIdOf(d.path),
    description: d.description,
    requirements: d.requirements,
    profile: d.profile,
    command: "compact",
    input,
    expect,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
