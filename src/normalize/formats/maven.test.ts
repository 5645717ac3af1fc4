// FC-FORMAT-MAVEN-1..4: Maven's log read apart from its chatter; lines that only look like Maven's lose nothing.
import { describe, expect, it } from "vitest";
import { parseToolOutput } from "../index.ts";

const ROOT = { repoRoot: "/home/dev/app" };
const read = (content: string, format?: string) =>
  parseToolOutput(format === undefined ? { content } : { format, content }, ROOT);
const rules = (content: string, format?: string) => read(content, format).map((f) => f.rule);

describe("Maven's log (FC-FORMAT-MAVEN-1)", () => {
  it("keeps an error-like line a plugin relays under [INFO] for the other parsers", () => {
    const log = [
      "[INFO] Scanning for projects...",
      "[INFO] --- exec-maven-plugin:3.1.0:exec (lint) @ web ---",
      "[INFO] Error: Cannot find module 'left-pad'",
      "[INFO] BUILD FAILURE",
    ].join("\n");
    const got = read(log);
    expect(got.map((f) => f.message)).toContain("[INFO] Error: Cannot find module 'left-pad'");
    expect(got.some((f) => f.message.includes("Scanning"))).toBe(false);
  });

  it("without a line only Maven prints, tagged lines are not taken for Maven's chatter", () => {
    const content = "[INFO] Starting server on :8080\n[ERROR] connection refused: db:5432\n";
    // A failed run's leftovers are all kept (FC-STAGE1-RAW-9); the [INFO] line is not Maven's progress here.
    const got = parseToolOutput({ content, exitCode: 1 }, ROOT).map((f) => f.message);
    expect(got).toEqual(
      expect.arrayContaining(["[ERROR] connection refused: db:5432", "[INFO] Starting server on :8080"]),
    );
  });

  it("named `maven`, a log without its banner (cut at the head) is Maven's", () => {
    const log =
      "[INFO] Compiling 3 source files to /home/dev/app/target/classes\n[WARNING] deprecated option\n";
    expect(rules(log, "maven")).toEqual(["maven:warning"]);
    expect(rules(log)).not.toContain("maven:warning");
  });

  it("sets the compiler section's count against the diagnostics read", () => {
    const log = [
      "[INFO] BUILD FAILURE",
      "[ERROR] /home/dev/app/src/main/java/A.java:[3,1] ';' expected",
      "[INFO] 2 errors",
    ].join("\n");
    const got = read(log);
    expect(got.filter((f) => f.rule === "javac:error")).toHaveLength(1);
    expect(got.map((f) => f.message)).toContain("javac reported 2 errors but 1 were parsed");
  });
});

describe("compiler diagnostics (FC-FORMAT-MAVEN-2)", () => {
  const diag = "[ERROR] /home/dev/app/src/main/java/A.java:[3,1] ';' expected";
  it("reads a diagnostic line without Maven's banner, and its repeat is the same finding", () => {
    expect(rules(`${diag}\n${diag}\n`)).toEqual(["javac:error"]);
  });

  it("a different line or message is another finding", () => {
    const other = "[ERROR] /home/dev/app/src/main/java/A.java:[4,1] ';' expected";
    expect(rules(`${diag}\n${other}\n`)).toEqual(["javac:error", "javac:error"]);
  });

  it("a file other than Java names the rule after Maven; a tool named by the format names it after that tool", () => {
    expect(rules("[WARNING] /home/dev/app/src/main/groovy/B.groovy:[2,5] unused import\n")).toEqual([
      "maven:warning",
    ]);
    expect(rules(`${diag}\n`, "ecj")).toEqual(["ecj:error"]);
  });

  it("locates a Windows path", () => {
    const got = read("[ERROR] C:\\work\\app\\src\\main\\java\\A.java:[3,1] ';' expected\n", undefined);
    const inRepo = parseToolOutput(
      { content: "[ERROR] C:\\work\\app\\src\\main\\java\\A.java:[3,1] ';' expected\n" },
      { repoRoot: "C:\\work\\app" },
    );
    expect(got[0]!.location?.startLine).toBe(3);
    expect(inRepo[0]!.location).toEqual({ path: "src/main/java/A.java", startLine: 3 });
  });
});

describe("Surefire (FC-FORMAT-MAVEN-3)", () => {
  it("the closing lists stand for the failures when their blocks were cut off", () => {
    const log = [
      "[INFO] BUILD FAILURE",
      "[ERROR] Failures: ",
      "[ERROR]   AppTest.testAdd:12 expected: <3> but was: <4>",
      "[ERROR] Errors: ",
      "[ERROR]   AppTest.testDiv:18 » Arithmetic / by zero",
      "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0",
      "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project app: There are test failures.",
    ].join("\n");
    const got = read(log);
    expect(got.map((f) => [f.rule, f.message])).toEqual([
      ["surefire:failure", "AppTest.testAdd:12 expected: <3> but was: <4>"],
      ["surefire:error", "AppTest.testDiv:18 » Arithmetic / by zero"],
    ]);
  });

  it("a test block without its exception line is still a finding", () => {
    const log =
      "[INFO] BUILD FAILURE\n[ERROR] com.acme.AppTest.testAdd -- Time elapsed: 0.01 s <<< ERROR!\n\n";
    expect(read(log).map((f) => [f.rule, f.message])).toEqual([
      ["surefire:error", "com.acme.AppTest › testAdd: error"],
    ]);
  });
});

describe("goal failures (FC-FORMAT-MAVEN-4)", () => {
  it("names the plugin and goal; structure where a diagnostic was read", () => {
    const goal =
      "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.4.1:enforce (enforce) on project app: Some Enforcer rules have failed. -> [Help 1]";
    expect(read(goal).map((f) => [f.rule, f.message])).toEqual([
      ["maven:maven-enforcer-plugin:enforce", "Some Enforcer rules have failed."],
    ]);
    const withDiag = `[ERROR] /home/dev/app/src/main/java/A.java:[3,1] ';' expected\n${goal.replace("enforcer", "compiler").replace(":enforce (enforce)", ":compile (default-compile)")}`;
    expect(rules(withDiag)).toEqual(["javac:error"]);
  });
});
