// FC-FORMAT-JEST-1..3: Jest / Vitest `--json` results, including suites that failed to run with zero assertions.
import { finding, int, isRecord, loc, repoPath, str } from "../common.ts";
import { frameLocation } from "../stack.ts";
import { emptyOutcome, type ParseContext, type ParseOutcome } from "../types.ts";

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The first line that says what went wrong, skipping Jest's headings and blank lines. */
function headline(text: string): string {
  for (const raw of text.split("\n")) {
    const l = raw.trim();
    if (l === "" || /^● /.test(l)) continue;
    return l;
  }
  return "";
}

export function parseJestJson(json: unknown, ctx: ParseContext, hint: string | null): ParseOutcome {
  const out = emptyOutcome();
  const root = isRecord(json) ? json : {};
  const results = arr(root.testResults).filter(isRecord);
  const isVitest =
    hint === "vitest" ||
    (hint !== "jest" && !("numRuntimeErrorTestSuites" in root) && "numTodoTests" in root);
  const tool = isVitest ? "vitest" : "jest";
  let failedTests = 0;
  let failedSuites = 0;
  for (const suite of results) {
    const file = repoPath(str(suite.name) ?? str(suite.testFilePath) ?? "", ctx);
    const assertions = arr(suite.assertionResults).filter(isRecord);
    let failedHere = 0;
    for (const a of assertions) {
      if (a.status !== "failed") continue;
      failedHere++;
      failedTests++;
      const failures = arr(a.failureMessages).filter((m): m is string => typeof m === "string");
      const body = failures.join("\n\n");
      const name = str(a.fullName) ?? [...arr(a.ancestorTitles), str(a.title) ?? ""].join(" ");
      const where = isRecord(a.location) ? int(a.location.line) : undefined;
      const location = frameLocation(body, ctx, "first", [file]) ?? loc(file, where);
      out.findings.push(
        finding(`${tool}:test-failed`, location, `${name}: ${headline(body)}`, "error", body),
      );
    }
    const message = str(suite.message) ?? str(suite.failureMessage) ?? "";
    if (failedHere === 0 && suite.status === "failed" && message.trim() !== "") {
      failedSuites++;
      const location = frameLocation(message, ctx, "first", [file]) ?? loc(file);
      out.findings.push(
        finding(`${tool}:suite-failed`, location, `${file}: ${headline(message)}`, "error", message),
      );
    }
  }
  if (root.success === false) out.failed = true;
  const announcedTests = int(root.numFailedTests);
  if (announcedTests !== undefined)
    out.summaries.push({ tool, what: "failed tests", count: announcedTests, parsed: failedTests });
  const announcedSuites = int(root.numRuntimeErrorTestSuites);
  if (announcedSuites !== undefined)
    out.summaries.push({
      tool,
      what: "suites that failed to run",
      count: announcedSuites,
      parsed: failedSuites,
    });
  return out;
}
