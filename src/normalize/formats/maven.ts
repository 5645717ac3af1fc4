// FC-FORMAT-MAVEN-1..4: Maven's console log (`[ERROR] path:[line,col] message`, Surefire's failures, `Failed to execute goal`).
import type { ParsedFinding } from "../types.ts";
import {
  FILE_EXTENSION,
  finding,
  head,
  isBlank,
  loc,
  opensWithSpace,
  repoPath,
  ruleName,
} from "../common.ts";
import { claim, countSeverity, type TextScan, type Gate } from "../text-pipeline.ts";
import { looksLikeError } from "../chatter.ts";
import { LEADING_FLAG } from "./compiler.ts";
import { javaLocation } from "./junit.ts";

/** Gate of the Maven parser (text-pipeline.ts `Gate`): every line it reads opens with a level in brackets. */
export const MAVEN_GATE: Gate = { firstChars: "[", text: ["[INFO]", "[ERROR]", "[WARN", "[DEBUG]"] };

/** A Maven line: its level and the rest (`[INFO]` alone is a blank line of Maven's). */
const LEVEL = /^\[(INFO|WARNING|WARN|ERROR|DEBUG)\](?: (.*))?$/;
/** The compiler plugin's diagnostic: `path:[line,col] message` (javac's, as Maven prints it). */
const DIAG = /^(\S.{0,1023}?):\[(\d{1,9})(?:,(\d{1,9}))?\] ?(.*)$/;
/** Lines that can only be Maven's: the log is Maven's, and its other lines are read as such (FC-FORMAT-MAVEN-1). */
export const MAVEN_EVIDENCE =
  /^\[INFO\] (?:BUILD (?:FAILURE|SUCCESS)|Scanning for projects\.\.\.|Reactor Summary(?: for .*)?:|--- \S+ .*@ \S+ ---)$|^\[ERROR\] Failed to execute goal /;
const GOAL =
  /^Failed to execute goal (?:(\S+?)(?: \(([^)]{0,200})\))? )?on project (\S+?): (.*?)(?: -> \[Help \d{1,3}\])?$/;
/** Maven's own advice after a failure, and its section headings: structure. */
const BOILERPLATE =
  /^(?:-> \[Help \d{1,3}\]|\[Help \d{1,3}\] \S+|To see the full stack trace of the errors, re-run Maven with the -e switch\.|Re-run Maven using the -X switch to enable full debug logging\.|For more information about the errors and possible solutions, please read the following articles:|After correcting the problems, you can resume the build with the command|\s+mvn .*|COMPILATION (?:ERROR|WARNING) :\s*|Please refer to .* for the individual test results\.|Please refer to dump files .*|There are test failures\.|(?:Failures|Errors|Flakes): ?|Results:|Tests run: \d{1,9}, Failures: \d{1,9}, Errors: \d{1,9}, Skipped: \d{1,9}.*)$/;
/** `[INFO] N errors` after the compiler's section: javac's count. */
const COUNT = /^(\d{1,9}) (errors?|warnings?)$/;
/** A Surefire test that failed: 3.x `pkg.Cls.method -- Time elapsed: … <<< FAILURE!`, 2.x `method(pkg.Cls)  Time elapsed: …`. */
const TEST =
  /^(?:([\w$.]{1,500})\.([\w$[\]\s(),-]{1,500}?) --|([\w$[\]-]{1,500})\(([\w$.]{1,500})\)) +Time elapsed: .{0,40}<<< (FAILURE|ERROR)!$/;
/** The headings of Surefire's closing lists. */
const LIST_HEADING = /^(?:Failures|Errors): ?$/;
/** An entry of Surefire's closing `Failures:`/`Errors:` lists: `  Cls.method:12 message`. */
const LISTED = /^ {2}(?:Run \d{1,4}: )?\S/;

interface Line {
  level: string;
  rest: string;
}

function levelOf(line: string): Line | null {
  if (line.charCodeAt(0) !== 91) return null; // `[`
  const m = LEVEL.exec(head(line));
  return m === null ? null : { level: m[1]!, rest: m[2] ?? "" };
}

