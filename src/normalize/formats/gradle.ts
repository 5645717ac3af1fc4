// FC-FORMAT-GRADLE-1..4: Gradle's console log (Kotlin's `e: file:///…:12:9 message`, `Cls > test() FAILED`, `* What went wrong:`).
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
import { javaLocation } from "./junit.ts";

/**
 * Gate of the Gradle parser (text-pipeline.ts `Gate`): a Kotlin diagnostic opens with `e` or `w`, and a log is
 * Gradle's only by a line opening with `>`, `F`, `B` or `*` (GRADLE_EVIDENCE); every other line it reads needs one.
 */
export const GRADLE_GATE: Gate = { firstChars: "ew>FB*" };

/** Lines only Gradle prints: the log is Gradle's, and its other lines are read as such (FC-FORMAT-GRADLE-1). */
export const GRADLE_EVIDENCE =
  /^(?:> Task :\S{1,500}(?: [A-Z-]{1,20})?|FAILURE: Build (?:failed with an exception|completed with \d{1,9} failures?)\.|BUILD (?:FAILED|SUCCESSFUL) in \d\S{0,40}|\* What went wrong:)$/;
/** Kotlin's diagnostic as the Kotlin Gradle plugin prints it: `e: file:///path:12:9 message` (1.7+), `e: /path: (12, 9): message`. */
const KOTLIN = /^([ew]): (file:\/\/\S.{0,1023}?|(?:[A-Za-z]:[\\/]|\/)\S.{0,1023}?):(\d{1,9}):(\d{1,9}) (.*)$/;
const KOTLIN_OLD = /^([ew]): ((?:file:\/\/|[A-Za-z]:[\\/]|\/)\S.{0,1023}?): \((\d{1,9}), (\d{1,9})\): (.*)$/;
/** A test that failed: `AppTest > testAdd() FAILED` (nested classes add ` > `), its cause indented under it. */
const TEST = /^(\S[^>]{0,500}?) > (\S.{0,500}) FAILED$/;
/** Gradle's short exception line: `    org.opentest4j.AssertionFailedError at AppTest.java:12`. */
const SHORT_AT = / at ([\w$-]{1,200}\.(?:java|kt|groovy|scala)):(\d{1,9})$/;
/** A cause line under `* What went wrong:`: `> why`, indented deeper for a cause's own cause. */
const CAUSE = /^\s*> /;
/** `* Where:`'s place of a build script's error. */
const WHERE = /^(?:Build file|Settings file|Script|Initialization script) '(.{1,1024})' line: (\d{1,9})$/;
const TESTS_RUN = /^(\d{1,9}) tests? completed, (\d{1,9}) failed(?:, \d{1,9} skipped)?$/;
/** Gradle's own lines around a build: structure. */
const STRUCTURE =
  /^(?:> Task :\S.{0,500}|> Configure project \S.{0,500}|FAILURE: Build .{0,200}|BUILD (?:FAILED|SUCCESSFUL) in .{0,40}|\d{1,9} actionable tasks?: .{0,200}|Deprecated Gradle features were used in this build.{0,200}|You can use '--warning-mode all' to show .{0,300}|For more on this, please refer to .{0,300}|Starting a Gradle Daemon.{0,200}|Daemon will be stopped at the end of the build.{0,200}|To honour the JVM settings for this build .{0,300}|\[Incubating\] Problems report is available at: \S{1,1000}|\d{1,4}: Task failed with an exception\.|-{3,}|\* Get more help at \S{1,200})$/;

