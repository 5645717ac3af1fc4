// FC-FORMAT-GHA-1: GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), as yamllint, oxlint, biome and many tools print them.
import type { Severity } from "../../types.ts";
import { finding, head, loc, repoPath, ruleName } from "../common.ts";
import { claim, type TextScan, type Gate } from "../text-pipeline.ts";

/** Gate of the github-actions parser (text-pipeline.ts `Gate`): every line it reads opens with `::` (a search for `::` would cost more than the walk: colons are everywhere). */
export const GITHUB_ACTIONS_GATE: Gate = { firstChars: ":" };

const COMMAND = /^::(error|warning|notice)(?:\s+([^:]{0,2000}))?::([\s\S]*)$/;
const SEVERITY: Record<string, Severity> = { error: "error", warning: "warning", notice: "info" };

/** Workflow-command property values escape `%`, CR, LF, `:` and `,` (`%25`, `%0D`, `%0A`, `%3A`, `%2C`). */
const unescapeProperty = (s: string): string =>
  s.indexOf("%") === -1
    ? s
    : s.replace(
        /%(25|0D|0A|3A|2C)/gi,
        (_, c: string) => ({ "25": "%", "0D": "\r", "0A": "\n", "3A": ":", "2C": "," })[c.toUpperCase()]!,
      );

export function parseGithubActions(scan: TextScan): void {
  const { lines } = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1 || scan.first[i] !== 58) continue; // `:`
    const line = head(lines[i]!);
    if (!line.startsWith("::")) continue;
    if (/^::(?:group|endgroup|debug|add-mask|stop-commands|echo)\b/.test(line)) {
      claim(scan, i, i + 1);
      continue;
    }
    const m = COMMAND.exec(line);
    if (!m) continue;
    // The properties read below (the last of each name counts); the others are not unescaped.
    let file: string | undefined;
    let lineNo: string | undefined;
    let title: string | undefined;
    for (const part of (m[2] ?? "").split(",")) {
      const eq = part.indexOf("=");
      if (eq <= 0) continue;
      const name = part.slice(0, eq).trim();
      if (name === "file") file = unescapeProperty(part.slice(eq + 1));
      else if (name === "line") lineNo = unescapeProperty(part.slice(eq + 1));
      else if (name === "title") title = unescapeProperty(part.slice(eq + 1));
    }
    let message = unescapeProperty(m[3]!);
    let code = title ?? null;
    // yamllint writes `4:7 [trailing-spaces] trailing spaces`; oxlint repeats `file:line:col: ` first.
    const lead = /^(?:\S{1,1024}:)?\d{1,9}:\d{1,9}:? (?:\[([\w./@()-]{1,80})\] )?/.exec(message);
    if (lead) {
      code ??= lead[1] ?? null;
      message = message.slice(lead[0].length);
    }
    const severity = SEVERITY[m[1]!]!;
    const tool = scan.tool ?? "github-actions";
    const location = file !== undefined ? loc(repoPath(file, scan.ctx), Number(lineNo)) : null;
    scan.findings.push(finding(ruleName(tool, code ?? severity), location, message, severity));
    if (severity === "error") scan.failed = true;
    claim(scan, i, i + 1);
  }
}
