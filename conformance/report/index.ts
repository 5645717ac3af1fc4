// FC-REPORT-1, FC-REPORT-7: the HTML reporter for `certify --reporter html`, reading counterexamples at the edge.
import type { CertifyReport, MutantsReport } from "../runner/types.ts";
import { renderHtmlReport } from "./html.ts";
import { readCounterexamples } from "./load.ts";

export { type Badge, badgeFor } from "./badge.ts";
export { type Comparison, compareReports, renderComparisonHtml, renderComparisonText } from "./compare.ts";
export { type HtmlOptions, renderHtmlReport } from "./html.ts";

/**
 * The page for a report just produced by `certify`: like `renderHtmlReport`, with the property
 * counterexamples the run saved read from disk (relative paths from `cwd`) so the page shows them inline.
 */
export function htmlReporter(report: CertifyReport | MutantsReport, cwd: string = process.cwd()): string {
  return renderHtmlReport(report, { counterexamples: readCounterexamples(report, cwd) });
}
