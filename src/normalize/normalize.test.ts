// FC-STAGE1-RAW-1..10, FC-FORMAT-*: hand-written expectations for the rules each format parser must follow.
import { describe, expect, it } from "vitest";
import { cleanText, firstDocumentLine, repoPath } from "./common.ts";
import { goPackageDir } from "./formats/go-test-json.ts";
import { NO_FINDINGS_RULE, parseToolOutput, sniffFormat, UNPARSED_RULE, UNRECOGNISED_RULE } from "./index.ts";

const ctx = { repoRoot: "/repo" };

describe("text cleaning and paths", () => {
  it("finds the first line that opens a JSON document as one does (FC-STAGE1-RAW-26)", () => {
    expect(firstDocumentLine('[WARN] deprecated config\n[{"a":1}]')).toBe(25);
    expect(firstDocumentLine("[1/3] Building\n[ 50%] Built\n{\n}")).toBe(28);
    expect(firstDocumentLine('{"a":1}')).toBe(0);
    expect(firstDocumentLine("[INFO] done\nno json here")).toBe(-1);
    expect(firstDocumentLine("")).toBe(-1);
  });
  it("keeps only what a terminal finally shows after CR redraws, and drops ANSI", () => {
    expect(cleanText("10%\r50%\r100%\nnext\r\n")).toBe("100%\nnext\n");
    expect(cleanText("\u001b[31mred\u001b[0m")).toBe("red");
  });
  it("makes paths repo-relative, decodes file URIs, normalises Windows separators", () => {
    expect(repoPath("/repo/src/a.ts", ctx)).toBe("src/a.ts");
    expect(repoPath("file:///repo/src/my%20file.ts", ctx)).toBe("src/my file.ts");
    expect(repoPath("./src/a.ts", ctx)).toBe("src/a.ts");
    expect(repoPath("/elsewhere/a.ts", ctx)).toBe("/elsewhere/a.ts");
    expect(repoPath("c:\\Work\\App\\src\\a.ts", { repoRoot: "C:\\work\\app" })).toBe("src/a.ts");
    expect(repoPath("file:///C:/work/app/x.c", { repoRoot: "C:\\work\\app" })).toBe("x.c");
  });
  it("answers each raw path per context: a kept answer never crosses to another root", () => {
    const a = { repoRoot: "/r" };
    const b = { repoRoot: "/s" };
    for (let n = 0; n < 3; n++) {
      expect(repoPath("/r/x.c", a)).toBe("x.c");
      expect(repoPath("/r/x.c", b)).toBe("/r/x.c");
      expect(repoPath("/s/x.c", b)).toBe("x.c");
    }
    // Past the number kept, answers are still computed, the same.
    for (let n = 0; n < 5000; n++) expect(repoPath(`/r/f${n}.c`, a)).toBe(`f${n}.c`);
    expect(repoPath("/r/f4999.c", a)).toBe("f4999.c");
  });
  it("maps Go import paths to directories with the settled module heuristic", () => {
    expect(goPackageDir("github.com/acme/shop/internal/cart")).toBe("internal/cart");
    expect(goPackageDir("example.com/goapp/calc")).toBe("calc");
    expect(goPackageDir("app/pkg/x")).toBe("pkg/x");
    expect(goPackageDir("github.com/acme/shop")).toBe("");
  });
  it("places a package in the module a go.mod in a subdirectory roots (FC-FORMAT-GO-5)", () => {
    const c = { repoRoot: "/r", repoPaths: ["/r/services/inventory/go.mod", "go.mod", "tools/gen/go.mod"] };
    expect(goPackageDir("example.com/inventory/stock", c)).toBe("services/inventory/stock");
    expect(goPackageDir("example.com/inventory", c)).toBe("services/inventory");
    expect(goPackageDir("github.com/acme/gen/cmd/x", c)).toBe("tools/gen/cmd/x");
    // No root's name in the import path: the settled heuristic.
    expect(goPackageDir("example.com/shop/cart", c)).toBe("cart");
    // A module path without a host (`go mod init inventory`).
    expect(goPackageDir("inventory/x", c)).toBe("services/inventory/x");
  });
});

