// FC-MATRIX-1..4: the registry and one run against many implementations — fakes, a tiny library, no reference needed.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { parseDocument } from "../report/load.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { runCertify } from "./certify.ts";
import {
  assembleMatrix,
  checkFile,
  disagrees,
  type MatrixDocument,
  PACKAGE_ROOT,
  replayCommand,
  runMatrix,
  suiteCommit,
} from "./matrix.ts";
import {
  DEFAULT_REGISTRY,
  environmentOf,
  parseRegistry,
  readRegistry,
  selectImplementations,
} from "./registry.ts";
import type { CertifyReport } from "./types.ts";
import { writeFakeCases } from "../testing/fake-cases.ts";

const FAKES = fileURLToPath(new URL("../fakes/", import.meta.url));
let dir: string;
let casesDir: string;

beforeAll(() => {
  ({ dir, casesDir } = writeFakeCases("fc-matrix-", 4));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the registry (FC-MATRIX-1)", () => {
  it("the kit's own lists the reference over the protocol and the two Python examples, runnable where it says", () => {
    const r = readRegistry(DEFAULT_REGISTRY);
    if (!r.ok) throw new Error(r.message);
    const byName = new Map(r.registry.implementations.map((i) => [i.name, i]));
    expect([...byName.keys()]).toEqual(["reference", "python-full", "python-delta-only"]);
    expect(byName.get("reference")!.command.slice(-2)).toEqual(["cli/feedback-compactor.mjs", "serve"]);
    // The working directory is the registry's own, so the relative paths land on the kit's files.
    const kit = fileURLToPath(new URL("../", import.meta.url));
    expect(byName.get("reference")!.dir).toBe(kit.replace(/\/$/, ""));
    expect(byName.get("python-full")!.dir).toBe(join(kit, "examples/python"));
    expect(byName.get("python-delta-only")!.command).toEqual(["python3", "delta_only_adapter.py"]);
  });

  it("resolves cwd against the registry file's directory and adds env to this environment", () => {
    const r = parseRegistry(
      JSON.stringify({ implementations: [{ name: "a", command: ["x"], cwd: "sub", env: { FC_X: "1" } }] }),
      "/some/where/impls.json",
    );
    if (!r.ok) throw new Error(r.message);
    const [a] = r.registry.implementations;
    expect(a!.dir).toBe("/some/where/sub");
    expect(environmentOf(a!, { PATH: "/bin", FC_X: "0" })).toEqual({ PATH: "/bin", FC_X: "1" });
  });

  it("refuses what is not a registry, naming the pointer and never a value", () => {
    const bad = (doc: unknown) => {
      const r = parseRegistry(typeof doc === "string" ? doc : JSON.stringify(doc), "/x/r.json", "r.json");
      if (r.ok) throw new Error("accepted");
      return `${r.code}: ${r.message}`;
    };
    expect(bad("{")).toBe("INVALID_REGISTRY: r.json is not valid JSON");
    expect(bad({ implementations: [{ name: "a" }] })).toMatch(
      /^INVALID_REGISTRY: r\.json does not match spec\/schemas\/implementations\.v1\.json: at '\/implementations\/0' must have required property 'command'/,
    );
    expect(bad({ implementations: [{ name: "Not A Name", command: ["x"] }] })).toMatch(
      /at '\/implementations\/0\/name' must match pattern/,
    );
    const secret = bad({ implementations: [{ name: "a", command: ["x"], env: { TOKEN: 12345678 } }] });
    expect(secret).toMatch(/at '\/implementations\/0\/env\/TOKEN' must be string/);
    expect(secret).not.toContain("12345678");
    expect(
      bad({
        implementations: [
          { name: "a", command: ["x"] },
          { name: "a", command: ["y"] },
        ],
      }),
    ).toBe(
      "INVALID_REGISTRY: r.json: at '/implementations/1/name' the name 'a' is given twice; names must be unique",
    );
    expect(bad({ implementations: [] })).toMatch(/must NOT have fewer than 1 items/);
    const missing = readRegistry(join(dir, "nope.json"));
    expect(missing.ok ? "" : `${missing.code}: ${missing.message}`).toMatch(
      /^IO: cannot read the registry .*\(ENOENT\)$/,
    );
  });

  it("--only picks entries in registry order and names an unknown one", () => {
    const r = parseRegistry(
      JSON.stringify({ implementations: ["a", "b", "c"].map((name) => ({ name, command: ["x"] })) }),
      "/r.json",
    );
    if (!r.ok) throw new Error(r.message);
    const pick = selectImplementations(r.registry, ["c", "a"]);
    expect(pick.ok && pick.implementations.map((i) => i.name)).toEqual(["a", "c"]);
    expect(selectImplementations(r.registry, ["a", "zz"])).toEqual({ ok: false, unknown: "zz" });
  });
});

