// FC-FORMAT-CARGO-1..3: cargo / rustc `--message-format=json` lines; primary spans give the location.
import type { Severity } from "../../types.ts";
import { finding, indentOf, int, isRecord, loc, repoPath, ruleName, str, tryJson } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

const CHATTER =
  /^(?:aborting due to|Some errors have detailed explanations|For more information about (?:this|an) error|\d+ warnings? emitted|`[^`]{1,200}` \([^)]{1,200}\) generated \d+ warnings?)/;

/**
 * A cargo `--message-format=json` line as cargo prints it (`{"reason":"compiler-message"…`): the signature
 * sniffing looks for anywhere in its sample (FC-STAGE1-RAW-2), since cargo's own stderr (`Updating`,
 * `Downloaded …` for each crate, `Compiling …`) may come first when both streams are captured, any number of
 * lines of it.
 */
export const isCargoMessageLine = (line: string): boolean =>
  line.charCodeAt(0) === 123 &&
  /^\{"reason":"(?:compiler-message|compiler-artifact|build-script-executed|build-finished)"/.test(line);

/** Parses JSON lines; non-JSON lines are returned for the text parsers. */
export function parseCargoJson(
  lines: string[],
  ctx: ParseContext,
): { outcome: ParseOutcome; rest: string[] } {
  const out = emptyOutcome();
  // The lines that are no JSON record; null while none has been, when they are `lines` so far.
  let rest: string[] | null = null;
  let announcedErrors: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const ev = line.charCodeAt(indentOf(line)) === 123 ? tryJson(line.trim()) : undefined; // `{`
    if (!isRecord(ev)) {
      rest?.push(line);
      continue;
    }
    rest ??= lines.slice(0, i);
    if (ev.reason === "build-finished" && ev.success === false) out.failed = true;
    // rustc itself (without cargo) prints the diagnostic object directly.
    const msg =
      ev.reason === "compiler-message" ? ev.message : "$message_type" in ev || "spans" in ev ? ev : null;
    if (!isRecord(msg)) continue;
    const level = str(msg.level) ?? "error";
    const text = str(msg.message) ?? "";
    const aborting = /^aborting due to (\d+ )?(?:previous )?errors?/.exec(text);
    if (aborting) announcedErrors = (announcedErrors ?? 0) + (aborting[1] ? Number(aborting[1]) : 1);
    if (level === "failure-note" || CHATTER.test(text)) continue;
    const severity: Severity = level.startsWith("error") ? "error" : level === "warning" ? "warning" : "info";
    const code = isRecord(msg.code) ? str(msg.code.code) : undefined;
    const spans = Array.isArray(msg.spans) ? msg.spans.filter(isRecord) : [];
    const primary = spans.find((s) => s.is_primary === true) ?? spans[0];
    let location = null;
    if (primary)
      location = loc(
        repoPath(str(primary.file_name) ?? "", ctx),
        int(primary.line_start),
        int(primary.line_end),
      );
    const tool = code?.startsWith("clippy::") ? "clippy" : "rustc";
    const rule = ruleName(tool, code?.replace(/^clippy::/, "") ?? (severity === "error" ? "error" : level));
    out.findings.push(finding(rule, location, text, severity, str(msg.rendered) ?? null));
  }
  if (announcedErrors !== null) {
    const parsed = out.findings.filter((f) => f.severity === "error").length;
    out.summaries.push({ tool: "rustc", what: "errors", count: announcedErrors, parsed });
  }
  // Text without JSON goes on as the very lines it was (whose joins are slices of the text).
  return { outcome: out, rest: rest ?? lines };
}
