// FC-RENDER-2: the one place the o200k_base encoder is built, for the in-process counter and the worker thread.
// tiktoken/lite with the package's published o200k_base tables is the encoder get_encoding("o200k_base") returns,
// built in ~0.2 s instead of ~0.35 s because its WebAssembly does not embed every other encoding.
import { createRequire } from "node:module";
import { Tiktoken } from "tiktoken/lite";

export function newO200kEncoder() {
  const tables = createRequire(import.meta.url)("tiktoken/encoders/o200k_base");
  return new Tiktoken(tables.bpe_ranks, tables.special_tokens, tables.pat_str);
}
