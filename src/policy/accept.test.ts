// FC-POLICY-FINGERPRINT-1..3, FC-POLICY-ACCEPT-1..9: fingerprint vectors, acceptance and the no-model-bytes property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCEPT_REQUEST } from "../testing/policy-fixtures.ts";
import { acceptDocument } from "./accept.ts";
import { canonicalJson, requestFingerprint } from "./fingerprint.ts";

const request = ACCEPT_REQUEST;
// Computed outside this code base: printf '%s' '<canonical JSON>' | sha256sum
const FP = "sha256:2b6546dd44f6fb798f70376a243a8857e59b526d6f8c4c4ba73df04cbe3acdf2";

const result = (patch: Record<string, unknown> = {}) => ({
  basis: "transcript@42",
  model: "example/model-1",
  fingerprint: FP,
  shape: "user-summary.v1",
  messages: [{ role: "user", content: "summary text" }],
  ...patch,
});
const rejection = (doc: unknown) => {
  const r = acceptDocument(doc);
  return r.ok ? "accepted" : `${r.error.code}:${r.error.field}`;
};

describe("requestFingerprint", () => {
  it("matches an independently computed SHA-256 of the canonical JSON", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(requestFingerprint(request)).toBe(FP);
  });

  it("changes with every identity field and ignores the output shape", () => {
    for (const key of Object.keys(request).filter((k) => k !== "outputShape")) {
      const changed = { ...request, [key]: key.endsWith("Counter") ? "heuristic" : "other" };
      expect(requestFingerprint(changed), key).not.toBe(FP);
    }
    const otherShape = { ...request, outputShape: "other" };
    expect(requestFingerprint(otherShape)).toBe(FP);
  });
});

describe("acceptDocument", () => {
  it("accepts a matching result and returns the summary", () => {
    expect(acceptDocument({ request, result: result() })).toEqual({
      ok: true,
      value: { accepted: true, fingerprint: FP, summary: { role: "user", text: "summary text" } },
    });
  });

  it("rejects each mismatch with its reason", () => {
    expect(rejection({ request, result: result({ basis: "b" }) })).toBe("SUMMARY_REJECTED:basis_mismatch");
    expect(rejection({ request, result: result({ model: "m" }) })).toBe("SUMMARY_REJECTED:model_mismatch");
    expect(rejection({ request, result: result({ fingerprint: `${FP.slice(0, -1)}3` }) })).toBe(
      "SUMMARY_REJECTED:fingerprint_mismatch",
    );
    expect(rejection({ request, result: result({ shape: "v2" }) })).toBe("SUMMARY_REJECTED:shape_mismatch");
    expect(rejection({ request, result: result({ extra: 1 }) })).toBe("SUMMARY_REJECTED:shape_mismatch");
    expect(rejection({ request, result: result({ messages: ["text"] }) })).toBe(
      "SUMMARY_REJECTED:shape_mismatch",
    );
    expect(rejection({ request, result: null })).toBe("SUMMARY_REJECTED:shape_mismatch");
    expect(rejection({ request, result: result({ messages: [] }) })).toBe("SUMMARY_REJECTED:empty_summary");
    const two = [
      { role: "user", content: "a" },
      { role: "user", content: "b" },
    ];
    expect(rejection({ request, result: result({ messages: two }) })).toBe(
      "SUMMARY_REJECTED:multiple_messages",
    );
    expect(rejection({ request, result: result({ messages: [{ role: "system", content: "a" }] }) })).toBe(
      "SUMMARY_REJECTED:not_user_role",
    );
    const toolUse = [{ role: "user", content: [{ type: "tool_use", text: "a" }] }];
    expect(rejection({ request, result: result({ messages: toolUse }) })).toBe("SUMMARY_REJECTED:not_text");
    const blank = [
      {
        role: "user",
        content: [
          { type: "text", text: " " },
          { type: "text", text: "\n" },
        ],
      },
    ];
    expect(rejection({ request, result: result({ messages: blank }) })).toBe(
      "SUMMARY_REJECTED:empty_summary",
    );
  });

  it("rejects a malformed request as INVALID_REQUEST", () => {
    expect(rejection({ request: { ...request, basis: "" }, result: result() })).toBe("INVALID_REQUEST:basis");
    expect(rejection({ request, result: result(), more: 1 })).toBe("INVALID_REQUEST:document");
    expect(rejection({ request })).toBe("INVALID_REQUEST:result");
  });
});

// ---- FC-POLICY-ACCEPT-8: no 8-character window of the model's bytes appears in any error ----

const modelText = fc.oneof(
  fc.string({ unit: "binary", minLength: 8, maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom("{", "}", '"', "\\", "a", "Z", "9", ":", " ", "é", "\n"),
    minLength: 8,
    maxLength: 40,
  }),
);

/** A result where model-produced text sits in one of the places a model could put it. */
const taintedResult = fc
  .tuple(modelText, fc.integer({ min: 0, max: 10 }))
  .map(([t, where]): [string, unknown] => {
    const placements: unknown[] = [
      t,
      result({ basis: t }),
      result({ model: t }),
      result({ fingerprint: t }),
      result({ shape: t }),
      result({ messages: [{ role: t, content: "x" }] }),
      result({ messages: [{ role: "user", content: [{ type: t, text: t }] }] }),
      result({ messages: [{ role: "assistant", content: t }] }),
      result({
        messages: [
          { role: "user", content: t },
          { role: "user", content: t },
        ],
      }),
      result({ [t]: t }),
      result({ basis: t, messages: [{ role: "user", content: [{ type: "image", data: t }] }] }),
    ];
    return [t, placements[where]];
  });

const windows = (s: string) => Array.from({ length: Math.max(0, s.length - 7) }, (_, i) => s.slice(i, i + 8));

describe("acceptance errors never carry model bytes", () => {
  it("holds for text placed anywhere in the result", () => {
    let rejected = 0;
    fc.assert(
      fc.property(taintedResult, ([text, res]) => {
        const r = acceptDocument({ request, result: res });
        if (r.ok) return;
        rejected++;
        const rendered = [JSON.stringify(r.error), r.error.message, r.error.field ?? "", r.error.path ?? ""];
        for (const w of [...windows(text), ...windows(JSON.stringify(text).slice(1, -1))]) {
          for (const out of rendered) expect(out.includes(w), `window ${JSON.stringify(w)}`).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
    expect(rejected).toBeGreaterThan(900);
  });
});
