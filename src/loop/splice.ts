// FC-SPLICE-1..5: the Worker prompt — task spec, then at most one Correction Delta, then the per-turn plan (pure).
import { canonical } from "../canonical.ts";
import type { CompactedFeedbackLog, CorrectionDelta } from "../types.ts";

export const DELTA_OPEN = "<correction-delta>";
export const DELTA_CLOSE = "</correction-delta>";

/** Any spelling of the Delta's open or close tag, however cased. */
const TAG = /<(\/?)(correction-delta)/gi;

/** FC-SPLICE-4: text outside the Delta block cannot open or close a Delta block. */
function neutralise(text: string): string {
  return text.replace(TAG, "&lt;$1$2");
}

/**
 * FC-SPLICE-1: what enters the prompt from a log is its correctionDelta and nothing else; the envelope
 * (findings, rootCauses, redactions, evidence...) stays with the orchestrator.
 */
export function deltaOf(log: CompactedFeedbackLog): CorrectionDelta {
  return log.correctionDelta;
}

/**
 * The Delta's bytes in the prompt: its canonical rendering (FC-RENDER-1), except that a `<` starting a
 * correction-delta tag inside a string is written `\u003c` — the same JSON value, but no tag (FC-SPLICE-4).
 */
export function deltaBlockText(delta: CorrectionDelta): string {
  return canonical(delta).replace(TAG, "\\u003c$1$2");
}

export interface PromptParts {
  taskSpec: unknown;
  delta: CorrectionDelta | null;
  plan?: string;
}

/**
 * FC-SPLICE-2, FC-SPLICE-3: the task spec first (immutable, verbatim when a string, canonical JSON otherwise),
 * then the Delta block when there is a Delta, then the plan. The function takes one Delta, so a prompt holds
 * at most one.
 */
export function buildPrompt(parts: PromptParts): string {
  const spec = typeof parts.taskSpec === "string" ? parts.taskSpec : canonical(parts.taskSpec ?? null);
  const out = ["<task-spec>", neutralise(spec), "</task-spec>"];
  if (parts.delta !== null) out.push(DELTA_OPEN, deltaBlockText(parts.delta), DELTA_CLOSE);
  if (parts.plan !== undefined && parts.plan !== "") out.push("<plan>", neutralise(parts.plan), "</plan>");
  return `${out.join("\n")}\n`;
}

/** Reads the Delta back out of a prompt: null when there is none; an error string when there are several. */
export function deltaInPrompt(prompt: string): CorrectionDelta | null | { error: string } {
  const opens = prompt.split(DELTA_OPEN).length - 1;
  if (opens === 0) return null;
  if (opens > 1) return { error: `the prompt holds ${opens} Delta blocks` };
  const start = prompt.indexOf(DELTA_OPEN) + DELTA_OPEN.length;
  const end = prompt.indexOf(DELTA_CLOSE, start);
  if (end < 0) return { error: "the Delta block is not closed" };
  return JSON.parse(prompt.slice(start, end)) as CorrectionDelta;
}
