// FC-CERT-11: the kit's `serve` adds the mutants to the reference's server (--list-mutants, --mutant ID).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("./feedback-compactor.mjs", import.meta.url));
const serve = (args: string[], input = "") =>
  spawnSync(process.execPath, [BIN, "serve", ...args], { input, encoding: "utf8", timeout: 30_000 });

describe("feedback-compactor serve (the kit's command table)", () => {
  it("lists the mutants and legal variants", () => {
    const r = serve(["--list-mutants"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ignored-budget\s+FC-STAGE5-3/m);
  });

  it("serves a named mutant under its own name", () => {
    const r = serve(["--mutant", "ignored-budget"], '{"cmd":"start","version":1}\n{"cmd":"stop"}\n');
    expect(r.status).toBe(0);
    const hello = JSON.parse(r.stdout.split("\n")[0] ?? "") as { implementation: { name: string } };
    expect(hello.implementation.name).toBe("feedback-compactor (mutant ignored-budget)");
  });

  it("refuses an unknown mutant id with one JSON usage error", () => {
    const r = serve(["--mutant", "no-such-mutant"]);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr.trim()).error.code).toBe("USAGE");
    expect(r.stdout).toBe("");
  });
});
