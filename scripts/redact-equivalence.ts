// FC-REDACT-SENSITIVE-20: a change meant to make redaction faster must not change what it masks. Compares redactText
// of this checkout with another checkout's (e.g. `git worktree add /tmp/base <commit>`) over the corpora, the keyed
// grids, log-like messages and seeded fuzz, and prints the first differences.
// Run: npx tsx scripts/redact-equivalence.ts --against DIR [--seeds 3] [--fuzz 60000] [--show 8]
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import * as NEW from "../src/redact/index.ts";
import * as C from "../src/redact/testing/corpus.ts";
import * as K from "../src/redact/testing/keyed.ts";
import * as L from "../src/redact/testing/logs.ts";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) =>
  args.includes(name) ? (args[args.indexOf(name) + 1] ?? dflt) : dflt;
const against = opt("--against", "");
if (against === "" || args.includes("--help")) {
  console.error(
    "usage: npx tsx scripts/redact-equivalence.ts --against DIR [--seeds 3] [--fuzz 60000] [--show 8]",
  );
  console.error(
    "  DIR: another checkout of this project (git worktree add DIR <commit>) whose redactText is the baseline",
  );
  process.exit(2);
}
const OLD: typeof NEW = await import(pathToFileURL(path.resolve(against, "src/redact/index.ts")).href);
const ctx = { repoRoot: "/home/runner/work/app/app" };
const texts: string[] = [];
for (let seed = 1; seed <= Number(opt("--seeds", "3")); seed++) {
  const r = C.rng(seed);
  for (const k of C.KINDS) for (const e of C.EMBEDDINGS) texts.push(e.embed(k.make(r).planted, r));
  for (const b of C.BENIGN) for (const wrap of C.BENIGN_CONTEXTS) texts.push(wrap(b.make(r)));
  for (const c of [...K.providerGrid(r), ...K.syntaxGrid(r)]) {
    texts.push(c.planted);
    for (const e of C.EMBEDDINGS.slice(0, 6)) texts.push(e.embed(c.planted, r));
  }
  for (const s of K.SPECIAL) texts.push(s.make(r).planted);
  for (const f of K.FORMATS) for (const e of C.EMBEDDINGS) texts.push(e.embed(f.make(r), r));
  for (const f of K.PARTIAL_FORMATS) texts.push(f.make(r).planted);
  for (const b of K.BENIGN_KEYED) for (const wrap of C.BENIGN_CONTEXTS) texts.push(wrap(b.make(r)));
}
texts.push(...L.logMessages(20000, 3));
// fuzz: concatenations of fragments that exercise every family's keywords and shapes
const frag = fc.constantFrom(
  "password",
  "PASS",
  "token",
  "Secret",
  "api_key",
  "apiKey",
  "auth",
  "Bearer ",
  "basic ",
  "cookie: ",
  "Set-Cookie:",
  "kind: Secret",
  "data:\n  ",
  "asana",
  "ASANA_KEY",
  "kucoinKey",
  "okta",
  "twilio",
  "stripe",
  "new_relic",
  "linked-in",
  "=",
  ":",
  " = ",
  '"',
  "'",
  "<",
  ">",
  "</",
  "(",
  ",",
  "\n",
  " ",
  '\\"',
  "\\n",
  "ghp_",
  "AKIA",
  "sk-",
  "xoxb-",
  "glpat-",
  "eyJ",
  ".ey",
  "Q~",
  "SK",
  "phone ",
  "+1 ",
  "555-123-4567",
  "4111 1111 1111 1111",
  "ssn ",
  "sin ",
  "DE89370400440532013000",
  "mysql -p",
  "curl -u ",
  "--password ",
  "-u ",
  "login",
  "redis-cli -a ",
  "https://",
  "://",
  "u:p@",
  "@",
  "a@b.com",
  "/home/x/",
  "/Users/y/",
  "C:\\Users\\z\\",
  "~/",
  "value",
  "name",
  '"name": "x", "value": ',
  "PRIVATE KEY",
  "-----BEGIN",
  "Private-Lines: 2",
  "192.168.1.1",
  "8.8.8.8",
  "2001:db8::1",
  "123456789",
  "12.34.56",
  "aB3dE5fG7hJ9kL1mN3pQ",
  "0123456789abcdef0123",
  "YWJjZGVmZ2hpams=",
  "cGFzc3dvcmQ9aHVudGVyMg==",
  "%3D",
  "%22",
  "\x1b[31m",
  "\u200b",
  "«redacted:secret»",
  "\u00e9",
  "İ",
  "K",
);
const fuzz = fc.sample(
  fc.array(frag, { maxLength: 24 }).map((p) => p.join("")),
  { numRuns: Number(opt("--fuzz", "60000")), seed: 42 },
);
texts.push(...fuzz);
let diffs = 0;
const show = Number(opt("--show", "8"));
let masked = 0;
for (const t of texts) {
  const a = OLD.redactText(t, ctx);
  const b = NEW.redactText(t, ctx);
  if (b.hits.length > 0) masked++;
  if (a.text !== b.text || JSON.stringify(a.hits) !== JSON.stringify(b.hits)) {
    if (diffs++ < show)
      console.log(
        "DIFF",
        JSON.stringify(t).slice(0, 300),
        "\n old",
        JSON.stringify(a.text).slice(0, 300),
        "\n new",
        JSON.stringify(b.text).slice(0, 300),
        JSON.stringify(a.hits),
        JSON.stringify(b.hits),
      );
  }
}
console.log(`${texts.length} texts (${masked} with something masked), ${diffs} differences`);
process.exit(diffs ? 1 : 0);
