// FC-REDACT-SENSITIVE-14, FC-REDACT-SENSITIVE-12: values keyed by a provider's name (`ASANA_KEY=…`, `kucoinKey: …`, `<oktaToken>…`) — masked when credential-shaped.
import { BENIGN_ENDINGS, sameSpan } from "./assignments.ts";
import { shannon } from "./entropy.ts";
import type { KeywordScan } from "./keywords.ts";
import { type Assigned, readAssignment, readLooseAssignment } from "./syntax.ts";
import { isAlnum, type Span } from "./types.ts";

/**
 * Providers whose credentials have no distinctive prefix of their own, or that are often stored under the provider's
 * name: a key naming one of them (any casing or separator, bare or with a credential word) marks its value as a
 * credential when the value is credential-shaped. Lower case, separators removed.
 */
export const PROVIDER_WORDS = [
  "adafruit",
  "adobe",
  "adyen",
  "airtable",
  "algolia",
  "alibaba",
  "amplitude",
  "anthropic",
  "artifactory",
  "asana",
  "atlassian",
  "auth0",
  "authress",
  "beamer",
  "bintray",
  "bitbucket",
  "bitly",
  "bittrex",
  "braintree",
  "brevo",
  "buildkite",
  "chargebee",
  "circleci",
  "clickhouse",
  "clojars",
  "cloudflare",
  "cloudinary",
  "codacy",
  "codecov",
  "cohere",
  "coinbase",
  "contribsys",
  "confluence",
  "confluent",
  "contentful",
  "coveralls",
  "databricks",
  "datadog",
  "deepseek",
  "digitalocean",
  "discord",
  "dnkey",
  "docusign",
  "doppler",
  "droneci",
  "dropbox",
  "duffel",
  "dynatrace",
  "easypost",
  "elastic",
  "etsy",
  "facebook",
  "fastly",
  "figma",
  "finicity",
  "finnhub",
  "firebase",
  "flickr",
  "flutterwave",
  "flyio",
  "frameio",
  "freshbooks",
  "freshdesk",
  "github",
  "gitlab",
  "gitter",
  "gocardless",
  "grafana",
  "groq",
  "heroku",
  "honeycomb",
  "hubspot",
  "huggingface",
  "instagram",
  "intercom",
  "intra42",
  "jfrog",
  "jira",
  "klaviyo",
  "kraken",
  "kucoin",
  "launchdarkly",
  "linear",
  "linkedin",
  "lob",
  "looker",
  "mailchimp",
  "mailgun",
  "mapbox",
  "mattermost",
  "maxmind",
  "meraki",
  "messagebird",
  "mistral",
  "mixpanel",
  "mongodbatlas",
  "netlify",
  "newrelic",
  "ngrok",
  "notion",
  "npmjs",
  "nytimes",
  "okta",
  "onesignal",
  "openai",
  "pagerduty",
  "paypal",
  "paystack",
  "pinecone",
  "plaid",
  "planetscale",
  "postman",
  "posthog",
  "prefect",
  "privateai",
  "pulumi",
  "pusher",
  "rapidapi",
  "razorpay",
  "readme",
  "recaptcha",
  "replicate",
  "rollbar",
  "rubygems",
  "salesforce",
  "scalingo",
  "sendbird",
  "sendgrid",
  "sentry",
  "settlemint",
  "shippo",
  "shopify",
  "sidekiq",
  "slack",
  "snyk",
  "sonar",
  "sonarqube",
  "sourcegraph",
  "splunk",
  "square",
  "squarespace",
  "stripe",
  "sumo",
  "sumologic",
  "supabase",
  "telegr",
  "telegram",
  "telnyx",
  "terraform",
  "travis",
  "trello",
  "twilio",
  "twitch",
  "twitter",
  "typeform",
  "vercel",
  "vonage",
  "xray",
  "yandex",
  "zendesk",
  "zoom",
];

/** Multi-word provider names, which also appear with a separator between their parts (`new_relic`, `linked-in`). */
const MULTI_WORD: [string, string][] = [
  ["new", "relic"],
  ["linked", "in"],
  ["message", "bird"],
  ["private", "ai"],
  ["sumo", "logic"],
  ["launch", "darkly"],
  ["drone", "ci"],
];
/** Every provider word as it may appear in a key; the keyword pass finds where they start. */
export const PROVIDER_KEY_WORDS = [
  ...PROVIDER_WORDS,
  ...MULTI_WORD.flatMap(([x, y]) => ["_", "-", "."].map((sep) => `${x}${sep}${y}`)),
  ...["_", "-", "."].map((sep) => ["new", "york", "times"].join(sep)),
  "newyorktimes",
  // Spelled with a trailing comma by a widely used scanner's rule, so samples generated from it carry one.
  "new-york-times,",
];
/** The longest provider word at a position the keyword pass reported (any case); boundaries are checked in code. */
const WORD = new RegExp(
  [...PROVIDER_KEY_WORDS]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"))
    .join("|"),
  "iy",
);

const isLower = (c: number) => c >= 97 && c <= 122;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdent = (c: number) => isAlnum(c) || c === 95 || c === 45 || c === 46;

function segments(ident: string): string[] {
  return ident
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.$-]+/)
    .filter((s) => s.length > 0);
}

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
  const v = raw.trim();
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

const GATE_LEN = 160;

/** Values assigned to a key that names a provider. */
export function detectProviderKeys(text: string, out: Span[], keywords: KeywordScan): void {
  const found = keywords.matches("providerKey", WORD, text);
  for (const m of found) {
    if (m.index >= 9 && text.startsWith("redacted:", m.index - 9)) continue;
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
