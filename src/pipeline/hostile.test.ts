// FC-REQ-11, FC-ERR-3, FC-CLI-3: hostile and malformed requests end quickly in a result or a typed error.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sharedTokenizer } from "../adapters/tiktoken.ts";
import { linearGrowth } from "../testing/growth.ts";
import { compact } from "./compact.ts";
import { referenceCli } from "../testing/reference-cli.ts";

const tokenizer = sharedTokenizer();
const base = () => ({
  taskSpec: {},
  canonicalState: { ref: "x" },
  rounds: [
    {
      index: 1,
      ts: "t",
      workerTrace: [],
      verifierVerdict: { status: "fail", notes: "", findings: [] as unknown[] },
    },
  ],
});
const finding = (message: string) => ({
  id: "h",
  rule: "r:h",
  message,
  location: { path: "src/h.ts", startLine: 1 },
});

function code(input: unknown): string {
  const r = compact(input, { tokenizer });
  return r.ok ? "OK" : r.error.code;
}

describe("hostile requests (in-process)", () => {
  const cases: [string, () => unknown, string][] = [
    ["wrong top-level type", () => [1, 2, 3], "INVALID_REQUEST"],
    ["null", () => null, "INVALID_REQUEST"],
    ["rounds is an object", () => ({ ...base(), rounds: { 0: 1 } }), "INVALID_REQUEST"],
    [
      "duplicate index",
      () => ({ ...base(), rounds: [base().rounds[0], base().rounds[0]] }),
      "INVALID_REQUEST",
    ],
    [
      "negative index",
      () => ({ ...base(), rounds: [{ ...base().rounds[0], index: -1 }] }),
      "INVALID_REQUEST",
    ],
    [
      "index 1e308",
      () => ({ ...base(), rounds: [{ ...base().rounds[0], index: 1e308 }] }),
      "INVALID_REQUEST",
    ],
    [
      "startLine 1e308",
      () => {
        const b = base();
        b.rounds[0]!.verifierVerdict.findings = [
          { ...finding("m"), location: { path: "a", startLine: 1e308 } },
        ];
        return b;
      },
      "INVALID_REQUEST",
    ],
    [
      "__proto__ key",
      () =>
        JSON.parse('{"taskSpec":{},"canonicalState":{"ref":"x"},"rounds":[],"__proto__":{"polluted":true}}'),
      "INVALID_REQUEST",
    ],
    [
      "__proto__ inside a finding",
      () => {
        const b = base();
        b.rounds[0]!.verifierVerdict.findings = [
          JSON.parse('{"rule":"r","message":"m","__proto__":{"x":1}}'),
        ];
        return b;
      },
      "INVALID_REQUEST",
    ],
    [
      "message is a number",
      () => {
        const b = base();
        b.rounds[0]!.verifierVerdict.findings = [{ ...finding("m"), message: 5 }];
        return b;
      },
      "INVALID_REQUEST",
    ],
  ];
  for (const [name, make, expected] of cases) {
    it(`${name} → ${expected}`, () => {
      expect(code(make())).toBe(expected);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it("200,000-deep nesting in taskSpec, in a message and in priorDelta ends cleanly, in time linear in the depth", () => {
    const nested = (depth: number) => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`) as unknown;
    const requests = (deep: unknown) => [
      { ...base(), taskSpec: deep },
      (() => {
        const b = base();
        b.rounds[0]!.verifierVerdict.findings = [{ ...finding("m"), message: deep }];
        return b;
      })(),
      { ...base(), priorDelta: { attempt: deep } },
    ];
    expect(requests(nested(200_000)).map(code)).toEqual(["OK", "INVALID_REQUEST", "INVALID_REQUEST"]);
    const g = linearGrowth(
      (depth) => requests(nested(depth)),
      (rs) => rs.map(code),
      { n: 12_500, maxN: 200_000 },
    );
    expect(g.ok, JSON.stringify(g)).toBe(true);
  });

  it("a 2 MB message without spaces is trimmed before counting, in time linear in its length", () => {
    // The tokenizer is superlinear on long unbroken runs: counting such a message whole would fail the growth guard.
    const request = (length: number) => {
      const b = base();
      b.rounds[0]!.verifierVerdict.findings = [finding("x".repeat(length))];
      return b;
    };
    const r = compact(request(2 * 1024 * 1024), { tokenizer });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.log.activeFailures[0]!.message.length).toBe(400);
      expect(
        r.value.log.redactions.some((t) => t.rule === "truncation" && t.reason.startsWith("message trimmed")),
      ).toBe(true);
    }
    const g = linearGrowth(request, (b) => compact(b, { tokenizer }), {
      n: 64 * 1024,
      maxN: 2 * 1024 * 1024,
    });
    expect(g.ok, JSON.stringify(g)).toBe(true);
  });

  it("lone surrogates and NUL bytes are sanitized; the output is well-formed", () => {
    const b = base();
    b.rounds[0]!.verifierVerdict.findings = [finding("bad \uD800 half \uDC00 and nul \u0000 end")];
    const r = compact(b, { tokenizer });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const msg = r.value.log.activeFailures[0]!.message;
      expect(msg).toBe("bad \uFFFD half \uFFFD and nul  end");
      expect(
        /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(r.value.logText),
      ).toBe(false);
    }
  });
});

describe("hostile requests through the real CLI process", () => {
  const dir = mkdtempSync(join(tmpdir(), "fc-hostile-"));
  const files: [string, string, string][] = [
    ["not-json.json", "{{{{ not json", "INVALID_REQUEST"],
    ["empty.json", "", "INVALID_REQUEST"],
    ["nul-bytes.json", "\u0000\u0000\u0000", "INVALID_REQUEST"],
    [
      "deep.json",
      `{"taskSpec":${"[".repeat(200_000)}${"]".repeat(200_000)},"canonicalState":{"ref":"x"},"rounds":[]}`,
      "INVALID_REQUEST",
    ],
    [
      "float-index.json",
      JSON.stringify({ ...base(), rounds: [{ ...base().rounds[0], index: 1.5 }] }),
      "INVALID_REQUEST",
    ],
  ];
  for (const [name, content, expected] of files) {
    it(`${name}: exit 2, one JSON error line, no stack trace`, () => {
      const file = join(dir, name);
      writeFileSync(file, content);
      const [node, ...args] = referenceCli("compact");
      const r = spawnSync(node!, [...args, "compact", file], {
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(r.status).toBe(2);
      const lines = r.stderr.split("\n").filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!).error.code).toBe(expected);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
    });
  }
});

describe("a credential as a supplied finding id (FC-SCAN-1)", () => {
  const withId = (id: string) => {
    const b = base();
    b.rounds[0]!.verifierVerdict.findings.push({ ...finding("x unused"), id });
    return b;
  };
  // Formats the post-render scan's prefix table does not know: the redactor's reading of the id refuses them.
  it.each([
    "dor_v1_1d96a96008232ace60b94cf109ba9e50c34a947a36800274191725bfe7d3be90",
    "A3TB6H8KKF7JF1CA2DGK",
    "sk_prod_H5FqX5hHvy1JimVFvsJTOgwg",
  ])("refuses %s with SECRET_LEAK", (id) => expect(code(withId(id))).toBe("SECRET_LEAK"));
  it.each(["eslint:no-unused-vars#12", "f-4429149591430301", "test/cart.test.ts:12", "3f2a9c1d4e5b"])(
    "keeps the ordinary id %s",
    (id) => expect(code(withId(id))).toBe("OK"),
  );
});
