// FC-LOOP-1, FC-STAGE1-RAW-1 (demo): the real Verifier — TypeScript's tsc and node's test runner on the work tree (edge).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseToolOutput } from "../../normalize/index.ts";
import type { InputFinding, ToolOutput, VerifierVerdict } from "../../types.ts";
import type { Verifier } from "../types.ts";

/**
 * Who turns raw tool output into findings. "verifier": this Verifier runs Stage 1's parser
 * (src/normalize, parseToolOutput) and hands findings over. "compactor": it hands the raw outputs over as
 * verdict artifacts and lets the compactor's Stage 1 parse them (FC-REQ-8) — switch once the pipeline does.
 */
export const STAGE1_AT: "verifier" | "compactor" = "verifier";

/** Finds tsc wherever `typescript` is installed (its package.json names the bin), not at a fixed path. */
export function resolveTsc(from: string = import.meta.url): string | null {
  try {
    const pkgPath = createRequire(from).resolve("typescript/package.json");
    const pkg = JSON.parse(readFileSync(pkgPath, "utf8")) as { bin?: Record<string, string> | string };
    const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.tsc;
    return bin ? join(dirname(pkgPath), bin) : null;
  } catch {
    return null;
  }
}

interface Ran {
  stdout: string;
  code: number | null;
  timedOut: boolean;
}

function run(args: string[], cwd: string, timeoutMs: number): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_OPTIONS: "", FORCE_COLOR: "0", NO_COLOR: "1" },
    });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(chunks).toString("utf8"), code, timedOut });
    });
    child.on("error", () => {
      clearTimeout(timer);
      resolve({ stdout: "", code: null, timedOut: false });
    });
  });
}

export interface ToolVerifierOptions {
  repoRoot: string;
  tsc?: string | null;
  timeoutMs?: number;
  /** Called with each tool's raw output (the demo prints a short excerpt). */
  onTool?: (tool: string, raw: string, exitCode: number | null) => void;
}

/** Runs `tsc -p .` (which also emits dist/), then `node --test` with the TAP reporter on test/. */
export function toolVerifier(opts: ToolVerifierOptions): Verifier {
  const tsc = opts.tsc === undefined ? resolveTsc() : opts.tsc;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  return {
    async verify(): Promise<VerifierVerdict> {
      if (tsc === null)
        return { status: "blocked", findings: [], notes: "typescript is not installed; tsc cannot run" };
      const outputs: ToolOutput[] = [];
      const compiled = await run([tsc, "-p", "."], opts.repoRoot, timeoutMs);
      opts.onTool?.("tsc", compiled.stdout, compiled.code);
      const tested = await run(["--test", "--test-reporter=tap", "test/"], opts.repoRoot, timeoutMs);
      opts.onTool?.("node --test", tested.stdout, tested.code);
      if (compiled.timedOut || tested.timedOut || compiled.code === null || tested.code === null) {
        return { status: "blocked", findings: [], notes: "a verifier tool timed out or could not start" };
      }
      outputs.push({ format: "tsc", content: compiled.stdout }, { format: "tap", content: tested.stdout });
      const failed = compiled.code !== 0 || tested.code !== 0;
      if (STAGE1_AT === "compactor") {
        return { status: failed ? "fail" : "pass", findings: [], notes: "", artifacts: outputs };
      }
      const findings: InputFinding[] = outputs.flatMap((o) =>
        parseToolOutput(o, { repoRoot: opts.repoRoot }).map((f) => ({
          rule: f.rule,
          message: f.message,
          location: f.location,
          severity: f.severity,
          trace: f.trace,
        })),
      );
      return { status: failed || findings.length > 0 ? "fail" : "pass", findings, notes: "" };
    },
  };
}
