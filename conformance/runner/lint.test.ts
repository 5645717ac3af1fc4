// FC-CASE-1, FC-CASE-2, FC-CASE-8: `feedback-compactor check` rejects a broken library with precise messages.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { specRequirements } from "./lint.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";

let root: string;

const SPEC = `# Test spec
- **FC-A-1** (contract) The first rule.
- **FC-A-2** (contract) The second rule. *withdrawn*
### FC-B-3..4 — a range
| id | rule |
|---|---|
| FC-B-3 (contract) | three |
| FC-B-4 (reference) | four |
Running text citing FC-Z-9 defines nothing.
<!-- coverage-exempt: FC-X -->
- **FC-X-1** (contract) Checked by the runner.
`;

function write(rel: string, doc: unknown): void {
  const p = join(root, "cases", rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, typeof doc === "string" ? doc : JSON.stringify(doc));
}

function good(id: string, requirements: string[] = ["FC-A-1"]): Record<string, unknown> {
  return {
    id,
    description: "A valid policy is accepted.",
    requirements,
    profile: "required",
    command: "policy.validate",
    input: {},
    expect: { result: { ok: true } },
  };
}

async function check(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = fakeIo("", {}, { cwd: root });
  const code = await main(
    ["check", "--cases", "cases", "--spec", "spec", "--features", "features", ...args],
    io,
  );
  return { code, out: io.out.join(""), err: io.err.join("") };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "fc-check-"));
  mkdirSync(join(root, "spec"));
  writeFileSync(join(root, "spec", "test.md"), SPEC);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("spec requirement ids", () => {
  it("gives every requirement its class, file, line and text (the one parser of FC-CASE-2)", () => {
    const s = specRequirements(join(root, "spec"));
    expect(s.requirements.get("FC-A-1")).toEqual({
      id: "FC-A-1",
      class: "contract",
      file: join(root, "spec", "test.md"),
      line: 2,
      text: "The first rule.",
    });
    expect(s.requirements.get("FC-X-1")?.line).toBe(11);
    expect(s.requirements.get("FC-B-3")?.class).toBe("contract");
    expect(s.requirements.get("FC-B-4")?.class).toBe("reference");
  });

  it("finds bold, heading-range and table definitions, withdrawn marks and exemptions, not running text", () => {
    const s = specRequirements(join(root, "spec"));
    expect([...s.defined.keys()].sort()).toEqual(["FC-A-1", "FC-A-2", "FC-B-3", "FC-B-4", "FC-X-1"]);
    expect([...s.withdrawn]).toEqual(["FC-A-2"]);
    expect(s.exemptPrefixes).toEqual(["FC-X"]);
  });
});

