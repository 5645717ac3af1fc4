// FC-FORMAT-CHECKSTYLE-1..2: checkstyle XML (`<checkstyle><file name><error line severity message source/>`), written by shellcheck, oxlint, biome, ESLint and many linters.
import { SaxesParser } from "saxes";
import type { ParsedFinding } from "../types.ts";
import { finding, int, loc, repoPath, ruleName } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";
import { severityWord } from "./lint-json.ts";

/**
 * The rule of a checkstyle `source`: `ShellCheck.SC2086`, `htmlhint.tag-pair` and `eslint.rules.<id>` name
 * their tool before the dot; other sources
 * (`eslint(no-unused-vars)`, `lint/correctness/noDebugger`) are the code of the tool the format names.
 */
function ruleOf(source: string | undefined, tool: string | null): string {
  if (source === undefined || source === "") return ruleName(tool ?? "checkstyle", "error");
  const dotted = /^([A-Za-z][\w-]{0,40})\.([A-Za-z]{0,4}\d{1,6})$/.exec(source);
  if (dotted) return ruleName(dotted[1]!.toLowerCase(), dotted[2]!);
  const javaDotted = /^com\.puppycrawl\.tools\.checkstyle\.checks\.(?:[\w]+\.)*(\w+?)(?:Check)?$/.exec(
    source,
  );
  if (javaDotted) return ruleName("checkstyle", javaDotted[1]!);
  // `htmlhint.tag-pair`, ESLint's `eslint.rules.no-unused-vars`: the tool, then its rule.
  const toolRule = /^([a-z][\w-]{1,40})\.(?:rules\.)?([a-z@][\w/@-]{0,80})$/.exec(source);
  if (toolRule) return ruleName(toolRule[1]!, toolRule[2]!);
  return ruleName(tool ?? "checkstyle", source);
}

/** Null when the XML is not well-formed. */
export function parseCheckstyle(xml: string, ctx: ParseContext, tool: string | null): ParseOutcome | null {
  const o = emptyOutcome();
  const findings: ParsedFinding[] = [];
  let file: string | null = null;
  const parser = new SaxesParser({ xmlns: false, position: false } as const);
  let bad = false;
  parser.on("error", () => {
    bad = true;
  });
  parser.on("opentag", (tag) => {
    const a = tag.attributes as Record<string, string>;
    if (tag.name === "file") file = a.name ?? null;
    else if (tag.name === "error") {
      const path = file === null ? "" : repoPath(file, ctx);
      findings.push(
        finding(ruleOf(a.source, tool), loc(path, int(a.line)), a.message ?? "", severityWord(a.severity)),
      );
    }
  });
  parser.on("closetag", (tag) => {
    if (tag.name === "file") file = null;
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  if (bad) return null;
  o.findings = findings;
  o.failed = findings.some((f) => f.severity === "error");
  return o;
}
