// FC-STAGE1-MATCHER-1..4: a caller's GitHub Actions problem matcher reads its tool's lines before every parser.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nestedRepetition, problemMatcherError } from "./formats/problem-matcher.ts";
import { parseToolOutput, UNPARSED_RULE } from "./index.ts";

const BREADTH = join(import.meta.dirname, "fixtures", "breadth");

// The two examples of GitHub's problem-matcher documentation (actions/toolkit docs/problem-matchers.md).
const GITHUB_DOCS = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../spec/examples/problem-matchers-github-docs.json"), "utf8"),
) as { problemMatcher: [Record<string, unknown>, Record<string, unknown>] };
const [ESLINT_COMPACT, ESLINT_STYLISH] = GITHUB_DOCS.problemMatcher;

/** phpcs's block for one file, and a matcher that reads only its middle item (FC-STAGE1-MATCHER-5, -6). */
const PHPCS_CART =
  "FILE: src/Cart.php\n" +
  "----------------------------------------------------------------------\n" +
  "FOUND 3 ERRORS AFFECTING 3 LINES\n" +
  "----------------------------------------------------------------------\n" +
  "  1 | ERROR   | [x] Header blocks must be separated by a single blank line\n" +
  '  4 | ERROR   | [ ] Class name "cart" is not in PascalCase format\n' +
  '  8 | ERROR   | [ ] Method name "cart::Add" is not in camel caps format\n';
const PASCAL_MATCHER = {
  owner: "pascal",
  pattern: [{ regexp: "^\\s+(\\d+) \\| ERROR\\s+\\| \\[ \\] (Class name .+)$", line: 1, message: 2 }],
};

const pick = (fs: ReturnType<typeof parseToolOutput>) =>
  fs.map((f) => [f.rule, f.location?.path ?? null, f.location?.startLine ?? null, f.severity, f.message]);