describe("feedback-compactor check", () => {
  it("a clean library that covers every live requirement passes", async () => {
    write("area/one.json", good("area.one", ["FC-A-1", "FC-B-3"]));
    write("area/two.json", { ...good("area.two", ["FC-B-4"]), profile: "reference" });
    const r = await check();
    expect(r.out).toBe("ok: 2 cases in 2 files; 3/3 requirements covered\n");
    expect(r.code).toBe(0);
  });

  it("reports each broken file with its rule and a precise message, and exits 1", async () => {
    write("area/not-json.json", "{ nope");
    write("area/schema.json", { ...good("area.schema"), profile: "mandatory", extra: 1 });
    write("area/dup-a.json", good("area.dup"));
    write("area/dup.json", good("area.dup"));
    write("area/moved.json", good("area.elsewhere"));
    write("area/should.json", { ...good("area.should"), description: "The policy should be accepted." });
    write("area/unknown-req.json", good("area.unknown-req", ["FC-Z-9", "FC-A-2"]));
    write("area/semantics.json", {
      ...good("area.semantics"),
      command: "compact",
      input: { rekwest: {} },
      expect: {
        error: { code: "INVALID_REQUEST" },
        bytes: "{}",
        assertions: [
          { check: "matches", pointer: "log", pattern: "([" },
          { check: "isNull", pointer: "/x" },
          { check: "noneMatches", pointer: "/findings", project: "location/path", pattern: "^s" },
        ],
      },
    });
    const r = await check();
    expect(r.code).toBe(1);
    const lines = r.out.trim().split("\n");
    const expected = [
      "cases/area/dup-a.json: [id-path] id 'area.dup' does not match its path; a case at this path has id 'area.dup-a'",
      "cases/area/dup.json: [duplicate-id] id 'area.dup' is also used by area/dup-a.json",
      "cases/area/moved.json: [id-path] id 'area.elsewhere' does not match its path; a case at this path has id 'area.moved'",
      "cases/area/not-json.json: [json] not valid JSON",
      "cases/area/schema.json: [schema] (top level): must NOT have additional properties 'extra'",
      'cases/area/schema.json: [schema] /profile: must be equal to one of the allowed values ["required","reference","stage1-raw","optional","byte-exact"]',
      "cases/area/semantics.json: [semantics] a compact case's input needs a 'request'",
      "cases/area/semantics.json: [semantics] a compact case's input has an unknown member 'rekwest' (request, options)",
      "cases/area/semantics.json: [semantics] expect has both an error and a result/bytes; a reply is one or the other",
      "cases/area/semantics.json: [semantics] expect.bytes needs the byte-exact profile",
      "cases/area/semantics.json: [semantics] assertion 1: 'log' is not an RFC 6901 JSON pointer",
      "cases/area/semantics.json: [semantics] assertion 1: the pattern is not a valid regular expression (u flag)",
      "cases/area/semantics.json: [semantics] assertion 1: an error reply has no log; only absentText/presentText apply",
      "cases/area/semantics.json: [semantics] assertion 2: an error reply has no log; only absentText/presentText apply",
      "cases/area/semantics.json: [semantics] assertion 3: project 'location/path' holds '/': it names one member of each element, not a path",
      "cases/area/semantics.json: [semantics] assertion 3: an error reply has no log; only absentText/presentText apply",
      "cases/area/should.json: [should] the description says 'should'; state the claim as a fact",
      "cases/area/unknown-req.json: [unknown-requirement] requirement FC-Z-9 is not defined in the spec (spec/*.md)",
      "cases/area/unknown-req.json: [unknown-requirement] requirement FC-A-2 is withdrawn",
      "spec/test.md: [uncovered] requirement FC-B-3 is not checked by any case, property or feature",
      "spec/test.md: [uncovered] requirement FC-B-4 is not checked by any case, property or feature",
    ];
    for (const e of expected) expect(lines).toContain(e);
    expect(lines.length).toBe(expected.length + 1);
    expect(lines.at(-1)).toMatch(
      /^21 problem\(s\): 6 cases in 8 files; 1\/3 requirements covered \(uncovered: FC-B-3, FC-B-4\)$/,
    );
  });

  it("@FC tags in feature files count for coverage; --no-coverage lists without failing", async () => {
    write("area/one.json", good("area.one", ["FC-A-1"]));
    mkdirSync(join(root, "features"));
    writeFileSync(join(root, "features", "x.feature"), "@FC-B-3\nFeature: x\n  Scenario: y\n    Given z\n");
    const r = await check("--no-coverage");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/2\/3 requirements covered \(uncovered: FC-B-4\)/);
    expect((await check()).code).toBe(1);
  });

  it("--json prints a machine-readable summary", async () => {
    write("area/one.json", good("area.one", ["FC-A-1", "FC-B-3"]));
    write("area/two.json", { ...good("area.two", ["FC-B-4"]), profile: "reference" });
    const r = await check("--json");
    expect(JSON.parse(r.out)).toMatchObject({
      ok: true,
      cases: 2,
      requirements: 3,
      covered: 3,
      uncovered: [],
      problems: [],
    });
  });

  it("fails on a requirement without a class and on a required case or gating scenario citing a reference one", async () => {
    writeFileSync(join(root, "spec", "test.md"), `${SPEC}- **FC-C-1** No class given.\n`);
    write("area/one.json", good("area.one", ["FC-A-1", "FC-B-3", "FC-C-1"]));
    write("area/two.json", good("area.two", ["FC-B-4"]));
    mkdirSync(join(root, "features"));
    writeFileSync(
      join(root, "features", "x.feature"),
      "Feature: x\n  @FC-B-4\n  Scenario: gating\n    Given z\n  @FC-B-4 @reference\n  Scenario: advisory\n    Given z\n",
    );
    const r = await check();
    expect(r.code).toBe(1);
    const lines = r.out.trim().split("\n");
    expect(lines).toContain(
      "spec/test.md: [unclassified] requirement FC-C-1 has no class; write '(contract)' or '(reference)' right after its id",
    );
    expect(lines).toContain(
      "cases/area/two.json: [profile-class] a required case cites FC-B-4, a reference-class requirement; assert a relation that cites a contract requirement, or move the case to the 'reference' profile",
    );
    expect(lines.filter((l) => l.includes("features/x.feature:3: [profile-class]"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("features/x.feature:6"))).toEqual([]);
    expect(lines.at(-1)).toMatch(/^3 problem\(s\)/);
  });

  it("usage errors are one JSON line on stderr with exit 2", async () => {
    const r = await check("--bogus");
    expect(r.code).toBe(2);
    expect(JSON.parse(r.err)).toEqual({
      error: { code: "USAGE", message: "unknown option --bogus; see 'check --help'" },
    });
  });
});
