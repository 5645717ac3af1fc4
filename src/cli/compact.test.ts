// FC-CLI-1..5, FC-ERR-3, FC-AUDIT-1..4, FC-ORCH-1..7: the compact and validate commands end to end (in-process CLI).
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAuditLog } from "../audit/store.ts";
import { fakeIo } from "../testing/fake-io.ts";
import { main } from "./main.ts";
import { referenceCli } from "../testing/reference-cli.ts";

const dir = mkdtempSync(join(tmpdir(), "fc-cli-"));
const SECRET = "ghp_CliCanary7x2Lm9Pz4Rt8Vb1Nc6Hd3Ks5Wy0Aa";
const request = {
  taskSpec: { goal: "g" },
  canonicalState: { ref: "tree-1", repoRoot: "/home/dev/repo" },
  rounds: [
    {
      index: 1,
      ts: "t1",
      workerTrace: [{ tool: "bash", output: `echo ${SECRET}` }],
      verifierVerdict: {
        status: "fail",
        notes: "",
        findings: [
          {
            id: "a",
            rule: "tsc:TS2304",
            message: `Cannot find name 'x' ${SECRET}`,
            location: { path: "/home/dev/repo/src/a.ts", startLine: 3 },
          },
        ],
      },
    },
  ],
};
const reqFile = join(dir, "req.json");
writeFileSync(reqFile, JSON.stringify(request));

async function cli(argv: string[], stdin = "", env: Record<string, string> = {}) {
  const io = fakeIo(stdin, env);
  const code = await main(argv, io);
  return { code, out: io.out.join(""), err: io.err.join("") };
}

function oneJsonErrorLine(err: string): { code: string; message: string } {
  const lines = err.split("\n").filter(Boolean);
  expect(lines).toHaveLength(1);
  return (JSON.parse(lines[0]!) as { error: { code: string; message: string } }).error;
}

