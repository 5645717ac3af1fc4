// FC-RENDER-2: an o200k_base token oracle over text the case author wrote, independent of the reference's adapter.
import { get_encoding, type Tiktoken } from "tiktoken";

let encoder: Tiktoken | undefined;

/**
 * Counts already made, by text (a count depends on the text alone): certifying many implementations in one process
 * counts the same Deltas again. Texts over MEMO_TEXT characters are not kept; the table starts over at MEMO_ENTRIES.
 */
const memo = new Map<string, number>();
const MEMO_ENTRIES = 4096;
const MEMO_TEXT = 16_384;

/** Ordinary-text o200k_base count (special-token text such as `<|endoftext|>` counts as ordinary text). */
export function o200kCount(text: string): number {
  const known = memo.get(text);
  if (known !== undefined) return known;
  encoder ??= get_encoding("o200k_base");
  const n = encoder.encode_ordinary(text).length;
  if (text.length <= MEMO_TEXT) {
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(text, n);
  }
  return n;
}
