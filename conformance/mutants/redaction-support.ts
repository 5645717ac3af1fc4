// FC-CERT-11: building blocks for redaction mutants and variants — the reference pipeline with its redactor or leak scan replaced.
import { sharedTokenizer } from "../../src/adapters/tiktoken.ts";
import { compact } from "../../src/pipeline/compact.ts";
import { redactPath, redactText, scanForLeaks } from "../../src/redact/index.ts";
import type { ProtocolHandler } from "../iut.ts";
import { isObj } from "./support.ts";

type Ctx = { repoRoot?: string };
type Hits = { kind: "secret" | "pii" | "path"; detector: string }[];
export type TextRedactor = (text: string, ctx: Ctx) => { text: string; hits: Hits };

export interface Replaced {
  text?: TextRedactor;
  leakScan?: (text: string) => { detector: string }[];
}

/** The reference, with compact running the given redactor or leak scan; other commands go to the reference. */
export function compactWith(reference: ProtocolHandler, replaced: Replaced): ProtocolHandler {
  return async (cmd, message) => {
    if (cmd !== "compact" || !isObj(message.options ?? {})) return reference(cmd, message);
    const options = (message.options ?? {}) as { budgetTokens?: number };
    // An option the pipeline does not take is the reference's to refuse (the protocol's own check).
    if (Object.keys(options).some((k) => k !== "budgetTokens")) return reference(cmd, message);
    try {
      const r = compact(message.request, {
        tokenizer: sharedTokenizer(),
        ...(options.budgetTokens !== undefined ? { budgetTokens: options.budgetTokens } : {}),
        redactor: { text: replaced.text ?? redactText, path: redactPath },
        leakScan: replaced.leakScan ?? scanForLeaks,
      });
      return r.ok ? { log: r.value.log } : { error: { code: r.error.code, message: r.error.message } };
    } catch (e) {
      return { error: { code: "INTERNAL", message: e instanceof Error ? e.name : "Error" } };
    }
  };
}

/** The reference redactor, blind to what `shape` matches: those texts are set aside before and put back after. */
export function blindTo(shape: RegExp): TextRedactor {
  return (text, ctx) => {
    const kept: string[] = [];
    const shielded = text.replace(shape, (m) => `QQSHIELD${kept.push(m) - 1}QQ`);
    const r = redactText(shielded, ctx);
    return { text: r.text.replace(/QQSHIELD(\d+)QQ/g, (_m, i: string) => kept[Number(i)]!), hits: r.hits };
  };
}