describe("compact", () => {
  it("--problem-matcher FILE reads raw outputs with the user's matcher (FC-STAGE1-MATCHER-2)", async () => {
    const withRaw = structuredClone(request) as typeof request & {
      rounds: { verifierVerdict: { artifacts?: unknown[] } }[];
    };
    withRaw.rounds[0]!.verifierVerdict.artifacts = [
      { content: "/home/dev/repo/app.rb:7 [W] UselessAssignment: useless assignment to x\n" },
    ];
    const file = join(dir, "raw-req.json");
    writeFileSync(file, JSON.stringify(withRaw));
    const matcher = join(dir, "matcher.json");
    writeFileSync(
      matcher,
      JSON.stringify({
        problemMatcher: [
          {
            owner: "rubo",
            pattern: [
              { regexp: "^(\\S+):(\\d+) \\[(W|E)\\] (\\w+): (.*)$", file: 1, line: 2, code: 4, message: 5 },
            ],
          },
        ],
      }),
    );
    const plain = JSON.parse((await cli(["compact", file])).out);
    expect(plain.activeFailures.map((f: { rule: string }) => f.rule)).not.toContain("rubo:UselessAssignment");
    const r = await cli(["compact", file, "--problem-matcher", matcher]);
    expect(r.code).toBe(0);
    const hit = JSON.parse(r.out).activeFailures.find(
      (f: { rule: string }) => f.rule === "rubo:UselessAssignment",
    );
    expect(hit.location).toEqual({ path: "app.rb", startLine: 7 });
    writeFileSync(matcher, JSON.stringify({ owner: "x", pattern: [{ regexp: "(a+)+", message: 1 }] }));
    const bad = await cli(["compact", file, "--problem-matcher", matcher]);
    expect(bad.code).toBe(2);
    expect(oneJsonErrorLine(bad.err)).toMatchObject({ code: "USAGE" });
    expect(oneJsonErrorLine(bad.err).message).toContain("--problem-matcher: problemMatcher/pattern/0/regexp");
  });

  it("prints the log as one JSON document and exits 0", async () => {
    const r = await cli(["compact", reqFile]);
    expect(r.code).toBe(0);
    const log = JSON.parse(r.out);
    expect(log.correctionDelta.attempt).toBe(2);
    expect(log.activeFailures[0].location.path).toBe("src/a.ts");
    expect(r.out).not.toContain(SECRET.slice(4, 20));
  });

  it("reads standard input with '-' and prints only the canonical Delta with --delta", async () => {
    const r = await cli(["compact", "-", "--delta"], JSON.stringify(request));
    expect(r.code).toBe(0);
    expect(r.out.endsWith("}\n")).toBe(true);
    expect(Object.keys(JSON.parse(r.out))).toEqual([
      "attempt",
      "constraints",
      "generatedAt",
      "lastVerdict",
      "omitted",
      "openRootCauses",
      "resolvedSummary",
    ]);
  });

  it("--explain walks through every stage without the secret", async () => {
    const r = await cli(["compact", reqFile, "--explain"]);
    expect(r.code).toBe(0);
    for (const s of ["Stage 1", "Stage 2", "Stage 3", "Stage 4", "Redaction", "Stage 5"])
      expect(r.out).toContain(s);
    expect(r.out).not.toContain(SECRET.slice(4, 20));
  });

  it("--budget-tokens is honoured and validated", async () => {
    const ok = await cli(["compact", reqFile, "--budget-tokens", "200"]);
    expect(JSON.parse(ok.out).compaction.budgetTokens).toBe(200);
    const bad = await cli(["compact", reqFile, "--budget-tokens", "12"]);
    expect(bad.code).toBe(2);
    expect(oneJsonErrorLine(bad.err).code).toBe("INVALID_REQUEST");
    const word = await cli(["compact", reqFile, "--budget-tokens", "lots"]);
    expect(oneJsonErrorLine(word.err).code).toBe("USAGE");
  });

  it("typed errors: one JSON line, exit 2, nothing from the input echoed", async () => {
    const bad = { ...request, rounds: [{ ...request.rounds[0], verifierVerdict: undefined, ts: SECRET }] };
    const r = await cli(["compact", "-"], JSON.stringify(bad));
    expect(r.code).toBe(2);
    expect(oneJsonErrorLine(r.err).code).toBe("VERIFIER_VERDICT_MISSING");
    expect(r.err).not.toContain(SECRET.slice(4, 20));
    expect(r.out).toBe("");
    expect(oneJsonErrorLine((await cli(["compact", "-"], "{not json")).err).code).toBe("INVALID_REQUEST");
    expect(oneJsonErrorLine((await cli(["compact", "-"], "")).err).code).toBe("INVALID_REQUEST");
    expect(oneJsonErrorLine((await cli(["compact", join(dir, "missing.json")])).err).code).toBe("IO");
    expect(oneJsonErrorLine((await cli(["compact", reqFile, "--frobnicate"])).err).code).toBe("USAGE");
  });

  it("--audit-log appends entries with digests, never the secret, and detects a torn tail", async () => {
    const log = join(dir, "audit.jsonl");
    await cli(["compact", reqFile, "--audit-log", log]);
    await cli(["compact", reqFile, "--audit-log", log]);
    const text = readFileSync(log, "utf8");
    expect(text).not.toContain(SECRET.slice(4, 20));
    const { entries, torn } = readAuditLog(log);
    expect(torn).toBe(false);
    const ids = entries.map((e) => e.id);
    for (const id of ["r1.verdict", "r1.transcript", "c1", "c1.sensitive.a"]) expect(ids).toContain(id);
    const tomb = entries.find((e) => e.id === "c1.sensitive.a")!;
    expect(tomb.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(tomb).not.toHaveProperty("digestOf");
    expect(statSync(`${log}.key`).mode & 0o777).toBe(0o600);
    writeFileSync(log, `${text}{"id":"half`);
    expect(readAuditLog(log).torn).toBe(true);
  });

  it("--help teaches and --version prints the version", async () => {
    const h = await cli(["compact", "--help"]);
    expect(h.code).toBe(0);
    expect(h.out).toContain("--budget-tokens");
    expect(h.out).toContain("Exit codes");
    const v = await cli(["--version"]);
    expect(v.out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const top = await cli(["--help"]);
    expect(top.out).toContain("compact");
    expect(oneJsonErrorLine((await cli(["nope"])).err).code).toBe("USAGE");
  });
});

describe("validate", () => {
  it("accepts a fresh log and enforces the source window", async () => {
    const logFile = join(dir, "log.json");
    writeFileSync(logFile, (await cli(["compact", reqFile])).out);
    const ok = await cli(["validate", logFile, "--current-round", "1", "--state-ref", "tree-1"]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toEqual({ ok: true, warnings: [] });
    const stale = await cli(["validate", logFile, "--current-round", "2"]);
    expect(stale.code).toBe(2);
    expect(oneJsonErrorLine(stale.err).code).toBe("INVALID_LOG");
    expect(oneJsonErrorLine((await cli(["validate", logFile, "--state-ref", "other"])).err).code).toBe(
      "INVALID_LOG",
    );
  });

  it("rejects an unknown major version, a budget overshoot without marker, broken invariants, and a leaked secret", async () => {
    const log = JSON.parse((await cli(["compact", reqFile])).out);
    const variants: [string, (l: typeof log) => void, string][] = [
      ["major", (l) => (l.schemaVersion = "2.0.0"), "INVALID_LOG"],
      ["budget", (l) => (l.compaction.renderedTokens = l.compaction.budgetTokens + 1), "INVALID_LOG"],
      ["attempt", (l) => (l.correctionDelta.attempt = 7), "INVALID_LOG"],
      ["active", (l) => (l.activeFailures = []), "INVALID_LOG"],
      ["schema", (l) => (l.extra = 1), "INVALID_LOG"],
      ["leak", (l) => (l.correctionDelta.constraints = [`do not print ${SECRET}`]), "SECRET_LEAK"],
    ];
    for (const [name, mutate, code] of variants) {
      const l = structuredClone(log);
      mutate(l);
      const r = await cli(["validate", "-"], JSON.stringify(l));
      expect(r.code, name).toBe(2);
      const e = oneJsonErrorLine(r.err);
      expect(e.code, name).toBe(code);
      expect(r.err).not.toContain(SECRET.slice(4, 20));
    }
  });

  it("a schema error names the field at fault, a missing member included, and never quotes a value", async () => {
    const log = JSON.parse((await cli(["compact", reqFile])).out);
    const cases: [string, (l: typeof log) => void, string, RegExp][] = [
      [
        "missing",
        (l) => delete l.correctionDelta.attempt,
        "correctionDelta.attempt",
        /: 'correctionDelta\.attempt' is missing$/,
      ],
      [
        "type",
        (l) => (l.compaction.budgetTokens = "CANARY-budget"),
        "compaction.budgetTokens",
        /: 'compaction\.budgetTokens' must be integer$/,
      ],
      [
        "unknown member",
        (l) => (l["CANARY-key"] = 1),
        "log",
        /: 'log' has a member the schema does not allow$/,
      ],
    ];
    for (const [name, mutate, field, message] of cases) {
      const l = structuredClone(log);
      mutate(l);
      const e = oneJsonErrorLine((await cli(["validate", "-"], JSON.stringify(l))).err);
      expect(e, name).toMatchObject({ code: "INVALID_LOG", field });
      expect(e.message, name).toMatch(message);
      expect(e.message, name).not.toContain("CANARY");
    }
  });

  it("warns on heuristic confidence", async () => {
    const log = JSON.parse((await cli(["compact", reqFile])).out);
    log.confidence.method = "heuristic";
    const r = await cli(["validate", "-"], JSON.stringify(log));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).warnings).toHaveLength(1);
  });
});

describe("a reader that closes the pipe early", () => {
  it("ends the process quietly: no stack trace, exit code unchanged (FC-CLI-3)", async () => {
    const { spawn } = await import("node:child_process");
    const [node, ...args] = referenceCli("compact");
    const child = spawn(node!, [...args, "compact", reqFile]);
    child.stdout.destroy(); // like `| head -0`: the first write meets a closed pipe
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });
});
