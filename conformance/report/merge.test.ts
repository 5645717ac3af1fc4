// FC-MATRIX-5: shard reports come back together as the unsharded run, and overlaps and gaps are refused.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../cli/main.ts";
import { certify } from "../runner/certify.ts";
import { type MatrixDocument, runMatrix } from "../runner/matrix.ts";
import { readRegistry } from "../runner/registry.ts";
import type { CertifyReport } from "../runner/types.ts";
import { fakeIo } from "../../src/testing/fake-io.ts";
import { parseDocument } from "./load.ts";
import { mergeShardMatrices, mergeShardReports } from "./merge.ts";

const FILTER = "compact.stall.*,compact.ranking.*,policy.decide.*";
const statuses = (r: CertifyReport) => r.results.map((x) => [x.id, x.status]).sort();

let dir: string;
let whole: CertifyReport;
let shards: CertifyReport[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fc-merge-"));
  // The reference in-process: one run of the selection, and the same selection in three shards.
  const opts = { filter: FILTER, includeProperties: false, counterexampleDir: join(dir, "cx") };
  whole = await certify(opts);
  shards = [];
  for (const index of [1, 2, 3]) shards.push(await certify({ ...opts, shard: { index, count: 3 } }));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inputs = (rs: CertifyReport[]) => rs.map((value, i) => ({ value, source: `shard-${i + 1}.json` }));

describe("report --merge: certification shards", () => {
  it("joins the shards into the report of the whole selection: the same checks and statuses", () => {
    const m = mergeShardReports(inputs([shards[2]!, shards[0]!, shards[1]!]));
    if (!m.ok) throw new Error(m.message);
    const merged = m.value;
    expect(shards.every((s) => s.results.length < whole.results.length)).toBe(true);
    expect(statuses(merged)).toEqual(statuses(whole));
    expect(merged.summary).toEqual(whole.summary);
    expect(merged.options.shard).toBeNull();
    expect(merged.ok).toBe(whole.ok);
    expect(merged.level).toEqual(whole.level);
    expect(merged.smoke.checks.map((c) => [c.name, c.status])).toEqual(
      whole.smoke.checks.map((c) => [c.name, c.status]),
    );
    expect(merged.restarts).toBe(shards.reduce((n, s) => n + s.restarts, 0));
    expect(merged.durationMs).toBe(Math.max(...shards.map((s) => s.durationMs)));
    // It is a report like any other (spec/schemas/report.v1.json).
    const parsed = parseDocument(JSON.stringify(merged), "merged");
    expect(parsed.ok ? parsed.value.kind : parsed.message).toBe("certification");
  });

  it("recomputes the verdict: a failure in one shard fails the merged report", () => {
    const broken = structuredClone(shards[1]!);
    const r = broken.results.find((x) => x.gating)!;
    r.status = "failed";
    r.message = "planted";
    broken.ok = false;
    const m = mergeShardReports(inputs([shards[0]!, broken, shards[2]!]));
    if (!m.ok) throw new Error(m.message);
    expect(m.value.ok).toBe(false);
    expect(m.value.summary.gatingProblems).toBe(1);
    expect(m.value.problems?.[0]?.checks).toEqual([r.id]);
    expect(m.value.rerun?.command).toContain(`--filter ${r.id}`);
  });

  it("refuses a missing shard, a shard given twice, overlapping checks, shards of other runs and non-shards", () => {
    const refuse = (rs: CertifyReport[]) => {
      const m = mergeShardReports(inputs(rs));
      return m.ok ? "merged" : m.message;
    };
    expect(refuse([shards[0]!, shards[2]!])).toBe(
      "shard 2/3 is missing: a merged report must cover the whole selection",
    );
    expect(refuse([shards[0]!, shards[1]!, shards[1]!])).toBe(
      "shard 2/3 is given twice (shard-2.json and shard-3.json): the shards overlap",
    );
    const stolen = structuredClone(shards[2]!);
    stolen.results.push(shards[0]!.results[0]!);
    expect(refuse([shards[0]!, shards[1]!, stolen])).toBe(
      `check ${shards[0]!.results[0]!.id} is in both shard-1.json and shard-3.json: the shards overlap`,
    );
    const reseeded = structuredClone(shards[1]!);
    reseeded.options.seed = 1;
    expect(refuse([shards[0]!, reseeded, shards[2]!])).toBe(
      "shard-1.json and shard-2.json are not shards of one run: their seed differs",
    );
    const other = structuredClone(shards[1]!);
    other.implementation.name = "someone else";
    expect(refuse([shards[0]!, other, shards[2]!])).toMatch(/their implementation differs$/);
    const ofFour = structuredClone(shards[1]!);
    ofFour.options.shard = { index: 2, count: 4 };
    expect(refuse([shards[0]!, ofFour, shards[2]!])).toBe(
      "shard-1.json is a shard of 3 and shard-2.json a shard of 4: the shards come from different runs",
    );
    expect(refuse([whole])).toBe(
      "shard-1.json is not a shard: it was made without --shard K/N (merge joins the shards of one run)",
    );
  });

  it("the CLI writes the merged report and refuses with one SHARDS line and exit 2", async () => {
    for (const [i, s] of shards.entries()) writeFileSync(join(dir, `s${i + 1}.json`), JSON.stringify(s));
    const io = fakeIo("", {}, { cwd: dir });
    expect(await main(["report", "--merge", "s1.json", "s2.json", "s3.json", "--out", "m.json"], io)).toBe(0);
    const merged = JSON.parse(readFileSync(join(dir, "m.json"), "utf8")) as CertifyReport;
    expect(statuses(merged)).toEqual(statuses(whole));
    const bad = fakeIo("", {}, { cwd: dir });
    expect(await main(["report", "--merge", "s1.json", "s3.json"], bad)).toBe(2);
    expect(bad.err.join("")).toBe(
      `${JSON.stringify({ error: { code: "SHARDS", message: "shard 2/3 is missing: a merged report must cover the whole selection" } })}\n`,
    );
    const usage = fakeIo("", {}, { cwd: dir });
    expect(await main(["report", "s1.json", "--out", "x.json"], usage)).toBe(2);
    expect(usage.err.join("")).toMatch(/"code":"USAGE".*--out names the merged file/);
  });
});

describe("report --merge: matrix shards", () => {
  it("joins matrix --shard K/N documents into the unsharded matrix, per implementation", async () => {
    const casesDir = join(dir, "cases");
    mkdirSync(join(casesDir, "fake"), { recursive: true });
    for (let i = 1; i <= 5; i++)
      writeFileSync(
        join(casesDir, "fake", `c${i}.json`),
        JSON.stringify({
          id: `fake.c${i}`,
          description: "a valid policy",
          requirements: ["FC-POLICY-VALIDATE-1"],
          profile: "required",
          command: "policy.validate",
          input: { n: i },
          expect: { result: { ok: true } },
        }),
      );
    const fakes = fileURLToPath(new URL("../fakes/", import.meta.url));
    const file = join(dir, "impls.json");
    writeFileSync(
      file,
      JSON.stringify({
        implementations: [
          { name: "good", command: [process.execPath, join(fakes, "good.mjs")] },
          { name: "wrong", command: [process.execPath, join(fakes, "wrong-answer.mjs")] },
        ],
      }),
    );
    const reg = readRegistry(file);
    if (!reg.ok) throw new Error(reg.message);
    const run = async (shard?: { index: number; count: number }) => {
      const r = await runMatrix(reg.registry.implementations, {
        casesDir,
        includeProperties: false,
        ...(shard ? { shard } : {}),
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.document;
    };
    const all = await run();
    const parts: MatrixDocument[] = [await run({ index: 2, count: 2 }), await run({ index: 1, count: 2 })];
    const m = mergeShardMatrices(parts.map((value, i) => ({ value, source: `m${i}.json` })));
    if (!m.ok) throw new Error(m.message);
    expect(m.value.checks.map((c) => [c.id, c.statuses])).toEqual(all.checks.map((c) => [c.id, c.statuses]));
    expect(m.value.disagreements).toEqual(all.disagreements);
    expect(m.value.implementations.map((i) => [i.name, i.verdict, i.summary?.total])).toEqual([
      ["good", "pass", 5],
      ["wrong", "fail", 5],
    ]);
    expect(m.value.selection.shard).toBeNull();
    const lone = mergeShardMatrices([{ value: parts[0]!, source: "m0.json" }]);
    expect(lone.ok ? "merged" : lone.message).toBe(
      "shard 1/2 is missing: a merged report must cover the whole selection",
    );
  }, 60_000);
});
