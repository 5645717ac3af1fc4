// FC-REDACT-SENSITIVE-5, -8, -15, -17, FC-REQ-11: the places and spellings a planted canary takes in property.canaries-behind-redaction-triggers, and how the judge reads a reply back through them.

/**
 * Where a canary sits and how it is spelt: text before it (`lead`: a secret word and its separator, a quote,
 * a header, a CLI flag), the canary under one `encoding` spec/redaction.md FC-REDACT-SENSITIVE-8 says detection
 * must see through, and text after it (`tail`: the end of the text, a closing quote, a dangling backslash, a
 * CRLF). Indices into the tables below, so a shrunk counterexample stays one of them.
 */
export interface CanaryContext {
  lead: number;
  encoding: number;
  tail: number;
}

/** Text before the canary. The canary is a provider token, so it is masked after any of them (or none). */
export const LEADS: readonly string[] = [
  "",
  "password=",
  "password: ",
  'api_key="',
  "token='",
  "secret = ",
  "Authorization: Bearer ",
  "curl -H 'Authorization: token ",
  "curl -u deploy:",
  "--token ",
  "export GITHUB_TOKEN=",
  '{"token": "',
  '{\\"token\\": \\"',
  "data:\n  token: ",
  "https://deploy:",
  "?access_token=",
  "login failed: password=",
  "<password>",
  "expected password: `",
  "Cookie: sid=",
  '<add key="ClearTextPassword" value="',
  '{"name": "password", "type": "string"} token=',
];

/** Text after the canary; the empty one ends the text right after it. */
export const TAILS: readonly string[] = [
  "",
  "'",
  '"',
  "`",
  '"}',
  '\\"}',
  "@github.com/org/repo.git",
  "</password>",
  "\\",
  "&state=%C3%A9",
  "\r\n",
  "\n  next: value",
  " and the retry fails",
];

const hex2 = (c: string): string => c.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase();
const each = (c: string, f: (ch: string) => string): string => [...c].map(f).join("");

/** Words `n` characters long, closed by a blank: a canary after them starts at column `n`. */
const wordsOf = (n: number): string => `${"wrapped log output: ".repeat(5).slice(0, n - 1)} `;

/**
 * The canary wrapped as a terminal wraps a long line (FC-REDACT-SENSITIVE-8): on a line of its own that breaks
 * at column `width`, its first half ending the line and the rest opening the next.
 */
function wrappedAt(width: number, c: string): string {
  const k = Math.floor(c.length / 2);
  return `\n${wordsOf(width - k)}${c.slice(0, k)}\n${c.slice(k)}`;
}

/** Spellings of the canary, each one FC-REDACT-SENSITIVE-8 names. */
export const ENCODINGS: readonly [name: string, spell: (canary: string) => string][] = [
  ["plain", (c) => c],
  ["percent-encoded", (c) => each(c, (ch) => `%${hex2(ch)}`)],
  ["percent-encoded twice", (c) => each(c, (ch) => `%25${hex2(ch)}`)],
  ["JSON \\u escapes", (c) => each(c, (ch) => `\\u00${hex2(ch)}`)],
  ["one JSON \\u escape", (c) => `${c.slice(0, 6)}\\u00${hex2(c[6]!)}${c.slice(7)}`],
  ["\\x escapes", (c) => each(c, (ch) => `\\x${hex2(ch)}`)],
  ["ANSI colour around it", (c) => `\u001b[31m${c}\u001b[0m`],
  ["ANSI reset inside it", (c) => `${c.slice(0, 10)}\u001b[0m${c.slice(10)}`],
  ["a spelt-out escape before it", (c) => `\\u001b[1m${c}`],
  ["a zero-width space inside it", (c) => `${c.slice(0, 8)}\u200b${c.slice(8)}`],
  ["a soft hyphen inside it", (c) => `${c.slice(0, 12)}\u00ad${c.slice(12)}`],
  ["wrapped at column 64", (c) => wrappedAt(64, c)],
  ["wrapped at column 76", (c) => wrappedAt(76, c)],
  ["base64 of an assignment", (c) => Buffer.from(`token=${c}`, "latin1").toString("base64")],
];

/** The canary in its context. */
export function renderCanary(ctx: CanaryContext, canary: string): string {
  return `${LEADS[ctx.lead % LEADS.length]!}${ENCODINGS[ctx.encoding % ENCODINGS.length]![1](canary)}${TAILS[ctx.tail % TAILS.length]!}`;
}

const ZERO_WIDTH = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E]/g;
const ANSI = /(?:\u001b|\\u001b|\\x1b|\\033|\\e|\^\[)\[[0-9;]*[A-Za-z]/g;

/** Undoes each encoding of ENCODINGS wherever it stands (a reply quoting an encoded canary has leaked it). */
function decoded(text: string): string {
  let t = text;
  for (let k = 0; k < 2; k++)
    t = t.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  t = t.replace(
    /\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})/g,
    (_, u: string | undefined, x: string | undefined) => String.fromCharCode(Number.parseInt(u ?? x!, 16)),
  );
  return t.replace(ANSI, "").replace(ZERO_WIDTH, "");
}

/**
 * Every reading of a reply's text in which a canary could stand: as is, decoded, decoded with its line breaks
 * removed (a wrapped canary), and each base64 run decoded.
 */
export function readings(text: string): string[] {
  const d = decoded(text);
  const out = [text, d, d.replace(/\r?\n/g, "")];
  for (const run of text.match(/[A-Za-z0-9+/]{24,}={0,2}/g) ?? [])
    out.push(decoded(Buffer.from(run, "base64").toString("latin1")));
  return out;
}

/** The pieces of a canary that must not appear: the whole value, its first 12 and its last 12 characters. */
export const canaryPieces = (canary: string): string[] => [canary, canary.slice(0, 12), canary.slice(-12)];
