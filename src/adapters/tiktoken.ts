// FC-RENDER-2: the o200k_base counter at the edge — one shared encoder, built lazily by o200k.mjs, ordinary text only.
import type { Tiktoken } from "tiktoken/lite";
import { newO200kEncoder } from "./o200k.mjs";
import type { Tokenizer } from "../tokens.ts";

let encoder: Tiktoken | undefined;

/**
 * Counts already made, by text. A count is a pure function of the text, so remembering it changes no answer; it
 * spares the encoder the texts a host counts again (Stage 5 counts each candidate Delta whose UTF-8 bytes exceed the
 * budget, and a loop or a certification sends the same requests again). Bounded: texts over MEMO_TEXT characters are
 * not kept, and the table starts over when it holds MEMO_ENTRIES.
 */
const memo = new Map<string, number>();
const MEMO_ENTRIES = 4096;
const MEMO_TEXT = 16_384;

/** The process-wide o200k_base tokenizer; built on first use (~0.2 s) and kept. */
export function sharedTokenizer(): Tokenizer {
  return {
    count(text: string): number {
      const known = memo.get(text);
      if (known !== undefined) return known;
      encoder ??= newO200kEncoder();
      const n = encoder.encode_ordinary(text).length;
      if (text.length <= MEMO_TEXT) {
        if (memo.size >= MEMO_ENTRIES) memo.clear();
        memo.set(text, n);
      }
      return n;
    },
  };
}

/** Frees the shared encoder and forgets the counts (tests, long-lived hosts); the next count builds a new one. */
export function releaseTokenizer(): void {
  encoder?.free();
  encoder = undefined;
  memo.clear();
}
