// FC-REDACT-SENSITIVE-3, FC-REDACT-SENSITIVE-12: provider credentials by their public token formats, behind a prefix prefilter.
import { rulesOfKind } from "../rules.ts";
import { looksRandom } from "./entropy.ts";
import type { KeywordScan } from "./keywords.ts";
import { charClass, nextRun } from "./runs.ts";
import { credentialShaped } from "./shape.ts";
import { isAlnum, type Span } from "./types.ts";

interface Provider {
  /** Detector name reported in hits (never the value). */
  id: string;
  /** Company or product the format belongs to (documentation and the provider count). */
  provider: string;
  /** Literal substrings at least one of which must occur for the pattern to be worth running. */
  needles: string[];
  re: RegExp;
  /** Optional second check on the whole match for prefixes that are not distinctive on their own. */
  validate?: (m: string) => boolean;
  /** For a provider without needles: its own cheap test (every provider has needles or a gate). */
  gate?: (text: string) => boolean;
}

const HEX = charClass((ch) => /[0-9a-fA-F]/.test(ch));

/** Forty hex digits or more in a row, in both cases, somewhere in the text. */
function hasHexRun40(text: string): boolean {
  for (let run = nextRun(text, 0, HEX, 40); run !== null; run = nextRun(text, run[1] + 1, HEX, 40)) {
    const r = text.slice(run[0], run[1]);
    if (/[a-f]/.test(r) && /[A-F]/.test(r)) return true;
  }
  return false;
}

/** `s.` and 24 letters or digits standing alone: a legacy Vault service token's shape. */
const VAULT_LEGACY_GATE = /s\.[A-Za-z0-9]{24}(?![A-Za-z0-9._-])/;

const randomTail = (skip: number) => (m: string) => looksRandom(m.slice(skip), 12);
/** Mixed letters and digits with some spread (lower-case-and-digit bodies fail looksRandom's class count). */
const looksRandomish = (s: string) =>
  looksRandom(s, 12) || (/\d\D+\d/.test(s) && new Set(s).size >= s.length / 2.5);

/** The second tests a match of a format may need (named by the record's `check`). */
const CHECKS: Record<string, (from: number) => (m: string) => boolean> = {
  /** The part after `from` looks random. */
  "random-tail": randomTail,
  /** The part before the first '.' looks random (Discord's user-id part). */
  "random-first-part": () => (m) => looksRandom(m.slice(0, m.indexOf(".")), 12),
  /** Two dot-separated parts, or one credential-shaped part. */
  "sendgrid-shape": () => (m) => m.indexOf(".", 3) > 0 || credentialShaped(m.slice(3)),
  /** A short `EAAA…` body must look random (a base64 blob can hold "EAAA" after a separator). */
  "square-shape": () => (m) => m.startsWith("sq0") || m.length >= 44 || looksRandomish(m.slice(4)),
  "openai-shape": () => (m) =>
    m.includes("T3BlbkFJ") || /^sk-(?:proj|svcacct|admin)-/.test(m) || randomTail(3)(m),
  "huggingface-shape": () => (m) =>
    looksRandom(m.slice(m.indexOf("_") + 1), 12) ||
    (/[A-Z]/.test(m) && /[a-z]/.test(m.slice(3))) ||
    /^(?:hf|api_org)_[A-Za-z]{34}$/.test(m), // the documented body: 34 letters
  "facebook-app-secret": () => (m) => {
    const at = m.search(/\||%/);
    const tail = m.slice(at + (m[at] === "|" ? 1 : /^%7c/i.test(m.slice(at)) ? 3 : 1));
    return /\d/.test(tail) && /[A-Za-z]/.test(tail) && looksRandomish(tail);
  },
  /** Git prints object names in one case; forty hex digits in both cases are random (Sourcegraph's legacy tokens). */
  "both-cases": () => (m) => /[a-f]/.test(m) && /[A-F]/.test(m),
  "credential-shaped-body": (from) => (m) => credentialShaped(m.slice(from)),
};

/** The cheap tests that decide whether a format without keywords runs at all (named by the record's `gate`). */
const GATES: Record<string, (text: string) => boolean> = {
  "discord-dots": discordShaped,
  "fifteen-digits-and-bar": (t) => (t.includes("|") || t.includes("%")) && /\d{15}(?:\||%)/.test(t),
  "hex-run-40": hasHexRun40,
  "vault-legacy-shape": (t) => t.includes("s.") && VAULT_LEGACY_GATE.test(t),
};

