// FC-WB-3, FC-WB-4: the workbench's engine in the browser — the reference pipeline (the same modules as `compact`),
// tiktoken's WebAssembly for the o200k_base count, and the stage-by-stage explanation of `compact --explain`.
import o200k from "tiktoken/encoders/o200k_base.json" with { type: "json" };
import { init, Tiktoken } from "tiktoken/lite/init";
import wasm from "tiktoken/lite/tiktoken_bg.wasm";
import { canonical } from "../../../src/canonical.ts";
import type { FcError } from "../../../src/errors.ts";
import { compact } from "../../../src/pipeline/compact.ts";
import { renderExplain } from "../../../src/pipeline/explain.ts";
import { scanForLeaks } from "../../../src/redact/index.ts";
import type { Tokenizer } from "../../../src/tokens.ts";

let encoder: Tiktoken | undefined;

/** Instantiates tiktoken's WebAssembly and the o200k_base encoder (once). */
export async function ready(): Promise<void> {
  if (encoder) return;
  await init((imports) => WebAssembly.instantiate(wasm, imports));
  const t = o200k as { bpe_ranks: string; special_tokens: Record<string, number>; pat_str: string };
  encoder = new Tiktoken(t.bpe_ranks, t.special_tokens, t.pat_str);
}

/** The o200k_base count of ordinary text (FC-RENDER-2), as the CLI's tokenizer counts. */
export const tokenizer: Tokenizer = {
  count(text: string): number {
    if (!encoder) throw new Error("call ready() first");
    return encoder.encode_ordinary(text).length;
  },
};

export interface RunOptions {
  budgetTokens?: number;
}

export type RunResult =
  | {
      ok: true;
      log: Record<string, unknown>;
      /** The canonical rendering of the Delta: the bytes the Worker receives. */
      deltaText: string;
      renderedTokens: number;
      budgetTokens: number;
      /** `compact --explain`'s text. */
      explainText: string;
    }
  | { ok: false; error: FcError };

/** Runs the reference pipeline exactly as `compact --explain` does: the same typed errors, the same leak scan. */
export function run(request: unknown, options: RunOptions = {}): RunResult {
  const r = compact(request, {
    tokenizer,
    ...(options.budgetTokens !== undefined ? { budgetTokens: options.budgetTokens } : {}),
    explain: true,
  });
  if (!r.ok) return { ok: false, error: r.error };
  const out = r.value;
  const e = out.explain!;
  const explainText = renderExplain(e);
  // FC-LEAK-2: as the CLI does, the explanation is scanned before it is shown.
  const hits = scanForLeaks(explainText);
  if (hits.length > 0) {
    const names = [...new Set(hits.map((h) => h.detector))].sort().join(", ");
    return {
      ok: false,
      error: { code: "SECRET_LEAK", message: `the output scan matched (${names}); nothing was written` },
    };
  }
  const log = out.log as unknown as Record<string, unknown>;
  const compaction = log.compaction as { renderedTokens: number; budgetTokens: number };
  return {
    ok: true,
    log,
    deltaText: out.deltaText,
    renderedTokens: compaction.renderedTokens,
    budgetTokens: compaction.budgetTokens,
    explainText,
  };
}

/** What `compact` prints for a golden case, as scripts/golden-lib.ts writes it (the bytes test compares these). */
export function goldenText(c: { id: string; request: unknown; options?: RunOptions }): string {
  const r = compact(c.request, { tokenizer, ...(c.options ?? {}) });
  const doc = r.ok ? { id: c.id, log: r.value.log, delta: r.value.deltaText } : { id: c.id, error: r.error };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export { canonical };
