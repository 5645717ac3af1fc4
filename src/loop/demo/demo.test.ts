// FC-LOOP-1..12, FC-AUDIT-5..8: the demo end to end — real tsc and node --test, Deltas' key facts, the audit trail.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanChain } from "../../audit/chain.ts";
import { main } from "../../cli/main.ts";
import { fakeIo } from "../../testing/fake-io.ts";
import { deltaInPrompt } from "../splice.ts";
import { type DemoResult, runDemo } from "./run.ts";
import { resolveTsc } from "./verifier.ts";

const dir = mkdtempSync(join(tmpdir(), "fc-demo-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("feedback-compactor demo (real verifier)", () => {
  let result: DemoResult;

  it("finds tsc through the typescript package, wherever it is installed", () => {
    const tsc = resolveTsc();
    expect(tsc).toMatch(/typescript[/\\]bin[/\\]tsc$/);
  });

  it("runs five rounds: partial fix, a resolving fix, no stall on a changed tree, a stall, the fix", async () => {
    const r = await runDemo({ auditLog: join(dir, "audit.jsonl"), now: () => "t" });
    if ("error" in r) throw new Error(r.error);
    result = r;
    const o = r.outcome;
    expect(o.status).toBe("pass");
    expect(o.attempts).toBe(5);
    expect(o.rounds.map((x) => x.verdict)).toEqual(["fail", "fail", "fail", "fail", "pass"]);
    // Attempt numbers: the Delta after round k prepares attempt k+1.
    expect(o.rounds.slice(0, 4).map((x) => x.delta?.attempt)).toEqual([2, 3, 4, 5]);
    const causes = (k: number) =>
      o.rounds[k]!.delta!.openRootCauses.map((c) => `${c.rule} ${c.location?.path}`);
    // Round 1 (after the TAX_RATE fix): the quantity error and two failing tests.
    expect(causes(0)).toEqual([
      "tsc:TS2339 src/money.ts",
      "tap:not-ok test/money.test.mjs",
      "tap:not-ok test/money.test.mjs",
    ]);
    expect(o.rounds[0]!.delta!.openRootCauses.map((c) => c.message).join("\n")).toContain("formatCents");
    // Round 2: the decimals fix resolved the formatCents failure; it is gone from the Delta and not re-chased.
    const d2 = o.rounds[1]!.delta!;
    expect(o.rounds[1]!.carried).toBe(1);
    expect(d2.openRootCauses.map((c) => c.message).join("\n")).not.toContain("formatCents");
    expect(d2.openRootCauses).toHaveLength(2);
    expect(d2.resolvedSummary).toBe("1 prior finding resolved in round 2");
    expect(d2.constraints).toHaveLength(1);
    expect(d2.constraints[0]).toMatch(/^do not re-chase resolved finding f-[0-9a-f]{16}$/);
    // Round 3: the same Delta on a changed tree is not a stall; round 4: same Delta, same tree: stall.
    expect(o.rounds[2]!.stateRef).not.toBe(o.rounds[1]!.stateRef);
    expect(o.rounds[3]!.stateRef).toBe(o.rounds[2]!.stateRef);
    expect(o.rounds.slice(0, 4).map((x) => [x.stall?.run, x.stall?.stalled])).toEqual([
      [1, false],
      [1, false],
      [1, false],
      [2, true],
    ]);
    expect(o.rounds[2]!.stall?.reason).toBe("state-changed");
    expect(o.escalations).toBe(1);
    expect(o.compactorFailures).toBe(0);
    // The fifth Worker saw exactly the round-4 Delta.
    expect(deltaInPrompt(r.prompts[4]!)).toEqual(o.rounds[3]!.delta);
  });

  it("leaves a verifiable audit log whose ids answer the log's evidence refs", async () => {
    const bytes = readFileSync(result.auditLog);
    const scan = scanChain(bytes);
    expect(scan.problems).toEqual([]);
    expect(scan.torn).toBeNull();
    expect(scan.head).toBe(result.auditHead);
    const ids = new Set(scan.entries.map((e) => String(e.entry.id)));
    for (const k of [1, 2, 3, 4])
      for (const id of [`r${k}.verdict`, `r${k}.transcript`, `c${k}`]) expect(ids).toContain(id);
    expect(ids).toContain("r5.verdict");
    const decisions = scan.entries
      .filter((e) => e.entry.kind === "decision")
      .map((e) => [e.entry.id, e.entry.action]);
    expect(decisions).toEqual([
      ["d1.1", "splice"],
      ["d2.1", "splice"],
      ["d3.1", "splice"],
      ["d4.1", "splice"],
      ["d4.2", "escalate"],
      ["d5.1", "pass"],
    ]);
    const io = fakeIo();
    expect(await main(["audit", "verify", result.auditLog], io)).toBe(0);
    expect(JSON.parse(io.out.join(""))).toMatchObject({ ok: true, entries: scan.entries.length, leaks: [] });
    const show = fakeIo();
    expect(await main(["audit", "show", "d4.2", "--log", result.auditLog], show)).toBe(0);
    expect(JSON.parse(show.out.join(""))).toMatchObject({
      kind: "decision",
      action: "escalate",
      run: 2,
      threshold: 2,
    });
    // The work tree's absolute path never reaches the audit log (paths are repo-relative).
    expect(bytes.toString("utf8")).not.toContain(result.workTree);
  });

  it("the CLI refuses an audit log that already has entries, and prints JSON lines off a terminal", async () => {
    const io = fakeIo();
    expect(await main(["demo", "--audit-log", result.auditLog], io)).toBe(2);
    expect(JSON.parse(io.err.join("")).error.code).toBe("USAGE");
    const help = fakeIo();
    expect(await main(["demo", "--help"], help)).toBe(0);
    expect(help.out.join("")).toContain("NOT a stall");
  });
});
