// FC-REDACT-SENSITIVE-12, FC-REDACT-SENSITIVE-20: one keyword pass per text — every family's trigger words found in a single scan.
import { keywordWords } from "../rules.ts";

/** The keyword families, named as the detectors ask for them. */
const FAMILY_NAMES = [
  /** providers: the literal needles of the token formats (positions; the case is confirmed by the detector). */
  "providerNeedle",
  /** provider-keys: a provider's name in a key (positions). */
  "providerKey",
  /** entropy: a secret word in prose before a random-looking value (positions). */
  "context",
  /** assignments: the secret word inside a key (positions); a password stated in prose. */
  "locator",
  "prosePassword",
  /** assignments: command-line credentials (`mysql -p…`, `--token …`). */
  "cli",
  "cliFlag",
  /** assignments: a Kubernetes Secret manifest; `name`/`value` pairs. */
  "kind",
  "name",
  "value",
  /** structural: Authorization, Bearer, Basic and Cookie headers; PEM and PuTTY private keys. */
  "header",
  "pem",
  /** pii: phone numbers named as such, and national ids next to their name. */
  "phone",
  "ssn",
  "sin",
  /** paths: a POSIX path under a known root. */
  "posixRoot",
] as const;

/**
 * The keyword families, built from the rule records (spec/rules/redaction-rules.json). Each family's words are literal
 * prefixes that every match of its detector's pattern (or gate) starts with, compared ignoring ASCII case: a text
 * where no word of a family occurs cannot match that pattern, and a position where none starts cannot start a match.
 * Detectors whose own gate is case-sensitive still apply it after this one; this pass only rules texts and positions out.
 */
const FAMILIES = (() => {
  const words = keywordWords();
  for (const f of Object.keys(words))
    if (!(FAMILY_NAMES as readonly string[]).includes(f))
      throw new Error(`redaction rules: unknown keyword family ${f}`);
  const out = {} as Record<(typeof FAMILY_NAMES)[number], readonly string[]>;
  for (const f of FAMILY_NAMES) {
    const list = words[f];
    if (list === undefined || list.length === 0)
      throw new Error(`redaction rules: keyword family ${f} has no words`);
    out[f] = list;
  }
  return out;
})();

export type KeywordFamily = keyof typeof FAMILIES;

/** The words of each family (for tests and documentation). */
export function keywordFamilies(): Readonly<Record<KeywordFamily, readonly string[]>> {
  return FAMILIES;
}

const NAMES = Object.keys(FAMILIES).sort() as KeywordFamily[];
const INDEX = Object.fromEntries(NAMES.map((f, i) => [f, i])) as Record<KeywordFamily, number>;

/**
 * The words, indexed by the three characters that end where a word's third character is (ASCII case folded):
 * a word of three or more characters by its first three, a two-character word by every character before it
 * and its two. A table of hashed keys, small enough to stay in cache, rules out most positions with one
 * lookup; the map and a comparison of the remaining characters confirm the rest.
 */
interface Entry {
  word: string;
  /** Where the word starts, counted back from the key's last character. */
  back: number;
  /** The families the word belongs to, as indexes into NAMES. */
  families: number[];
}
/** ASCII letters folded to lower case; every code unit outside ASCII is 0, which no word holds (JS `/i` semantics). */
const FOLD = new Uint8Array(65536);
for (let c = 1; c < 128; c++) FOLD[c] = c >= 65 && c <= 90 ? c + 32 : c;
const KEY_MASK = (1 << 21) - 1;
const hashKey = (k: number) => Math.imul(k, 0x9e3779b1) >>> 16;

