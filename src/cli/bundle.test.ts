// FC-CLI-6: the prebuilt per-round bundle reproduces the golden outputs, and is used only while it matches its sources.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPerRound } from "../../scripts/build.mjs";
import { EXPECTED_DIR, loadGoldenCases } from "../../scripts/golden-lib.ts";
import { perRoundBundle } from "./bundle.mjs";

const ROOT = new URL("../../", import.meta.url).pathname;

describe("perRoundBundle decides from the manifest's digests", () => {
  let root: string;
  const sha = (s: string) => createHash("sha256").update(s).digest("hex");
  const write = (files: Record<string, string>, manifest: unknown) => {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(join(root, "dist"), { recursive: true });
    for (const [p, text] of Object.entries(files)) {
      mkdirSync(join(root, p, ".."), { recursive: true });
      writeFileSync(join(root, p), text);
    }
    writeFileSync(join(root, "dist", "manifest.json"), JSON.stringify(manifest));
  };
  const url = () => pathToFileURL(`${root}/`);
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "fc-bundle-"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const good = { entry: "per-round.mjs", files: { "src/a.ts": sha("a"), "package.json": sha("{}") } };

  it("uses the bundle when every listed file matches, for per-round commands only", () => {
    write({ "src/a.ts": "a", "package.json": "{}" }, good);
    expect(perRoundBundle("compact", {}, url())).toBe(new URL("dist/per-round.mjs", url()).href);
    expect(perRoundBundle("validate", {}, url())).not.toBeNull();
    expect(perRoundBundle("policy", {}, url())).not.toBeNull();
    for (const other of ["serve", "certify", "--help", undefined, "__proto__"])
      expect(perRoundBundle(other, {}, url())).toBeNull();
  });

  it("runs the sources when a source changed, vanished, or the switch is set", () => {
    write({ "src/a.ts": "a changed", "package.json": "{}" }, good);
    expect(perRoundBundle("compact", {}, url())).toBeNull();
    write({ "package.json": "{}" }, good);
    expect(perRoundBundle("compact", {}, url())).toBeNull();
    write({ "src/a.ts": "a", "package.json": '{"version":"2"}' }, good);
    expect(perRoundBundle("compact", {}, url())).toBeNull();
    write({ "src/a.ts": "a", "package.json": "{}" }, good);
    expect(perRoundBundle("compact", { FEEDBACK_COMPACTOR_NO_BUNDLE: "1" }, url())).toBeNull();
  });

  it("runs the sources when the manifest is missing, malformed or empty", () => {
    write({ "src/a.ts": "a" }, { entry: "per-round.mjs", files: {} });
    expect(perRoundBundle("compact", {}, url())).toBeNull();
    write({ "src/a.ts": "a" }, null);
    expect(perRoundBundle("compact", {}, url())).toBeNull();
    write({ "src/a.ts": "a" }, { files: { "src/a.ts": sha("a") } });
    expect(perRoundBundle("compact", {}, url())).toBeNull();
    rmSync(join(root, "dist"), { recursive: true });
    expect(perRoundBundle("compact", {}, url())).toBeNull();
  });
});

describe("the built bundle reproduces every golden output", () => {
  // Built apart from dist/ so this test neither depends on nor disturbs the bundle other tests run.
  const out = join(ROOT, ".tmp", `bundle-test-${process.pid}`);
  beforeAll(async () => {
    await buildPerRound(out);
  }, 60_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  const run = (args: string[], input: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [join(out, "per-round.mjs"), ...args], { cwd: ROOT });
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        stdout += d;
      });
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });

  const all = loadGoldenCases();
  // --delta prints the log's correctionDelta in its canonical rendering: checked on a few, one with an omitted marker.
  const WITH_DELTA = new Set([
    "stage5/budget-overrun-emits-the-omitted-marker.json",
    "stage3/repeated-trace-becomes-a-back-reference.json",
    "stage1-raw/tsc-output-becomes-findings.json",
  ]);
  // Each case is a process that builds the tokenizer (~0.4 s of CPU). Where CI runs (CI=true) every golden case
  // goes through the bundle; a plain `npm test` takes the first case of every golden folder (every stage, the
  // redaction rules, the errors, raw tool output, stalls) and the --delta ones. The sources themselves are held to
  // every golden case in-process by golden/golden.test.ts.
  const firstOfFolder = new Set<string>();
  const cases =
    process.env.CI === "true"
      ? all
      : all.filter((c) => {
          const folder = c.path.slice(0, c.path.indexOf("/"));
          if (WITH_DELTA.has(c.path)) return true;
          if (firstOfFolder.has(folder)) return false;
          firstOfFolder.add(folder);
          return true;
        });
  it("covers the golden set (all stages, redaction rules and failure modes)", () => {
    expect(all.length).toBeGreaterThanOrEqual(25);
    for (const p of WITH_DELTA) expect(cases.some((c) => c.path === p)).toBe(true);
    const folders = new Set(all.map((c) => c.path.slice(0, c.path.indexOf("/"))));
    for (const f of folders) expect(cases.some((c) => c.path.startsWith(`${f}/`))).toBe(true);
  });

  // Two processes at a time: the machine this runs on has two cores.
  for (let i = 0; i < cases.length; i += 2) {
    const pair = cases.slice(i, i + 2);
    it(pair.map((c) => c.id).join(" + "), async () => {
      await Promise.all(
        pair.map(async (c) => {
          const expected = JSON.parse(await readFile(join(EXPECTED_DIR, c.path), "utf8")) as {
            log?: unknown;
            delta?: string;
            error?: { code: string; message: string };
          };
          const budget = c.options?.budgetTokens;
          const args = ["compact", "-", ...(budget !== undefined ? ["--budget-tokens", String(budget)] : [])];
          const r = await run(args, JSON.stringify(c.request));
          if (expected.error) {
            expect(r.code, r.stderr).toBe(2);
            expect(r.stdout).toBe("");
            const line = JSON.parse(r.stderr) as { error: { code: string; message: string } };
            expect({ code: line.error.code, message: line.error.message }).toEqual({
              code: expected.error.code,
              message: expected.error.message,
            });
          } else {
            expect(r.code, r.stderr).toBe(0);
            expect(r.stdout.endsWith("}\n")).toBe(true);
            expect(JSON.parse(r.stdout)).toEqual(expected.log);
            if (WITH_DELTA.has(c.path)) {
              const d = await run([...args, "--delta"], JSON.stringify(c.request));
              expect(d.stdout).toBe(`${expected.delta}\n`);
            }
          }
        }),
      );
    });
  }

  it("runs validate and policy too", async () => {
    const ok = all.find((c) => c.path === "stage1/absolute-paths-become-repo-relative.json")!;
    const expected = JSON.parse(await readFile(join(EXPECTED_DIR, ok.path), "utf8")) as { log: unknown };
    const v = await run(["validate", "-"], JSON.stringify(expected.log));
    expect(v.code, v.stderr).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true });
    const p = await run(["policy", "validate", "-"], "{");
    expect(p.code).toBe(2);
    expect(JSON.parse(p.stderr).error.code).toBe("INVALID_POLICY");
  });
});
