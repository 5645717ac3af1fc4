// FC-CERT-14, FC-CERT-15, FC-CERT-17: grouping and ranking problems, leak pointers, centred differences, the re-run line.
import { describe, expect, it } from "vitest";
import { summarize } from "./certify.ts";
import { leakWhere, pointersOf } from "./leak.ts";
import {
  causeOf,
  centredPair,
  detailed,
  groupProblems,
  idFileText,
  parseIdFile,
  parseMaxProblems,
  rerunCommand,
} from "./problems.ts";
import { renderPretty } from "../report/render.ts";
import type { CertifyReport, CheckResult } from "./types.ts";

const check = (id: string, over: Partial<CheckResult> = {}): CheckResult => ({
  id,
  kind: "case",
  area: id.slice(0, id.lastIndexOf(".")),
  requirements: ["FC-X-1"],
  profile: "required",
  gating: true,
  status: "failed",
  ms: 1,
  message: "assertion 1 (equals): '/a/0/b' differs",
  ...over,
});

function reportOf(results: CheckResult[], over: Partial<CertifyReport> = {}): CertifyReport {
  return {
    reportVersion: 1,
    kind: "certification",
    suite: { name: "s", version: "0", cases: results.length, properties: 0, features: 0 },
    protocol: { version: 1 },
    implementation: {
      name: "impl",
      version: "1",
      language: "c",
      capabilities: ["compact"],
      command: ["./impl", "serve"],
    },
    options: {
      profiles: ["required"],
      filter: null,
      shard: null,
      seed: 9,
      runs: 50,
      timeoutMs: 1000,
      jobs: 1,
      bail: false,
    },
    smoke: { ok: true, checks: [] },
    results,
    summary: summarize(results),
    restarts: 0,
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1,
    ok: false,
    bailed: false,
    ...over,
  };
}

describe("causeOf", () => {
  it("takes out values, indices, numbers and the assertion's place, so one failure mode is one cause", () => {
    const a = check("a.one", {
      message: `assertion 2 (equals): '/findings/0/message' differs at '/findings/0/message'`,
    });
    const b = check("a.two", {
      message: `step 1: assertion 1 (equals): '/findings/12/message' differs at '/findings/12/message'`,
    });
    expect(causeOf(a)).toBe(causeOf(b));
    expect(causeOf(check("c", { message: 'no element contains {"rule":"TS2322"}' }))).toBe(
      'no element contains {"…":"…"}',
    );
    expect(causeOf(check("d", { status: "errored", message: "no reply within 10000 ms" }))).toBe(
      "no proper answer: no reply within the per-request timeout",
    );
  });

  it("a leak's cause is where the text goes, not the text", () => {
    const l = (text: string, pointers: string[]) =>
      check(text, {
        leak: {
          text,
          pointers,
          inCorrectionDelta: pointers.some((p) => p.startsWith("/log/correctionDelta")),
        },
      });
    expect(causeOf(l("x", ["/log/correctionDelta/openRootCauses/0/message"]))).toBe(
      causeOf(l("y", ["/log/findings/3/trace", "/log/correctionDelta/openRootCauses/1/trace"])),
    );
    expect(causeOf(l("z", ["/log/findings/0/trace"]))).toBe(
      "a text that must be absent appears in the envelope (first at /log/findings/*/trace)",
    );
    expect(causeOf(l("e", ["/error/message"]))).toBe(
      "a text that must be absent appears in the error reply (first at /error/message)",
    );
  });
});