describe("format rules", () => {
  it("tsc: a global error has no location; continuation lines join the message", () => {
    const out = parseToolOutput(
      {
        format: "tsc",
        content:
          "error TS5058: The specified path does not exist.\na.ts(3,1): error TS2322: Bad.\n  Inner reason.\n",
      },
      ctx,
    );
    expect(out).toEqual([
      {
        rule: "tsc:TS5058",
        location: null,
        message: "The specified path does not exist.",
        severity: "error",
        trace: null,
      },
      {
        rule: "tsc:TS2322",
        location: { path: "a.ts", startLine: 3 },
        message: "Bad.\nInner reason.",
        severity: "error",
        trace: null,
      },
    ]);
  });
  it("LSP: 0-based lines become 1-based, end exclusive at character 0, missing severity is an error", () => {
    const content = {
      uri: "file:///repo/a.ts",
      diagnostics: [
        { range: { start: { line: 0, character: 3 }, end: { line: 2, character: 0 } }, message: "m" },
      ],
    };
    expect(parseToolOutput({ format: "lsp", content }, ctx)).toEqual([
      {
        rule: "lsp:diagnostic",
        location: { path: "a.ts", startLine: 1, endLine: 2 },
        message: "m",
        severity: "error",
        trace: null,
      },
    ]);
  });
  it("ESLint: null ruleId keeps fixed rule names for parse errors and unused directives", () => {
    const content = [
      {
        filePath: "/repo/a.js",
        errorCount: 2,
        warningCount: 0,
        messages: [
          { ruleId: null, fatal: true, severity: 2, message: "Parsing error: x", line: 1 },
          {
            ruleId: null,
            severity: 2,
            message: "Unused eslint-disable directive (no problems were reported).",
            line: 4,
          },
        ],
      },
    ];
    expect(parseToolOutput({ format: "eslint", content }, ctx).map((f) => f.rule)).toEqual([
      "eslint:parse-error",
      "eslint:unused-disable-directive",
    ]);
  });
  it("SARIF: an absent level defaults to the rule's configuration, then to warning", () => {
    const content = {
      version: "2.1.0",
      runs: [
        {
          tool: {
            driver: {
              name: "T",
              rules: [{ id: "A", defaultConfiguration: { level: "error" } }, { id: "B" }],
            },
          },
          results: [
            { ruleId: "A", message: { text: "a" } },
            { ruleId: "B", message: { text: "b" } },
          ],
        },
      ],
    };
    expect(parseToolOutput({ content }, ctx).map((f) => [f.rule, f.severity, f.location])).toEqual([
      ["t:A", "error", null],
      ["t:B", "warning", null],
    ]);
  });
  it("JUnit: pytest's xunit1 line attribute is 0-based", () => {
    const xml = `<testsuites name="pytest tests"><testsuite name="pytest" failures="1"><testcase classname="t" name="x" file="t.py" line="9"><failure message="boom"/></testcase></testsuite></testsuites>`;
    expect(parseToolOutput({ content: xml }, ctx)[0]!.location).toEqual({ path: "t.py", startLine: 10 });
  });
  it("JUnit: attribute values are normalised as XML requires; &#10; keeps a line break", () => {
    const suite = (message: string) =>
      `<testsuite failures="1"><testcase classname="t" name="x"><failure message="${message}">body</failure></testcase></testsuite>`;
    // A raw line break or tab in an attribute is a space to every conforming XML parser (XML 1.0 §3.3.3).
    expect(parseToolOutput({ format: "junit", content: suite("first\n\tsecond") }, ctx)[0]!.message).toBe(
      "t › x: first  second",
    );
    // Reporters that mean a line break write a reference (pytest, Surefire): the headline is its first line.
    expect(parseToolOutput({ format: "junit", content: suite("first&#10;second") }, ctx)[0]!.message).toBe(
      "t › x: first",
    );
    // Entities declared in a DTD are never expanded; the report is still read.
    const dtd = `<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${suite("&b;")}`;
    expect(parseToolOutput({ format: "junit", content: dtd }, ctx)[0]!.message).toBe("t › x: &b;");
  });
  it("Jest JSON: a suite that failed to run, with zero assertions, is kept", () => {
    const content = {
      numFailedTests: 0,
      numRuntimeErrorTestSuites: 1,
      success: false,
      testResults: [
        {
          name: "/repo/t.test.js",
          status: "failed",
          message: "● Test suite failed to run\n\n  Boom",
          assertionResults: [],
        },
      ],
    };
    const out = parseToolOutput({ format: "jest", content }, ctx);
    expect(out).toHaveLength(1);
    expect(out[0]!.rule).toBe("jest:suite-failed");
    expect(out[0]!.message).toBe("t.test.js: Boom");
  });
  it("pytest: progress lines under the session header are structure, even in a directory named errors", () => {
    const content = [
      "============================= test session starts ==============================",
      "collected 2 items",
      "",
      "tests/errors/test_map.py .F                                              [100%]",
      "",
      "=================================== FAILURES ===================================",
      "___________________________________ test_map ___________________________________",
      "",
      "E       assert 1 == 2",
      "",
      "tests/errors/test_map.py:4: AssertionError",
      "========================= 1 failed, 1 passed in 0.01s ==========================",
    ].join("\n");
    const out = parseToolOutput({ format: "pytest", content }, ctx);
    expect(out.map((f) => f.rule)).toEqual(["pytest:failed"]);
  });
});