describe("one run against many implementations (FC-MATRIX-2..4)", () => {
  /** A registry in `dir` over the fakes: relative commands, a cwd, an env entry. */
  function registry() {
    const file = join(dir, "impls.json");
    writeFileSync(
      file,
      JSON.stringify({
        implementations: [
          { name: "good", command: [process.execPath, "good.mjs"], cwd: FAKES },
          { name: "wrong", command: [process.execPath, join(FAKES, "wrong-answer.mjs")] },
          { name: "missing", command: [join(dir, "no-such-program")] },
          // Its env makes it announce only 'compact': nothing selected applies to it.
          {
            name: "compact-only",
            command: [process.execPath, join(FAKES, "good.mjs")],
            env: { FAKE_CAPABILITIES: "compact" },
          },
        ],
      }),
    );
    const r = readRegistry(file);
    if (!r.ok) throw new Error(r.message);
    return r.registry.implementations;
  }

  let doc: MatrixDocument;
  beforeAll(async () => {
    const out = await runMatrix(registry(), {
      casesDir,
      includeProperties: false,
      timeoutMs: 5000,
      startTimeoutMs: 10_000,
      registry: "impls.json",
      jobs: 3,
    });
    if (!out.ok) throw new Error(out.error.message);
    doc = out.document;
  }, 60_000);

  it("certifies each as certify would alone: the same statuses, one seed and selection for all", async () => {
    expect(doc.implementations.map((i) => [i.name, i.verdict])).toEqual([
      ["good", "pass"],
      ["wrong", "fail"],
      ["missing", "error"],
      ["compact-only", "error"],
    ]);
    const alone = await runCertify({
      command: [process.execPath, join(FAKES, "wrong-answer.mjs")],
      casesDir,
      includeProperties: false,
    });
    if (!alone.ok) throw new Error(alone.error.message);
    const wrong = doc.implementations[1]!.report!;
    expect(wrong.results.map((r) => [r.id, r.status])).toEqual(
      alone.report.results.map((r) => [r.id, r.status]),
    );
    expect(wrong.options.seed).toBe(doc.selection.seed);
    expect(doc.selection).toMatchObject({ seed: 20260624, filter: null, shard: null, properties: false });
    expect(doc.implementations[0]!.handshake).toEqual({
      name: "fake",
      version: "0.0.0",
      language: "javascript",
      capabilities: ["policy"],
      level: "full",
    });
  });

  it("records an implementation that cannot be run with its error; env and cwd reach the process", () => {
    const missing = doc.implementations[2]!;
    expect(missing.handshake).toBeNull();
    expect(missing.error?.code).toBe("IO");
    expect(missing.error?.message).toMatch(/^the implementation did not start/);
    expect(missing.badge).toEqual({
      schemaVersion: 1,
      label: "conformance",
      message: "not run",
      color: "lightgrey",
    });
    // FAKE_CAPABILITIES=compact came from the registry's env: the policy cases apply to nothing it offers.
    expect(doc.implementations[3]!.error).toEqual({
      code: "USAGE",
      message: expect.stringMatching(/^nothing applicable to check: .*capabilities: compact/),
    });
  });

  it("gives every check its status per implementation and lists the disagreements with a replay command", () => {
    expect(doc.checks.map((c) => [c.id, c.statuses, c.disagreement])).toEqual(
      [1, 2, 3, 4].map((i) => [`fake.validate-${i}`, ["passed", "failed", "absent", "absent"], true]),
    );
    expect(doc.disagreements).toEqual(doc.checks.map((c) => c.id));
    expect(replayCommand(doc, doc.checks[0]!)).toBe(
      "feedback-compactor matrix impls.json --filter fake.validate-1",
    );
    // The document is what spec/schemas/matrix.v1.json describes (reports included).
    const parsed = parseDocument(JSON.stringify(doc), "doc");
    expect(parsed.ok ? parsed.value.kind : parsed.message).toBe("matrix");
  });

  it("a selection of nothing is the matrix's usage error, once", async () => {
    const out = await runMatrix(registry().slice(0, 2), {
      casesDir,
      includeProperties: false,
      filter: "nope.*",
    });
    expect(out.ok ? "" : `${out.error.code}: ${out.error.message}`).toMatch(/^USAGE: no check selected/);
  });
});