describe("shapes: one group per thing to fix, across requirements", () => {
  // The toy adapter's two biggest defects, each spread over many requirements before (issue 25).
  const empty = [
    check("compact.ids.a", {
      requirements: ["FC-ID-2"],
      message: "assertion 1 (length): length of '/rootCauses'",
      mismatch: { pointer: "/rootCauses", expected: 1, actual: 0 },
    }),
    check("compact.ids.b", {
      requirements: ["FC-ID-4", "FC-PURE-1"],
      message: "step 0: assertion 3 (length): length of '/rootCauses'",
      mismatch: { pointer: "/rootCauses", expected: 5, actual: 0 },
    }),
    check("compact.grouping.c", {
      requirements: ["FC-STAGE2-2"],
      message: 'assertion 1 (contains): no element of \'/rootCauses\' contains {"findingId":"x1"}',
      mismatch: { pointer: "/rootCauses", expected: { findingId: "x1" }, actual: [] },
    }),
    check("compact.grouping.d", {
      requirements: ["FC-STAGE2-4"],
      message: "assertion 1 (equals): '/rootCauses'[*].findingId differs at '/rootCauses/0'",
      mismatch: { pointer: "/rootCauses/0", expected: "b", actual: "(no element)" },
    }),
    check("compact.envelope.e", {
      requirements: ["FC-DELTA-1", "FC-ID-2"],
      message: "assertion 1 (length): length of '/rootCauses'",
      mismatch: { pointer: "/rootCauses", expected: 4, actual: 0 },
    }),
  ];
  const invalid = ["FC-REQ-1", "FC-REQ-7", "FC-ERR-3"].map((q, i) =>
    check(`compact.request.invalid-${i}`, {
      command: "compact",
      requirements: [q],
      message: "expected error INVALID_REQUEST, got a log",
      mismatch: { pointer: "/error/code", expected: "INVALID_REQUEST", actual: "(no error)" },
    }),
  );
  const hex = check("compact.ids.hex", {
    requirements: ["FC-ID-2"],
    message:
      "assertion 2 (matches): '/correctionDelta/openRootCauses/0/findingId' does not match /^f-[0-9a-f]{16}$/",
  });
  const groups = groupProblems([...empty, ...invalid, hex]);

  it("an empty array is one group whatever assertion found it, listing every requirement it spans", () => {
    expect(groups[0]!.cause).toBe("'/rootCauses' is empty where the case expects elements");
    expect(groups[0]!.checks.length).toBe(5);
    expect(groups[0]!.requirement).toBe("FC-ID-2");
    expect(groups[0]!.requirements).toEqual([
      "FC-ID-2",
      "FC-DELTA-1",
      "FC-ID-4",
      "FC-PURE-1",
      "FC-STAGE2-2",
      "FC-STAGE2-4",
    ]);
  });

  it("a log where an error is expected is one group over FC-REQ-1, FC-REQ-7, FC-ERR-3", () => {
    expect(groups[1]!.cause).toBe("returns a log where error INVALID_REQUEST is expected");
    expect(groups[1]!.requirements).toEqual(["FC-ERR-3", "FC-REQ-1", "FC-REQ-7"]);
    const other = groupProblems([
      check("x", {
        mismatch: { pointer: "/error/code", expected: "INVALID_REQUEST", actual: "ID_COLLISION" },
      }),
      check("y", {
        mismatch: {
          pointer: "/error",
          expected: "(a log)",
          actual: { code: "INVALID_REQUEST", message: "m" },
        },
      }),
    ]);
    expect(other.map((g) => g.cause).sort()).toEqual([
      "returns error ID_COLLISION where error INVALID_REQUEST is expected",
      "returns error INVALID_REQUEST where a log is expected",
    ]);
  });

  it("a shape without a title shows a real example, never the normalised template", () => {
    expect(groups[2]!.cause).toBe(
      "(matches) '/correctionDelta/openRootCauses/0/findingId' does not match /^f-[0-9a-f]{16}$/",
    );
    const text = renderPretty(reportOf([...empty, ...invalid, hex]));
    expect(text).toContain("/^f-[0-9a-f]{16}$/");
    expect(text).not.toMatch(/#\[#-9a-f\]\{#\}|assertion # |"…":"…"/);
    expect(text).toMatch(
      /1\. ✗ '\/rootCauses' is empty where the case expects elements\n {8}5 failed checks citing FC-ID-2, FC-DELTA-1, FC-ID-4, FC-PURE-1, \+2 more\n/,
    );
  });
});

describe("groupProblems", () => {
  const results = [
    check("p.passes", { status: "passed" }),
    // Five checks with one cause; two of them also cite FC-B-1, which fails another way in one more.
    ...["a", "b", "c", "d", "e"].map((x, i) =>
      check(`r.leak-${x}`, {
        requirements: i < 2 ? ["FC-B-1", "FC-A-1"] : ["FC-A-1"],
        message: `assertion 1 (absentText): the text "${x}" is present at /log/m`,
      }),
    ),
    check("r.other", { requirements: ["FC-B-1"], message: "expected error X, got a log" }),
    // Advisory problems: more of them than any gating group, still after every gating group.
    ...["1", "2", "3", "4", "5", "6"].map((x) =>
      check(`b.exact-${x}`, {
        profile: "byte-exact",
        gating: false,
        requirements: ["FC-R-1"],
        message: `canonical Correction Delta differs from byte ${x}0`,
      }),
    ),
    check("p.skipped", { status: "skipped" }),
  ];
  const groups = groupProblems(results);

  it("puts each problem in exactly one group, gating first, then the biggest", () => {
    expect(groups.map((g) => [g.requirement, g.gating, g.checks.length])).toEqual([
      ["FC-A-1", true, 5],
      ["FC-B-1", true, 1],
      ["FC-R-1", false, 6],
    ]);
    const all = groups.flatMap((g) => g.checks).sort();
    expect(all).toEqual(
      results
        .filter((r) => r.status === "failed")
        .map((r) => r.id)
        .sort(),
    );
    expect(groups[0]!.requirements).toEqual(["FC-A-1", "FC-B-1"]);
  });

  it("gives up to three examples per group and `--max-problems` describes more in group order", () => {
    expect(groups[0]!.examples).toEqual(["r.leak-a", "r.leak-b", "r.leak-c"]);
    expect(detailed(groups, 50).map((ids) => ids.length)).toEqual([5, 1, 6]);
    expect(detailed(groups, 5).map((ids) => ids.length)).toEqual([3, 1, 1]);
    expect(detailed(groups, 8).map((ids) => ids.length)).toEqual([4, 1, 3]);
    expect(parseMaxProblems("all")).toBe(Number.POSITIVE_INFINITY);
    expect(parseMaxProblems("0")).toBeNull();
    expect(parseMaxProblems("12")).toBe(12);
  });

  it("the pretty report opens with the groups and ends with the one re-run command", () => {
    const report = reportOf(results);
    const text = renderPretty(report, { maxProblems: 4 });
    const lines = text.trimEnd().split("\n");
    expect(lines[4]).toBe("Fix these first: 12 problems in 3 groups (2 gating, 1 advisory)");
    expect(lines[5]).toMatch(/^ {3}1\. ✗ \(absentText\) the text "a" is present at \/log\/m$/);
    expect(lines[6]).toBe("        5 failed checks citing FC-A-1, FC-B-1");
    expect(lines[7]).toBe("        e.g. r.leak-a, r.leak-b, r.leak-c");
    expect(text.indexOf("Fix these first")).toBeLessThan(text.indexOf("Smoke check"));
    expect(text.indexOf("Advisory — these profiles")).toBeGreaterThan(
      text.indexOf("2. ✗ expected error X, got a log", text.indexOf("Problems by cause")),
    );
    expect(text).toContain("… and 2 more: r.leak-d, r.leak-e (--max-problems all shows every one)");
    expect(lines.at(-1)).toBe(
      "Re-run exactly the 12 failing checks: feedback-compactor certify --filter " +
        `'${results
          .filter((r) => r.status === "failed")
          .map((r) => r.id)
          .join(",")}' -- ./impl serve`,
    );
    const all = renderPretty(report, { maxProblems: Number.POSITIVE_INFINITY });
    expect(all).toContain("✗ r.leak-e");
    expect(all).not.toContain("more:");
  });
});

describe("leak pointers", () => {
  const body = {
    log: {
      findings: [{ message: "token ghp_abc here", trace: null }],
      correctionDelta: { openRootCauses: [{ message: "token ghp_abc here" }], constraints: ["x"] },
      keys: { "ghp_abc-as-a-key": 1 },
    },
  };

  it("names every string and key that holds the text, and whether one is in the Delta", () => {
    expect(pointersOf(body, "ghp_abc")).toEqual([
      "/log/findings/0/message",
      "/log/correctionDelta/openRootCauses/0/message",
      "/log/keys/ghp_abc-as-a-key",
    ]);
    expect(leakWhere(body, "ghp_abc", "").inCorrectionDelta).toBe(true);
    const envelope = leakWhere(body.log.findings, "ghp_abc", "/log/findings");
    expect(envelope).toEqual({
      text: '"ghp_abc"',
      pointers: ["/log/findings/0/message"],
      inCorrectionDelta: false,
    });
  });

  it("finds text that spans values, or needs JSON escaping, at the smallest container", () => {
    expect(pointersOf({ a: ["x", "y"] }, 'x","y')).toEqual(["/a"]);
    expect(pointersOf({ a: { b: 'say "hi"' } }, 'say "hi"')).toEqual(["/a/b"]);
    expect(pointersOf({ a: 1 }, "zzz")).toEqual([]);
  });
});

describe("centred differences", () => {
  it("cuts both strings to the same window around the first differing character", () => {
    const long = "a".repeat(1000);
    const c = centredPair(`${long}XYZ${long}`, `${long}XQZ${long}`);
    expect(c.at).toBe(1001);
    expect(c.expected).toBe(`…${"a".repeat(39)}XYZ${"a".repeat(58)}…`);
    expect(c.actual).toBe(`…${"a".repeat(39)}XQZ${"a".repeat(58)}…`);
    expect(c.expected[c.column]).toBe("Y");
    expect(c.actual[c.column]).toBe("Q");
    const short = centredPair("abc", "abd");
    expect(short).toEqual({ at: 2, expected: "abc", actual: "abd", column: 2 });
  });

  it("the pretty report shows the difference of a long value, not the shared prefix twice", () => {
    const long = "p".repeat(300);
    const r = check("a.long", {
      mismatch: { pointer: "/m", expected: `${long}OLD tail`, actual: `${long}NEW tail` },
    });
    const text = renderPretty(reportOf([r]));
    expect(text).toContain("first difference at character 301 of 310 / 310:");
    expect(text).toMatch(/- expected: …p{40}OLD tail"\n/);
    expect(text).toMatch(/\+ actual: {3}…p{40}NEW tail"\n/);
    const caret = text.split("\n").find((l) => l.trim() === "^")!;
    const expectedLine = text.split("\n").find((l) => l.includes("- expected: …"))!;
    expect(expectedLine[caret.indexOf("^")]).toBe("O");
  });

  it("values of different kinds (an element against its array) show their beginnings, not a window at 0", () => {
    const r = check("a.kinds", {
      mismatch: {
        pointer: "/r",
        expected: { id: "x" },
        actual: Array.from({ length: 30 }, (_, i) => ({ id: `y${i}` })),
      },
    });
    const text = renderPretty(reportOf([r]));
    expect(text).not.toContain("first difference at character");
    expect(text).toContain('- expected: {"id":"x"}\n');
    expect(text).toMatch(/\+ actual: {3}\[\{"id":"y0"\},.{90,}…\n/);
  });
});

describe("re-run", () => {
  const results = [
    check("a.x"),
    check("p.prop", { kind: "property", area: "property" }),
    check("ok", { status: "passed" }),
  ];

  it("writes the failing ids and reads them back", () => {
    const report = reportOf(results);
    expect(parseIdFile(idFileText(report))).toEqual(["a.x", "p.prop"]);
    expect(parseIdFile("# c\n\n a.b \r\nc.d\n")).toEqual(["a.b", "c.d"]);
  });

  it("one command: the id file, --case files, the seed and runs when a property failed, the implementation", () => {
    expect(rerunCommand(reportOf(results), "out/failing-checks.txt")).toBe(
      "feedback-compactor certify --rerun out/failing-checks.txt --seed 9 --runs 50 -- ./impl serve",
    );
    const withCases = reportOf([check("counterexample.x")], {
      options: { ...reportOf([]).options, caseFiles: ["ce dir/x.json"] },
    });
    expect(rerunCommand(withCases)).toBe(
      "feedback-compactor certify --case 'ce dir/x.json' --filter counterexample.x -- ./impl serve",
    );
  });
});
