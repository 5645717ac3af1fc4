// FC-REDACT-SENSITIVE-12: one keyword pass per text — every family's trigger words found in a single scan.
import { PROVIDER_KEY_WORDS } from "./provider-keys.ts";
import {
  CLI_FLAG_WORDS,
  CLI_WORDS,
  KIND_WORDS,
  LOCATOR_WORDS,
  NAME_WORDS,
  PROSE_PASSWORD_WORDS,
  VALUE_WORDS,
} from "./assignments.ts";
import { CONTEXT_WORDS } from "./entropy.ts";
import { POSIX_ROOT_WORDS } from "./paths.ts";
import { PHONE_WORDS, SIN_WORDS, SSN_WORDS } from "./pii.ts";
import { PROVIDER_NEEDLES } from "./providers.ts";
import { HEADER_WORDS, PEM_WORDS } from "./structural.ts";

/**
 * The keyword families. Each family's words are literal prefixes that every match of its detector's pattern (or
 * gate) starts with, compared ignoring ASCII case: a text where no word of a family occurs cannot match that
 * pattern, and a position where none starts cannot start a match. Detectors whose own gate is case-sensitive
 * still apply it after this one; this pass only rules texts and positions out.
 */
const FAMILIES = {
  /** providers: the literal needles of the token formats (positions; the case is confirmed by the detector). */
  providerNeedle: PROVIDER_NEEDLES,
  /** provider-keys: a provider's name in a key (positions). */
  providerKey: PROVIDER_KEY_WORDS,
  /** entropy: a secret word in prose before a random-looking value (positions). */
  context: CONTEXT_WORDS,
  /** assignments: the secret word inside a key (positions). */
  locator: LOCATOR_WORDS,
  /** assignments: a password stated in prose. */
  prosePassword: PROSE_PASSWORD_WORDS,
  /** assignments: command-line credentials (`mysql -p…`, `--token …`). */
  cli: CLI_WORDS,
  cliFlag: CLI_FLAG_WORDS,
  /** assignments: a Kubernetes Secret manifest. */
  kind: KIND_WORDS,
  /** assignments: `name`/`value` pairs. */
  name: NAME_WORDS,
  value: VALUE_WORDS,
  /** structural: Authorization, Bearer, Basic and Cookie headers. */
  header: HEADER_WORDS,
  /** structural: PEM and PuTTY private keys. */
  pem: PEM_WORDS,
  /** pii: phone numbers named as such, and national ids next to their name. */
  phone: PHONE_WORDS,
  ssn: SSN_WORDS,
  sin: SIN_WORDS,
  /** paths: a POSIX path under a known root. */
  posixRoot: POSIX_ROOT_WORDS,
} as const satisfies Record<string, readonly string[]>;

export type KeywordFamily = keyof typeof FAMILIES;

/** The words of each family (for tests and documentation). */
export function keywordFamilies(): Readonly<Record<KeywordFamily, readonly string[]>> {
  return FAMILIES;
}
const NAMES = Object.keys(FAMILIES).sort() as KeywordFamily[];
const BIT = new Map<KeywordFamily, number>(NAMES.map((f, i) => [f, 1 << i]));

/**
 * The words, indexed by their first three characters (ASCII case folded), or by both characters for a
 * two-character word. A table of hashed three-character keys, small enough to stay in cache, rules out most
 * positions with one lookup; the map and a full comparison confirm the rest.
 */
interface Entry {
  word: string;
  bits: number;
}
const FOLD = new Uint8Array(128);
for (let c = 0; c < 128; c++) FOLD[c] = c >= 65 && c <= 90 ? c + 32 : c;
/** ASCII letters folded to lower case; anything else outside ASCII is 0, which no word holds (JS `/i` semantics). */
const fold = (c: number) => (c < 128 ? FOLD[c]! : 0);
const key3 = (a: number, b: number, c: number) => (a << 14) | (b << 7) | c;
const hash3 = (k: number) => Math.imul(k, 0x9e3779b1) >>> 16;

const BY_KEY3 = new Map<number, Entry[]>();
const SEEN3 = new Uint8Array(1 << 16);
const BY_KEY2 = new Map<number, Entry[]>();
const SEEN2 = new Uint8Array(1 << 14);
{
  const bitsOf = new Map<string, number>();
  for (const f of NAMES) {
    for (const w of FAMILIES[f]) {
      const l = w.toLowerCase();
      if (l.length < 2 || !/^[\x01-\x7f]+$/.test(l))
        throw new Error(`keyword must be ASCII, 2 characters or more: ${w}`);
      bitsOf.set(l, (bitsOf.get(l) ?? 0) | BIT.get(f)!);
    }
  }
  for (const word of [...bitsOf.keys()].sort()) {
    const entry = { word, bits: bitsOf.get(word)! };
    const c = (i: number) => word.charCodeAt(i);
    if (word.length === 2) {
      const k = (c(0) << 7) | c(1);
      SEEN2[k] = 1;
      BY_KEY2.set(k, [...(BY_KEY2.get(k) ?? []), entry]);
    } else {
      const k = key3(c(0), c(1), c(2));
      SEEN3[hash3(k)] = 1;
      BY_KEY3.set(k, [...(BY_KEY3.get(k) ?? []), entry]);
    }
  }
}

/** The rest of `word` (its first `skip` characters are known to match) at `at`, ignoring ASCII case. */
function restMatches(text: string, at: number, word: string, skip: number): boolean {
  if (at + word.length > text.length) return false;
  for (let j = skip; j < word.length; j++)
    if (fold(text.charCodeAt(at + j)) !== word.charCodeAt(j)) return false;
  return true;
}

/** Which families occur in a text, and where their words start. */
export class KeywordScan {
  private readonly bits: number;
  private readonly starts: Map<KeywordFamily, number[]>;

  constructor(bits: number, starts: Map<KeywordFamily, number[]>) {
    this.bits = bits;
    this.starts = starts;
  }

  /** Some word of the family occurs in the text. */
  has(family: KeywordFamily): boolean {
    return (this.bits & BIT.get(family)!) !== 0;
  }

  /** The positions where a word of the family may start, ascending (a superset: the detector confirms each). */
  positions(family: KeywordFamily): readonly number[] {
    return this.starts.get(family) ?? [];
  }
}

/** One pass for every family's words: each position where a word starts is recorded for the word's families. */
export function scanKeywords(text: string): KeywordScan {
  let bits = 0;
  const starts = new Map<KeywordFamily, number[]>();
  const record = (at: number, entryBits: number) => {
    bits |= entryBits;
    for (const f of NAMES) {
      if ((entryBits & BIT.get(f)!) === 0) continue;
      const list = starts.get(f);
      if (!list) starts.set(f, [at]);
      else if (list[list.length - 1] !== at) list.push(at);
    }
  };
  const n = text.length;
  let a = 0; // folded character at i - 2 (0: none)
  let b = 0; // folded character at i - 1
  for (let i = 0; i < n; i++) {
    const c = fold(text.charCodeAt(i));
    if (i >= 2) {
      const k = key3(a, b, c);
      if (SEEN3[hash3(k)] === 1) {
        for (const e of BY_KEY3.get(k) ?? []) if (restMatches(text, i - 2, e.word, 3)) record(i - 2, e.bits);
      }
    }
    if (i >= 1 && SEEN2[(b << 7) | c] === 1) {
      for (const e of BY_KEY2.get((b << 7) | c) ?? []) record(i - 1, e.bits);
    }
    a = b;
    b = c;
  }
  return new KeywordScan(bits, starts);
}