describe("nothing is silently dropped", () => {
  it("a long log whose last line cleans to nothing (a colour reset, a BEL, no LF) keeps its findings", () => {
    // Over 1 MiB, so it is cleaned line by line. The last line cleaned to nothing was dropped, but still listed
    // as cleaned: a parser's search then read past the lines and the whole parse fell back to one unparsed finding.
    const body = "src/app.py:3:1: E302 expected 2 blank lines, found 1\n".repeat(21000);
    for (const tail of ["\u001b[0m", "\u0007", "x\r"]) {
      const out = parseToolOutput({ content: body + tail } as never, ctx);
      expect(out.filter((f) => f.rule === "flake8:E302").length).toBeGreaterThan(0);
      expect(out.some((f) => f.rule === UNPARSED_RULE)).toBe(false);
    }
  });
  it("a non-zero exit without any recognised error yields a finding, and keeps each unparsed line (FC-STAGE1-RAW-21)", () => {
    const out = parseToolOutput({ content: "building...\ndone\n", exitCode: 3 } as never, ctx);
    expect(out).toEqual([
      {
        rule: NO_FINDINGS_RULE,
        location: null,
        message: "the tool exited with status 3 but no error was recognised in its output",
        severity: "error",
        trace: null,
      },
      { rule: UNPARSED_RULE, location: null, message: "building...", severity: "error", trace: null },
      { rule: UNPARSED_RULE, location: null, message: "done", severity: "error", trace: null },
    ]);
  });
  it("a non-zero exit whose output is only chatter carries the output's tail", () => {
    const out = parseToolOutput({ content: "✓ a (1ms)\n=====\n", exitCode: 3 } as never, ctx);
    expect(out).toEqual([
      {
        rule: NO_FINDINGS_RULE,
        location: null,
        message: "the tool exited with status 3 but no error was recognised in its output",
        severity: "error",
        trace: "✓ a (1ms)\n=====",
      },
    ]);
  });
  it("a count with nothing located keeps the lines, not only the count (FC-STAGE1-RAW-21)", () => {
    const content = "Lint report\n  site.css  3/3  Unexpected unknown property\n\n✖ 1 problem\n";
    const out = parseToolOutput({ content }, ctx);
    expect(out.map((f) => [f.rule, f.message, f.trace])).toEqual([
      [UNPARSED_RULE, "text reported 1 problems but 0 were parsed", null],
      [UNPARSED_RULE, "Lint report", "  site.css  3/3  Unexpected unknown property"],
    ]);
  });
  it("a zero exit with only chatter yields nothing", () => {
    expect(
      parseToolOutput({ content: "✓ a (1ms)\nTests: 3 passed\nDone in 1.2s.\n", exitCode: 0 } as never, ctx),
    ).toEqual([]);
  });
  it("unrecognised error-like lines become findings without location", () => {
    const out = parseToolOutput({ content: "step 1\nFATAL: disk quota exceeded\n" }, ctx);
    expect(out).toEqual([
      {
        rule: UNRECOGNISED_RULE,
        location: null,
        message: "FATAL: disk quota exceeded",
        severity: "error",
        trace: null,
      },
    ]);
  });
  it("a summary count above what was parsed yields normalize:unparsed", () => {
    const out = parseToolOutput(
      { format: "tsc", content: "a.ts(1,1): error TS1: x\nFound 2 errors.\n" },
      ctx,
    );
    expect(out.map((f) => [f.rule, f.message])).toEqual([
      ["tsc:TS1", "x"],
      [UNPARSED_RULE, "tsc reported 2 errors but 1 were parsed"],
    ]);
  });
});

describe("traces without noise (FC-STAGE1-RAW-19)", () => {
  it("drops runtime frames that are the only foreign frames of a trace", () => {
    // Before, a trace holding none of `node:`, `node_modules`, `-packages/`, `/usr/`, `/lib/` was kept whole,
    // so these runtime frames stayed unless another frame happened to hold one of those strings.
    const frozen =
      'Traceback (most recent call last):\n  File "/repo/app/plugins.py", line 14, in load\n    return importlib.import_module(name)\n' +
      '  File "<frozen importlib._bootstrap>", line 1204, in _gcd_import\n  File "<frozen importlib._bootstrap>", line 1176, in _find_and_load\n' +
      "ModuleNotFoundError: No module named 'plugins.missing'\n";
    const [py] = parseToolOutput({ format: "python", content: frozen }, ctx);
    expect(py!.trace).toContain("app/plugins.py");
    expect(py!.trace).not.toContain("frozen");
    expect(py!.trace).toMatch(/\(2 frames of dependencies and the runtime left out\)$/);
    const oldNode =
      "TypeError: total is not a function\n    at run (/repo/src/cart.js:7:3)\n" +
      "    at Module._compile (internal/modules/cjs/loader.js:1085:14)\n    at Module.load (internal/modules/cjs/loader.js:950:32)\n";
    const [js] = parseToolOutput({ format: "node", content: oldNode }, ctx);
    expect(js!.trace).toContain("src/cart.js:7:3");
    expect(js!.trace).not.toContain("internal/modules");
  });
});