const BY_KEY = new Map<number, Entry[]>();
const SEEN = new Uint8Array(1 << 16);
{
  const familiesOf = new Map<string, number[]>();
  for (const f of NAMES) {
    for (const w of FAMILIES[f]) {
      const l = w.toLowerCase();
      if (l.length < 2 || !/^[\x01-\x7f]+$/.test(l))
        throw new Error(`keyword must be ASCII, 2 characters or more: ${w}`);
      const list = familiesOf.get(l) ?? [];
      if (!list.includes(INDEX[f])) list.push(INDEX[f]);
      familiesOf.set(l, list);
    }
  }
  const add = (key: number, entry: Entry) => {
    SEEN[hashKey(key)] = 1;
    BY_KEY.set(key, [...(BY_KEY.get(key) ?? []), entry]);
  };
  for (const word of [...familiesOf.keys()].sort()) {
    const families = familiesOf.get(word)!;
    const c = (i: number) => word.charCodeAt(i);
    if (word.length >= 3) add((c(0) << 14) | (c(1) << 7) | c(2), { word, back: 2, families });
    else
      for (const x of new Set(FOLD.subarray(0, 128)))
        add((x << 14) | (c(0) << 7) | c(1), { word, back: 1, families });
  }
}

/** Which families occur in a text, and where their words start. */
export class KeywordScan {
  private readonly bits: number;
  private readonly starts: (number[] | undefined)[];

  constructor(bits: number, starts: (number[] | undefined)[]) {
    this.bits = bits;
    this.starts = starts;
  }

  /** Some word of the family occurs in the text. */
  has(family: KeywordFamily): boolean {
    return (this.bits & (1 << INDEX[family])) !== 0;
  }

  /** The positions where a word of the family starts, ascending. */
  positions(family: KeywordFamily): readonly number[] {
    return this.starts[INDEX[family]] ?? [];
  }

  /**
   * The matches of the sticky pattern `re` (which starts with a word of the family) at the family's positions, left to
   * right without overlaps: the matches one global scan of the pattern would find. `skipTo(end)` moves the scan past a
   * masked value.
   */
  matches(family: KeywordFamily, re: RegExp, text: string): AnchoredMatches {
    return new AnchoredMatches(this.positions(family), re, text);
  }
}

export class AnchoredMatches implements IterableIterator<RegExpExecArray> {
  /** Where the scan resumes: the end of the last match, or further after skipTo. */
  private resume = 0;
  private i = 0;

  constructor(
    private readonly at: readonly number[],
    private readonly re: RegExp,
    private readonly text: string,
  ) {}

  /** Resume the scan at `end` at the earliest (never earlier than the end of the last match). */
  skipTo(end: number): void {
    if (end > this.resume) this.resume = end;
  }

  [Symbol.iterator](): IterableIterator<RegExpExecArray> {
    return this;
  }

  // A plain iterator rather than a generator: it runs for every text, most of which have no position at all.
  next(): IteratorResult<RegExpExecArray> {
    while (this.i < this.at.length) {
      const at = this.at[this.i++]!;
      if (at < this.resume) continue;
      this.re.lastIndex = at;
      const m = this.re.exec(this.text);
      if (m === null) continue;
      this.resume = at + m[0].length;
      return { value: m, done: false };
    }
    return { value: undefined, done: true };
  }
}

/** One pass for every family's words: each position where a word starts is recorded for the word's families. */
export function scanKeywords(text: string): KeywordScan {
  let bits = 0;
  const starts: (number[] | undefined)[] = [];
  const n = text.length;
  let key = 0; // the last three characters, folded, 7 bits each
  for (let i = 0; i < n; i++) {
    key = ((key << 7) | FOLD[text.charCodeAt(i)]!) & KEY_MASK;
    if (SEEN[hashKey(key)] === 0) continue;
    const entries = BY_KEY.get(key);
    if (entries === undefined) continue;
    for (const e of entries) {
      const at = i - e.back;
      if (at < 0 || !restMatches(text, at, e.word)) continue;
      for (const f of e.families) {
        bits |= 1 << f;
        const list = starts[f];
        if (list === undefined) starts[f] = [at];
        else if (list[list.length - 1] !== at) list.push(at);
      }
    }
  }
  return new KeywordScan(bits, starts);
}

/** The rest of `word` (its first three characters, or two, are known to match) at `at`, ignoring ASCII case. */
function restMatches(text: string, at: number, word: string): boolean {
  if (at + word.length > text.length) return false;
  for (let j = 3; j < word.length; j++)
    if (FOLD[text.charCodeAt(at + j)] !== word.charCodeAt(j)) return false;
  return true;
}
