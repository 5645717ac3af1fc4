// FC-CASE-5: text assertions searched fast — a filter per reply text that answers exactly as `includes` does.

/**
 * A filter over the substrings of one length of one text: the rolling hash of every window sets one bit, in one
 * pass over the text (no string is made per position). A needle whose hash's bit is clear is not in the text; any
 * other needle is searched for in the text, so the answer is always `text.includes(needle)`'s. With sixteen bits
 * per window, about one absent needle in sixteen is searched for in vain.
 */
export class WindowFilter {
  readonly #text: string;
  readonly #n: number;
  readonly #mask: number;
  readonly #bits: Uint32Array;

  constructor(text: string, n: number) {
    if (!Number.isInteger(n) || n < 1 || n > text.length) throw new RangeError("window length out of range");
    this.#text = text;
    this.#n = n;
    const count = text.length - n + 1;
    let size = 64;
    while (size < count * 16) size *= 2;
    this.#mask = size - 1;
    this.#bits = new Uint32Array(size / 32);
    // B^(n-1), for taking the leaving character out of the rolling hash.
    let top = 1;
    for (let i = 1; i < n; i++) top = Math.imul(top, BASE);
    let h = hashOf(text, n);
    for (let at = 0; ; at++) {
      const bit = mix(h) & this.#mask;
      this.#bits[bit >>> 5]! |= 1 << (bit & 31);
      if (at + n >= text.length) break;
      h = (Math.imul(h - Math.imul(text.charCodeAt(at), top), BASE) + text.charCodeAt(at + n)) | 0;
    }
  }

  /** Whether the text holds `needle`, which must be as long as the filter's windows. */
  has(needle: string): boolean {
    if (needle.length !== this.#n) throw new RangeError("needle length differs from the filter's");
    const bit = mix(hashOf(needle, needle.length)) & this.#mask;
    if ((this.#bits[bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    return this.#text.includes(needle);
  }
}

const BASE = 0x01000193;

/** The polynomial hash of `s`'s first `n` characters, as the rolling hash of a window starting at 0 reads it. */
function hashOf(s: string, n: number): number {
  let h = 0;
  for (let i = 0; i < n; i++) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
  return h;
}

/** Spreads a hash over the low bits the filter uses (a polynomial hash's low bits depend on the last characters only). */
function mix(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return x ^ (x >>> 16);
}

/** After this many searches of one text for needles of one length, the text gets a filter for that length. */
export const FILTER_AFTER = 32;

/**
 * Searches of many texts for many needles, each answered as `text.includes(needle)` would. The texts are keyed by
 * the value they are the JSON text of (a reply is never changed once received), and a text searched often for
 * needles of one length gets a {@link WindowFilter} of that length: a case may search one reply for thousands of
 * needles (a rule's samples in 16-character windows).
 */
export class TextSearches {
  readonly #byValue = new WeakMap<object, Map<number, { searches: number; filter?: WindowFilter }>>();

  contains(value: unknown, text: string, needle: string): boolean {
    const n = needle.length;
    if (value === null || typeof value !== "object" || n === 0 || n > text.length)
      return text.includes(needle);
    let byLength = this.#byValue.get(value);
    if (byLength === undefined) {
      byLength = new Map();
      this.#byValue.set(value, byLength);
    }
    let entry = byLength.get(n);
    if (entry === undefined) {
      entry = { searches: 0 };
      byLength.set(n, entry);
    }
    if (entry.filter === undefined) {
      if (++entry.searches <= FILTER_AFTER) return text.includes(needle);
      entry.filter = new WindowFilter(text, n);
    }
    return entry.filter.has(needle);
  }
}