/**
 * The token formats of spec/rules/redaction-rules.json, in file order. Bodies accept fewer characters than the nominal
 * length so that a token already cut short in the log (a truncated line, a wrapped column) is still masked: a long
 * prefix of a credential is still a leak (FC-REDACT-SENSITIVE-21).
 */
export const PROVIDERS: Provider[] = rulesOfKind("token-format").map((r) => {
  const check = r.check === undefined ? undefined : CHECKS[r.check.name];
  const gate = r.gate === undefined ? undefined : GATES[r.gate];
  if (r.pattern === undefined || r.provider === undefined)
    throw new Error(`redaction rules: token format ${r.id} needs a pattern and a provider`);
  if ((r.check !== undefined && check === undefined) || (r.gate !== undefined && gate === undefined))
    throw new Error(`redaction rules: token format ${r.id} names an unknown check or gate`);
  return {
    id: r.id,
    provider: r.provider,
    needles: r.keywords.providerNeedle ?? [],
    re: new RegExp(r.pattern, "g"),
    ...(check ? { validate: check(r.check?.from ?? 0) } : {}),
    ...(gate ? { gate } : {}),
  };
});

/** Every literal needle; the keyword pass reports where one may start (ignoring case), and the table below confirms. */
export const PROVIDER_NEEDLES = [...new Set(PROVIDERS.flatMap((p) => p.needles))].sort();
const NEEDLES_BY_FIRST = new Map<number, string[]>();
for (const n of PROVIDER_NEEDLES) {
  const list = NEEDLES_BY_FIRST.get(n.charCodeAt(0));
  if (list) list.push(n);
  else NEEDLES_BY_FIRST.set(n.charCodeAt(0), [n]);
}

/** The needles occurring in the text (exact case), or null when none does. */
function needlesIn(text: string, keywords: KeywordScan): Set<string> | null {
  let found: Set<string> | null = null;
  for (const at of keywords.positions("providerNeedle")) {
    for (const n of NEEDLES_BY_FIRST.get(text.charCodeAt(at)) ?? []) {
      if (!text.startsWith(n, at)) continue;
      found ??= new Set();
      found.add(n);
    }
  }
  return found;
}

const isBodyChar = (c: number) => isAlnum(c) || c === 95 || c === 45;

/**
 * Discord bot tokens' gate (they have no literal needle): a '.' with 24 body characters before it and a second '.'
 * six body characters after it. Cheap: the second '.' rules out almost every '.'.
 */
function discordShaped(text: string): boolean {
  for (let d = text.indexOf("."); d >= 0; d = text.indexOf(".", d + 1)) {
    if (d < 24 || text.charCodeAt(d + 7) !== 46) continue;
    let ok = true;
    for (let k = 1; k <= 6 && ok; k++) ok = isBodyChar(text.charCodeAt(d + k));
    for (let k = 1; k <= 24 && ok; k++) ok = isBodyChar(text.charCodeAt(d - k));
    if (ok) return true;
  }
  return false;
}

export function detectProviders(text: string, out: Span[], keywords: KeywordScan): void {
  for (const p of GATED) if (p.gate?.(text)) runProvider(p, text, out);
  const present = needlesIn(text, keywords);
  if (present === null) return;
  for (const p of PROVIDERS) {
    if (!p.gate && p.needles.some((n) => present.has(n))) runProvider(p, text, out);
  }
}

/** Providers with a gate of their own. */
const GATED = PROVIDERS.filter((p) => p.gate);
for (const p of PROVIDERS)
  if (p.needles.length === 0 && !p.gate) throw new Error(`provider ${p.id}: no needle, no gate`);

function runProvider(p: Provider, text: string, out: Span[]): void {
  p.re.lastIndex = 0;
  for (let m = p.re.exec(text); m !== null; m = p.re.exec(text)) {
    if (!p.validate || p.validate(m[0])) {
      out.push({ start: m.index, end: m.index + m[0].length, kind: "secret", detector: p.id });
    }
  }
}

/** Distinct providers covered by the table. */
export function providerCount(): number {
  return new Set(PROVIDERS.map((p) => p.provider)).size;
}