describe("sniffing", () => {
  it.each([
    [{ runs: [], version: "2.1.0" }, "sarif"],
    [[{ filePath: "a", messages: [] }], "eslint"],
    [{ uri: "file:///a", diagnostics: [] }, "lsp"],
    [{ testResults: [] }, "jest-json"],
    ['{"reason":"build-finished","success":true}\n', "cargo-json"],
    ['{"Time":"2026-01-01T00:00:00Z","Action":"run","Package":"p","Test":"T"}\n', "go-test-json"],
    ['<?xml version="1.0"?>\n<testsuites/>', "junit"],
    ["TAP version 14\n1..1\nok 1\n", "tap"],
    ["not ok 1 - x\n", "tap"],
    ["a.ts(1,2): error TS2304: x\n", "tsc"],
    ["a.c:1:2: error: x\n", "compiler"],
    // A SARIF log among lines a text format claims is SARIF too: the log is read, and the lines around it
    // go to every text parser all the same (FC-FORMAT-SARIF-10).
    ['a.c:1:2: error: x\n{"$schema":"https://example.com/sarif-schema-2.1.0.json","runs":[]}\n', "sarif"],
    ['note: x\n{"$schema":"https://example.com/sarif-schema-2.1.0.json","runs":[]}\n', "sarif"],
    [
      'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nValueError: x\n',
      "python-traceback",
    ],
    ['[{"kind": "warning", "locations": [], "message": "x"}]\n[]\n', "gcc-json"],
    [[{ kind: "error", locations: [], message: "x" }], "gcc-json"],
    // A translation unit without diagnostics prints `[]` before the one that has them.
    ['[]\n[]\n[{"kind": "error", "locations": [], "message": "x"}]\n', "gcc-json"],
    ["[]\n[]\n", null],
    ["error[E0308]: x\n --> src/sub dir/a.rs:1:2\n", "rustc-text"],
    ['  File "a b/c.py", line 2\n    x = (\n        ^\nSyntaxError: x\n', "python-traceback"],
    ["FAILED tests/sub dir/test_a.py::t - x\n", "pytest"],
    ["nothing to see here\n", null],
    [42, null],
    [null, null],
  ])("%j is sniffed as %s", (content, format) => {
    expect(sniffFormat(content)).toBe(format);
  });

  // clang 19 prints its SARIF on stderr after its driver's warning, and a count line after each log.
  const clangLog = (file: string, line: number) =>
    JSON.stringify({
      $schema: "https://docs.oasis-open.org/sarif/sarif/v2.1.0/cos02/schemas/sarif-schema-2.1.0.json",
      runs: [
        {
          tool: { driver: { name: "clang" } },
          results: [
            {
              ruleId: "7043",
              level: "warning",
              message: { text: "unused variable 'x'" },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: `file:///home/dev/work/app/${file}` },
                    region: { startLine: line },
                  },
                },
              ],
            },
          ],
        },
      ],
      version: "2.1.0",
    });
  const unstable =
    "clang: warning: diagnostic formatting in SARIF mode is currently unstable [-Wsarif-format-unstable]\n";
  it.each([
    ["one log", `${unstable}\n${clangLog("a.c", 7)}\n\n1 warning generated.\n`, ["a.c"]],
    [
      "two logs",
      `${unstable}${unstable}\n${clangLog("a.c", 7)}\n\n1 warning generated.\n\n${clangLog("b.c", 3)}\n\n1 warning generated.\n`,
      ["a.c", "b.c"],
    ],
    [
      "an indented log",
      `${unstable}${JSON.stringify(JSON.parse(clangLog("a.c", 7)), null, 2)}\n1 warning generated.\n`,
      ["a.c"],
    ],
  ])("SARIF after clang's warning line (%s) is sniffed and read, named or not", (_, content, files) => {
    expect(sniffFormat(content)).toBe("sarif");
    for (const format of [undefined, "sarif", "clang", "clang-19"]) {
      const raw = format === undefined ? { content } : { format, content };
      const got = parseToolOutput(raw, { repoRoot: "/home/dev/work/app" });
      expect(got.map((f) => [f.rule, f.location?.path])).toEqual(files.map((f) => ["clang:7043", f]));
    }
  });

  it("a SARIF log cut short among text lines still leaves the text lines to the text parsers", () => {
    const log = clangLog("a.c", 7);
    const crash = "clang: error: unable to execute command: Segmentation fault (core dumped)\n";
    const content = `${unstable}\n${log.slice(0, 200)}\n${crash}`;
    expect(sniffFormat(content)).toBe("sarif");
    const got = parseToolOutput({ content }, { repoRoot: "/home/dev/work/app" });
    expect(got.map((f) => f.message)).toEqual([
      "sarif output is not well-formed JSON; it may be truncated",
      crash.trim(),
    ]);
  });

  // One target built by gcc (text), another by clang with SARIF (FC-FORMAT-SARIF-10): neither is lost,
  // and gcc's excerpt stays the trace of its diagnostic.
  const gccText =
    "a.c: In function 'f':\n" +
    "a.c:4:12: warning: format '%s' expects argument of type 'char *' [-Wformat=]\n" +
    '    4 |   printf("%s", n);\n' +
    "      |           ~^\n" +
    "make: *** [Makefile:3: a.o] Error 1\n";
  it.each([
    ["the log after gcc's lines", `${gccText}${unstable}\n${clangLog("b.c", 3)}\n\n1 warning generated.\n`],
    ["the log before gcc's lines", `${clangLog("b.c", 3)}\n\n1 warning generated.\n${gccText}`],
  ])("gcc's text lines and a clang SARIF log are both read (%s)", (_, content) => {
    expect(sniffFormat(content)).toBe("sarif");
    for (const [format, tool] of [
      [undefined, "cc"],
      ["gcc", "gcc"],
      ["clang", "clang"],
      ["make", "make"],
      ["text", "cc"],
    ] as const) {
      const raw = format === undefined ? { content } : { format, content };
      const got = parseToolOutput(raw, { repoRoot: "/home/dev/work/app" });
      const located = got.filter((f) => f.location !== null);
      expect(located.map((f) => [f.rule, f.location?.path, f.location?.startLine])).toEqual([
        ["clang:7043", "b.c", 3],
        [`${tool}:-Wformat=`, "a.c", 4],
      ]);
      expect(located[1]!.trace).toContain("~^");
    }
  });

  // A line ends only at LF (FC-STAGE1-RAW-3): a U+2028 in a message is one of its characters. Every line
  // pattern's message group reads it (`[\s\S]`, not `.`, which stops at it and lost the line or its place).
  const LS = "\u2028";
  it.each([
    ["gcc", `src/app.c:12:5: error: unknown type name 'foo${LS}bar'\n`, "src/app.c", 12, "bar'"],
    ["a paren position", `src/App.cs(12,5): error CS1002: ; expected${LS}here\n`, "src/App.cs", 12, "here"],
    [
      "a stylish item",
      `src/a.css\n  3:9  ✖  Unexpected hex${LS}"#ab"  color-no-invalid-hex\n`,
      "src/a.css",
      3,
      '"#ab"',
    ],
    [
      "the compact form",
      `src/a.js: line 3, col 9, Error - Expected '==='${LS}x (eqeqeq)\n`,
      "src/a.js",
      3,
      "x",
    ],
    ["a workflow command", `::error file=src/a.js,line=3::Unexpected${LS}token\n`, "src/a.js", 3, "token"],
    [
      "a Go panic",
      `panic: index out of range${LS}x\n\ngoroutine 1 [running]:\nmain.main()\n\t/home/dev/work/app/main.go:5 +0x1d\n`,
      "main.go",
      5,
      "x",
    ],
    [
      "go test",
      `--- FAIL: TestAdd (0.00s)\n    calc_test.go:12: got 3${LS}want 4\nFAIL\nFAIL\texample.com/app/calc\t0.003s\n`,
      "calc/calc_test.go",
      12,
      "want 4",
    ],
    [
      "go test -json",
      '{"Time":"2026-12-01T10:00:00Z","Action":"output","Package":"example.com/app/calc","Test":"TestAdd","Output":"    calc_test.go:12: got 3\\u2028want 4\\n"}\n' +
        '{"Time":"2026-12-01T10:00:00Z","Action":"fail","Package":"example.com/app/calc","Test":"TestAdd","Elapsed":0}\n',
      "calc/calc_test.go",
      12,
      "want 4",
    ],
    [
      "phpcs",
      `FILE: /home/dev/work/app/src/a.php\n${"-".repeat(40)}\nFOUND 1 ERROR AFFECTING 1 LINE\n${"-".repeat(40)}\n 12 | ERROR | Missing doc${LS}comment\n${"-".repeat(40)}\n`,
      "src/a.php",
      12,
      "comment",
    ],
    [
      "a bare SyntaxError",
      `  File "/home/dev/work/app/a.py", line 3\n    x = = 1\n        ^\nSyntaxError: invalid${LS}syntax\n`,
      "a.py",
      3,
      "syntax",
    ],
    [
      "a traceback",
      `Traceback (most recent call last):\n  File "/home/dev/work/app/app.py", line 2, in f\n    raise ValueError("a")\nValueError: a${LS}b\n`,
      "app.py",
      2,
      "b",
    ],
    [
      "rustc",
      `error[E0308]: mismatched${LS}types\n --> src/main.rs:2:18\n  |\n2 |     let x: i32 = "a";\n`,
      "src/main.rs",
      2,
      "types",
    ],
    [
      "a Rust panic",
      `thread 'main' panicked at 'bad${LS}input', src/main.rs:4:5\n`,
      "src/main.rs",
      4,
      "input",
    ],
    [
      "a Node error",
      `TypeError: Cannot read 'a${LS}b'\n    at parse (/home/dev/work/app/src/parse.js:12:5)\n`,
      "src/parse.js",
      12,
      "b'",
    ],
    [
      "a Ruby exception",
      `/home/dev/work/app/lib/a.rb:3:in \`parse': bad${LS}input (ArgumentError)\n\tfrom /home/dev/work/app/bin/run:5:in \`<main>'\n`,
      "lib/a.rb",
      3,
      "input",
    ],
    [
      "cpplint",
      `src/a.cc:12:  Missing space${LS}before {  [whitespace/braces] [5]\n`,
      "src/a.cc",
      12,
      "before",
    ],
    [
      "jshint",
      `src/a.js: line 3, col 9, Missing${LS}semicolon. (W033)\n\n1 error\n`,
      "src/a.js",
      3,
      "semicolon",
    ],
    [
      "puppet-lint",
      `manifests/init.pp - WARNING: double quoted${LS}string on line 3 (check: double_quoted_strings)\n`,
      "manifests/init.pp",
      3,
      "string",
    ],
    [
      "standard",
      `standard: Use JavaScript Standard Style (https://standardjs.com)\n  /home/dev/work/app/src/a.js:3:9: Strings must use${LS}singlequote. (quotes)\n`,
      "src/a.js",
      3,
      "singlequote",
    ],
    [
      "proselint",
      `docs/a.md:3:10: weasel_words.very Substitute 'damn'${LS}every time.\n`,
      "docs/a.md",
      3,
      "every time",
    ],
  ])("%s: a message holding U+2028 keeps its line and place", (_, content, path, line, rest) => {
    const got = parseToolOutput({ content, exitCode: 1 }, { repoRoot: "/home/dev/work/app" });
    const at = got.filter((f) => f.location?.path === path && f.location.startLine === line);
    expect(at.length).toBeGreaterThan(0);
    expect(at.some((f) => f.message.includes(rest))).toBe(true);
    expect(got.filter((f) => f.rule === "normalize:unrecognised" || f.rule === "normalize:unparsed")).toEqual(
      [],
    );
  });

  // A build tool prints its own lines around the compiler's (FC-STAGE1-RAW-26): ninja's `[1/3] Building CXX
  // object …`, make's `[ 50%] Building …`, Maven's `[INFO] ` (a blank one too). They open with a bracket
  // but are no JSON document, so the log after them is still read.
  it.each([
    ["ninja", "[1/3] Building C object CMakeFiles/app.dir/a.c.o\n", "[3/3] Linking C executable app\n"],
    ["make", "[ 50%] Building C object CMakeFiles/app.dir/a.c.o\n", "[100%] Built target app\n"],
    ["maven", "[INFO] \n[INFO] --- compile ---\n", "[INFO] BUILD FAILURE\n"],
    ["a bracket left open", "[build a.c\n", '[1] "done\n'],
  ])("SARIF among %s's bracketed lines is read", (_, before, after) => {
    const content = `${before}${unstable}\n${clangLog("a.c", 7)}\n\n1 warning generated.\n${after}`;
    expect(sniffFormat(content)).toBe("sarif");
    for (const format of [undefined, "sarif", "clang"]) {
      const raw = format === undefined ? { content } : { format, content };
      const got = parseToolOutput(raw, { repoRoot: "/home/dev/work/app" });
      expect(got.filter((f) => f.rule.startsWith("clang:")).map((f) => [f.rule, f.location?.path])).toEqual([
        ["clang:7043", "a.c"],
      ]);
      expect(got.filter((f) => f.rule === "normalize:unparsed")).toEqual([]);
    }
  });

  it("a SARIF log cut short after ninja's progress line leaves the text lines to the text parsers", () => {
    const crash = "clang: error: unable to execute command: Segmentation fault (core dumped)\n";
    const content = `[1/3] Building C object a.c.o\n${unstable}\n${clangLog("a.c", 7).slice(0, 200)}\n${crash}`;
    const got = parseToolOutput({ content }, { repoRoot: "/home/dev/work/app" });
    expect(got.map((f) => f.message)).toEqual([
      "sarif output is not well-formed JSON; it may be truncated",
      crash.trim(),
    ]);
  });

  it("a line that opens like a JSON document and does not parse still makes the logs not well-formed", () => {
    const content = `${unstable}\n${clangLog("a.c", 7)}\n{"$schema": "x", "runs": [}]}\n`;
    const got = parseToolOutput({ format: "sarif", content }, { repoRoot: "/home/dev/work/app" });
    expect(got[0]!.message).toBe("sarif output is not well-formed JSON; it may be truncated");
  });

  // cargo's own stderr (one `Downloaded` line per crate) comes before its first JSON line when both
  // streams are captured: the message line is looked for across the sample, not in the first 50 lines.
  it.each([0, 49, 50, 500])("cargo JSON after %i Downloaded lines is cargo-json", (n) => {
    const preamble = Array.from({ length: n }, (_, i) => `  Downloaded dep${i} v1.${i}.0\n`).join("");
    const message = '{"reason":"compiler-message","message":{"level":"error","message":"x","spans":[]}}\n';
    expect(sniffFormat(`    Updating crates.io index\n${preamble}   Compiling app v0.1.0\n${message}`)).toBe(
      "cargo-json",
    );
  });

  // The JSON-line signatures are looked for in the whole sample, not in its first 4,000 lines: short
  // preamble lines (40 characters each here) put the first JSON line past line 4,000 well inside 256 KiB.
  const downloads = (n: number) =>
    Array.from({ length: n }, (_, i) => `go: downloading example.com/dep${i} v1.0.0\n`).join("");
  const vetTree =
    '{\n\t"example.com/app/calc": {\n\t\t"printf": [\n\t\t\t{"posn": "calc.go:6:2", "message": "x"}\n\t\t]\n\t}\n}\n';
  it.each([
    [
      "a go test event",
      '{"Time":"2026-12-01T10:00:00Z","Action":"fail","Package":"example.com/app/calc","Elapsed":0.1}\n',
      "go-test-json",
    ],
    ["a go vet tree", `# example.com/app/calc\n${vetTree}`, "go-vet-json"],
    [
      "a cargo message",
      '{"reason":"compiler-message","message":{"level":"error","message":"x","spans":[]}}\n',
      "cargo-json",
    ],
    [
      "a SARIF log",
      '{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[]}\n',
      "sarif",
    ],
    [
      "an indented SARIF log",
      '{\n  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",\n  "runs": []\n}\n',
      "sarif",
    ],
  ])("%s after 3,999, 4,000 and 6,000 short lines is sniffed as %s", (_, doc, format) => {
    for (const n of [3999, 4000, 6000]) {
      const content = `${downloads(n)}${doc}`;
      expect(content.length).toBeLessThan(256 * 1024);
      expect(sniffFormat(content)).toBe(format);
    }
  });
});

