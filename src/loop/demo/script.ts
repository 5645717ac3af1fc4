// FC-LOOP-1 (demo): the scripted Worker — a fixed sequence of patches, since no model is reachable offline.
import type { Worker, WorkerAttempt } from "../types.ts";
import type { Patch } from "./workspace.ts";

export interface ScriptStep {
  /** What the Worker says it is doing (goes to the Audit Log transcript, never to a later Worker). */
  intent: string;
  patches: Patch[];
}

const MONEY = "src/money.ts";

const fixTaxType: Patch = {
  path: MONEY,
  find: 'export const TAX_RATE: number = "0.2";',
  replace: "export const TAX_RATE = 0.2;",
};
const fixDecimals: Patch = { path: MONEY, find: ".toFixed(1)", replace: ".toFixed(2)" };
const unrelatedDoc: Patch = {
  path: MONEY,
  find: "  return Math.round(cents * (1 + TAX_RATE));\n}\n",
  replace:
    "  return Math.round(cents * (1 + TAX_RATE));\n}\n\n/** Rounds half away from zero (kept for callers). */\nexport const roundCents = (c: number): number => Math.round(c);\n",
};
const fixQuantity: Patch = {
  path: MONEY,
  find: "line.cents * line.quantity",
  replace: "line.cents * line.qty",
};

/**
 * The demo's five attempts: (1) a partial fix, (2) a fix that resolves an earlier finding, (3) an unrelated edit
 * — same Delta, changed state, so no stall — (4) the same edit again — same Delta, same state: a stall —
 * (5) after escalation, the fix of the remaining cause.
 */
export const DEMO_SCRIPT: ScriptStep[] = [
  { intent: "make TAX_RATE a number", patches: [fixTaxType] },
  { intent: "format cents with two decimals", patches: [fixDecimals] },
  { intent: "add a rounding helper", patches: [unrelatedDoc] },
  { intent: "add a rounding helper (retry)", patches: [unrelatedDoc] },
  { intent: "use the qty field in lineTotal", patches: [fixQuantity] },
];

/** Plays the script; past its end the Worker repeats the last step (a stuck Worker). */
export function scriptedWorker(script: ScriptStep[] = DEMO_SCRIPT): Worker & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    async attempt({ attempt, prompt }): Promise<WorkerAttempt> {
      prompts.push(prompt);
      const step = script[Math.min(attempt, script.length) - 1]!;
      return { trace: [{ tool: "worker", output: step.intent }], edits: step.patches };
    },
  };
}