/** Gradle's console log (FC-FORMAT-GRADLE-1): Kotlin's diagnostics, failed tests, what went wrong; its chatter is structure. */
export function parseGradle(scan: TextScan): void {
  const { lines } = scan;
  const own = scan.tool !== null && scan.tool !== "gradle" ? scan.tool : null;
  let gradle = own === null && (scan.tool === "gradle" || scan.format === "gradle");
  for (let i = 0; i < lines.length && !gradle; i++) {
    const c = scan.first[i];
    if (c === 62 || c === 70 || c === 66 || c === 42) gradle = GRADLE_EVIDENCE.test(head(lines[i]!));
  }
  const before = scan.findings.length;
  let failed: number | null = null;
  const wrong: ParsedFinding[] = [];
  let where: ReturnType<typeof loc> = null;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] === 1) continue;
    const c = scan.first[i];
    const line = head(lines[i]!);
    if ((c === 101 || c === 119) && line.charCodeAt(1) === 58) {
      // `e: ` or `w: `: Kotlin's diagnostic (FC-FORMAT-GRADLE-2).
      const k = KOTLIN.exec(line) ?? KOTLIN_OLD.exec(line);
      if (k !== null) {
        // repoPath reads a `file:` URI as the path it names (its escapes decoded, `/C:/…` as `C:/…`).
        const raw = k[2]!;
        if (FILE_EXTENSION.test(raw)) {
          const severity = k[1] === "e" ? "error" : "warning";
          const rule = ruleName(own ?? "kotlinc", severity);
          scan.findings.push(finding(rule, loc(repoPath(raw, scan.ctx), Number(k[3])), k[5]!, severity));
          claim(scan, i, i + 1);
          continue;
        }
      }
    }
    if (!gradle) continue;
    if (c === 42 && section(line)) {
      // A section: `* What went wrong:`, `* Try:`, `* Exception is:` (--stacktrace), up to the next one.
      let end = i + 1;
      while (end < lines.length && end - i <= 400 && scan.claimed[end] === 0 && !section(lines[end]!)) end++;
      if (line === "* Where:" && i + 1 < end) {
        const w = WHERE.exec(head(lines[i + 1]!).trim());
        where = w === null ? null : loc(repoPath(w[1]!, scan.ctx), Number(w[2]));
      }
      if (line === "* What went wrong:") {
        const body = lines.slice(i + 1, end);
        while (body.length > 0 && isBlank(body[body.length - 1]!)) body.pop();
        const first = body.find((l) => !isBlank(l));
        if (first !== undefined) {
          // The innermost cause is the last `> ` line: `Execution failed for task ':app:test'.` then why.
          const why =
            body
              .findLast((l) => CAUSE.test(l))
              ?.replace(CAUSE, "")
              .trim() ?? null;
          // A build script's compiler marks its error under the source line: `^ Unresolved reference: missing`.
          const caret =
            why === null
              ? body.map((l) => /\^ (\S.*)$/.exec(l)?.[1]).find((x) => x !== undefined)
              : undefined;
          const detail = why ?? caret ?? null;
          const message = detail === null ? first.trim() : `${first.trim().replace(/[.:]$/, "")}: ${detail}`;
          wrong.push(finding(ruleName("gradle", "build"), where, message, "error", body.join("\n")));
        }
        where = null;
      }
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    const t = line.endsWith(" FAILED") ? TEST.exec(line) : null;
    if (t !== null && !line.startsWith("> Task ")) {
      // FC-FORMAT-GRADLE-3: the indented lines under it are its cause and frames.
      let end = i + 1;
      while (
        end < lines.length &&
        end - i <= 200 &&
        scan.claimed[end] === 0 &&
        opensWithSpace(lines[end]!) &&
        !isBlank(lines[end]!)
      )
        end++;
      // Gradle names a frame's class loader (`at app//com.acme.AppTest.testAdd(AppTest.java:12)`): no part of the class.
      const body = lines
        .slice(i + 1, end)
        .join("\n")
        .replace(/^(\s*at )[\w.-]{1,100}\/\/(?=[\w$])/gm, "$1");
      const cls = t[1]!;
      // The short form puts the place after the exception: `org.opentest4j.AssertionFailedError at AppTest.java:12`.
      const cause = i + 1 < end ? head(lines[i + 1]!).trim() : "failed";
      const short = SHORT_AT.exec(cause);
      const pkg = cls.includes(".") ? `${cls.slice(0, cls.lastIndexOf(".")).replace(/\./g, "/")}/` : "";
      const location = short !== null ? loc(`${pkg}${short[1]}`, Number(short[2])) : javaLocation(body, cls);
      const message = `${cls} › ${t[2]}: ${short !== null ? cause.slice(0, short.index) : cause}`;
      scan.findings.push(
        finding(ruleName("gradle", "test"), location, message, "error", body === "" ? null : body),
      );
      claim(scan, i, end);
      i = end - 1;
      continue;
    }
    const run = c !== undefined && c >= 48 && c <= 57 ? TESTS_RUN.exec(line) : null;
    if (run !== null) {
      failed = (failed ?? 0) + Number(run[2]);
      claim(scan, i, i + 1);
      continue;
    }
    if (STRUCTURE.test(line)) claim(scan, i, i + 1);
  }
  // What went wrong waits for the other parsers: it is a finding only where none of them found an error.
  if (wrong.length > 0) PENDING.set(scan, wrong);
  if (failed !== null) countSeverity(scan, "gradle", before, "errors", failed);
}

/** What went wrong, per scan, until parseGradleOutcome decides on it. */
const PENDING = new WeakMap<TextScan, ParsedFinding[]>();

/**
 * Runs after every other text parser (FC-FORMAT-GRADLE-4): Gradle's `* What went wrong:` says why the build stopped
 * where no parser found an error (a build script that does not compile, a dependency not resolved); where one did
 * (javac's diagnostics under `compileJava`, a failed test), it says no more than they do.
 */
export function parseGradleOutcome(scan: TextScan): void {
  const wrong = PENDING.get(scan);
  if (wrong === undefined) return;
  PENDING.delete(scan);
  if (!scan.findings.some((f) => f.severity === "error")) scan.findings.push(...wrong);
}

/** Whether a line opens a section of Gradle's failure report (`* Try:`), which ends the one before. */
const section = (line: string): boolean =>
  line.startsWith("* ") && /^\* [A-Z][\w ]{0,40}:$|^\* Get more help at /.test(line);
