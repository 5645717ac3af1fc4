// FC-REDACT-SENSITIVE-14, FC-REDACT-SENSITIVE-12: values keyed by a provider's name (`ASANA_KEY=…`, `kucoinKey: …`, `<oktaToken>…`) — masked when credential-shaped.
import { listOf, ruleById } from "../rules.ts";
import { BENIGN_ENDINGS, segments } from "./keys.ts";
import type { KeywordScan } from "./keywords.ts";
import { credentialShaped } from "./shape.ts";
import { type Assigned, readAssignment, readLooseAssignment, sameSpan } from "./syntax.ts";
import { isAlnum, type Span } from "./types.ts";

const PROVIDER_KEYED = ruleById("provider-keyed");
/**
 * Providers whose credentials have no distinctive prefix of their own, or that are often stored under the provider's
 * name (spec/rules/redaction-rules.json, record provider-keyed): a key naming one of them (any casing or separator, bare
 * or with a credential word) marks its value as a credential when the value is credential-shaped. Lower case,
 * separators removed.
 */
export const PROVIDER_WORDS: readonly string[] = listOf("provider-keyed", "names");
/** Every provider word as it may appear in a key, with the separated spellings of multi-word names. */
const PROVIDER_KEY_WORDS = [...PROVIDER_WORDS, ...(PROVIDER_KEYED.spellings ?? [])];
/** The longest provider word at a position the keyword pass reported (any case); boundaries are checked in code. */
const WORD = new RegExp(
  [...PROVIDER_KEY_WORDS]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"))
    .join("|"),
  "iy",
);

const isIdent = (c: number) => isAlnum(c) || c === 95 || c === 45 || c === 46;

/** Key endings that name something other than the credential (a URL, a version, a commit, a count, a time). */
const EXTRA_ENDINGS = [
  "sha",
  "commit",
  "hash",
  "digest",
  "revision",
  "rev",
  "release",
  "stack",
  "handle",
  "channel",
  "project",
  "workspace",
  "team",
  "org",
  "environment",
  "enabled",
  "ts",
  "time",
  "timestamp",
  "date",
  "at",
  "appname",
  "site",
  "domain",
  "email",
];

/** Segments naming a non-credential id (a run, a channel, a trace) — unless a credential word is in the key too. */
const NON_CREDENTIAL = new Set([
  "run",
  "job",
  "build",
  "workflow",
  "attempt",
  "number",
  "repository",
  "repo",
  "actor",
  "owner",
  "channel",
  "guild",
  "thread",
  "message",
  "issue",
  "pr",
  "pull",
  "ref",
  "branch",
  "event",
  "trace",
  "span",
  "request",
  "correlation",
  "installation",
  "deployment",
  "release",
]);
const CREDENTIAL_WORD =
  /^(?:key|keys|token|tokens|secret|secrets|pass|passwd|password|pwd|auth|credential|credentials|creds|pat|sid|apikey|signature|sig|cookie|session)$/;

/** The key names something other than a credential; the provider's own name (`message-bird`) is no such word. */
function keyIsBenign(ident: string, provider: string): boolean {
  const segs = segments(ident);
  const last = segs[segs.length - 1] ?? "";
  const joined = segs.join("");
  if (EXTRA_ENDINGS.includes(last)) return true;
  const at = ident.toLowerCase().indexOf(provider.toLowerCase());
  const others = at < 0 ? segs : segments(`${ident.slice(0, at)} ${ident.slice(at + provider.length)}`);
  // A two-letter segment ("pr") counts only in a key made of words: machine-made keys are full of them.
  const wordMade = segs.every((x) => !/\d/.test(x));
  if (
    others.some((x) => NON_CREDENTIAL.has(x) && (x.length > 2 || wordMade)) &&
    !segs.some((x) => CREDENTIAL_WORD.test(x))
  )
    return true;
  return BENIGN_ENDINGS.some((e) => joined.endsWith(e) && e.length >= 3 && (last === e || last.endsWith(e)));
}

const GATE_LEN = 160;

/** Values assigned to a key that names a provider. */
export function detectProviderKeys(text: string, out: Span[], keywords: KeywordScan): void {
  const found = keywords.matches("providerKey", WORD, text);
  for (const m of found) {
    let s = m.index;
    while (s > 0 && m.index - s < 50 && isIdent(text.charCodeAt(s - 1))) s--;
    let e = m.index + m[0].length;
    while (e < text.length && e - m.index < 60 && isIdent(text.charCodeAt(e))) e++;
    // The gate reads at most GATE_LEN characters of the value (a value that long decides its shape), so a run of
    // keys (`asana=asana=…`) costs a bounded amount per key; a masked value is then extended to its real end.
    const ident = text.slice(s, e);
    if (ident.length === 0 || keyIsBenign(ident, m[0])) continue;
    // The strict reading first (`K = "v"`, `<K>v</K>`, `K: string = …`); then the loose one (`K ||"` v`).
    let a: Assigned | null = null;
    let loose = false;
    const strict = readAssignment(text, s, e, GATE_LEN);
    if (strict !== null && credentialShaped(text.slice(strict.start, strict.end))) a = strict;
    else {
      const l = readLooseAssignment(text, e, GATE_LEN, true);
      if (l !== null && !sameSpan(strict, l) && credentialShaped(text.slice(l.start, l.end))) {
        a = l;
        loose = true;
      }
    }
    if (a !== null) {
      let { start, end } = a;
      if (end - start === GATE_LEN)
        end = (loose ? readLooseAssignment(text, e, 1024, true) : readAssignment(text, s, e))?.end ?? end;
      while (end > start && /\s/.test(text[end - 1]!)) end--;
      while (start < end && /\s/.test(text[start]!)) start++;
      out.push({ start, end, kind: "secret", detector: "provider-keyed" });
      found.skipTo(end);
    }
  }
}
