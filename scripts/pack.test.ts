// FC-CERT-1, FC-CERT-12: `npm pack` yields a package that installs offline elsewhere and certifies from there.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
let dir: string;
let project: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-pack-"));
  execFileSync(NPM, ["pack", "--pack-destination", dir, "--silent"], { cwd: ROOT, stdio: "pipe" });
  const tarball = readdirSync(dir).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack wrote no tarball");
  project = join(dir, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "probe", private: true, type: "module" }),
  );
  // Offline: every dependency must come from the local npm cache.
  execFileSync(NPM, ["install", "--offline", "--no-audit", "--no-fund", join(dir, tarball)], {
    cwd: project,
    stdio: "pipe",
  });
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function certifyThere(args: string[]) {
  const r = spawnSync(
    "npx",
    ["--no-install", "feedback-compactor", "certify", "--reporter", "json", ...args],
    {
      cwd: project,
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  return { code: r.status, report: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}

describe("the packed package, installed elsewhere", () => {
  it("certifies the built-in reference in-process with the packaged case library", () => {
    const r = certifyThere(["--no-properties", "--filter", "policy.validate.*,compact.request.*"]);
    expect([0, 1]).toContain(r.code);
    expect(r.report.kind).toBe("certification");
    expect(r.report.smoke.ok).toBe(true);
    expect(r.report.results.length).toBeGreaterThan(20);
    expect(r.report.results.every((x: { status: string }) => x.status !== "errored")).toBe(true);
    expect(r.report.ok).toBe(r.code === 0);
  });

  it("certifies the installed reference over the protocol (serve as the implementation)", () => {
    const serve = ["node", "node_modules/feedback-compactor/src/cli/feedback-compactor.mjs", "serve"];
    const r = certifyThere(["--no-properties", "--filter", "policy.validate.*", "--", ...serve]);
    expect([0, 1]).toContain(r.code);
    expect(r.report.implementation).toMatchObject({ name: "feedback-compactor", command: serve });
    expect(r.report.smoke.checks.map((c: { status: string }) => c.status)).toEqual([
      "passed",
      "passed",
      "passed",
      "passed",
    ]);
  });

  it("exposes certify to TypeScript code as feedback-compactor/conformance", () => {
    writeFileSync(
      join(project, "probe.mts"),
      'import { certify } from "feedback-compactor/conformance";\n' +
        'const r = await certify({ filter: "summary.accept.*", includeProperties: false });\n' +
        "console.log(JSON.stringify({ n: r.results.length, kind: r.kind }));\n",
    );
    const r = spawnSync(process.execPath, ["--import", "tsx", "probe.mts"], {
      cwd: project,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout) as { n: number; kind: string };
    expect(out.kind).toBe("certification");
    expect(out.n).toBeGreaterThan(5);
  });
});