describe("problem matchers (FC-STAGE1-MATCHER-*)", () => {
  it("one pattern: each matching line is a finding named after the owner and the code", () => {
    const content =
      "badFile.js: line 50, col 11, Error - 'myVar' is defined but never used. (no-unused-vars)\n" +
      "src/b.js: line 3, col 1, Warning - Unexpected console statement. (no-console)\n";
    const out = parseToolOutput({ content, problemMatcher: ESLINT_COMPACT } as never, {});
    expect(pick(out)).toEqual([
      ["eslint-compact:no-unused-vars", "badFile.js", 50, "error", "'myVar' is defined but never used."],
      ["eslint-compact:no-console", "src/b.js", 3, "warning", "Unexpected console statement."],
    ]);
  });

  it("a looping last pattern: the file line is carried to every item; the count line is left to the layer below", () => {
    const content = [
      "test.js",
      '  1:0   error  Missing "use strict" statement                 strict',
      "  5:10  error  'addOne' is defined but never used             no-unused-vars",
      "✖ 2 problems (2 errors, 0 warnings)",
    ].join("\n");
    const out = parseToolOutput({ content, problemMatcher: [ESLINT_STYLISH] } as never, {});
    expect(pick(out)).toEqual([
      ["eslint-stylish:strict", "test.js", 1, "error", 'Missing "use strict" statement'],
      ["eslint-stylish:no-unused-vars", "test.js", 5, "error", "'addOne' is defined but never used"],
    ]);
  });

  it("on a real recording (stylelint's string formatter) the stylish matcher finds what stylelint's JSON lists", () => {
    const matcher = {
      owner: "stylelint",
      pattern: [
        { regexp: "^([^\\s].*\\.css)$", file: 1 },
        {
          regexp: "^\\s+(\\d+):(\\d+)\\s+(✖|⚠)\\s+(.*?)\\s{2,}(\\S+)$",
          line: 1,
          message: 4,
          code: 5,
          loop: true,
        },
      ],
    };
    const content = readFileSync(join(BREADTH, "stylelint", "stylelint-string.txt"), "utf8");
    const truth = JSON.parse(
      readFileSync(join(BREADTH, "stylelint", "stylelint-string.txt.expected.json"), "utf8"),
    ) as { findings: { rule: string; path: string; line: number; message: string }[] };
    const out = parseToolOutput({ content, problemMatcher: matcher } as never, {});
    const got = out.filter((f) => f.rule.startsWith("stylelint:"));
    expect(got.map((f) => [f.rule, f.location?.path, f.location?.startLine, f.message]).sort()).toEqual(
      truth.findings.map((t) => [t.rule, t.path, t.line, t.message]).sort(),
    );
    expect(out.filter((f) => f.rule.startsWith("normalize:"))).toEqual([]);
  });

  it("several patterns without loop: consecutive lines make one finding; a break resets the match", () => {
    const matcher = {
      owner: "cc-two-line",
      severity: "warning",
      pattern: [
        { regexp: "^In file (\\S+):$", file: 1 },
        { regexp: "^  line (\\d+): (.*)$", line: 1, message: 2 },
      ],
    };
    const content =
      "In file a.c:\n  line 3: bad cast\n  line 4: not read: no running match\nIn file b.c:\nnoise\n  line 9: lost\n";
    const out = parseToolOutput({ content, problemMatcher: matcher } as never, {});
    expect(pick(out).filter((f) => String(f[0]).startsWith("cc-two-line"))).toEqual([
      ["cc-two-line:warning", "a.c", 3, "warning", "bad cast"],
    ]);
  });

  it("fromPath roots a relative file; a severity group beats the default; notice is info", () => {
    const matcher = {
      owner: "msb",
      severity: "warning",
      pattern: [
        {
          regexp: "^(\\S+)\\((\\d+)\\): (error|notice) (\\w+): (.*) \\[(\\S+)\\]$",
          file: 1,
          line: 2,
          severity: 3,
          code: 4,
          message: 5,
          fromPath: 6,
        },
      ],
    };
    const content =
      "src/a.cs(4): error CS1002: ; expected [proj/App.csproj]\nb.cs(1): notice N1: fine [App.csproj]\n";
    const out = parseToolOutput({ content, problemMatcher: matcher } as never, { repoRoot: "/r" });
    expect(pick(out)).toEqual([
      ["msb:CS1002", "proj/src/a.cs", 4, "error", "; expected"],
      ["msb:N1", "b.cs", 1, "info", "fine"],
    ]);
  });

  it("a Ruby backtrace goes on past a frame a matcher read, and leaves it out of its trace (FC-STAGE1-MATCHER-5)", () => {
    // Before, the frames ended at the matcher's line: the frames below it were lost from the trace.
    const frames = {
      owner: "seed-frames",
      pattern: [
        { regexp: "^\\s+(?:from )?(\\S+/lib/tasks/\\S+):(\\d+):in (.*)$", file: 1, line: 2, message: 3 },
      ],
    };
    const uncaught =
      "/r/vendor/bundle/ruby/3.2.0/gems/activerecord-7.1.2/lib/active_record/validations.rb:80:in `raise_validation_error': Validation failed: Name can't be blank (ActiveRecord::RecordInvalid)\n" +
      "\tfrom /r/app/models/user.rb:12:in `register'\n\tfrom /r/lib/tasks/seed.rb:3:in `run'\n\tfrom bin/seed:5:in `<main>'\n";
    const rake =
      "rake aborted!\nNoMethodError: undefined method `name' for nil\n/r/app/models/user.rb:12:in `register'\n" +
      "  /r/lib/tasks/seed.rb:3:in `run'\n/r/Rakefile:5:in `<top (required)>'\n";
    for (const content of [uncaught, rake]) {
      const out = parseToolOutput({ content, problemMatcher: frames } as never, { repoRoot: "/r" });
      const ruby = out.find((f) => f.rule.startsWith("ruby:"));
      expect(ruby?.location).toEqual({ path: "app/models/user.rb", startLine: 12 });
      expect(ruby?.trace).toContain("user.rb:12:in `register'");
      expect(ruby?.trace).not.toContain("seed.rb");
      expect(ruby?.trace).toMatch(/(?:bin\/seed|Rakefile):5:in `<(?:main|top \(required\))>'$/);
      expect(out.filter((f) => f.rule === "seed-frames:error").map((f) => f.location)).toEqual([
        { path: "lib/tasks/seed.rb", startLine: 3 },
      ]);
    }
  });

  it("staticcheck, phpcs, vfile-reporter and luacheck blocks go on past an item a matcher read (FC-STAGE1-MATCHER-5)", () => {
    // Each block's items after the matcher's line keep the block's path and their own line; before, the block
    // ended there (staticcheck's and remark's later items were lost, phpcs's became unrecognised).
    const cases: [string, unknown, [string, string, number][]][] = [
      [
        "lint/lint.go\n  (10, 5)   S1003   should use strings.Contains instead\n" +
          "  (11, 10)  S1028   should use fmt.Errorf instead\n  (16, 2)   SA1006  printf-style function\n",
        {
          owner: "errorf",
          pattern: [{ regexp: "^\\s+\\((\\d+), \\d+\\)\\s+(S1028)\\s+(.+)$", line: 1, code: 2, message: 3 }],
        },
        [
          ["staticcheck:S1003", "lint/lint.go", 10],
          ["staticcheck:SA1006", "lint/lint.go", 16],
        ],
      ],
      [
        PHPCS_CART,
        PASCAL_MATCHER,
        [
          ["phpcs:error", "src/Cart.php", 1],
          ["phpcs:error", "src/Cart.php", 8],
        ],
      ],
      [
        "GUIDE.md\n4:5           warning Unexpected spaces after the marker  list-item-indent          remark-lint\n" +
          "11:2          warning Unexpected ordered list marker     ordered-list-marker-style remark-lint\n" +
          "14:1          warning Unexpected block quote markers     no-blockquote-without-marker remark-lint\n",
        {
          owner: "marker",
          pattern: [
            { regexp: "^(\\d+):\\d+\\s+warning (Unexpected ordered list marker)\\s.*$", line: 1, message: 2 },
          ],
        },
        [
          ["remark-lint:list-item-indent", "GUIDE.md", 4],
          ["remark-lint:no-blockquote-without-marker", "GUIDE.md", 14],
        ],
      ],
      [
        "Checking inventory.lua                            3 warnings\n\n" +
          "    inventory.lua:1:7: (W211) unused variable json\n    inventory.lua:5:7: (W213) unused loop variable i\n" +
          "    inventory.lua:8:10: (W113) accessing undefined variable summ\n",
        {
          owner: "loop",
          pattern: [
            { regexp: "^\\s+(\\S+):(\\d+):\\d+: \\((W213)\\) (.+)$", file: 1, line: 2, code: 3, message: 4 },
          ],
        },
        [
          ["luacheck:W211", "inventory.lua", 1],
          ["luacheck:W113", "inventory.lua", 8],
        ],
      ],
    ];
    for (const [content, problemMatcher, items] of cases) {
      const out = pick(parseToolOutput({ content, problemMatcher } as never, {}));
      for (const [rule, path, line] of items)
        expect(out.map(([r, p, l]) => [r, p, l])).toContainEqual([rule, path, line]);
      expect(out.filter(([r]) => r === "normalize:unrecognised")).toEqual([]);
    }
  });

  it("a matcher's findings make up the tool's own count, each once and by severity (FC-STAGE1-MATCHER-6)", () => {
    const tscMatcher = (severity?: string) => ({
      owner: "tsc-own",
      ...(severity === undefined ? {} : { severity }),
      pattern: [
        { regexp: "^(.+)\\((\\d+),\\d+\\): error (TS\\d+): (.*)$", file: 1, line: 2, code: 3, message: 4 },
      ],
    });
    const notices = (content: string, problemMatcher: unknown) =>
      parseToolOutput({ format: "tsc", content, problemMatcher } as never, {})
        .filter((f) => f.rule === UNPARSED_RULE)
        .map((f) => f.message);
    const three = "a.ts(1,2): error TS2304: x.\nb.ts(3,4): error TS2322: y.\nc.ts(5,6): error TS2345: z.\n";
    // The matcher read every error the count names: no shortfall (before: `tsc reported 3 errors but 0 were parsed`).
    expect(notices(`${three}\nFound 3 errors in 3 files.\n`, tscMatcher())).toEqual([]);
    // Still short after the matcher's findings: reported, the matcher's findings counted.
    expect(notices(`${three}\nFound 4 errors in 3 files.\n`, tscMatcher())).toEqual([
      "tsc reported 4 errors but 3 were parsed",
    ]);
    // The matcher's warnings do not make up a count of errors.
    expect(notices(`${three}\nFound 3 errors in 3 files.\n`, tscMatcher("warning"))).toEqual([
      "tsc reported 3 errors but 0 were parsed",
    ]);
    // A block parser's count (phpcs's FOUND line) is made up by the item the matcher read inside its block.
    const out = parseToolOutput({ content: PHPCS_CART, problemMatcher: PASCAL_MATCHER } as never, {});
    expect(out.filter((f) => f.rule === UNPARSED_RULE)).toEqual([]);
    // Two counts, one matcher finding: it makes up the first count only.
    const two = `a.ts(1,2): error TS2304: x.\nFound 1 error in a.ts:1\n\n${PHPCS_CART.replace("FOUND 3", "FOUND 4")}`;
    const both = parseToolOutput(
      { content: two, problemMatcher: [tscMatcher(), PASCAL_MATCHER] } as never,
      {},
    );
    expect(both.filter((f) => f.rule === UNPARSED_RULE).map((f) => f.message)).toEqual([
      "phpcs reported 4 errors but 3 were parsed",
    ]);
  });

  it("an item of a coffeelint block that a matcher read is the matcher's, and the block goes on past it", () => {
    const content =
      "  \u2717 src/app.coffee\n     \u2717 #3: Line exceeds maximum allowed length.\n" +
      "     \u26a1 #7: Unnecessary fat arrow.\n     \u2717 #9: Trailing whitespace.\n";
    const problemMatcher = {
      owner: "fat-arrow",
      severity: "warning",
      pattern: [{ regexp: "^\\s+\u26a1 #(\\d+): (Unnecessary fat arrow)\\.$", line: 1, message: 2 }],
    };
    const out = parseToolOutput({ format: "coffeelint", content, problemMatcher } as never, {});
    expect(pick(out)).toEqual([
      ["fat-arrow:warning", null, null, "warning", "Unnecessary fat arrow"],
      ["coffeelint:error", "src/app.coffee", 3, "error", "Line exceeds maximum allowed length."],
      ["coffeelint:error", "src/app.coffee", 9, "error", "Trailing whitespace."],
    ]);
  });

  it("a mark of a shellcheck block that a matcher read is the matcher's, and the block goes on past it", () => {
    const content =
      "In deploy/run.sh line 12:\nrm -rf $DIR/*\n" +
      "       ^--^ SC2086 (info): Double quote to prevent globbing and word splitting.\n" +
      "       ^-- SC2164 (warning): Use 'cd ... || exit' in case cd fails.\n";
    const problemMatcher = {
      owner: "sc-quote",
      severity: "warning",
      pattern: [{ regexp: "^\\s+\\^-+\\^ (SC2086) \\(info\\): (Double quote .*)$", code: 1, message: 2 }],
    };
    const out = parseToolOutput({ format: "shellcheck", content, problemMatcher } as never, {});
    expect(pick(out)).toEqual([
      ["sc-quote:SC2086", null, null, "warning", "Double quote to prevent globbing and word splitting."],
      ["shellcheck:SC2164", "deploy/run.sh", 12, "warning", "Use 'cd ... || exit' in case cd fails."],
    ]);
    expect(out[1]!.trace).toBe(
      "rm -rf $DIR/*\n       ^-- SC2164 (warning): Use 'cd ... || exit' in case cd fails.",
    );
  });

  it("a matcher line right under a Go panic leaves the goroutine dump to the panic's trace", () => {
    const gocheck = {
      owner: "gocheck",
      pattern: [{ regexp: "^\\s*([\\w/.-]+\\.go):(\\d+): (.*)$", file: 1, line: 2, message: 3 }],
    };
    const dump = "goroutine 1 [running]:\nmain.main()\n\t/home/dev/work/app/main.go:17 +0x1d9";
    const ctx = { repoRoot: "/home/dev/work/app" };
    // Indented under the panic line (a message running over two lines), and flush left.
    for (const under of [
      '\tconfig/load.go:41: missing key "port"',
      'config/load.go:41: missing key "port"',
    ]) {
      const content = `panic: invalid configuration:\n${under}\n\n${dump}\nexit status 2\n`;
      const out = parseToolOutput({ content, exitCode: 2, problemMatcher: gocheck } as never, ctx);
      expect(out.map((f) => f.rule)).toEqual(["gocheck:error", "go:panic"]);
      const panic = out.find((f) => f.rule === "go:panic")!;
      expect(panic.location).toEqual({ path: "main.go", startLine: 17 });
      expect(panic.trace).toContain("goroutine 1 [running]:");
      expect(panic.trace).toContain("main.go:17");
      expect(panic.trace).not.toContain("missing key");
    }
    // Without a matcher an indented line under the panic stays in its trace, as before.
    const content = `panic: invalid configuration:\n\tconfig/load.go:41: missing key "port"\n\n${dump}\n`;
    const plain = parseToolOutput({ content, exitCode: 2 } as never, ctx);
    expect(plain.map((f) => f.rule)).toEqual(["go:panic"]);
    expect(plain[0]!.trace).toContain("missing key");
    expect(plain[0]!.trace).toContain("goroutine 1 [running]:");
  });

  it("an unusable matcher is reported and the output is read without it", () => {
    const out = parseToolOutput(
      {
        content: "a.c:1:2: error: boom",
        problemMatcher: { owner: "x", pattern: [{ regexp: "(a+)+$", message: 1 }] },
      } as never,
      {},
    );
    expect(out.map((f) => f.rule)).toEqual([UNPARSED_RULE, "cc:error"]);
    expect(out[0]!.message).toContain("problemMatcher/pattern/0/regexp");
  });

  it.each([
    [{ owner: "", pattern: [{ regexp: "x", message: 0 }] }, "/owner"],
    [{ owner: "o", pattern: [] }, "/pattern"],
    [{ owner: "o", pattern: [{ regexp: "(x)" }] }, "at least one pattern must set message"],
    [{ owner: "o", pattern: [{ regexp: "(x)", message: 2 }] }, "group number"],
    [{ owner: "o", pattern: [{ regexp: "(", message: 0 }] }, "not a valid regular expression"],
    [{ owner: "o", pattern: [{ regexp: "(x)", message: 1, loop: true }] }, "only the last of several"],
    [
      {
        owner: "o",
        pattern: [
          { regexp: "(x)", file: 1 },
          { regexp: "(y)", loop: true },
        ],
      },
      "must set message",
    ],
    [
      {
        owner: "o",
        pattern: [
          { regexp: "(x)", message: 1 },
          { regexp: "(y)", message: 1 },
        ],
      },
      "earlier pattern",
    ],
    [{ owner: "o", severity: "fatal", pattern: [{ regexp: "(x)", message: 1 }] }, "/severity"],
    [{ owner: "o", pattern: [{ regexp: "(x)", message: 1, colour: 1 }] }, "unknown key"],
    [
      [
        { owner: "o", pattern: [{ regexp: "(x)", message: 1 }] },
        { owner: "O", pattern: [{ regexp: "(x)", message: 1 }] },
      ],
      "duplicate owner",
    ],
  ])("rejects %j (%s)", (m, why) => {
    expect(problemMatcherError(m)).toContain(why);
  });

  it("accepts GitHub's examples", () => {
    expect(problemMatcherError(ESLINT_COMPACT)).toBeNull();
    expect(problemMatcherError([ESLINT_COMPACT, ESLINT_STYLISH])).toBeNull();
  });

  it.each([
    ["(a+)+", true],
    ["(\\w*\\s?)*$", true],
    ["((ab)*c)*", true],
    ["(a|b)\\1", true],
    ["(?<x>a)\\k<x>", true],
    ["(x{2,})+", true],
    ["^(.+):(\\d+):(\\d+): (error|warning): (.*)$", false],
    ["^\\s+(\\d+):(\\d+)\\s+(error|warning|info)\\s+(.*)\\s\\s+(.*)$", false],
    ["(a{2})+", false],
    ["([a+]*)x", false],
    ["(a+)?", false],
    ["(?:ab)+c+", false],
    // JavaScript's `[^]` is any character (the class ends at once): `(?:[^]*a)+` backtracks exponentially.
    ["^(?:[^]*a)+$", true],
    ["^(?:[^]+])+$", true],
    ["^([^]]+)$", false],
    ["^\\[([^\\]]+)\\]: (.*)$", false],
  ])("nested repetition of %s: %s", (re, bad) => {
    expect(nestedRepetition(re)).toBe(bad);
  });
});
