// FC-FORMAT-GRADLE-1..4: Gradle's log read apart from its chatter; lines that only look like Gradle's lose nothing.
import { describe, expect, it } from "vitest";
import { parseToolOutput } from "../index.ts";

const ROOT = { repoRoot: "/home/dev/app" };
const read = (content: string, extra: Record<string, unknown> = {}) =>
  parseToolOutput({ content, ...extra } as { content: string }, ROOT);
const pairs = (content: string, extra: Record<string, unknown> = {}) =>
  read(content, extra).map((f) => [f.rule, f.message]);

const TAIL = "\nFAILURE: Build failed with an exception.\n\nBUILD FAILED in 2s\n";

describe("Gradle's log (FC-FORMAT-GRADLE-1)", () => {
  it("without a line only Gradle prints, `X > y FAILED` and `* …:` lines are not Gradle's", () => {
    const got = read("Cache > warm-up FAILED\n* Try:\nthe cache is cold\n", { exitCode: 1 });
    expect(got.map((f) => f.message)).toEqual(
      expect.arrayContaining(["Cache > warm-up FAILED", "* Try:", "the cache is cold"]),
    );
  });

  it("named `gradle`, a log cut before its verdict is Gradle's", () => {
    const log = "AppTest > testAdd() FAILED\n    java.lang.AssertionError at AppTest.java:7\n";
    expect(pairs(log, { format: "gradle" })).toEqual([
      ["gradle:test", "AppTest › testAdd(): java.lang.AssertionError"],
    ]);
  });

  it("sets `N tests completed, M failed` against the failures read", () => {
    const log = `> Task :app:test FAILED\n\nAppTest > a() FAILED\n    java.lang.AssertionError at AppTest.java:7\n\n3 tests completed, 2 failed\n${TAIL}`;
    expect(read(log).map((f) => f.message)).toContain("gradle reported 2 errors but 1 were parsed");
  });
});

describe("Kotlin's diagnostics (FC-FORMAT-GRADLE-2)", () => {
  it("reads both forms, a file URI's escapes decoded, without Gradle's banner", () => {
    const log = [
      "e: file:///home/dev/app/src/main/kotlin/My%20App.kt:4:2 Expecting ')'",
      "w: /home/dev/app/src/main/kotlin/B.kt: (9, 13): Parameter 'y' is never used",
    ].join("\n");
    expect(read(log).map((f) => [f.rule, f.location, f.severity])).toEqual([
      ["kotlinc:error", { path: "src/main/kotlin/My App.kt", startLine: 4 }, "error"],
      ["kotlinc:warning", { path: "src/main/kotlin/B.kt", startLine: 9 }, "warning"],
    ]);
  });

  it("reads a Windows file URI as its drive path", () => {
    const got = parseToolOutput(
      { content: "e: file:///C:/work/app/src/A.kt:3:1 Unresolved reference: x\n" },
      { repoRoot: "C:\\work\\app" },
    );
    expect(got[0]!.location).toEqual({ path: "src/A.kt", startLine: 3 });
  });

  it("an `e: ` line without a file and a position is no diagnostic", () => {
    expect(read("e: something went sideways\n").some((f) => f.rule.startsWith("kotlinc:"))).toBe(false);
  });
});

describe("failed tests (FC-FORMAT-GRADLE-3)", () => {
  it("locates a full stack at the test package's frame, past Gradle's class-loader prefix", () => {
    const log = [
      "> Task :app:test",
      "",
      "com.acme.AppTest > adds() FAILED",
      "    java.lang.AssertionError: no",
      "        at app//org.junit.Assert.fail(Assert.java:89)",
      "        at app//com.acme.AppTest.adds(AppTest.java:31)",
      TAIL,
    ].join("\n");
    const [f] = read(log);
    expect(f!.location).toEqual({ path: "com/acme/AppTest.java", startLine: 31 });
    expect(f!.message).toBe("com.acme.AppTest › adds(): java.lang.AssertionError: no");
  });
});

describe("what went wrong (FC-FORMAT-GRADLE-4)", () => {
  it("a bullet a task prints is no section: the lines after it stay for the other parsers", () => {
    const log = `> Task :app:run\n* checking inputs\nsrc/a.c:3:4: error: expected ';'\n${TAIL}`;
    expect(read(log).map((f) => f.rule)).toEqual(["cc:error"]);
  });

  const section = (why: string) =>
    `> Task :app:compileKotlin FAILED\n${TAIL}\n* What went wrong:\n${why}\n\n* Try:\n> Run with --stacktrace option to get the stack trace.\n`;

  it("is the finding where nothing else failed, its innermost `>` line the reason", () => {
    expect(
      pairs(
        section(
          "Execution failed for task ':app:compileKotlin'.\n> Compilation error. See log for more details",
        ),
      ),
    ).toEqual([
      [
        "gradle:build",
        "Execution failed for task ':app:compileKotlin': Compilation error. See log for more details",
      ],
    ]);
  });

  it("says no more where a parser found an error, and is kept where only warnings were read", () => {
    const why =
      "Execution failed for task ':app:compileKotlin'.\n> Compilation error. See log for more details";
    const err = "e: file:///home/dev/app/src/A.kt:1:1 Unresolved reference: x\n";
    const warn = "w: file:///home/dev/app/src/A.kt:1:1 Variable 'x' is never used\n";
    expect(read(err + section(why)).map((f) => f.rule)).toEqual(["kotlinc:error"]);
    expect(read(warn + section(why)).map((f) => f.rule)).toEqual(["kotlinc:warning", "gradle:build"]);
  });

  it("each failure of a build that went on is a finding, at its `* Where:` place", () => {
    const log = [
      "FAILURE: Build completed with 2 failures.",
      "",
      "1: Task failed with an exception.",
      "-----------",
      "* Where:",
      "Build file '/home/dev/app/lib/build.gradle' line: 7",
      "",
      "* What went wrong:",
      "A problem occurred evaluating project ':lib'.",
      "> Could not find method implementaton() for arguments [x] on object of type DefaultDependencyHandler.",
      "",
      "* Try:",
      "> Run with --stacktrace option to get the stack trace.",
      "==============================================================================",
      "",
      "2: Task failed with an exception.",
      "-----------",
      "* What went wrong:",
      "Execution failed for task ':app:lint'.",
      "> Lint found errors in the project; aborting build.",
      "",
      "BUILD FAILED in 5s",
    ].join("\n");
    expect(read(log).map((f) => [f.location, f.message])).toEqual([
      [
        { path: "lib/build.gradle", startLine: 7 },
        "A problem occurred evaluating project ':lib': Could not find method implementaton() for arguments [x] on object of type DefaultDependencyHandler.",
      ],
      [null, "Execution failed for task ':app:lint': Lint found errors in the project; aborting build."],
    ]);
  });
});
