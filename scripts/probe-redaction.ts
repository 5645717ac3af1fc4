// Exploration, kept out of `npm test` (issue #27, seed 72): every positive sample of the contract's redaction records,
// its secret wrapped in quotes (plain and escaped) and backticks, then followed by punctuation, and the text set in
// common surroundings; prints each text whose redaction leaves 8 or more characters of the secret visible. Not a gate:
// a line it prints is a question (a leak to fix and sample, or a form the contract leaves open: a quoted URL password,
// a provider-keyed value outside the token alphabet), answered in the seed's write-up.
//
// Usage: npm run probe:redaction [-- --record ID]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { redactText } from "../src/redact/index.ts";

const HELP = `Usage: npm run probe:redaction [-- --record ID]

Wraps the secret of every positive sample of the contract's records (spec/rules/redaction-rules.json) in
'…', "…", \\'…\\', \\"…\\" and backticks, follows it with punctuation (; , . ) ] } ! ? : & | > < and line ends),
and sets each sample in surroundings (a log prefix, echo "…", a JSON string, a list item, ANSI colour).
Prints one line per text that leaves 8 or more characters of its secret visible (record, text, redacted
text), then the counts. Exit 0 whatever it finds: the lines are read by hand.
  --record ID   probe one record only`;

interface Sample {
  text: string;
  secret: string | string[];
}

const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}
const at = argv.indexOf("--record");
const only = at >= 0 ? argv[at + 1] : undefined;
if (at >= 0 && (only === undefined || only.startsWith("-"))) {
  console.error(JSON.stringify({ error: { code: "USAGE", message: "--record takes a record id" } }));
  process.exit(2);
}

const rules = JSON.parse(
  readFileSync(join(import.meta.dirname, "..", "spec/rules/redaction-rules.json"), "utf8"),
).rules as { id: string; class: string; samples?: { positive?: (Sample | string)[] } }[];
if (only !== undefined && !rules.some((r) => r.id === only)) {
  console.error(JSON.stringify({ error: { code: "USAGE", message: `no record has the id ${only}` } }));
  process.exit(2);
}

const WRAPS: [string, string][] = [
  ["'", "'"],
  ['"', '"'],
  ["\\'", "\\'"],
  ['\\"', '\\"'],
  ["`", "`"],
];
const AFTER = [";", ",", ".", ")", "]", "}", "!", "?", ":", "&", "|", ">", "<", "\t", "\r\n", "\\n"];
const AROUND: [string, string][] = [
  ["[INFO] ", ""],
  ['echo "', '"'],
  ['{"log": "', '"}'],
  ["  - ", ""],
  ["2026-12-01T10:00:00Z ", ""],
  ["\u001b[31m", "\u001b[0m"],
];

/** The first 8-character piece of the secret still in the text, or "" when none is. */
function visible(out: string, secret: string): string {
  for (let k = 0; k + 8 <= secret.length; k++)
    if (out.includes(secret.slice(k, k + 8))) return secret.slice(k, k + 8);
  return "";
}

let texts = 0;
let shown = 0;
const counts = new Map<string, number>();
for (const r of rules) {
  if (r.class !== "contract" || (only !== undefined && r.id !== only)) continue;
  for (const s of r.samples?.positive ?? []) {
    if (typeof s === "string" || typeof s.secret !== "string") continue;
    const { text, secret } = s;
    const from = text.indexOf(secret);
    if (from < 0 || secret.length < 8) continue;
    const to = from + secret.length;
    // A secret already quoted is not quoted again (`''V''` is no form anyone writes).
    const quoted = /["'`\\]/.test(text[from - 1] ?? "");
    const variants = [
      ...(quoted ? [] : WRAPS.map(([o, c]) => text.slice(0, from) + o + secret + c + text.slice(to))),
      ...AFTER.map((x) => text.slice(0, to) + x + text.slice(to)),
      ...AROUND.map(([o, c]) => o + text + c),
    ];
    for (const v of variants) {
      texts++;
      const out = redactText(v, { repoRoot: "/repo" }).text;
      if (visible(out, secret) === "") continue;
      shown++;
      counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      console.log(`${r.id}\t${JSON.stringify(v)}\t=> ${JSON.stringify(out)}`);
    }
  }
}
console.log(`-- ${texts} texts, ${shown} with 8 or more characters of their secret visible`);
for (const [id, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`   ${id}: ${n}`);