describe("issue 18: markers, names and counts each format reads", () => {
  const rules = (raw: Parameters<typeof parseToolOutput>[0]) => parseToolOutput(raw, ctx).map((f) => f.rule);

  it("gcc JSON whose first translation units printed `[]` is still gcc JSON under a compiler format name", () => {
    const unit = '[{"kind":"error","message":"m","locations":[{"caret":{"file":"src/a.c","line":14}}]}]';
    for (const content of [`[]\n${unit}\n`, `[]\n[]\n${unit}\n`]) {
      const [f, ...more] = parseToolOutput({ format: "gcc", content }, ctx);
      expect(more).toEqual([]);
      expect(f).toMatchObject({ rule: "gcc:error", location: { path: "src/a.c", startLine: 14 } });
    }
    // Empty arrays alone, or before text, are no diagnostics and do not make the text JSON.
    expect(rules({ format: "gcc", content: "[]\n[]\n" })).toEqual([]);
    expect(rules({ format: "gcc", content: "[]\nsrc/a.c:3:1: error: x\n" })).toEqual(["gcc:error"]);
  });

  it("an `error: …` line with neither arrow nor code is no rustc diagnostic unless the format says rustc-text", () => {
    const content = "error: unknown option '--frobnicate'\n";
    expect(rules({ content })).toEqual([UNRECOGNISED_RULE]);
    expect(rules({ format: "rustc-text", content })).toEqual(["rustc:error"]);
    // Sniffed as rustc text (an arrow elsewhere) is not named: the bare line is still not rustc's.
    const mixed = `error[E0308]: mismatched types\n --> src/a b.rs:1:2\n\n${content}warning: build failed, waiting for other jobs to finish...\n`;
    expect(rules({ content: mixed })).toEqual(["rustc:E0308", UNRECOGNISED_RULE]);
  });

  it("a SARIF suppression that was rejected or is under review does not suppress", () => {
    const result = (status?: string) => ({
      ruleId: "r",
      level: "error",
      message: { text: "m" },
      suppressions: [{ kind: "inSource", ...(status ? { status } : {}) }],
    });
    const doc = {
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "t" } },
          results: [result(), result("accepted"), result("rejected"), result("underReview")],
        },
      ],
    };
    expect(rules({ content: doc })).toEqual(["t:r", "t:r"]);
  });

  it("g++, c++, clang++ and javac are compiler names kept whole in rules", () => {
    for (const format of ["g++", "c++", "clang++", "javac"])
      expect(rules({ format, content: "a.cc:3:1: error: boom\n" })).toEqual([`${format}:error`]);
    expect(rules({ format: "my++tool", content: "a.cc:3:1: warning: boom\n" })).toEqual(["my++tool:warning"]);
  });

  it("javac's counts reconcile against errors and warnings separately", () => {
    const content = "A.java:1: error: e\nA.java:2: warning: [cast] w\n1 error\n2 warnings\n";
    expect(parseToolOutput({ content }, ctx).map((f) => [f.rule, f.message])).toEqual([
      ["javac:error", "e"],
      ["javac:cast", "w"],
      [UNPARSED_RULE, "javac reported 2 warnings but 1 were parsed"],
    ]);
  });

  it("instantiation context with nothing after it joins the last diagnostic's trace", () => {
    const content = "a.cc:5:3: error: bad\na.cc:9:1:   required from here\n";
    const out = parseToolOutput({ format: "g++", content }, ctx);
    expect(out.map((f) => f.rule)).toEqual(["g++:error"]);
    expect(out[0]!.trace).toContain("required from here");
  });

  it("a JUnit todo failure counts as accounted for, so a matching total adds no unparsed finding", () => {
    const xml =
      '<testsuites failures="2"><testsuite name="s"><testcase name="a"><failure message="x"/></testcase>' +
      '<testcase name="b"><skipped type="todo"/><failure message="y"/></testcase></testsuite></testsuites>';
    expect(rules({ content: xml })).toEqual(["junit:failure"]);
  });

  it("JSON arrays one after the other (ESLint's JSON of each workspace) are read as one array (FC-STAGE1-RAW-18)", () => {
    const doc = (file: string, rule: string) =>
      JSON.stringify([
        { filePath: `/repo/${file}`, messages: [{ ruleId: rule, severity: 2, message: "m", line: 1 }] },
      ]);
    const content = `> a@1.0.0 lint\n${doc("a.js", "no-undef")}\n\n> b@1.0.0 lint\n${doc("b.js", "eqeqeq")}\n`;
    expect(rules({ format: "eslint", content })).toEqual(["eslint:no-undef", "eslint:eqeqeq"]);
    expect(rules({ content: `${doc("a.js", "no-undef")}\n${doc("b.js", "eqeqeq")}` })).toEqual([
      "eslint:no-undef",
      "eslint:eqeqeq",
    ]);
  });

  it("a diagnostic on standard input keeps the name the tool printed as its path (FC-STAGE1-RAW-25)", () => {
    const at = (raw: Parameters<typeof parseToolOutput>[0]) =>
      parseToolOutput(raw, ctx).map((f) => [f.rule, f.location?.path, f.location?.startLine]);
    const standard =
      "standard: Use JavaScript Standard Style (https://standardjs.com)\n" +
      "  <stdin>:1:7: 'x' is assigned a value but never used. (no-unused-vars)\n";
    expect(at({ content: standard })).toEqual([["standard:no-unused-vars", "<stdin>", 1]]);
    expect(at({ format: "gcc", content: "<stdin>:3:12: error: expected ';' before '}' token\n" })).toEqual([
      ["gcc:error", "<stdin>", 3],
    ]);
    expect(at({ content: "stdin:2:5: E225 missing whitespace around operator\n" })).toEqual([
      ["flake8:E225", "stdin", 2],
    ]);
    expect(at({ content: "-:4:6: warning: TARGET is referenced but not assigned. [SC2154]\n" })).toEqual([
      ["shellcheck:SC2154", "-", 4],
    ]);
    expect(
      at({ format: "mypy", content: '<string>:1: error: Name "y" is not defined  [name-defined]\n' }),
    ).toEqual([["mypy:name-defined", "<string>", 1]]);
    // A traceback of code read from standard input is located at its innermost `<stdin>` frame; a frozen
    // importlib frame is the runtime's.
    const py =
      'Traceback (most recent call last):\n  File "<stdin>", line 3, in <module>\n  File "<stdin>", line 2, in f\n' +
      '  File "<frozen importlib._bootstrap>", line 1176, in _find_and_load\nZeroDivisionError: division by zero\n';
    expect(at({ content: py })).toEqual([["python:ZeroDivisionError", "<stdin>", 2]]);
  });

  it("node-tap's `t.match` failure (`found` and `pattern`, no `wanted`) says both in its message", () => {
    const tap =
      "TAP version 13\nnot ok 1 - should match pattern provided\n  ---\n  found: total=10\n  pattern: total=11\n  ...\n1..1\n";
    expect(parseToolOutput({ format: "tap", content: tap }, ctx).map((f) => f.message)).toEqual([
      "should match pattern provided: expected total=11, got total=10",
    ]);
  });

  it("a clock time opening a line makes it no chatter: the rest of the line decides (FC-STAGE1-RAW-9)", () => {
    const content = "[10:04:12] Starting 'build'...\n[10:04:13] Error: ENOENT: no such file\n";
    expect(parseToolOutput({ content }, ctx).map((f) => [f.rule, f.message])).toEqual([
      [UNRECOGNISED_RULE, "[10:04:13] Error: ENOENT: no such file"],
    ]);
  });
  it("hlint's Found/Perhaps block belongs to its hint: its code lines are no findings (FC-STAGE1-RAW-22)", () => {
    const content = [
      "Main.hs:9:3-20: Warning: Use unless",
      "Found:",
      '  when (not ok) $ error "boom failed"',
      "Perhaps:",
      '  unless ok $ error "boom failed"',
      "Note: may fail",
      "",
      "Main.hs:12:1: Suggestion: Eta reduce",
      "Found:",
      "  f x = g x",
      "Perhaps:",
      "  f = g",
      "",
      "2 hints",
    ].join("\n");
    const found = parseToolOutput({ content }, ctx);
    expect(found.map((f) => [f.rule, f.location, f.message, f.severity, f.trace])).toEqual([
      ["text:warning", { path: "Main.hs", startLine: 9 }, "Use unless", "warning", null],
      ["text:info", { path: "Main.hs", startLine: 12 }, "Eta reduce", "info", null],
    ]);
    // The block ends at the first line that is neither indented nor one of its headings.
    const next = parseToolOutput({ content: "a.hs:1:1: Warning: x\nFound:\n  y\nb.hs:2:1: Error: z" }, ctx);
    expect(next.map((f) => [f.location, f.severity])).toEqual([
      [{ path: "a.hs", startLine: 1 }, "warning"],
      [{ path: "b.hs", startLine: 2 }, "error"],
    ]);
  });
  it("tsc's count is tsc's in a long log when its only diagnostic line was cleaned of colour (FC-FORMAT-TSC-4)", () => {
    // Over 1 MB a text is cleaned line by line, and the search for a tsc line covers the cleaned lines too.
    const pad = "chatter line that means nothing at all\n".repeat(30000);
    const tsc = "src/a.ts(3,5): \u001b[31merror\u001b[0m TS2322: Type 'x' is not assignable.\n";
    const withTsc = parseToolOutput({ content: `${pad}${tsc}Found 2 errors in 1 file.\n` }, ctx);
    expect(withTsc.map((f) => [f.rule, f.message])).toEqual([
      ["tsc:TS2322", "Type 'x' is not assignable."],
      [UNPARSED_RULE, "tsc reported 2 errors but 1 were parsed"],
    ]);
    const without = parseToolOutput({ content: `${pad}Found 2 errors in 1 file.\n` }, ctx);
    expect(without[0]!.message).toBe("cc reported 2 errors but 0 were parsed");
  });
});