/** Maven's console log (FC-FORMAT-MAVEN-1): its diagnostics, test failures and goal failures; its chatter is structure. */
export function parseMaven(scan: TextScan): void {
  const { lines } = scan;
  // Named (`format: "maven"`) or sniffed, the log is Maven's; else only a line no other tool prints says so.
  const own = scan.tool !== null && scan.tool !== "maven" ? scan.tool : null;
  let maven = own === null && (scan.tool === "maven" || scan.format === "maven");
  for (let i = 0; i < lines.length && !maven; i++)
    maven = lines[i]!.charCodeAt(0) === 91 && MAVEN_EVIDENCE.test(head(lines[i]!));
  const before = scan.findings.length;
  const seen = new Set<string>();
  let made = 0;
  let tests = 0;
  let errors: number | null = null;
  let warnings: number | null = null;
  const goals: ParsedFinding[] = [];
  const listed: ParsedFinding[] = [];
  let list: "failure" | "error" | null = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const l = levelOf(lines[i]!);
    if (l === null) continue;
    const { level, rest } = l;
    const severe = level === "ERROR" || level === "WARNING" || level === "WARN";
    const d = severe ? DIAG.exec(rest) : null;
    if (d !== null && FILE_EXTENSION.test(d[1]!)) {
      // Its explanation (`symbol:`, `location:`) follows indented, or with the level and an indent in the summary's copy.
      let end = i + 1;
      while (end < lines.length && end - i <= 50 && scan.claimed[end] === 0 && continues(lines[end]!, level))
        end++;
      let message = d[4]!;
      const flag = LEADING_FLAG.exec(message);
      if (flag) message = message.slice(flag[0].length);
      const path = repoPath(d[1]!, scan.ctx);
      const severity = level === "ERROR" ? "error" : "warning";
      const tool = own ?? (d[1]!.endsWith(".java") ? "javac" : "maven");
      const rule = ruleName(tool, flag?.[1] ?? severity);
      const key = `${rule}\u0000${path}\u0000${d[2]}\u0000${message}`;
      // Maven repeats each compiler diagnostic under its goal failure: the repeat is the same diagnostic.
      if (!seen.has(key)) {
        seen.add(key);
        const trace =
          end > i + 1
            ? lines
                .slice(i + 1, end)
                .map(untagged)
                .join("\n")
            : null;
        scan.findings.push(finding(rule, loc(path, Number(d[2])), message, severity, trace));
        made++;
      }
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    if (!maven) continue;
    const t =
      level === "ERROR" && (rest.endsWith("<<< FAILURE!") || rest.endsWith("<<< ERROR!"))
        ? TEST.exec(rest)
        : null;
    if (t !== null) {
      // The exception and its frames follow untagged, up to a blank or a tagged line (FC-FORMAT-MAVEN-3).
      let end = i + 1;
      while (
        end < lines.length &&
        end - i <= 200 &&
        scan.claimed[end] === 0 &&
        !isBlank(lines[end]!) &&
        levelOf(lines[end]!) === null
      )
        end++;
      const cls = t[1] ?? t[4]!;
      const method = (t[2] ?? t[3]!).trim();
      const body = lines.slice(i + 1, end).join("\n");
      const kind = t[5] === "FAILURE" ? "failure" : "error";
      const headline = i + 1 < end ? lines[i + 1]!.trim() : kind === "failure" ? "failed" : "error";
      scan.findings.push(
        finding(
          `surefire:${kind}`,
          javaLocation(body, cls),
          `${cls} › ${method}: ${headline}`,
          "error",
          body === "" ? null : body,
        ),
      );
      made++;
      tests++;
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    if (level === "ERROR" && LIST_HEADING.test(rest)) {
      list = rest.startsWith("F") ? "failure" : "error";
      claim(scan, i, i + 1);
      continue;
    }
    if (list !== null && level === "ERROR" && LISTED.test(rest)) {
      // The closing list repeats the failures above; alone (their blocks cut off) it is what is left of them.
      listed.push(finding(`surefire:${list}`, null, rest.trim(), "error"));
      claim(scan, i, i + 1);
      continue;
    }
    list = null;
    if (level === "ERROR") {
      const g = GOAL.exec(rest);
      if (g !== null) {
        // `group:plugin:version:goal` names its rule `maven:plugin:goal`; a failure before any goal ran, `maven:goal`.
        const parts = (g[1] ?? "goal").split(":");
        const goal =
          parts.length >= 2 ? `${parts[parts.length >= 4 ? 1 : 0]}:${parts[parts.length - 1]}` : parts[0]!;
        goals.push(finding(ruleName("maven", goal), null, g[4]!, "error"));
        claim(scan, i, i + 1);
        continue;
      }
      if (rest === "" || BOILERPLATE.test(rest)) claim(scan, i, i + 1);
      // Any other `[ERROR]` line is left to the parsers after this one and the fallback.
      continue;
    }
    if (level === "WARNING" || level === "WARN") {
      if (rest === "" || BOILERPLATE.test(rest)) claim(scan, i, i + 1);
      else {
        scan.findings.push(finding(ruleName("maven", "warning"), null, rest, "warning"));
        claim(scan, i, i + 1);
      }
      continue;
    }
    // `[INFO]`, `[DEBUG]`: Maven's progress, except what reads like an error (a plugin's relayed tool output).
    const c = level === "INFO" ? COUNT.exec(rest) : null;
    if (c !== null) {
      if (c[2]!.startsWith("error")) errors = (errors ?? 0) + Number(c[1]);
      else warnings = (warnings ?? 0) + Number(c[1]);
      claim(scan, i, i + 1);
      continue;
    }
    if (
      !looksLikeError(rest) ||
      /^(?:BUILD FAILURE|Reactor Summary|.* FAILURE \[.*\]$|Tests run: .*)/.test(rest)
    )
      claim(scan, i, i + 1);
  }
  // Listed failures stand for their blocks only where no block was read.
  if (tests === 0) {
    scan.findings.push(...listed);
    made += listed.length;
  }
  // A goal failure says why the build stopped where nothing it names was read (a dependency not resolved).
  if (made === 0) scan.findings.push(...goals);
  if (errors !== null) countSeverity(scan, own ?? "javac", before, "errors", errors);
  if (warnings !== null) countSeverity(scan, own ?? "javac", before, "warnings", warnings);
}

/** Whether a line goes on the diagnostic above: indented and untagged, or tagged with its level and an indent. */
function continues(line: string, level: string): boolean {
  if (isBlank(line)) return false;
  if (opensWithSpace(line)) return true;
  const l = levelOf(line);
  return l !== null && l.level === level && l.rest.startsWith("  ") && !isBlank(l.rest);
}

/** A line without Maven's level tag. */
function untagged(line: string): string {
  const l = levelOf(line);
  return l === null ? line : l.rest;
}