describe("what the document is made of", () => {
  const result = (id: string, status: "passed" | "failed" | "skipped" | "errored", gating = true) => ({
    id,
    kind: "case" as const,
    area: id.replace(/\.[^.]+$/, ""),
    requirements: ["FC-ID-2"],
    profile: "required" as const,
    gating,
    status,
    ms: 1,
  });
  const report = (results: ReturnType<typeof result>[]) =>
    ({
      implementation: { name: "x", version: "1", language: "l", capabilities: ["compact"] },
      options: {},
      results,
      ok: true,
      smoke: { ok: true, checks: [] },
      summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0, gatingProblems: 0, byArea: {} },
    }) as unknown as CertifyReport;

  it("a disagreement needs a pass and a failure or error; skipped and absent take no part", () => {
    expect(disagrees(["passed", "failed"])).toBe(true);
    expect(disagrees(["errored", "passed", "skipped"])).toBe(true);
    expect(disagrees(["passed", "skipped", "absent"])).toBe(false);
    expect(disagrees(["failed", "errored"])).toBe(false);
  });

  it("orders checks by kind then id, disagreements gating first, and names case files that exist", () => {
    const doc = assembleMatrix(
      [
        {
          impl: { name: "a", command: ["a"] },
          durationMs: 1,
          report: report([result("compact.ids.zz", "passed"), result("compact.ids.aa", "passed", false)]),
        },
        {
          impl: { name: "b", command: ["b"] },
          durationMs: 1,
          report: report([result("compact.ids.aa", "failed", false), result("compact.ids.zz", "failed")]),
        },
      ],
      {
        suite: { name: "s", version: "1", commit: null, cases: 0, properties: 0 },
        selection: {
          profiles: ["required"],
          profileGiven: true,
          filter: null,
          shard: null,
          seed: 7,
          runs: 3,
          properties: true,
          features: false,
          timeoutMs: 1,
        },
        jobs: 2,
        startedAt: "2026-01-01T00:00:00.000Z",
        durationMs: 1,
      },
    );
    expect(doc.checks.map((c) => c.id)).toEqual(["compact.ids.aa", "compact.ids.zz"]);
    expect(doc.disagreements).toEqual(["compact.ids.zz", "compact.ids.aa"]);
    expect(replayCommand(doc, { id: "property.determinism", kind: "property" })).toBe(
      "feedback-compactor matrix --filter property.determinism --profile required --seed 7 --runs 3",
    );
    expect(replayCommand(doc, { id: "features.x", kind: "feature" })).toMatch(/ --features$/);
    expect(checkFile("compact.ids.no-such-case", "case")).toBeUndefined();
    expect(checkFile("property.determinism", "property")).toBe("conformance/properties/determinism.ts");
  });

  it("names the suite's commit only from its own checkout", () => {
    const here = suiteCommit();
    // A checkout (a .git directory, or a worktree's .git file) has a commit; a package without one has none.
    if (existsSync(join(PACKAGE_ROOT, ".git"))) {
      expect(here.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(typeof here.dirty).toBe("boolean");
    } else expect(here).toEqual({ commit: null });
    // A directory inside the checkout is not the suite's root (an installed package inside someone's
    // repository): no commit is claimed for it; nor for a directory outside any repository.
    expect(suiteCommit(join(PACKAGE_ROOT, "conformance"))).toEqual({ commit: null });
    expect(suiteCommit(casesDir)).toEqual({ commit: null });
  });
});

describe("feedback-compactor matrix (the command)", () => {
  const cli = async (...args: string[]) => {
    const io = fakeIo("", {}, { cwd: dir });
    const code = await main(["matrix", ...args], io);
    return { code, out: io.out.join(""), err: io.err.join("") };
  };

  it("writes the document, the page and a badge per implementation; exit 1 when one could not be run", async () => {
    writeFileSync(
      join(dir, "cli.json"),
      JSON.stringify({
        implementations: [
          { name: "good", command: [process.execPath, join(FAKES, "good.mjs")] },
          { name: "missing", command: [join(dir, "no-such-program")] },
        ],
      }),
    );
    const r = await cli(
      "cli.json",
      "--filter",
      "policy.validate.*",
      "--no-properties",
      "--out",
      "out/m.json",
      "--html",
      "out/m.html",
      "--badges",
      "out/badges",
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^Conformance matrix: 2 implementations × \d+ checks/);
    expect(r.out).toMatch(/Result: 0 pass, 1 fail, 1 not run;/);
    const doc = parseDocument(readFileSync(join(dir, "out/m.json"), "utf8"), "m.json");
    if (!doc.ok || doc.value.kind !== "matrix") throw new Error("not a matrix document");
    expect(doc.value.registry).toBe("cli.json");
    expect(
      doc.value.checks.every((c) => c.id.startsWith("policy.validate.") && c.file?.endsWith(".json")),
    ).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "out/badges/good.json"), "utf8"))).toEqual(
      doc.value.implementations[0]!.badge,
    );
    expect(JSON.parse(readFileSync(join(dir, "out/badges/missing.json"), "utf8")).message).toBe("not run");
    expect(readFileSync(join(dir, "out/m.html"), "utf8")).toContain("<h2>Disagreements (");
    expect(r.err).toContain("matrix: 2/2");
  }, 60_000);

  it("usage and registry problems are one JSON line and exit 2", async () => {
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ implementations: [{ name: "x" }] }));
    const bad = await cli("bad.json");
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^\{"error":\{"code":"INVALID_REGISTRY","message":"bad\.json does not match/);
    expect(bad.err.trim().split("\n")).toHaveLength(1);
    const only = await cli("--only", "nobody");
    expect(only.err).toMatch(/"code":"USAGE".*--only names 'nobody', which the registry does not list/);
    const dash = await cli("--", "python3", "x.py");
    expect(dash.err).toMatch(/"code":"USAGE".*the registry names the implementations/);
    const jobs = await cli("--jobs", "0");
    expect(jobs.err).toMatch(/--jobs takes a whole number ≥ 1/);
  });
});
