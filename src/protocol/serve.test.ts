// FC-PROTO-1..8: `feedback-compactor serve` as a real process — a scripted session, stop, and usage errors.
import { spawnSync } from "node:child_process";
import { referenceCli } from "../testing/reference-cli.ts";
import { describe, expect, it } from "vitest";

// The reference's own command table (src/cli/main.ts), without the kit: `--mutant` is an unknown option here.
function serve(args: string[], lines: string[]) {
  const [node, ...rest] = referenceCli("serve");
  return spawnSync(node!, [...rest, "serve", ...args], {
    input: lines.map((l) => `${l}\n`).join(""),
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("feedback-compactor serve", () => {
  it("answers a session line by line and exits 0 on stop without answering later lines", () => {
    const r = serve(
      [],
      [
        '{"cmd":"start","version":1}',
        '{"cmd":"no.such","seq":1}',
        "garbage",
        '{"cmd":"policy.validate","seq":2,"input":{}}',
        '{"cmd":"stop"}',
        '{"cmd":"no.such","seq":3}',
      ],
    );
    expect(r.status).toBe(0);
    const replies = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(replies.length).toBe(4);
    expect(replies[0]).toMatchObject({ version: 1, implementation: { name: "feedback-compactor" } });
    expect(replies[1]).toMatchObject({ seq: 1, error: { code: "UNSUPPORTED" } });
    expect(replies[2]).toEqual({ error: { code: "INVALID_REQUEST", message: "the line is not valid JSON" } });
    expect(replies[3]).toMatchObject({ seq: 2, error: { code: "INVALID_POLICY" } });
  });

  it("the end of input ends the process like stop", () => {
    const r = serve([], ['{"cmd":"start","version":1}']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split("\n").length).toBe(1);
  });

  it("usage problems exit 2 with one JSON error line", () => {
    for (const args of [["--mutant", "no-such-mutant"], ["extra"], ["--bogus"]]) {
      const r = serve(args, []);
      expect(r.status).toBe(2);
      const e = JSON.parse(r.stderr.trim()) as { error: { code: string; message: string } };
      expect(e.error.code).toBe("USAGE");
      expect(r.stdout).toBe("");
    }
  });
});
