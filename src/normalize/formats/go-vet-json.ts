// FC-FORMAT-GOVET-1: `go vet -json` — per package a `# pkg` line, then a tree package → analyzer → diagnostics (`posn`, `message`) or `{"error": …}`.
import { finding, isRecord, loc, repoPath, ruleName, str, tryJson } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome, type ParsedFinding } from "../types.ts";

/** A diagnostic of the tree: its position and message are strings. */
const isDiagnostic = (d: unknown): boolean =>
  isRecord(d) && typeof d.posn === "string" && typeof d.message === "string";

/**
 * Whether `v` is one package's tree as `go vet -json` prints it: every member a package whose members are
 * analyzers, each holding a list of diagnostics or an `{"error": …}` of the analyzer that failed. An empty
 * object (a package without diagnostics) is no tree here: alone it names no producer.
 */
export function isGoVetTree(v: unknown): v is Record<string, Record<string, unknown>> {
  if (!isRecord(v)) return false;
  const packages = Object.values(v);
  if (packages.length === 0) return false;
  let analyzers = 0;
  for (const p of packages) {
    if (!isRecord(p)) return false;
    for (const r of Object.values(p)) {
      analyzers++;
      // The vet tool adds an analyzer's list only when it holds a diagnostic.
      if (
        Array.isArray(r)
          ? r.length === 0 || !r.every(isDiagnostic)
          : !(isRecord(r) && typeof r.error === "string")
      )
        return false;
    }
  }
  return analyzers > 0;
}

// MarshalIndent with a tab: the tree opens with `{` alone, its package member one tab in, the analyzer two.
const PACKAGE_LINE = /^\t"[^"\t]{1,1024}": \{$/;
const ANALYZER_LINE = /^\t\t"[\w-]{1,200}": [[{]$/;

/**
 * Whether line `i` opens a `go vet -json` tree as the go command prints it: `{` alone (blanks may follow it, as
 * the parser reads it), then a package member, then an analyzer member. The signature sniffing looks for anywhere
 * in its sample (FC-STAGE1-RAW-2): each package's tree follows its own `# pkg` line, after other packages' output.
 */
export const opensGoVetTree = (lines: readonly string[], i: number): boolean =>
  lines[i]!.trimEnd() === "{" &&
  i + 2 < lines.length &&
  PACKAGE_LINE.test(lines[i + 1]!) &&
  ANALYZER_LINE.test(lines[i + 2]!);

/** Whether some line of `lines` opens a `go vet -json` tree. */
export function holdsGoVetTree(lines: readonly string[]): boolean {
  for (let i = 0; i + 2 < lines.length; i++)
    if (lines[i]!.charCodeAt(0) === 123 && opensGoVetTree(lines, i)) return true;
  return false;
}

/** `file:line[:col]` as go/token prints a position (`-` for none): the file repo-relative, and the line. */
function position(posn: string, ctx: ParseContext): { path: string; line: number | undefined } {
  const m = /^(.+?):(\d{1,9})(?::\d{1,9})?$/.exec(posn);
  const file = m ? m[1]! : posn === "-" ? "" : posn;
  return { path: file === "" ? "" : repoPath(file, ctx), line: m ? Number(m[2]) : undefined };
}

/** One finding per diagnostic of a tree, rule `vet:<analyzer>`; a failed analyzer is one unlocated finding. */
export function goVetFindings(tree: Record<string, unknown>, ctx: ParseContext): ParsedFinding[] {
  const out: ParsedFinding[] = [];
  for (const analyzers of Object.values(tree)) {
    if (!isRecord(analyzers)) continue;
    for (const [name, result] of Object.entries(analyzers)) {
      const rule = ruleName("vet", name);
      if (!Array.isArray(result)) {
        const why = isRecord(result) ? str(result.error) : undefined;
        if (why !== undefined) out.push(finding(rule, null, `analyzer ${name} failed: ${why}`, "error"));
        continue;
      }
      for (const d of result) {
        if (!isRecord(d)) continue;
        const at = position(str(d.posn) ?? "", ctx);
        // Related positions (the other declaration, the first use) are its trace, one `path:line: text` each.
        const related = Array.isArray(d.related)
          ? d.related
              .filter(isRecord)
              .map((r) => {
                const p = position(str(r.posn) ?? "", ctx);
                return `${p.path}${p.line === undefined ? "" : `:${p.line}`}: ${str(r.message) ?? ""}`;
              })
              .join("\n")
          : "";
        out.push(
          finding(
            rule,
            loc(at.path, at.line),
            str(d.message) ?? "",
            "error",
            related === "" ? null : related,
          ),
        );
      }
    }
  }
  return out;
}

/**
 * Reads the trees among `lines` (each from a `{` line at column 0 to the `}` that closes it at column 0, or
 * on one line); every other line, the `# pkg` headers and a package's build errors among them, is
 * returned for the text parsers. go vet exits 0 under `-json` whatever it found: a diagnostic marks the run
 * failed, as plain `go vet` would.
 */
export function parseGoVetJson(
  lines: string[],
  ctx: ParseContext,
): { outcome: ParseOutcome; rest: string[] } {
  const out = emptyOutcome();
  const rest: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(0) !== 123) {
      rest.push(line);
      continue;
    }
    let end = i;
    if (line.trimEnd() === "{") {
      end = i + 1;
      while (end < lines.length && lines[end]!.trimEnd() !== "}") end++;
      if (end === lines.length) {
        rest.push(line);
        continue;
      }
    }
    const v = tryJson(end === i ? line : lines.slice(i, end + 1).join("\n"));
    // `{}`: a package without diagnostics.
    if (isRecord(v) && (Object.keys(v).length === 0 || isGoVetTree(v))) {
      out.findings.push(...goVetFindings(v, ctx));
      i = end;
    } else rest.push(line);
  }
  out.failed = out.findings.length > 0;
  return { outcome: out, rest };
}
