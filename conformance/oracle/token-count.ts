// FC-RENDER-2: an o200k_base token oracle over text the case author wrote, independent of the reference's adapter.
import { get_encoding, type Tiktoken } from "tiktoken";

let encoder: Tiktoken | undefined;

/** Ordinary-text o200k_base count (special-token text such as `<|endoftext|>` counts as ordinary text). */
export function o200kCount(text: string): number {
  encoder ??= get_encoding("o200k_base");
  return encoder.encode_ordinary(text).length;
}
