// FC-REDACT-SENSITIVE-12, FC-LEAK-5: every detector stays linear on adversarial inputs (long runs, near-miss prefixes).
import { describe, expect, it } from "vitest";
import { linearGrowth } from "../testing/growth.ts";
import { redactText, scanForLeaks } from "./index.ts";

/** An input of `size` characters: `lead`, then `unit` repeated. */
const fill =
  (unit: string, lead = "") =>
  (size: number) =>
    lead + unit.repeat(Math.ceil((size - lead.length) / unit.length)).slice(0, size - lead.length);

/** Long runs of each pattern's alphabet and near-miss prefixes that make a backtracking pattern blow up. */
const ADVERSARIAL: [string, (size: number) => string][] = [
  ["letters", fill("a")],
  ["upper", fill("A")],
  ["digits", fill("7")],
  ["hex", fill("0123456789abcdef")],
  ["base64", fill("QUJDRGVmZ2hpams0NTY3")],
  ["spaces", fill(" ")],
  ["newlines", fill("\n")],
  ["wrapped-76", fill(`${"A".repeat(76)}\n`)],
  ["ghp-prefix", fill("ghp_")],
  ["ghp-near-miss", fill("ghp_abc ")],
  ["akia-prefix", fill("AKIA")],
  ["sk-prefix", fill("sk-")],
  ["xox-prefix", fill("xoxb-1")],
  ["pem-header", fill("A", "-----BEGIN RSA PRIVATE KEY-----\n")],
  ["pem-headers", fill("-----BEGIN PRIVATE KEY-----")],
  ["pem-escaped", fill("\\nAAAA")],
  ["jwt-prefix", fill("eyJ")],
  ["jwt-dots", fill("eyJabcdefghij.")],
  ["url-scheme", fill("https://")],
  ["url-userinfo", fill("a:b@")],
  ["url-colons", fill("ab://c:")],
  ["password-eq", fill("password=")],
  ["key-colon", fill("key: ")],
  ["api-key-quotes", fill('"api_key": "')],
  ["auth-header", fill("Authorization: ")],
  ["bearer", fill("Bearer ")],
  ["cookie", fill("Cookie: a=b; ")],
  ["at-signs", fill("@")],
  ["email-near-miss", fill("a.b@c")],
  ["digit-groups", fill("4111 ")],
  ["digit-dashes", fill("123-")],
  ["dotted-digits", fill("1.2.")],
  ["colons", fill("::")],
  ["hex-colons", fill("ab:")],
  ["iban-like", fill("GB82 ")],
  ["slashes", fill("/")],
  ["home-segments", fill("/home/a b")],
  ["path-segments", fill("/a")],
  ["backslashes", fill("\\")],
  ["windows-drive", fill("C:\\a")],
  ["unc", fill("\\\\a")],
  ["tilde", fill("~/")],
  ["file-uri", fill("file://")],
  ["percent", fill("%41")],
  ["ansi", fill("\x1b[")],
  ["ansi-textual", fill("\\u001b[")],
  ["zero-width", fill("a\u200b")],
  ["mysql", fill("mysql -p")],
  ["contextual", fill("secret ")],
  ["placeholder", fill("«redacted:secret»")],
  ["broken-placeholder", fill("«redacted:")],
  // FC-REDACT-SENSITIVE-14..18: provider keys, assignment syntaxes, Secret manifests, curl, added formats.
  ["provider-eq", fill("asana=")],
  ["provider-key-colon", fill("asanaKey: ")],
  ["provider-words", fill("asanaslackdiscord ")],
  ["make-ops", fill("K_TOKEN :::= ")],
  ["typed-assignment", fill("token: string = ")],
  ["tuple", fill('("api_token", ')],
  ["xml-open", fill("<oktaToken>\n  ")],
  ["name-value", fill('name="asanaKey" ')],
  ["k8s-data", fill("  a: YWJj\n", "kind: Secret\ndata:\n")],
  ["k8s-nested-data", fill("data:\n  ", "kind: Secret\n")],
  ["k8s-json", fill('"a": "b", ', '"kind": "Secret", "data": {')],
  ["k8s-flow", fill("a: b, ", "kind: Secret\ndata: {")],
  ["k8s-flow-headers", fill("data: {", "kind: Secret\n")],
  ["k8s-spaced-entries", fill("  'a' : YWJj\n", "kind: Secret\ndata :\n")],
  ["curl-user", fill("curl -u ")],
  ["curl-cookie", fill("curl -b a=b; ")],
  ["fb-pair", fill("123456789012345|")],
  ["vault-legacy", fill("s.")],
  ["cookie-quoted", fill('Cookie: a="')],
  // FC-REDACT-SENSITIVE-12: the keyword pass and the hand-written scanners.
  ["keywords-overlapping", fill("passwordtokensessionkey")],
  ["keywords-mixed-case", fill("KeYpAsStOkEn")],
  ["posix-roots", fill("/proc/users/lib")],
  ["discord-dots", fill("abcdefghijklmnopqrstuvwx.abcdef.")],
  ["run-probe-miss", fill("abcdefghijklmno!")],
  ["run-probe-walkback", fill("abcdefg!")],
  ["loose-operators", fill("xasanaq9 '||\" `")],
  ["loose-keys", fill("x9keyq3 ?= '= ")],
  ["k8s-data-words", fill("data: a: ", "kind: Secret\n")],
  ["pem-mangled", fill("!~ab", "-----BEGIN RSA PRIVATE KEY-----\n")],
  ["mixed-hex", fill("aB3dE5f7a9")],
];

// The guard compares growth, not time (a busy machine slows both sizes alike): doubling the input at most triples
// the time, where a backtracking pattern quadruples it or worse. Sizes start at 64 KB and double until the smaller
// run takes 5 ms of CPU (at most 1 MB against 2 MB), best of two tries (a ratio over 3 is re-measured with six).
const GROWTH = { n: 64_000, maxN: 1_000_000, tries: 2 };

describe("adversarial inputs: time grows linearly with size", () => {
  it("has at least 40 distinct inputs", () => {
    expect(new Set(ADVERSARIAL.map(([n]) => n)).size).toBeGreaterThanOrEqual(40);
  });

  it.each(ADVERSARIAL)("redactText is linear on %s", (_name, make) => {
    const g = linearGrowth(make, (input) => redactText(input, { repoRoot: "/home/dev/repo" }), GROWTH);
    expect(g.ok, JSON.stringify(g)).toBe(true);
  });

  it.each(ADVERSARIAL)("scanForLeaks is linear on %s", (_name, make) => {
    const g = linearGrowth(make, scanForLeaks, GROWTH);
    expect(g.ok, JSON.stringify(g)).toBe(true);
  });
});
