// FC-POLICY-CLI-1..3: the policy CLI through main() with a fake CliIo.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "./main.ts";
import { fakeIo } from "../testing/fake-io.ts";
import { ACCEPT_REQUEST, validPolicyDocument } from "../testing/policy-fixtures.ts";

const dir = mkdtempSync(join(tmpdir(), "fc-policy-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(argv: string[], stdin?: string) {
  const io = fakeIo(stdin, {}, { cwd: dir });
  const code = await main(argv, io);
  return { code, stdout: io.out.join(""), stderr: io.err.join("") };
}

/** Exactly one JSON line on stderr, no stack trace; returns its error object. */
function oneErrorLine(stderr: string): Record<string, string> {
  expect(stderr.endsWith("\n")).toBe(true);
  expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  return JSON.parse(stderr).error;
}

const policyDoc = validPolicyDocument();
const write = (name: string, content: unknown) => {
  writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  return name;
};
const CANARY = "CANARY-7f3a9c1e-model-bytes";

describe("policy validate", () => {
  it('prints {"ok":true} and exits 0 for a valid policy file', async () => {
    const r = await run(["policy", "validate", write("valid.json", policyDoc)]);
    expect(r).toEqual({ code: 0, stdout: '{"ok":true}\n', stderr: "" });
  });

  it("reads standard input for '-'", async () => {
    const r = await run(["policy", "validate", "-"], JSON.stringify(policyDoc));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
  });

  it("reports the first broken rule's field with exit 2", async () => {
    const bad = { ...policyDoc, policy: { ...policyDoc.policy, rearmBelow: 8500 } };
    const r = await run(["policy", "validate", write("bad.json", bad)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(oneErrorLine(r.stderr)).toMatchObject({ code: "INVALID_POLICY", field: "rearmBelow" });
  });

  it("reports a document that is not JSON as INVALID_POLICY without echoing it", async () => {
    const r = await run(["policy", "validate", write("notjson.json", `{"policy": ${CANARY}`)]);
    expect(r.code).toBe(2);
    const e = oneErrorLine(r.stderr);
    expect(e).toMatchObject({ code: "INVALID_POLICY", field: "document" });
    expect(r.stderr).not.toContain("CANARY");
  });

  it("reports a missing file or a directory as IO", async () => {
    const missing = await run(["policy", "validate", "no-such-file.json"]);
    expect(missing.code).toBe(2);
    expect(oneErrorLine(missing.stderr)).toMatchObject({ code: "IO" });
    const directory = await run(["policy", "validate", "."]);
    expect(directory.code).toBe(2);
    expect(oneErrorLine(directory.stderr).code).toBe("IO");
  });
});

describe("policy decide", () => {
  const decideDoc = {
    ...policyDoc,
    config: { window: 100000, waterLevel: 9000 },
    state: { armed: true, boundary: { kind: "turn" }, usage: { counted: 84488 } },
  };

  it("prints the decision", async () => {
    const r = await run(["policy", "decide", write("decide.json", decideDoc)]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      action: "compact",
      trigger: "automatic",
      triggers: ["automatic"],
      guard: { outcome: "passed", name: null },
      reason: "triggered",
      armed: false,
      capacityThreshold: 90000,
    });
  });

  it("prints one decision per observation in sequence mode", async () => {
    const seq = { ...decideDoc, observations: [{}, {}, { usage: { counted: 1000 } }, {}] };
    const r = await run(["policy", "decide", write("seq.json", seq)]);
    expect(r.code).toBe(0);
    const actions = JSON.parse(r.stdout).decisions.map((d: { action: string }) => d.action);
    expect(actions).toEqual(["compact", "keep", "keep", "compact"]);
  });

  it("reports a malformed state as INVALID_STATE with field and path", async () => {
    const bad = { ...decideDoc, state: { ...decideDoc.state, usage: { counted: -5 } } };
    const r = await run(["policy", "decide", write("badstate.json", bad)]);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r.stderr)).toMatchObject({
      code: "INVALID_STATE",
      field: "usage",
      path: "/state/usage/counted",
    });
  });

  it("reports a bad policy inside the decide document as INVALID_POLICY", async () => {
    const bad = { ...decideDoc, policy: { ...policyDoc.policy, countTimeoutMs: 0 } };
    const r = await run(["policy", "decide", write("badpolicy.json", bad)]);
    expect(oneErrorLine(r.stderr)).toMatchObject({ code: "INVALID_POLICY", field: "countTimeoutMs" });
  });

  it("an unknown member is reported with decide's members, not only validate's", async () => {
    const r = await run(["policy", "decide", write("unknown-member.json", { ...decideDoc, extra: 1 })]);
    expect(oneErrorLine(r.stderr)).toEqual({
      code: "INVALID_POLICY",
      field: "document",
      message:
        "the policy document has an unknown member; allowed: policy, capability, hustles, contextObservation, config, state, observations",
    });
  });

  it("reports a document that is not JSON as INVALID_STATE", async () => {
    const r = await run(["policy", "decide", "-"], "not json");
    expect(r.code).toBe(2);
    expect(oneErrorLine(r.stderr)).toMatchObject({ code: "INVALID_STATE", field: "document" });
  });
});

