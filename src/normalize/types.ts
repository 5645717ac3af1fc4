// FC-STAGE1-RAW-1, FC-STAGE1-RAW-6: the finding shape Stage 1 parsers produce from raw tool output.
import type { Location, Severity } from "../types.ts";
import type { ProblemMatcher } from "./formats/problem-matcher.ts";

/** Rule of every finding that stands for output Stage 1 could not fully turn into diagnostics. */
export const UNPARSED_RULE = "normalize:unparsed";
/** Rule of an error-like line no parser recognised. */
export const UNRECOGNISED_RULE = "normalize:unrecognised";

/** One diagnostic recovered from raw tool output; the pipeline adds ids, rounds and status. */
export interface ParsedFinding {
  rule: string;
  location: Location | null;
  message: string;
  severity: Severity;
  trace: string | null;
}

export interface ParseContext {
  /** Absolute repository root; paths under it come out repo-relative (FC-STAGE1-RAW-4). */
  repoRoot?: string;
  /** Keep stack frames of dependencies and the runtime in traces (FC-STAGE1-RAW-19 drops them by default). */
  keepAllFrames?: boolean;
  /**
   * Repo-relative paths of files the request names (its findings' locations, overwritten ranges): a
   * `go.mod` among them marks a Go module root in a subdirectory (FC-FORMAT-GO-5).
   */
  repoPaths?: readonly string[];
  /** The caller's problem matchers for this output, applied before every text parser (FC-STAGE1-MATCHER-2). */
  problemMatchers?: readonly ProblemMatcher[];
}

/** A tool's own statement of how many problems it found (FC-STAGE1-RAW-7). */
export interface ToolSummary {
  /** Short producer name used in the reconciliation message, e.g. "tsc". */
  tool: string;
  /** What was counted, e.g. "errors", "failed tests". */
  what: string;
  /** The number the tool announced. */
  count: number;
  /** How many findings this parser produced for that count. */
  parsed: number;
  /**
   * Summaries with the same tag count the same findings: the kinds and the total of the generic layer's count
   * lines (FC-STAGE1-RAW-23). A matcher finding makes up each of them (FC-STAGE1-MATCHER-6).
   */
  sameFindings?: string;
}

/** What a format parser hands back before reconciliation. */
export interface ParseOutcome {
  findings: ParsedFinding[];
  summaries: ToolSummary[];
  /** The tool itself reported a failed run (exit status, `success: false`, a failed package...). */
  failed: boolean;
  /** Text for the trace of a failure-without-findings finding (the output's tail). */
  tail: string;
  /**
   * Lines no parser claimed that are neither blank nor chatter (with their indented continuation lines):
   * kept as findings when the run failed and nothing located was found (FC-STAGE1-RAW-21).
   */
  rest?: () => { line: string; trace: string | null }[];
}

export const emptyOutcome = (): ParseOutcome => ({ findings: [], summaries: [], failed: false, tail: "" });
