// FC-REDACT-SENSITIVE-14, FC-REDACT-SENSITIVE-19: credential-shaped values — long enough, of a token alphabet, and not made of words.
import { shannon } from "./entropy.ts";
import { isDigit, isLower, isUpper } from "./types.ts";

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const HEX = /^[0-9a-fA-F]+$/;
const VALUE_CHARS = /^[A-Za-z0-9+/=_.~:%|-]+$/;
const VERSIONISH = /^[v^~<>=]{0,3}\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.-]*)?$/;
const DATEISH = /^\d{4}-\d{2}-\d{2}/;
const REFERENCE = /^(?:\$|%[A-Za-z_]|\{\{|<|process\.env|os\.environ|env\.|secrets\.|vars\.|«)/;
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Letter pairs that (almost) never occur inside English words; random letter runs hit one quickly. */
const RARE_PAIRS = new Set([
  ..."abcdefghijklmnopqrstvwxyz".split("").map((c) => `q${c}`),
  ..."bcdfghjklmnpqrstvwxz".split("").map((c) => `j${c}`),
  ..."bdgjkmnqrsvwz".split("").map((c) => `x${c}`),
  ..."bcdfghjkmnpqtwxz".split("").map((c) => `v${c}`),
  ..."bcdfgjkmnpqrstvwx".split("").map((c) => `z${c}`),
  ..."bw bz cb cf cg cp cv cw dz fb fc fd fg fh fk fm fn fp fv fw gc gk gp gq gv hb hc hd hf hg hh hk hp hq hv hz".split(
    " ",
  ),
  ..."kc kg kq kv lx mq mx mz pq pv px pz sx sz tq tx wj wq wv wx wz yq yj".split(" "),
]);

/** A letter run that reads like a word: enough vowels, no long consonant cluster, no letter pair foreign to words. */
function pronounceable(run: string): boolean {
  if (run.length <= 4) return true;
  if (run.length >= 16) return false; // no single word is that long; a run that long is a token
  if (run.length >= 8) {
    const l = run.toLowerCase();
    for (let i = 0; i + 1 < l.length; i++) if (RARE_PAIRS.has(l.slice(i, i + 2))) return false;
  }
  let vowels = 0;
  let cluster = 0;
  let maxCluster = 0;
  for (const ch of run.toLowerCase()) {
    if ("aeiouy".includes(ch)) {
      vowels++;
      cluster = 0;
    } else if (++cluster > maxCluster) maxCluster = cluster;
  }
  return vowels / run.length >= 0.25 && maxCluster <= 3;
}

/** Made of words: every letter chunk (split at separators, digits and case humps) reads like a word, digits are few. */
function wordLike(v: string): boolean {
  const chunks = v.match(/[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|[A-Z]|\d+/g) ?? [];
  let digitChunks = 0;
  let letters = 0;
  let letterChunks = 0;
  let singles = 0;
  for (const c of chunks) {
    if (isDigit(c.charCodeAt(0))) {
      if (++digitChunks > 2 || c.length > 4) return false;
    } else {
      if (!pronounceable(c)) return false;
      letters += c.length;
      letterChunks++;
      if (c.length === 1) singles++;
    }
  }
  // camelCase humps are words of their own: random mixed case ("suuaTmoaSGThs5") makes many short ones.
  const minAvg = /[a-z]/.test(v) && /[A-Z]/.test(v) ? 3.5 : 3;
  return letterChunks > 0 && letters / letterChunks >= minAvg && singles <= 1;
}

/**
 * Credential-shaped: long enough, of a token alphabet, and neither a word-made identifier, a version, a date, a
 * decimal number nor a reference. Digit-only ids (≥ 10 digits), UUIDs and hex are credential-shaped under a
 * provider key (a bare UUID elsewhere stays visible: this gate runs only after a provider key).
 */
export function credentialShaped(raw: string): boolean {
  // An escaped quote inside a quoted value (`"v\"vXq8…"`) is part of the value, not a reason to leave it visible.
  const v = raw.trim().replace(/\\+["'`]/g, "");
  if (v.length < 10 || v.length > 2048) return false;
  if (REFERENCE.test(v) || v.includes("://") || v.includes("@")) return false;
  if (!VALUE_CHARS.test(v)) return false;
  if (ENV_NAME.test(v) && !/\d/.test(v)) return false;
  if (/^\d+$/.test(v)) return v.length >= 10;
  if (VERSIONISH.test(v) || DATEISH.test(v) || /^[\d.:]+$/.test(v)) return false;
  if (UUID.test(v)) return true;
  if (HEX.test(v)) return v.length >= 16;
  const hasDigit = /\d/.test(v);
  const hasLetter = /[A-Za-z]/.test(v);
  if (hasDigit && hasLetter) {
    // Digits interleaved with letters inside one long run ("uhak48inzbohxuich") are a token, not a word plus a number.
    for (const piece of v.split(/[-_.~:/+=|%]+/)) {
      const runs = piece.match(/\d+/g)?.length ?? 0;
      if (
        (piece.length >= 10 && runs >= 2) ||
        (piece.length >= 12 && /[A-Za-z]\d+[A-Za-z]/.test(piece)) ||
        /^\d{2,}[A-Za-z]{6,}/.test(piece) ||
        /[A-Za-z]{12,}/.test(piece)
      )
        return shannon(v) >= 2.5;
    }
    return !wordLike(v) && shannon(v) >= 3;
  }
  if (!hasLetter || v.length < 12) return false;
  // Letters only: a long run that does not read like words (no vowels, consonant clusters) or humps like a token.
  return v
    .split(/[-_.~:/+=|%]+/)
    .some((p) => p.length >= 12 && (!pronounceable(p) || (caseHumps(p) >= 3 && !wordLike(p))));
}

/** Lower-to-upper case changes in a run of letters (`suBliEMaYgloSe`: 3). */
function caseHumps(s: string): number {
  let n = 0;
  for (let i = 1; i < s.length; i++) if (isLower(s.charCodeAt(i - 1)) && isUpper(s.charCodeAt(i))) n++;
  return n;
}