describe("policy accept", () => {
  const request = { ...ACCEPT_REQUEST };
  const result = {
    basis: "transcript@42",
    model: "example/model-1",
    fingerprint: "sha256:2b6546dd44f6fb798f70376a243a8857e59b526d6f8c4c4ba73df04cbe3acdf2",
    shape: "user-summary.v1",
    messages: [{ role: "user", content: "All tests pass except parser.test.ts." }],
  };

  it("prints the accepted summary", async () => {
    const r = await run(["policy", "accept", write("accept.json", { request, result })]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      accepted: true,
      summary: { role: "user", text: "All tests pass except parser.test.ts." },
    });
  });

  it("rejects with SUMMARY_REJECTED and never echoes the model's text", async () => {
    const tainted = { ...result, messages: [{ role: "assistant", content: CANARY }] };
    const r = await run(["policy", "accept", write("reject.json", { request, result: tainted })]);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r.stderr)).toMatchObject({ code: "SUMMARY_REJECTED", field: "not_user_role" });
    expect(r.stderr).not.toContain("CANARY");
  });

  it("does not echo the model's text from a document that is not JSON", async () => {
    const r = await run(["policy", "accept", "-"], `{"result": {"messages": [${CANARY}]}}`);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r.stderr)).toMatchObject({ code: "INVALID_REQUEST", field: "document" });
    expect(r.stderr).not.toContain("CANARY");
  });
});

describe("policy output (FC-POLICY-CLI-1)", () => {
  it("prints each subcommand's result as exactly one JSON line, from a file or from standard input", async () => {
    const docs = {
      validate: policyDoc,
      decide: {
        ...policyDoc,
        config: { window: 100000, waterLevel: 9000 },
        state: { armed: true, boundary: { kind: "turn" }, usage: { counted: 1000 } },
      },
      accept: {
        request: { ...ACCEPT_REQUEST },
        result: {
          basis: "transcript@42",
          model: "example/model-1",
          fingerprint: "sha256:2b6546dd44f6fb798f70376a243a8857e59b526d6f8c4c4ba73df04cbe3acdf2",
          shape: "user-summary.v1",
          messages: [{ role: "user", content: "Done." }],
        },
      },
    };
    for (const [sub, doc] of Object.entries(docs)) {
      const fromFile = await run(["policy", sub, write(`one-line-${sub}.json`, doc)]);
      const fromStdin = await run(["policy", sub, "-"], JSON.stringify(doc));
      for (const r of [fromFile, fromStdin]) {
        expect(r.code, sub).toBe(0);
        expect(r.stderr, sub).toBe("");
        expect(r.stdout.endsWith("\n"), sub).toBe(true);
        expect(r.stdout.trimEnd().split("\n"), sub).toHaveLength(1);
        JSON.parse(r.stdout);
      }
      expect(fromStdin.stdout, sub).toBe(fromFile.stdout);
    }
  });
});

describe("policy usage and help", () => {
  it("teaches each subcommand with an example and the exit codes", async () => {
    for (const sub of ["validate", "decide", "accept"]) {
      const r = await run(["policy", sub, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`feedback-compactor policy ${sub} FILE|-`);
      expect(r.stdout).toContain("Exit codes:");
      expect(r.stdout).toMatch(/"(policy|request|config)": \{/);
    }
    const top = await run(["policy", "--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/validate[\s\S]*decide[\s\S]*accept/);
  });

  it("the accept example of --help is accepted as it stands (its fingerprint is the request's)", async () => {
    const help = (await run(["policy", "accept", "--help"])).stdout;
    const example = /\n {2}(\{ "request"[\s\S]*?\] \} \})\n/.exec(help)?.[1];
    expect(example).toBeDefined();
    const r = await run(["policy", "accept", "-"], example);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      accepted: true,
      summary: { text: "Summary of the work so far." },
    });
  });

  it("reports usage problems as USAGE with exit 2", async () => {
    for (const argv of [
      ["policy"],
      ["policy", "explain", "x.json"],
      ["policy", "validate"],
      ["policy", "validate", "a.json", "b.json"],
      ["policy", "validate", "--strict", "a.json"],
    ]) {
      const r = await run(argv);
      expect(r.code, argv.join(" ")).toBe(2);
      expect(oneErrorLine(r.stderr).code).toBe("USAGE");
    }
  });
});
