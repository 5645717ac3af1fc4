// FC-CLI-7..8: streaming a request file round by round gives exactly compact() on the whole document.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGoldenCases } from "../../scripts/golden-lib.ts";
import { type CompactOptions, compact } from "../pipeline/compact.ts";
import { requestArb } from "../testing/arbitraries.ts";
import { linearGrowth } from "../testing/growth.ts";
import { compactRequestFile } from "./stream-request.ts";

// Token counts do not matter here, only that both paths count alike: a cheap deterministic stand-in.
const tokenizer = { count: (t: string) => Math.ceil(t.length / 3) };

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fc-stream-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (text: string): string => {
  const p = join(dir, `r${n++}.json`);
  writeFileSync(p, text);
  return p;
};

/** What the CLI prints for a result: the log's JSON and the Delta, or the error. */
const outcome = (r: ReturnType<typeof compact>) =>
  r.ok
    ? {
        log: JSON.stringify(r.value.log),
        delta: r.value.deltaText,
        audit: JSON.stringify(r.value.audit ?? null),
        explain: JSON.stringify(r.value.explain ?? null),
      }
    : { error: r.error };

/** Streams `text`; a non-null result must be what compact() gives for the whole document. */
function streamed(text: string, options: CompactOptions, chunk?: number) {
  const s = compactRequestFile(file(text), options, chunk);
  if (s !== null) {
    let whole: ReturnType<typeof compact>;
    try {
      whole = compact(JSON.parse(text), options);
    } catch {
      throw new Error("streamed a document JSON.parse rejects");
    }
    expect(outcome(s)).toEqual(outcome(whole));
  }
  return s;
}

/** The request's members with `rounds` moved last, or with priorDelta after the rounds. */
const reorder = (request: Record<string, unknown>, priorLast: boolean): Record<string, unknown> => {
  const { rounds, priorDelta, ...rest } = request;
  return priorLast
    ? { ...rest, rounds, ...(priorDelta !== undefined ? { priorDelta } : {}) }
    : { ...rest, ...(priorDelta !== undefined ? { priorDelta } : {}), rounds };
};

describe("compactRequestFile", () => {
  it("equals compact() on generated requests, at any chunk size and formatting", () => {
    fc.assert(
      fc.property(
        requestArb(),
        fc.integer({ min: 1, max: 97 }),
        fc.constantFrom(0, 2, "\t"),
        fc.boolean(),
        ({ request, budget }, chunk, indent, priorLast) => {
          const doc = reorder(request as unknown as Record<string, unknown>, priorLast);
          const options = { tokenizer, budgetTokens: budget, audit: true, explain: true };
          const s = streamed(JSON.stringify(doc, null, indent), options, chunk);
          // A request compact() accepts, with rounds after canonicalState, always streams.
          if (compact(doc, { tokenizer, budgetTokens: budget }).ok) expect(s).not.toBeNull();
        },
      ),
      { numRuns: 150 },
    );
  });

  it("cuts strings anywhere: escapes, quotes, backslash runs and multi-byte characters across chunks", () => {
    const text = fc.string({
      unit: fc.constantFrom("\\", '"', "a", "é", "😀", "\n", "{", "]", ",", " "),
      maxLength: 40,
    });
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 13 }),
        (msgs, chunk) => {
          const request = {
            taskSpec: { note: msgs[0] },
            canonicalState: { ref: "r", repoRoot: "/repo" },
            rounds: msgs.map((m, i) => ({
              index: i + 1,
              ts: m,
              workerTrace: [{ tool: m, output: m }],
              verifierVerdict: {
                status: "fail",
                notes: m,
                findings: [{ rule: "t:x", message: `${m}!`, location: { path: "a.ts", startLine: 1 } }],
              },
            })),
          };
          expect(streamed(JSON.stringify(request), { tokenizer }, chunk)).not.toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it("agrees with compact() on every golden case, and streams every valid one", () => {
    let withPriorDelta = 0;
    for (const c of loadGoldenCases()) {
      const options = { tokenizer, ...(c.options ?? {}) };
      const whole = compact(c.request, options);
      const valid = whole.ok;
      // Valid cases also run as their own next round: the same request with its Delta as priorDelta.
      const request = (
        whole.ok ? { ...(c.request as object), priorDelta: whole.value.log.correctionDelta } : c.request
      ) as Record<string, unknown>;
      if (request.priorDelta !== undefined) withPriorDelta++;
      for (const doc of [
        c.request as Record<string, unknown>,
        request,
        reorder(request, true),
        reorder(request, false),
      ]) {
        for (const chunk of [5, 1 << 20]) {
          const s = streamed(JSON.stringify(doc), options, chunk);
          if (valid) expect(s, c.id).not.toBeNull();
        }
      }
    }
    expect(withPriorDelta).toBeGreaterThan(0); // a priorDelta after the rounds is read too
  });

  it("reads a value far larger than a chunk in linear time (the window doubles)", () => {
    // taskSpec is carried, never processed: the time measured is the reader's. Rescanning a value from its start
    // after every 4 KiB read is quadratic in its length (a 16 MB value would take minutes).
    const requestFile = (length: number) =>
      file(
        JSON.stringify({
          taskSpec: "x".repeat(length),
          canonicalState: { ref: "r" },
          rounds: [{ index: 1, ts: "t", workerTrace: [], verifierVerdict: { status: "fail", findings: [] } }],
        }),
      );
    expect(compactRequestFile(requestFile(16_000_000), { tokenizer }, 4096)).not.toBeNull();
    const g = linearGrowth(requestFile, (path) => compactRequestFile(path, { tokenizer }, 4096), {
      n: 1_000_000,
      maxN: 8_000_000,
    });
    expect(g.ok, JSON.stringify(g)).toBe(true);
  });

  it.each([
    ["truncated", (t: string) => t.slice(0, -7)],
    ["trailing garbage", (t: string) => `${t} x`],
    ["a byte-order mark", (t: string) => `\ufeff${t}`],
    ["a trailing comma in rounds", (t: string) => t.replace(/\]\}$/, ",]}")],
    ["a duplicate member", (t: string) => t.replace(/^\{/, '{"taskSpec":1,')],
    [
      "rounds before canonicalState",
      (t: string) => {
        const { rounds, ...rest } = JSON.parse(t) as Record<string, unknown>;
        return JSON.stringify({ rounds, ...rest });
      },
    ],
    ["an unknown member after rounds", (t: string) => t.replace(/\}$/, ',"extra":1}')],
    ["a priorDelta that is no Delta, after rounds", (t: string) => t.replace(/\}$/, ',"priorDelta":7}')],
    [
      "a priorDelta that is no Delta, before rounds",
      (t: string) => t.replace(/^\{/, '{"priorDelta":{"openRootCauses":[]},'),
    ],
    ["empty rounds", (t: string) => t.replace(/"rounds":\[.*\]\}$/, '"rounds":[]}')],
    ["an empty file", () => ""],
  ])("hands %s to the whole-document path", (_what, edit) => {
    const text = JSON.stringify({
      taskSpec: 1,
      canonicalState: { ref: "r" },
      rounds: [{ index: 1, ts: "t", workerTrace: [], verifierVerdict: { status: "fail", findings: [] } }],
    });
    expect(compactRequestFile(file(edit(text)), { tokenizer })).toBeNull();
  });
});
