// FC-CERT-3, FC-CERT-20: why a selection is empty, or why nothing in it applies — the usage error that names the filter.
import { checkMatcher, filterParts, globToRegExp, isRequirementGlob } from "./cases.ts";
import type { Profile } from "./types.ts";

/** What the selection steps see of a check. */
export interface Selectable {
  id: string;
  requirements: readonly string[];
  profile: Profile;
}

export interface SelectionSteps {
  filter?: string;
  /** Exact ids (`--rerun FILE`). */
  ids?: readonly string[];
  profiles: readonly Profile[];
  /** True when --profile was given (so it narrowed the run on purpose). */
  profileGiven: boolean;
  shard?: { index: number; count: number };
  /** The run is limited to `--case` files. */
  caseFiles: boolean;
}

const q = (s: string) => `'${s}'`;

/** For each include part of the filter that matches nothing: what it might have meant. */
function filterHints(filter: string, all: readonly Selectable[]): string[] {
  const hints: string[] = [];
  for (const part of filterParts(filter)) {
    if (part.startsWith("!")) continue;
    const m = checkMatcher(part);
    if (all.some((c) => m(c.id, c.requirements))) continue;
    if (isRequirementGlob(part)) {
      hints.push(`no check cites ${q(part)} (requirement ids are spelled as in spec/*.md, e.g. FC-ID-2)`);
      continue;
    }
    if (/^fc-/i.test(part)) {
      hints.push(`${q(part)} looks like a requirement id: write it in capitals (${part.toUpperCase()})`);
      continue;
    }
    const alternatives = [`${part}.*`, `${part}*`, `*${part}*`]
      .filter((g) => g !== part)
      .map((g) => ({ g, n: all.filter((c) => globToRegExp(g).test(c.id)).length }))
      .filter((a) => a.n > 0);
    const best = alternatives[0];
    hints.push(
      best !== undefined
        ? `${q(part)} matches no check id (a glob matches whole ids): ${q(best.g)} matches ${best.n}`
        : `${q(part)} matches no check id (ids look like ${q(all[0]?.id ?? "compact.ids.uuids-are-masked")})`,
    );
  }
  return hints;
}

/**
 * Explains, step by step, how the selection became empty: the first narrowing step (case files, filter, id list,
 * profiles, shard) after which no check was left.
 */
export function emptySelectionMessage(all: readonly Selectable[], steps: SelectionSteps): string {
  const source = steps.caseFiles ? "the --case files" : "the suite";
  if (all.length === 0) return `no check selected: ${source} has no checks`;
  let left = [...all];
  if (steps.filter !== undefined && steps.filter.trim() !== "") {
    const m = checkMatcher(steps.filter);
    left = left.filter((c) => m(c.id, c.requirements));
    if (left.length === 0) {
      const hints = filterHints(steps.filter, all);
      return `no check selected: --filter ${q(steps.filter)} matches none of the ${all.length} checks of ${source}${hints.length > 0 ? `; ${hints.join("; ")}` : ""}`;
    }
  }
  if (steps.ids !== undefined) {
    const ids = new Set(steps.ids);
    const before = left.length;
    left = left.filter((c) => ids.has(c.id));
    if (left.length === 0)
      return steps.ids.length === 0
        ? "no check selected: the --rerun file lists no check id (the previous run had no failing check?)"
        : `no check selected: none of the ${steps.ids.length} ids of the --rerun file is among the ${before} checks${steps.filter ? ` --filter ${q(steps.filter)} selects` : ""}`;
  }
  const before = left.length;
  left = left.filter((c) => steps.profiles.includes(c.profile));
  if (left.length === 0)
    return `no check selected: the ${before} check(s)${steps.filter ? ` --filter ${q(steps.filter)} selects` : ""} are in no profile run (${steps.profiles.join(", ")}${steps.profileGiven ? ", from --profile" : ""})`;
  if (steps.shard !== undefined)
    return `no check selected: shard ${steps.shard.index}/${steps.shard.count} of the ${left.length} selected check(s) is empty`;
  return "no check selected";
}

/** Names what selected the checks, for the message saying none of them applies. */
export function selectionName(steps: Pick<SelectionSteps, "filter" | "caseFiles" | "ids">): string {
  if (steps.filter !== undefined && steps.filter.trim() !== "") return `--filter ${q(steps.filter)}`;
  if (steps.ids !== undefined) return "the --rerun file";
  if (steps.caseFiles) return "the --case files";
  return "the run (no --filter)";
}
