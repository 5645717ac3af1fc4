// FC-RENDER-2: the o200k_base counter at the edge — one shared encoder, built lazily by o200k.mjs, ordinary text only.
import type { Tiktoken } from "tiktoken/lite";
import { newO200kEncoder } from "./o200k.mjs";
import type { Tokenizer } from "../tokens.ts";

let encoder: Tiktoken | undefined;

/** The process-wide o200k_base tokenizer; built on first use (~0.2 s) and kept. */
export function sharedTokenizer(): Tokenizer {
  return {
    count(text: string): number {
      encoder ??= newO200kEncoder();
      return encoder.encode_ordinary(text).length;
    },
  };
}

/** Frees the shared encoder (tests, long-lived hosts); the next count builds a new one. */
export function releaseTokenizer(): void {
  encoder?.free();
  encoder = undefined;
}
