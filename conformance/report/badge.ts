// FC-BADGE-1..4: a shields.io endpoint document ("N% passing") for a certification or mutation report.
import type { CertifyReport, MutantsReport } from "../runner/types.ts";
import { mutationScore } from "./html.ts";

/** The shields.io endpoint format (https://shields.io/badges/endpoint-badge). */
export interface Badge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

export type BadgeScope = "all" | "gating";

/** Colour by level: every check passing is bright green; below half is red. */
export function colourFor(percent: number): string {
  if (percent >= 100) return "brightgreen";
  if (percent >= 95) return "green";
  if (percent >= 90) return "yellowgreen";
  if (percent >= 75) return "yellow";
  if (percent >= 50) return "orange";
  return "red";
}

/**
 * The share of checks that passed, floored (so 100% means every check passed). Skipped checks count as not
 * passing: a skip is no evidence of conformance. `gating` counts only the checks that decide the verdict.
 * A failed smoke check (a broken adapter) makes the badge red whatever the share.
 */
export function certificationBadge(
  report: CertifyReport,
  opts: { label?: string; scope?: BadgeScope } = {},
): Badge {
  const label = opts.label ?? "conformance";
  const checks = opts.scope === "gating" ? report.results.filter((r) => r.gating) : report.results;
  if (checks.length === 0) return { schemaVersion: 1, label, message: "no checks", color: "lightgrey" };
  const passed = checks.filter((r) => r.status === "passed").length;
  const percent = Math.floor((passed * 100) / checks.length);
  return {
    schemaVersion: 1,
    label,
    message: `${percent}% passing`,
    color: report.smoke.ok ? colourFor(percent) : "red",
  };
}

/** The mutation score: killed share of the non-harmless mutants that ran ("N% killed"). */
export function mutationBadge(report: MutantsReport, opts: { label?: string } = {}): Badge {
  const label = opts.label ?? "mutation score";
  const score = mutationScore(report);
  if (score === null) return { schemaVersion: 1, label, message: "no mutants", color: "lightgrey" };
  return { schemaVersion: 1, label, message: `${score}% killed`, color: colourFor(score) };
}

export function badgeFor(
  report: CertifyReport | MutantsReport,
  opts: { label?: string; scope?: BadgeScope } = {},
): Badge {
  return report.kind === "mutation" ? mutationBadge(report, opts) : certificationBadge(report, opts);
}
