// FC-PROTO-1..10, FC-CERT-2: the Python example adapter is certified over the protocol (the report is checked, not a pass).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { certify } from "../../runner/certify.ts";

const ADAPTER = fileURLToPath(new URL("./adapter.py", import.meta.url));
const python = ["python3", "/usr/bin/python3"].find((p) => spawnSync(p, ["--version"]).status === 0);
if (python === undefined)
  console.warn("SKIPPED: python3 is not available, so the Python example is not certified");

describe.skipIf(python === undefined)("the Python example adapter", () => {
  it("completes the smoke check and gets a status for every case; unannounced capabilities are skipped", async () => {
    const report = await certify({ command: [python!, ADAPTER], includeProperties: false, seed: 3 });
    expect(report.implementation).toMatchObject({
      name: "toy-compactor-python",
      language: "python",
      capabilities: ["compact"],
    });
    expect(report.smoke.ok).toBe(true);
    expect(report.restarts).toBe(0);
    const compact = report.results.filter((r) => r.command === "compact");
    const others = report.results.filter((r) => r.command !== "compact");
    expect(others.length).toBeGreaterThan(0);
    expect(
      others.every(
        (r) =>
          r.status === "skipped" && /does not offer the '(policy|summary)' capability/.test(r.message ?? ""),
      ),
    ).toBe(true);
    // The toy answers every compact request in protocol: nothing is errored, some cases pass, many fail.
    expect(compact.filter((r) => r.status === "errored")).toEqual([]);
    expect(compact.filter((r) => r.status === "passed").length).toBeGreaterThan(10);
    expect(compact.filter((r) => r.status === "failed").length).toBeGreaterThan(10);
    expect(report.ok).toBe(false);
  });

  it("answers a hand-written session: handshake, UNSUPPORTED with the seq, then exits on stop", () => {
    const session = [
      '{"cmd":"start","version":1}',
      '{"cmd":"nope","seq":4}',
      '{"cmd":"stop"}',
      '{"cmd":"nope","seq":5}',
    ];
    const r = spawnSync(python!, [ADAPTER], {
      input: `${session.join("\n")}\n`,
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ version: 1, capabilities: ["compact"] });
    expect(lines[1]).toMatchObject({ seq: 4, error: { code: "UNSUPPORTED" } });
  });
});
