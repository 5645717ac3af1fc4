// FC-FORMAT-ESLINT-1..3: ESLint `-f json` results; messages without a ruleId keep a fixed rule name.
import type { Severity } from "../../types.ts";
import { finding, int, isRecord, loc, repoPath, str } from "../common.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

export const ESLINT_PARSE_ERROR = "eslint:parse-error";
export const ESLINT_UNUSED_DIRECTIVE = "eslint:unused-disable-directive";
export const ESLINT_NO_RULE = "eslint:no-rule";

export function parseEslint(json: unknown, ctx: ParseContext): ParseOutcome {
  const out = emptyOutcome();
  const files = Array.isArray(json) ? json : [];
  let announced = 0;
  for (const file of files) {
    if (!isRecord(file)) continue;
    const path = repoPath(str(file.filePath) ?? "", ctx);
    announced += (int(file.errorCount) ?? 0) + (int(file.warningCount) ?? 0);
    const messages = Array.isArray(file.messages) ? file.messages : [];
    for (const m of messages) {
      if (!isRecord(m)) continue;
      const text = str(m.message) ?? "";
      const ruleId = str(m.ruleId);
      let rule: string;
      if (ruleId) rule = `eslint:${ruleId}`;
      else if (m.fatal === true || /^Parsing error\b/.test(text)) rule = ESLINT_PARSE_ERROR;
      else if (/^Unused eslint-(?:disable|enable) directive/.test(text)) rule = ESLINT_UNUSED_DIRECTIVE;
      else rule = ESLINT_NO_RULE;
      const sev: Severity =
        m.severity === 2 || m.fatal === true ? "error" : m.severity === 1 ? "warning" : "info";
      if (sev === "error") out.failed = true;
      out.findings.push(finding(rule, loc(path, int(m.line), int(m.endLine)), text, sev));
    }
  }
  const parsed = out.findings.filter((f) => f.severity !== "info").length;
  out.summaries.push({ tool: "eslint", what: "problems", count: announced, parsed });
  return out;
}
