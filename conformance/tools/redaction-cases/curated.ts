// FC-REDACT-SENSITIVE-1..19, FC-PATH-1..4, FC-LEAK-3: the curated sensitive and keyed redaction cases (fixed seeds, fakes).
//
// Each case plants fake secrets drawn from a seeded generator in one field of a one-round request; its expectations
// are this file's own (the planted text is absent, the kept context present), never the reference's output.
import { rng, rs } from "../../../src/redact/testing/corpus.ts";

export interface CaseSpec {
  claim: string;
  description: string;
  requirements: string[];
  /** Where the planted text goes. */
  field: "message" | "notes" | "workerOutput" | "trace" | "locationPath";
  text: string;
  /** Texts that must not appear anywhere in the reply. */
  absent: string[];
  /** Texts that must appear in the reply (placeholders, kept context). */
  present: string[];
  repoRoot?: string;
  /**
   * The present texts sit where a trim may cut them (FC-TRIM-1's limits are the reference's): they must appear
   * unless the finding carries a truncation tombstone. The absent texts must be absent either way.
   */
  presentUnlessTrimmed?: boolean;
  /** Default required; reference for what only the reference settles (spec/redaction.md). */
  profile?: "required" | "reference" | "optional";
}

/** An identifier of 70 characters that opens with a secret word. */
const ID70 = "SECRET_ROTATION_SCHEDULE_FOR_THE_PRIMARY_REPLICATION_GROUP_OF_THE_NODE";
/** A base64 value of about 8,000 characters on one line (a fixed text encoded, no secret in it). */
const K8S_LONG = Buffer.from(
  Array.from({ length: 300 }, (_, i) => `line ${i} of the certificate bundle`).join("\n"),
).toString("base64");

export function sensitiveCaseSpecs(): CaseSpec[] {
  const r = rng(20260101);
  const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const HX = "0123456789abcdef";
  const ghp = `ghp_${rs(r, AN, 36)}`;
  const akia = `AKIA${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)}`;
  const stripe = `sk_live_${rs(r, AN, 24)}`;
  const slack = `xoxb-${rs(r, "0123456789", 12)}-${rs(r, "0123456789", 13)}-${rs(r, AN, 24)}`;
  const pemBody = [rs(r, `${AN}+/`, 64), rs(r, `${AN}+/`, 64), rs(r, `${AN}+/`, 40)];
  const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIke${rs(r, AN, 20)}.${rs(r, `${AN}-_`, 43)}`;
  const pw = rs(r, AN, 20);
  const bearer = rs(r, `${AN}-_`, 40);
  const cookie = rs(r, AN, 32);
  const apiKey = rs(r, AN, 32);
  const envPw = rs(r, AN, 18);
  const generic = rs(r, AN, 32);
  const hexTok = rs(r, HX, 40);
  const S = "«redacted:secret»";
  const P = "«redacted:pii»";
  const X = "«redacted:path»";
  const sec = ["FC-REDACT-SENSITIVE-1"];
  return [
    {
      claim: "github-pat-in-message",
      description: "A GitHub personal access token in a finding message is masked and the finding kept.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-11"],
      field: "message",
      text: `push rejected: token ${ghp} lacks scope`,
      absent: [ghp],
      present: [S, "push rejected"],
    },
    {
      claim: "aws-key-id-in-worker-output",
      description: "An AWS access key id printed by a worker tool is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3"],
      field: "workerOutput",
      text: `aws sts get-caller-identity failed for ${akia}`,
      absent: [akia],
      present: [],
    },
    {
      claim: "stripe-key-in-notes",
      description: "A Stripe live secret key in verdict notes is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3"],
      field: "notes",
      text: `payment test used ${stripe} from the env`,
      absent: [stripe],
      present: [],
    },
    {
      claim: "slack-token-in-trace",
      description: "A Slack bot token in a finding trace is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3"],
      field: "trace",
      text: `Error: invalid_auth\n    at post (src/slack.ts:12:3) token=${slack}`,
      absent: [slack],
      present: [],
    },
    {
      claim: "pem-key-in-message",
      description: "A PEM private key block in a finding message is masked whole, header to END line.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: `fixture contains -----BEGIN RSA PRIVATE KEY-----\n${pemBody.join("\n")}\n-----END RSA PRIVATE KEY----- in plain text`,
      absent: pemBody.map((b) => b.slice(0, 32)),
      present: [S],
    },
    {
      claim: "truncated-pem-key-with-escaped-newlines",
      description: "A PEM private key without an END line and with JSON-escaped newlines is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: `"private_key": "-----BEGIN PRIVATE KEY-----\\n${pemBody.join("\\n")}`,
      absent: pemBody.map((b) => b.slice(0, 32)),
      present: [S],
    },
    {
      claim: "truncated-encrypted-pem-key-with-headers-is-masked",
      description:
        "An encrypted PEM private key (its `Proc-Type:` and `DEK-Info:` header lines before the body) cut before its END line is masked from its header through the end of its body: the header lines are part of the block, not its end.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: `deploy log: -----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F17F5316E2BAC89\n\n${pemBody.join("\n")}`,
      absent: ["3F17F5316E2BAC89", ...pemBody.map((b) => b.slice(0, 32))],
      present: [S],
    },
    {
      claim: "jwt-in-worker-output",
      description: "A JWT in worker output is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "workerOutput",
      text: `curl returned 401 for ${jwt}`,
      absent: [jwt.slice(-30)],
      present: [],
    },
    {
      claim: "jwt-glued-to-a-word-at-the-start-of-a-text-is-masked",
      description:
        "A JWT glued after a word at the very start of a text (`x-eyJ…`, its `eyJ` at offset 2) is masked from its `eyJ` like one glued further on, so the leak scan has nothing to refuse: a log.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4", "FC-LEAK-1"],
      field: "message",
      text: `x-${jwt} rejected by the gateway`,
      absent: [jwt.slice(0, 20), jwt.slice(-30)],
      present: ["«redacted:secret» rejected by the gateway"],
    },
    (() => {
      // A fixed fake (header {"alg":"RS256","typ":"JWT"}), so the seeded values after this case stay as they were.
      const glued =
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZXBsb3kiLCJleHAiOjE3OTk5OTk5OTl9.Hm3sQ8zY1cNb6FjTz5pW9kD2rXq8LmJc4vB7nQ1sRy6";
      return {
        claim: "jwt-glued-to-a-word-in-a-text-opening-with-eyj-is-masked",
        description:
          "A text that opens with `eyJ` (base64 JSON that is no JWT) and holds a JWT glued after a word further on (`build_eyJ…`): the glued JWT is masked from its `eyJ` as in any other text, so the leak scan has nothing to refuse: a log.",
        requirements: [...sec, "FC-REDACT-SENSITIVE-4", "FC-LEAK-1"],
        field: "message" as const,
        text: `eyJldmVudCI6InB1c2gifQ== was not accepted: signed with build_${glued} by the runner`,
        absent: [glued.slice(0, 20), glued.slice(40, 60), glued.slice(-30)],
        present: [],
      };
    })(),
    {
      claim: "jwt-header-alone-before-a-word-gets-a-log",
      description:
        "A JWT's header alone (`eyJhbGciOi…` decoding to `{\"alg\":…}`, no dot and no payload after it) followed by a space and a long word is no token: nothing secret is in the request, so the leak scan does not read the word as the token's next part and the reply is a log, never SECRET_LEAK (FC-LEAK-1).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4", "FC-LEAK-1"],
      field: "message",
      text: "the gateway decoded header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 fromtheclientrequest and rejected it",
      absent: [],
      present: ["fromtheclientrequest and rejected it"],
    },
    {
      claim: "url-password-keeps-user-and-host",
      description: "The password of a URL userinfo is masked; scheme, user and host stay visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: `connect ECONNREFUSED postgres://app:${pw}@db.internal:5432/prod`,
      absent: [pw],
      present: [`postgres://app:${S}@db.internal:5432/prod`],
    },
    {
      claim: "url-password-after-a-glued-dash-or-digit-is-masked",
      description:
        "A URL whose scheme has a dash or a digit glued before it (`--https://` from a flag that lost its `=`, `0redis://` after a count) still has its userinfo password masked: a scheme opens with a letter, so what is glued before it is no part of it, and the password is masked rather than the request refused (FC-REDACT-SENSITIVE-4).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "proxy --https://admin:Tr0ub4dorX9@proxy.example.com:8080 refused; retry 0redis://default:Xq9vR2mX7pLkQ4@cache.internal:6379",
      absent: ["Tr0ub4dorX9", "Xq9vR2mX7pLkQ4"],
      present: ["admin:", "@proxy.example.com:8080", "default:", "@cache.internal:6379"],
    },
    {
      claim: "bearer-header-keeps-scheme",
      description: "An Authorization: Bearer header value is masked and the scheme kept.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `request headers: Authorization: Bearer ${bearer}`,
      absent: [bearer],
      present: [`Authorization: Bearer ${S}`],
    },
    {
      claim: "cookie-values-are-masked",
      description: "Cookie values in a Cookie header are masked; cookie names stay visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: `Cookie: sessionid=${cookie}; theme=dark`,
      absent: [cookie],
      present: [`sessionid=${S}`],
    },
    {
      claim: "env-password-keeps-key",
      description: "A password assigned in an env line is masked; the key name stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: `+ export DB_PASSWORD=${envPw}\n+ npm test`,
      absent: [envPw],
      present: [`DB_PASSWORD=${S}`],
    },
    {
      claim: "json-api-key-keeps-key",
      description: "An api_key value in JSON is masked; the key stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: `config mismatch: {"api_key": "${apiKey}", "region": "eu"}`,
      absent: [apiKey],
      present: [`"api_key": "${S}"`, "region"],
    },
    {
      claim: "hex-token-in-set-x-trace",
      description: "A 40-hex token exported in a set -x trace is masked because of its key name.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: `+ export GITHUB_TOKEN=${hexTok}`,
      absent: [hexTok],
      present: [`GITHUB_TOKEN=${S}`],
    },
    {
      claim: "random-string-after-secret-word",
      description: "A random-looking string right after a secret word in prose is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "notes",
      text: `the signing secret is ${generic} and must be rotated`,
      absent: [generic],
      present: ["must be rotated"],
    },
    {
      claim: "git-sha-and-uuid-stay-visible",
      description:
        "Git SHAs, UUIDs and sha256 digests next to secret words stay visible (the reference's settlement).",
      requirements: ["FC-REDACT-SENSITIVE-10", "FC-REDACT-SENSITIVE-24"],
      profile: "reference",
      field: "message",
      text: "token refresh test failed at commit 3f2a9c1d4e5b6a7980123456789abcdef0123456 (run 123e4567-e89b-12d3-a456-426614174000)",
      absent: [],
      present: ["3f2a9c1d4e5b6a7980123456789abcdef0123456", "123e4567-e89b-12d3-a456-426614174000"],
    },
    {
      claim: "email-and-phone-are-pii",
      description: "An email address and a phone number are masked as PII.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "notify jane.roe@example.org or +44 20 7946 0958 on failure",
      absent: ["jane.roe@example.org", "7946 0958"],
      present: [P],
    },
    {
      claim: "email-with-a-domain-of-several-labels-is-masked-whole",
      description:
        "An e-mail address whose domain has several labels (`mail.example.com`, `ci.build.example.org`, `mail.x.example.net` with a one-letter label inside, `x.example.io` opening with one) is masked whole, every label and the top-level domain included: no part of the address stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "contact jane.doe@mail.example.com, ops@ci.build.example.org, bob@mail.x.example.net or amy.lee@x.example.io for access",
      absent: [
        "jane.doe",
        "mail.example",
        "example.com",
        "ci.build",
        "example.org",
        "bob@",
        "mail.x",
        "example.net",
        "amy.lee",
        "x.example.io",
      ],
      present: [P, "contact ", " for access"],
    },
    {
      claim: "email-after-a-url-is-masked",
      description:
        "An e-mail address that follows a URL in the same text (`see https://status.example.com/incidents then mail jane.roe@example.org`) is masked: only a URL's own user info (`scheme://user@host`) is read as part of the URL, not an address after it.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "see https://status.example.com/incidents/42 then mail jane.roe@example.org about the outage",
      absent: ["jane.roe", "roe@example.org"],
      present: [P, "see https://status.example.com/incidents/42 then mail ", " about the outage"],
    },
    {
      claim: "email-with-capitals-in-its-local-part-is-masked-whole",
      description:
        "An e-mail address whose local part holds capitals (`Alice.Adams@…`, `QA-Team@…`, `Zoe.OZ@…`: `A` to `Z` alike, and `a` to `z` beside them, `zuzana.kozak@…`; digits too, `john.smith1987@…`) is masked whole: the local part is read over letters of either case, digits and `.`, `_`, `%`, `+`, `-`, so no leading part of it stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "notify Alice.Adams@example.com, QA-Team@example.org, Zoe.OZ@example.net, zuzana.kozak@example.org and john.smith1987@example.com on failure",
      absent: ["Alice", "Adams", "QA-Team", "QA", "Zoe", "OZ@", "zuzana", "kozak", "john.smith", "1987@"],
      present: [`notify ${P}, ${P}, ${P}, ${P} and ${P} on failure`],
    },
    {
      claim: "international-phone-number-is-masked-to-its-last-digit",
      description:
        "A phone number in international `+CC …` form is masked whole, its last digit included: the placeholder stands right before the text that follows the number (a blank, a full stop).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "page the on-call at +44 20 7946 0958 on failure, or call +1 415 555 0132.",
      absent: ["7946", "0958", "555 0132"],
      present: [`${P} on failure`, `call ${P}.`],
    },
    {
      claim: "basic-credential-without-padding-is-masked-to-its-last-character",
      description:
        "A `Basic` credential outside a header whose base64 carries no `=` padding (`dXNlcjpwYXNzd29yZDE`, 19 characters) is masked whole, its last character included: the placeholder stands right before the text that follows it (FC-REDACT-SENSITIVE-4, the record `basic-auth`).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "proxy sent Basic dXNlcjpwYXNzd29yZDE end; retried with Basic YWRtaW46czNjcjN0UGFzcw, refused",
      absent: ["dXNlcjpwYXNzd29y", "YWRtaW46czNjcjN0", "E end", "cw, refused"],
      present: [`${S} end`, `${S}, refused`],
    },
    {
      claim: "card-and-iban-are-pii",
      description: "A Luhn-valid card number and a mod-97-valid IBAN are masked as PII.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7"],
      field: "notes",
      text: "charge 4111 1111 1111 1111 failed; refund to GB82WEST12345698765432",
      absent: ["4111 1111 1111 1111", "GB82WEST12345698765432"],
      present: [P],
    },
    {
      claim: "spanish-dni-and-nie-written-with-a-dash-are-pii",
      description:
        "A Spanish DNI and NIE written with a dash before the check letter (`67275082-J`, `Y7442815-Y`, the record es-dni's samples) are the same national ids and are masked as PII.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "customer record: DNI 67275082-J, NIE Y7442815-Y, phone withheld",
      absent: ["67275082", "7442815"],
      present: [P],
    },
    {
      claim: "token-split-by-a-spelled-sequence-ending-in-an-at-sign-is-masked",
      description:
        "A GitHub token split by a spelled CSI sequence whose final byte is `@` (`\\u001b[1@`, insert one character: final bytes run from `@` to `~`): detection sees through it (FC-REDACT-SENSITIVE-8), and no part of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "push ghp_Kq3Lm8Zx2Vp9Tn4Rb7\\u001b[1@Wc6Hs1Jd5Fg0Yk8Ue2Qa rejected",
      absent: ["Kq3Lm8Zx2Vp9Tn4Rb7", "Wc6Hs1Jd5Fg0Yk8Ue2Qa"],
      present: ["push ", " rejected"],
    },
    {
      claim: "token-split-by-a-right-to-left-mark-alone-is-masked",
      description:
        "A Stripe key split by U+200F RIGHT-TO-LEFT MARK, the last of the zero-width range U+200B–U+200F FC-REDACT-SENSITIVE-8 names, with no other noise in the text: detection sees through it, and neither half stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "key sk_live_51Hx9Q\u200fKq7vN2mX9pLs4TzRWd3hB8sP end",
      absent: ["sk_live_51Hx9Q", "Kq7vN2mX9pLs4TzRWd3hB8sP"],
      present: ["key "],
    },
    {
      claim: "token-split-by-a-24-bit-colour-sequence-is-masked",
      description:
        "A GitHub token split by a 24-bit colour sequence spelled as JSON writes it (`\\u001b[38;2;255;100;0m`, 21 characters; terminals that highlight part of a word print such a sequence) right after its fourth body character: an ANSI sequence inside a token, whatever its length, is noise detection sees through (FC-REDACT-SENSITIVE-8), so the short first part stays no more visible than the rest, and the sequence inside the token is masked with it.",
      requirements: ["FC-REDACT-SENSITIVE-8"],
      field: "message",
      // Spelled as JSON writes an ESC (`\\u001b`): a real ESC is stripped with the whole sequence before any detector runs.
      text: "token ghp_Q7aB\\u001b[38;2;255;100;0mcD9eFgH1jK2lM4nOpQ6rS8tUvW0xYz12 end",
      absent: ["ghp_Q7aB", "cD9eFgH1jK2lM4nOpQ6rS8tUvW0xYz12", ";100;"],
      present: ["token "],
    },
    {
      claim: "token-split-by-caret-spelled-escapes-alone-is-masked",
      description:
        "A token split by ANSI escapes spelled with a caret (`^[[1m`, `^[[0m`, as `cat -v` and some CI logs print ESC), in a text that holds no other noise, is seen through and masked whole.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "ci log: token ghp_Q7vLm2Xc9R^[[1mtB4nKp8WzY3dHs6FgJ1aE5uVo0^[[0m was rejected",
      absent: ["ghp_Q7vLm2Xc9R", "tB4nKp8WzY3dHs6FgJ1aE5uVo0"],
      present: [],
    },
    {
      claim: "token-right-after-a-title-sequence-cut-by-a-stray-escape-is-masked",
      description:
        "A terminal title sequence (OSC, a real `ESC ] 0;…`) that no BEL ends, cut by a stray real ESC right before an npm token: the sequence ends at that ESC, and the ESC takes no character after it (FC-STAGE1-3 removes it alone), so the token keeps its `npm_` prefix and is masked (FC-REDACT-SENSITIVE-3, -8). An implementation that read the stray ESC as opening a two-character sequence would eat the `n` and leave the token's body visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "publish failed: \u001b]0;npm publish\u001bnpm_Xk9Qm2Zp7vL4Rtc8WqYb3Nd6Hs1Jf5Gk0Lp2 rejected",
      absent: ["Xk9Qm2Zp7vL4Rtc8WqYb3Nd6Hs1Jf5Gk0Lp2"],
      present: ["publish failed: "],
    },
    {
      claim: "token-split-by-a-real-insert-sequence-in-a-long-log-is-masked",
      description:
        "A GitHub token split by a real `ESC [ 1 @` (CSI insert-character, final byte `@`) at the top of a message of 71 KB with no other escape: long texts with few escapes are where an implementation may strip escapes with one pattern rather than by hand, and a pattern whose final bytes start at `A` leaves `[1@` glued to the token's first part. An ANSI sequence inside a token is noise detection sees through, at any length of text (FC-REDACT-SENSITIVE-8): neither part stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: `token ghp_Q7aB\u001b[1@cD9eFgH1jK2lM4nOpQ6rS8tUvW0xYz12 rejected\n${"plain step passed, nothing to see\n".repeat(2100)}`,
      absent: ["ghp_Q7aB", "cD9eFgH1jK2lM4nOpQ6rS8tUvW0xYz12"],
      present: ["token "],
    },
    {
      claim: "random-run-of-two-letter-humps-after-a-secret-word-is-masked",
      description:
        "A 20-character run of two-letter humps and one digit block (`ZxQwErTy12AbCdEfGhJk`: three classes, entropy above 4.0) after the secret word `token` is random, not made of words (its letter chunks average two letters, under FC-REDACT-SENSITIVE-6's 3.5): it is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "retry failed: the token ZxQwErTy12AbCdEfGhJk was rejected by the gateway",
      absent: ["ZxQwErTy12AbCdEfGhJk"],
      present: [],
    },
    {
      claim: "cookie-values-after-a-colon-without-a-blank-are-masked",
      description:
        "A `Cookie:` or `Set-Cookie:` header written without a blank after its colon (`Cookie:prefs=…`, `Cookie:a=…`, `Set-Cookie:id=…`) is a cookie header like any other: its values of 16 or more characters are masked whole, from their first character, the cookie names kept, however short the first name.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "request headers: Cookie:prefs=k3j4h5g6f7d8s9a0q1w2; cart=q1w2e3r4t5y6u7i8o9p0\nCookie:a=Zq8Wm3Xc7Vb2Nl5Kj9Hg\nSet-Cookie:id=Xk9Tq2Zp7Lm4Qw8Er5Ty1; Path=/",
      absent: ["k3j4h5g6f7d8s9a0q1w2", "q1w2e3r4t5y6u7i8o9p0", "Zq8W", "Xk9T"],
      present: ["prefs=", "cart=", "Cookie:a=«redacted:secret»", "Set-Cookie:id=«redacted:secret»"],
    },
    {
      claim: "loopback-address-stays-visible",
      description:
        "Loopback and private addresses stay visible (the reference's settlement); a public address is masked as PII.",
      requirements: ["FC-REDACT-SENSITIVE-7", "FC-REDACT-SENSITIVE-25"],
      profile: "reference",
      field: "message",
      text: "ECONNREFUSED 127.0.0.1:3000 (peer 8.8.4.4, gateway 10.0.0.1)",
      absent: ["8.8.4.4"],
      present: ["127.0.0.1:3000", "10.0.0.1"],
    },
    {
      claim: "token-after-ansi-colour",
      description: "A token right after an ANSI colour code is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "workerOutput",
      text: `\u001b[31m${ghp}\u001b[0m leaked`,
      absent: [ghp.slice(4, 24)],
      present: [],
    },
    {
      claim: "token-split-by-textual-ansi-sequence",
      description:
        "A token cut by a textual ANSI sequence with parameters (`\\u001b[1;31m`, `^[[0m`) is masked whole, the sequence with it.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      // The whole parameter list belongs to the sequence: a reader that stopped after its first character would
      // leave `;31m` inside the token and cut it in two.
      text: `push with ${ghp.slice(0, 10)}\\u001b[1;31m${ghp.slice(10)}^[[0m failed`,
      absent: [ghp.slice(0, 10), ghp.slice(10, 26), ghp.slice(24), ";31m"],
      present: [S, "push with", "failed"],
    },
    {
      claim: "token-split-by-an-escape-with-two-intermediates-is-masked",
      description:
        "A token cut by an escape with two intermediates before its final (ISO 2022's `ESC % / G`, which switches a terminal to UTF-8), real or spelled `\\u001b%/G`, is masked whole: both halves and the escape's characters are gone.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: `push with ${ghp.slice(0, 14)}\u001b%/G${ghp.slice(14)} failed; retry with ${ghp.slice(0, 12)}\\u001b%/G${ghp.slice(12)} failed`,
      absent: [ghp.slice(0, 12), ghp.slice(4, 14), ghp.slice(14, 30), ghp.slice(24), "%/G"],
      present: [S, "push with", "retry with"],
    },
    {
      claim: "double-escaped-json-secret",
      description: "A secret inside doubly JSON-escaped text is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: JSON.stringify(JSON.stringify({ password: pw })).slice(1, -1),
      absent: [pw],
      present: [],
    },
    {
      claim: "percent-encoded-token",
      description: "A percent-encoded token in a URL query is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "trace",
      text: `GET /cb?next=${encodeURIComponent(`token ${ghp}`)}`,
      absent: [ghp.slice(4, 24)],
      present: [],
    },
    (() => {
      // Escapes whose hex digits hold a 9 (`%39`, `%69`, `%79`, `%59`, `\x39`, `\u0039`): fixed fakes, so the seeded
      // values of the cases after this one stay as they were.
      const whole = "ghp_Y9iyQ7vLm2Xc9RtB4nKp8WzY3dHs6FgJ1aE5";
      const encoded = [...whole]
        .map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
        .join("");
      return {
        claim: "token-behind-escapes-holding-a-nine-is-masked",
        description:
          "Escapes whose hex digits hold a 9 are decoded like any other: a token percent-encoded character by character (`%39`, `%59`, `%69`, `%79` among its escapes), and tokens with one digit written as `\\x39` or `\\u0039`, are masked, escapes and all.",
        requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
        field: "trace" as const,
        text: `GET /cb?next=${encoded}\nconfig ghp_Kx7tHXVFPM0AQxGV\\x39T1L4Yv6DlwV5WNMT3NP in env\n{\\"next\\": \\"ghp_Rb2Wq8Zt5Nc3Lh7Ds1Fk\\u00394Mv6Jy0Px2Gu8Ae\\"}`,
        absent: [
          encoded.slice(0, 24),
          encoded.slice(48, 72),
          encoded.slice(96, 120),
          "ghp_Kx7tHXVFPM0AQxGV",
          "T1L4Yv6DlwV5WNMT3NP",
          "ghp_Rb2Wq8Zt5Nc3Lh7Ds1Fk",
          "4Mv6Jy0Px2Gu8Ae",
        ],
        present: [],
      };
    })(),
    {
      claim: "token-wrapped-after-exactly-forty-characters-is-masked-whole",
      description:
        "A line made of exactly 40 token characters, continued on the next line, is a token wrapped across lines (the least of FC-REDACT-SENSITIVE-8's `≥ 40`): a fine-grained GitHub token cut after its fortieth character is masked in both halves.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "trace",
      text: "uploaded with\ngithub_pat_11ABCDEFG0Qx7Lm2Vr9Pk4_Tz8Wn3\nYsRv6Dl2Qp8Zx4Mn7Kb1Hs5Fg3Jc9Tw2Ye6Ua0Io4Pl8Kj2Hg5Fd1 to the registry",
      absent: ["11ABCDEFG0Qx7Lm2Vr9Pk4", "YsRv6Dl2Qp8Zx4Mn", "Mn7Kb1Hs5Fg3Jc9T", "Ye6Ua0Io4Pl8Kj2Hg5Fd1"],
      present: [],
    },
    {
      claim: "token-with-hyphens-wrapped-after-fifty-characters-is-masked-whole",
      description:
        "A line of 50 token characters holding hyphens (an Anthropic key's `sk-ant-api03-` and a `-` in its body), continued on the next line, is a token wrapped across lines (FC-REDACT-SENSITIVE-8: a line of ≥ 40 token characters, and `-` is one of them): the key is masked in both halves, no part of the continuation left visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "trace",
      text: "request signed with\nsk-ant-api03-Zq8wXk2LmN4pRt7vYs9uBj3HgQ5cWd6e-AbCd\nEfGh1jKlMnOpQrStUvWxYz0123456789-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AA\nthen rejected",
      absent: [
        "Zq8wXk2LmN4pRt7v",
        "j3HgQ5cWd6e-AbCd",
        "EfGh1jKlMnOpQrSt",
        "Yz0123456789-AbC",
        "WxYz0123456789AA",
      ],
      present: ["request signed with", "rejected"],
    },
    {
      claim: "token-after-an-unterminated-osc-escape-is-masked",
      description:
        "A JSON-escaped OSC escape that never ends (`\\u001b]` and no BEL within 256 characters) well into a text, then a token split by an escaped zero-width space (`\\u200b`): the escape's spelling is noise like any other, the token after it is seen through and masked whole.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "build log (step 3 of 9): \\u001b]0;ci ghp_Q7vLm2Xc9R\\u200btB4nKp8WzY3dHs6FgJ1aE5uVo0 done",
      absent: ["ghp_Q7vLm2Xc9R", "tB4nKp8WzY3dHs6FgJ1aE5uVo0"],
      present: [],
    },
    {
      claim: "base64-wrapped-token",
      description: "A base64 wrapper around a token is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: `echo ${Buffer.from(ghp).toString("base64")} | base64 -d`,
      absent: [Buffer.from(ghp).toString("base64").slice(0, 24)],
      present: [S],
    },
    {
      claim: "base64-wrapper-without-its-padding",
      description:
        "A base64 wrapper written without its `=` padding (42 and 54 characters, neither a multiple of 4), whose decoded text holds an AWS key id or a Stripe key, is masked whole: a wrapper is decoded whether or not it is padded.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      // Fixed text: each encoding ends with two characters of a cut group, its `==` dropped.
      text: "payload ZGVwbG95IGtleSBBS0lBTVJFQUxaTElFRldDUTVFSw sent and dXNlIHNrX2xpdmVfaDZnUzA4RlROWklJTW82UnBNSEs5NFdGIG5vdw too",
      absent: [
        "ZGVwbG95IGtleSBBS0lBTVJFQUxaTElFRldDUTVFSw",
        "dXNlIHNrX2xpdmVfaDZnUzA4RlROWklJTW82UnBNSEs5NFdGIG5vdw",
      ],
      present: [S, "payload ", " sent and "],
    },
    {
      claim: "base64-wrapper-without-lower-case-letters",
      description:
        "A base64 wrapper made only of upper-case letters and digits (the encoding of `(AKIA…`) whose decoded text holds an AWS key id is masked whole.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      // Fixed text: this key id, after `(`, encodes to base64 with no lower-case letter (KEFLSUFC…).
      text: `fetched ${Buffer.from("(AKIABAOFMSFYUUTAGYNJ").toString("base64")} from the vault`,
      absent: [Buffer.from("(AKIABAOFMSFYUUTAGYNJ").toString("base64").slice(0, 16), "AKIABAOFMSFYUUTAGYNJ"],
      present: [S, "fetched", "from the vault"],
    },
    {
      claim: "base64-wrapper-without-padding-or-digits",
      description:
        "A base64 wrapper with no `=` padding, no digit and no `+` or `/` (27 letters; the encoding of an AWS key id) is decoded like any other: its decoded text holds a key id, so it is masked whole.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      // Fixed text: AKIA4G5KEQBJUZVXIF6D encodes to QUtJQTRHNUtFUUJKVVpWWElGNkQ= (letters only), written unpadded.
      text: "upload failed: payload QUtJQTRHNUtFUUJKVVpWWElGNkQ rejected by the gateway",
      absent: ["QUtJQTRHNUtFUUJKVVpWWElGNkQ", "AKIA4G5KEQBJUZVXIF6D"],
      present: [S, "upload failed: payload ", " rejected by the gateway"],
    },
    {
      claim: "padded-base64-wrapper-made-of-hex-digits-is-decoded",
      description:
        "A base64 wrapper whose characters all happen to be hex digits but which ends in `==` padding (the encoding of the record `|Otp=…`, a one-time password under the secret segment `otp`) is base64, not a hex digest: it is decoded like any other wrapper, and its decoded text holds a secret-named assignment, so it is masked whole.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      // Fixed text: "|Otp=tkPCxPuoq8pA8x" encodes to fE90cD10a1BDeFB1b3E4cEE4eA== (hex digits and its padding only).
      text: "upload failed: payload fE90cD10a1BDeFB1b3E4cEE4eA== rejected by the gateway",
      absent: ["fE90cD10a1BDeFB1b3E4cEE4eA", "tkPCxPuoq8pA8x"],
      present: [S, "upload failed: payload ", " rejected by the gateway"],
    },
    {
      claim: "disable-directives-switch-nothing-off",
      description: "secretlint-disable and gitleaks:allow comments in the log do not stop masking.",
      requirements: [...sec, "FC-LEAK-3"],
      field: "message",
      text: `// secretlint-disable\nconst t = "${ghp}"; // gitleaks:allow`,
      absent: [ghp],
      present: ["secretlint-disable", S],
    },
    {
      claim: "secret-masked-before-trimming",
      description:
        "A secret at the end of a very long message is masked before trimming, so no tail of it is visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-2"],
      field: "message",
      text: `${"assertion context ".repeat(300)}${ghp}`,
      absent: [ghp.slice(-16), ghp.slice(4, 20)],
      present: [],
    },
    {
      claim: "foreign-home-path-in-message",
      description:
        "An absolute path outside the repo is masked; repo paths become relative and line:col suffixes stay.",
      requirements: ["FC-PATH-1", "FC-PATH-2", "FC-PATH-3"],
      field: "trace",
      text: "at a (/home/dev/repo/src/a.ts:12:5)\n    at b (/home/alice/.npm/_npx/x/index.js:3:9)",
      absent: ["/home/alice", "/home/dev/repo"],
      present: ["src/a.ts:12:5", `${X}:3:9`],
      repoRoot: "/home/dev/repo",
    },
    {
      claim: "windows-repo-root-matches-a-path-written-with-forward-slashes",
      description:
        "A repo root given with backslashes (`C:\\Users\\dev\\repo`) matches a path the tool wrote with forward slashes (`C:/Users/dev/repo/src/a.ts`, as Node and Git for Windows print them) or with a lower-case drive letter: the path becomes repo-relative, never masked as a foreign one (FC-PATH-1: any separator style, a case-insensitive drive letter).",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      field: "message",
      text: "error at C:/Users/dev/repo/src/a.ts:3:1, see c:/Users/dev/repo/src/b.ts:9:2",
      absent: ["Users/dev"],
      present: ["error at src/a.ts:3:1", "see src/b.ts:9:2"],
      repoRoot: "C:\\Users\\dev\\repo",
    },
    {
      claim: "windows-path-with-escaped-backslashes",
      description: "A Windows user path with escaped backslashes is masked.",
      requirements: ["FC-PATH-2"],
      field: "message",
      text: "cannot open C:\\\\Users\\\\builder\\\\AppData\\\\Local\\\\x.log",
      absent: ["builder"],
      present: [X],
      repoRoot: "/home/dev/repo",
    },
    {
      claim: "absolute-location-path-outside-repo",
      description: "A location path outside the repo root becomes the path placeholder.",
      requirements: ["FC-PATH-2", "FC-PATH-4"],
      field: "locationPath",
      text: "/Users/jane/other/x.ts",
      absent: ["jane"],
      present: [X],
      repoRoot: "/home/dev/repo",
    },
    {
      claim: "location-path-under-repo-is-relative",
      description: "A location path under the repo root is relativised, never masked.",
      requirements: ["FC-PATH-1", "FC-PATH-4"],
      field: "locationPath",
      text: "/home/dev/repo/src/cart/total.ts",
      absent: ["/home/dev"],
      present: ["src/cart/total.ts"],
      repoRoot: "/home/dev/repo",
    },
    {
      claim: "user-password-flag-of-any-client",
      description:
        "The `-u user:V` / `--user user:V` / `--proxy-user=user:V` flag (the form of `curl -u user:V`) masks the password given to any client, after a user name of several letters: the whole password, no tail of it after its first character stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ mongosh --user admin:correcthorse42 --host db\n$ rabbitmqadmin -u guest:staplebattery77 list queues\nERROR: --proxy-user=bob:tr0ubadorhorse rejected",
      absent: [
        "correcthorse42",
        "staplebattery77",
        "tr0ubadorhorse",
        "orrecthorse42",
        "taplebattery77",
        "r0ubadorhorse",
      ],
      present: ["--host db", "list queues"],
    },
    {
      claim: "north-american-phone-with-area-code-in-parentheses",
      description:
        "A North American phone number written with its area code in parentheses is personal data.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "expected the support line (415) 555-0199 in the footer",
      absent: ["555-0199"],
      present: ["«redacted:pii»"],
    },
    {
      claim: "phone-after-a-context-word-ending-the-message-is-masked",
      description:
        "A phone number after a context word (`mobile`, `tel`) is masked wherever it ends: at the end of the message, before a comma, before a line break (FC-REDACT-SENSITIVE-7); its last digit is the number's, not something that must follow it.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "escalation list: fax: 030 1234567, tel 030 7654321\non-call contact: mobile 0171 2345678",
      absent: ["1234567", "7654321", "2345678"],
      present: ["escalation list: fax: ", "on-call contact: mobile "],
    },
    {
      claim: "upper-case-textual-escape-inside-a-token",
      description:
        "An ANSI sequence spelled \\u001B (upper-case B) and JSON-escaped twice (four backslashes) inside a token does not hide the token.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "leaked ghp_Rk7Vq2Lz9Xw4Pn6Tj3\\\\\\\\u001B[31mHs8Kd5Mc1Fb0Gy2Wx4Ea7Q in the log",
      absent: ["Hs8Kd5Mc1Fb0Gy2Wx4Ea7Q", "Rk7Vq2Lz9Xw4Pn6Tj3"],
      present: [],
    },
    {
      claim: "token-spelled-with-a-unicode-escape-after-a-stray-backslash",
      description:
        "A token whose `_` is spelled `\\u005f` (JSON's \\uXXXX escape) right after a stray backslash and a blank (`echo \\ ghp\\u005f…`) is seen through and masked: an escape the decoder does not know (`\\ `) is text, not a character to read.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "shell: echo \\ ghp\\u005fAbCdEfGhIjKlMnOpQrStUvWxYz0123456789 | gh auth login --with-token",
      absent: ["AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"],
      present: ["shell: echo \\ ", " | gh auth login --with-token"],
    },
    {
      claim: "secret-value-that-opens-with-an-ellipsis-is-masked",
      description:
        "A value under a secret-named key that opens with `...` but holds more (`password: ...hunter2`, `API_TOKEN=...Qm7v…`, a tail shown after an ellipsis) is a value, not the placeholder `...`: it is masked, and a bare `...` stays.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "export API_TOKEN=...Qm7vX2pL9tR4wKz8Hn3k\ndb password: ...hunter2\nold password=...",
      absent: ["Qm7vX2pL9tR4wKz8Hn3k", "hunter2"],
      present: ["export API_TOKEN=", "db password: "],
    },
    {
      claim: "kubernetes-secret-loose-block-scalar-entry",
      description:
        "In a text naming kind: Secret, a key: | base64 entry (block-scalar indicator, literal or folded: `|`, `>-`) within 100 characters after a data: that other text precedes on its line is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "config: data: cfg: | bXlwYXNzd29yZDEyMw== (kind: Secret)\nnext: data: cfg: >- c2V0dGluZ3MtdmFsdWU= (kind: Secret)",
      absent: ["bXlwYXNzd29yZDEyMw", "c2V0dGluZ3MtdmFsdWU"],
      present: [],
    },
    {
      claim: "kubernetes-secret-loose-entry-after-data-with-a-blank-before-its-colon",
      description:
        "In a text naming kind: Secret, a `key: base64` entry within 100 characters after a `data :` written with a blank before its colon (as YAML allows) that other text precedes on its line is masked, as after `data:`; so is one whose own key has a blank before its colon (`settings.yml : …`).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "kind: Secret\nstringified data :  app.yaml: Y29uZmlnLXZhbHVl\nlogged data: settings.yml : c2V0dGluZ3MtdmFsdWU=",
      absent: ["Y29uZmlnLXZhbHVl", "c2V0dGluZ3MtdmFsdWU"],
      present: ["stringified data :"],
    },
    {
      claim: "kubernetes-secret-loose-entry-with-a-quoted-value-is-masked",
      description:
        "In a text naming kind: Secret, a `key: base64` entry within 100 characters after a `data:` that other text precedes on its line is masked with its value in quotes too (`app.yaml: \"Y29u…\"`: the quotes are YAML's or JSON's syntax around the same base64), the quotes kept.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "kind: Secret\nstringified data :  app.yaml: \"Y29uZmlnLXZhbHVl\", tls.key: 'c2VjcmV0LWtleS1ieXRlcw=='",
      absent: ["Y29uZmlnLXZhbHVl", "c2VjcmV0LWtleS1ieXRlcw"],
      present: ["stringified data :"],
    },
    {
      claim: "kubernetes-secret-loose-entry-with-a-mixed-key-masks-the-key-too",
      description:
        "In a text naming kind: Secret, a `key: base64` entry within 100 characters after a `data:` that other text precedes on its line is masked with its key when the key mixes letters and digits (`tok9a: c2Vj…`), and its value is masked when the key is letters only (`cfg: …`).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "applied kind: Secret ok; see data: tok9a: c2VjcmV0dmFsdWUxMjM= and more\nconfig: data: cfg: bXlwYXNzd29yZDEyMw== (kind: Secret)",
      absent: ["tok9a", "c2VjcmV0dmFsdWUxMjM", "bXlwYXNzd29yZDEyMw"],
      present: ["see data: "],
    },
    {
      claim: "random-string-with-a-one-letter-chunk-after-a-digit-is-masked",
      description:
        "A random string whose only departure from FC-REDACT-SENSITIVE-6's 'made of words' is a one-letter chunk right after a digit (capitals, a digit, one lower-case letter, a digit, then lower-case letters: 21 distinct characters, entropy 4.39 bits) is random by that floor and masked after a secret word. A digit is a chunk of its own: reading it together with the letter after it would make the string word-made.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "rejected token ZQWXKPLM7r3tbvcnsdfgh for ci-bot\nthe secret QHVNRTXK4m9wzpdbjcfyg expired\nbad signature JWKDTRBZ2e8qmxhvnplsc on the release",
      absent: ["ZQWXKPLM7r3tbvcnsdfgh", "QHVNRTXK4m9wzpdbjcfyg", "JWKDTRBZ2e8qmxhvnplsc"],
      present: ["rejected token", "for ci-bot", "expired", "on the release"],
    },
    {
      claim: "random-string-of-three-digit-groups-and-two-letter-runs-is-masked",
      description:
        "A random string of three digit groups and two letter runs (`4829Xkqwmbr1750Qzvjlpt3064`: capitals, lower-case letters and digits, 26 characters, entropy 4.55 bits) is not made of words by FC-REDACT-SENSITIVE-6 (more than two digit chunks), so it is random by that floor and masked after a secret word, however long its digit groups.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "rejected token 4829Xkqwmbr1750Qzvjlpt3064 for ci-bot\nthe api key is 9153Rwzxkvq6087Tjbnmhd2419 here",
      absent: ["4829Xkqwmbr1750Qzvjlpt3064", "9153Rwzxkvq6087Tjbnmhd2419"],
      present: ["rejected token", "for ci-bot", "here"],
    },
    {
      claim: "random-string-after-a-secret-word-far-into-a-long-line-is-masked-whole",
      description:
        "A random string that starts within 60 characters of a secret word (FC-REDACT-SENSITIVE-6) is masked whole, also when the word stands more than 500 characters into a long line and the string runs on past the 80 characters after the word: no tail of it stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6", "FC-REDACT-SENSITIVE-17"],
      field: "trace",
      text: `${Array.from({ length: 44 }, (_, k) => `step ${k + 1} ok`).join("; ")}; auth token lookup failed after two retries, see Xk9pQ2mZ7rT4vB8nLq3WRw4tY8uI2oP6aS0dFg7HjKm5Nb3Vc1Zx9Lp4Qw`,
      absent: ["Xk9pQ2mZ7rT4vB8n", "aS0dFg7HjKm5Nb3Vc1Zx9Lp4Qw", "Zx9Lp4Qw", "4Qw"],
      present: ["auth token lookup failed"],
    },
    {
      claim: "pin-of-four-digits-under-a-secret-key-is-masked",
      description:
        "Four digits or more assigned to a secret-named key are a PIN, a short password or a one-time code (`password=7391`, `otp=4829`, `passcode: 6053`): a value of FC-REDACT-SENSITIVE-5, masked, the key kept. (The constants an implementation may leave visible under such a key are flags and counts of one or two digits, FC-REDACT-SENSITIVE-23.)",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "login retried with password=7391 after otp=4829 expired; kiosk passcode: 6053 rejected",
      // Checked with their keys: four digits alone could stand in any implementation's ids or hashes.
      absent: ["password=7391", "otp=4829", "passcode: 6053"],
      present: ["login retried with password=", " after otp=", " expired; kiosk passcode: ", " rejected"],
    },
    {
      claim: "value-under-a-password-hint-key-is-masked",
      description:
        "A key that goes on past its secret word with `hint` (`password_hint`, `passwordHint`) is a secret-named key: a hint names no count, type, file, place or other thing about the secret that FC-REDACT-SENSITIVE-5 leaves open, and it may spell the password, so its value is masked, short and plain ones included, the key kept.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'signup form: password_hint=hunter2, passwordHint: "my first dog"',
      absent: ["hunter2", "my first dog"],
      present: ["signup form: password_hint=", "passwordHint: "],
    },
    {
      claim: "random-string-after-a-long-identifier-holding-a-secret-word-is-masked",
      description:
        "The 60 characters within which a random string after a secret word must start are counted from the end of the identifier the word belongs to (FC-REDACT-SENSITIVE-6), however long that identifier is: after the 70-character `SECRET_ROTATION_…_OF_THE_NODE`, a string 10 characters on and one exactly 60 characters on (after a column of blanks) are masked, each on its own line.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: `${ID70} moved to Ab3dEf9hJkLmNpQr8sT5xY2z\n${ID70} moved to${" ".repeat(51)}Qw8Er6Ty4Ui2Op0AsDf7GhJk`,
      absent: ["Ab3dEf9hJkLmNpQr8sT5xY2z", "Qw8Er6Ty4Ui2Op0AsDf7GhJk"],
      present: [`${ID70} moved to`],
    },
    {
      claim: "random-string-after-a-secret-word-followed-by-a-capital-is-masked",
      description:
        "A secret word is a word when no letter stands right before it and no lower-case letter right after it (FC-REDACT-SENSITIVE-6): a capital after it keeps it one (`AUTHN`, `authToken`, `TOKENS`, `SECRETS`, `keyVault`, `apiKeyRing`), so a random string after it on the same line is masked.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "AUTHN failed for Ab3dEf9hJkLmNpQr8sT5xY2z\nauthToken Qw8Er6Ty4Ui2Op0AsDf7GhJk was rejected\nTOKENS rotated: Zx5Cv7Bn9Mq1Wp3Le6Rt8Yk2Ha\nSECRETS Pd4Fg6Hj8Kl2Zx7Cv9Bn3Mq5Wt\nkeyVault entry Ty2Ui4Op6As8Df1Gh3Jk5Lz7Xc\nthe apiKeyRing holds Nb6Vc8Xz1Lk3Jh5Gf7Ds9Ap2Qm",
      absent: [
        "Ab3dEf9hJkLmNpQr8sT5xY2z",
        "Qw8Er6Ty4Ui2Op0AsDf7GhJk",
        "Zx5Cv7Bn9Mq1Wp3Le6Rt8Yk2Ha",
        "Pd4Fg6Hj8Kl2Zx7Cv9Bn3Mq5Wt",
        "Ty2Ui4Op6As8Df1Gh3Jk5Lz7Xc",
        "Nb6Vc8Xz1Lk3Jh5Gf7Ds9Ap2Qm",
      ],
      present: [
        "AUTHN failed for ",
        "authToken ",
        "TOKENS rotated: ",
        "SECRETS ",
        "keyVault entry ",
        "the apiKeyRing holds ",
      ],
    },
    {
      claim: "random-string-after-a-second-secret-word-is-masked-whole",
      description:
        "A random string that starts within 60 characters of a secret word is masked whole (FC-REDACT-SENSITIVE-6), also when an earlier secret word on the line stands more than 60 characters before it (`token was refreshed … noon; the secret rotated to …`): the string is read from its first character, so no head of it stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "token was refreshed for the build runner at noon; the secret rotated to Ab3dEf9hJkLmNpQr8sT5xY2zWq7Vu4",
      absent: ["Ab3dEf9hJkLmN", "NpQr8sT5xY2zWq7Vu4"],
      present: ["token was refreshed for the build runner at noon; the secret rotated to "],
    },
    {
      claim: "random-string-after-a-digest-name-without-its-separator-is-masked",
      description:
        "A random run after a secret word is exempt only when a digest name and `:` or `-` stand right before it (`sha256:…`, `md5-…`). After a digest name and a blank (`md5 Zr5Tn9…`, `sha1 Q7mK2…`), the run follows no digest label and is masked (FC-REDACT-SENSITIVE-6).",
      requirements: ["FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "token for md5 Zr5Tn9xQ2wL8kP3vbcdefghjk rejected; secret sha1 Q7mK2pX9vL4wR8tZ3nB6 rejected",
      absent: ["Zr5Tn9xQ2wL8kP3vbcdefghjk", "Q7mK2pX9vL4wR8tZ3nB6"],
      present: ["token for md5 ", " rejected; secret sha1 "],
    },
    {
      claim: "random-string-that-opens-with-a-digest-name-is-masked",
      description:
        "A random run after a secret word that merely opens with a digest name (`md5Q8xLk…`, `sha1Zr5T…`: no `:` or `-` after the name) follows no digest label and is masked (FC-REDACT-SENSITIVE-6).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "api token md5Q8xLk29fZ3vB7nM4pT6rW1 rejected; secret sha1Zr5Tn9Lk4PHq8Wm2Qx7vB3 rejected",
      absent: ["Q8xLk29fZ3vB7nM4pT6rW1", "Zr5Tn9Lk4PHq8Wm2Qx7vB3"],
      present: ["api token ", " rejected; secret "],
    },
    {
      claim: "random-string-with-long-parts-split-by-a-slash-or-a-dot-is-masked",
      description:
        "A random run after a secret word whose parts, split by `/` or `.`, are each long and random (base64 with a `/`, two random halves joined by `.`) is no path and no version: it is masked whole (FC-REDACT-SENSITIVE-6), where a path of short segments stays visible.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "api token Xk9Tq2w7Zp2Lm4Rt8VbQ5n/Wq3Er6Ty1Ui4Op7As0DfGh rejected; the secret is Hk8Rb1Mz6Vq9Lx4Tc7PnW3.Zq8xK2m9Lp5Tn9Lk4PHq8 rejected",
      absent: ["Xk9Tq2w7Zp2Lm4Rt", "Wq3Er6Ty1Ui4Op7As0DfGh", "Hk8Rb1Mz6Vq9Lx4T", "Zq8xK2m9Lp5Tn9Lk4PHq8"],
      present: ["api token ", " rejected; the secret is "],
    },
    {
      claim: "random-string-whose-only-digit-is-zero-is-masked",
      description:
        "A random run after a secret word whose only digit is `0` (`Xk0QwRtZpLmNbVc0TyHuGs`: 22 characters, capitals, lower-case letters and a digit, entropy 4.37 bits) has all three classes of FC-REDACT-SENSITIVE-6's floor and is masked, as is the same run under a key that ends in `key` (FC-REDACT-SENSITIVE-5).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "token Xk0QwRtZpLmNbVc0TyHuGs rejected; cacheKey=Zq0WmRtXpLnNbVc0KyHuJs",
      absent: ["Xk0QwRtZpLmNbVc0TyHuGs", "Zq0WmRtXpLnNbVc0KyHuJs"],
      present: ["token ", " rejected; cacheKey="],
    },
    {
      claim: "random-string-after-a-digest-label-it-does-not-follow-is-masked",
      description:
        "A random run after a secret word is exempt only when it follows a digest name and `:` or `-` itself (`sha256:…`). After `md5:n/a` and a blank, `Zr5Tn9Lk4PHq8Wm2Qx7vB3` (22 characters, three classes, entropy over 4 bits) follows `n/a `, not the digest label, and is masked (FC-REDACT-SENSITIVE-6).",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "api token md5:n/a Zr5Tn9Lk4PHq8Wm2Qx7vB3 rejected",
      absent: ["Zr5Tn9Lk4PHq8Wm2Qx7vB3"],
      present: ["api token md5:n/a ", " rejected"],
    },
    {
      claim: "random-string-ending-in-a-uuid-is-masked",
      description:
        "A random run that ends in a UUID (`Xk9Tq7ZpLm3Rw8VnHq8Wm2Zr-550e8400-…`, 61 characters of `[A-Za-z0-9-]`, all three classes, entropy 4.55 bits) is not itself a UUID: random by FC-REDACT-SENSITIVE-6's floor, it is masked after a secret word. Only a run that is a UUID, whole, is exempt.",
      requirements: [...sec, "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "request rejected, token Xk9Tq7ZpLm3Rw8VnHq8Wm2Zr-550e8400-e29b-41d4-a716-446655440000 expired\nthe api key is Zr5Tn9Lk4PHq8Wm2Qx7v-123e4567-e89b-12d3-a456-426614174000",
      absent: ["Xk9Tq7ZpLm3Rw8VnHq8Wm2Zr", "Zr5Tn9Lk4PHq8Wm2Qx7v"],
      present: ["request rejected, token", "expired", "the api key is"],
    },
  ];
}

/** Cases for provider-keyed values, assignment syntaxes, added formats, visible heads and labels (fixed seeds, fakes). */
export function keyedCaseSpecs(): CaseSpec[] {
  const r = rng(1515);
  const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const LAN = "abcdefghijklmnopqrstuvwxyz0123456789";
  const HX = "0123456789abcdef";
  const DI = "0123456789";
  const uuid = () => `${rs(r, HX, 8)}-${rs(r, HX, 4)}-4${rs(r, HX, 3)}-a${rs(r, HX, 3)}-${rs(r, HX, 12)}`;
  const asanaId = rs(r, DI, 16);
  const kucoin = rs(r, HX, 24);
  const dropbox = rs(r, LAN, 15);
  const herokuUuid = uuid();
  const runUuid = uuid();
  const okta = `00${rs(r, AN, 40)}`;
  const nuget = rs(r, AN, 18);
  const php = rs(r, AN, 24);
  const make = rs(r, AN, 26);
  const goVal = rs(r, AN, 30);
  const javaVal = rs(r, AN, 28);
  const tupleVal = rs(r, AN, 22);
  const logstash = rs(r, AN, 32);
  const aligned = rs(r, AN, 20);
  // Punctuation inside the value: a value-at-a-time reader that stops at the escaped quote leaves it all visible.
  const nested = `${rs(r, AN, 7)}#${rs(r, AN, 7)};${rs(r, AN, 7)}`;
  const k8sPlain = rs(r, AN, 24);
  const k8s = Buffer.from(k8sPlain).toString("base64");
  const bedrock = `ABSK${rs(r, `${AN}+/`, 132)}`;
  const fbPage = `EAAM${rs(r, AN, 120)}`;
  const fbPair = `${rs(r, DI, 15)}|${rs(r, `${LAN}_-`, 32)}`;
  const intra = `s-s4t2ud-${rs(r, HX, 64)}`;
  const adobe = `p8e-${rs(r, AN, 32)}`;
  const maxmind = `${rs(r, AN, 6)}_${rs(r, AN, 29)}_mmk`;
  const sonar = `sqp_${rs(r, HX, 40)}`;
  const curlUser = rs(r, LAN, 12);
  const curlPass = rs(r, AN, 16);
  const cookie = rs(r, AN, 32);
  const gitlab = rs(r, LAN, 32);
  const glued = rs(r, LAN, 32);
  const gluedSecret = rs(r, AN, 30);
  const mixedHex = `${rs(r, "0123456789abcdef", 20)}${rs(r, "0123456789ABCDEF", 20)}`;
  const sha = rs(r, HX, 40);
  const pemBody = `${rs(r, AN, 30)}!~${rs(r, AN, 30)}`;
  const curlQuoted = `$$${rs(r, AN, 20)}`;
  const manifestValue = Buffer.from(rs(r, AN, 21)).toString("base64");
  return [
    {
      claim: "secret-word-after-a-key-token-or-sig-segment-is-masked",
      description:
        "A key whose last segment is a secret word and whose segment before it is `key`, `token` or `sig` (`key_password`, `signing_key_secret`, `KEY_PASSPHRASE`, `token_value`, `sig_secret`) is secret-named: its value is masked, the key kept. Only `…_key_id` and its like name an identifier.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'config: key_password: Vq7nR2xT9wLp4Kd and signing_key_secret = "Hm3sQ8zY1cNb6Fj"; env KEY_PASSPHRASE=Tz5pW9kD2rXq8Lm; token_value: Jc4vB7nQ1sRy6Pd; sig_secret: Gx2mK8tZ5hWq9Ns',
      absent: ["Vq7nR2xT9wLp4Kd", "Hm3sQ8zY1cNb6Fj", "Tz5pW9kD2rXq8Lm", "Jc4vB7nQ1sRy6Pd", "Gx2mK8tZ5hWq9Ns"],
      present: ["key_password", "signing_key_secret", "KEY_PASSPHRASE", "token_value", "sig_secret"],
    },
    {
      claim: "secret-segment-after-a-run-of-capitals-is-masked",
      description:
        "A key's name segments are split at camelCase humps, also where a run of capitals meets a capitalised word (`DBPass` is `DB` and `Pass`, `HTTPAuth` is `HTTP` and `Auth`): a segment that is a secret word makes the key secret-named, its value masked and the key kept.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'config: DBPass=Loqxaviwzemu; HTTPAuth: Tmoasugakypv; MYSQLPwd="kazum4o7pelo"; JWTSession=Vaqxobiwzu42',
      absent: ["Loqxaviwzemu", "Tmoasugakypv", "kazum4o7pelo", "Vaqxobiwzu42"],
      present: ["DBPass=", "HTTPAuth: ", "MYSQLPwd=", "JWTSession="],
    },
    {
      claim: "secret-named-key-with-a-digit-after-its-secret-word-is-kept-anywhere-in-a-text",
      description:
        "A secret-named key whose secret word is followed by a digit inside the key (`AUTH0_CLIENT_SECRET`, `API_TOKEN2`) is kept whole and only its value masked, however far into the text it stands (here past the 64th character): no part of the key goes into the placeholder.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "deploy step 4 of 9 failed while reading the environment from .env.production: AUTH0_CLIENT_SECRET=Xk9pQ2mZ7rT4vB8nLq3Wd5Yh API_TOKEN2=Rw4tY8uI2oP6aS0dF3gH7jK1",
      absent: ["Xk9pQ2mZ7rT4vB8nLq3Wd5Yh", "Rw4tY8uI2oP6aS0dF3gH7jK1"],
      present: ["AUTH0_CLIENT_SECRET=", "API_TOKEN2="],
    },
    {
      claim: "loose-form-value-after-a-tab-is-masked",
      description:
        "The loose form of a keyed value with a tab between operator and value: after a secret word glued to letters and digits (`xkeyq9`), a key tail with blanks (` x1 `), and `>` or `=`, the value that follows a tab is masked (FC-REDACT-SENSITIVE-15: up to 8 quotes, backticks, blanks or `=` before the value; a tab is a blank), real or written `\\t` in JSON.",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'config: xkeyq9 x1 >\tTulip42orangeLantern7 ok; escaped: {"line": "xkeyq9 x1 >\\tHm3sQ8zY1cNb6Fj4Rw done"}',
      absent: ["Tulip42orangeLantern7", "Hm3sQ8zY1cNb6Fj4Rw"],
      present: ["config: xkeyq9 x1 >", " ok; escaped: "],
    },
    {
      claim: "loose-form-key-glued-from-any-letters-is-read",
      description:
        "The loose form after a secret word glued to letters and digits reads the key whatever letters it is glued from, the last ones included (`a7zpassword`, `x9ztoken`, `Qy4zkey`: the digit stands before a `z`), so the value after its blanks and operator is masked (FC-REDACT-SENSITIVE-15).",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'config: a7zpassword  x1 ||"Zx9Kq2Lm8Np4Rt6V" then x9ztoken q1 > Hm3sQ8zY1cNb6Fj4Rw and Qy4zkey  q1 =>"Tulip42orangeLantern7" ok',
      absent: ["Zx9Kq2Lm8Np4Rt6V", "Hm3sQ8zY1cNb6Fj4Rw", "Tulip42orangeLantern7"],
      present: ["config: a7zpassword  x1 ||", " then x9ztoken q1 > ", " and Qy4zkey  q1 =>", " ok"],
    },
    {
      claim: "provider-keyed-random-letters-ending-in-capitals-are-masked",
      description:
        "A value of random letters under a bare provider key is credential-shaped however it ends, also when its last letters are capitals joined by `_` as an environment-variable name's are (`…vbnQ_RTYU`): only a value that is such a name as a whole (`STRIPE_KEY`) names a variable (FC-REDACT-SENSITIVE-14: long enough, a token alphabet, not made of words).",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "sync: DROPBOX: hkjGtrWqmZpLxVbnQ_RTYU failed; asana=pqXvTrWbZkLmNcYdQ_RS ok",
      absent: ["hkjGtrWqmZpLxVbnQ_RTYU", "pqXvTrWbZkLmNcYdQ_RS", "hkjGtrWqmZpLxVbn", "pqXvTrWbZkLmNcYd"],
      present: ["sync: DROPBOX: ", " failed; asana=", " ok"],
    },
    {
      claim: "cookie-named-like-an-attribute-in-a-cookie-header-is-masked",
      description:
        "In a `Cookie:` request header every pair is a cookie, also one whose name is a Set-Cookie attribute's (`expires`, `path`, `domain`): its value of 16 or more characters is masked and its name stays visible (FC-REDACT-SENSITIVE-4); attribute names mean attributes only after a Set-Cookie's first pair.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "GET /api/orders 401; Cookie: expires=Wq7Lm2Vp9Kz4Tn8Rb3Xc6Hs; theme=dark; path=Zx4Qw8Er2Ty6Ui0Op3As5Df",
      absent: ["Wq7Lm2Vp9Kz4Tn8Rb3Xc6Hs", "Zx4Qw8Er2Ty6Ui0Op3As5Df", "Wq7Lm2Vp9Kz4Tn8R", "Zx4Qw8Er2Ty6Ui0O"],
      present: ["GET /api/orders 401; Cookie: expires=", "; path="],
    },
    {
      claim: "cookie-value-after-a-blank-keeps-the-next-cookie-name",
      description:
        "A `Cookie:` header whose value follows its `=` after a blank (`sid= …`, as a hand-written `-H 'Cookie: …'` sends it): the value of 16 or more characters is masked and the cookie names stay visible, the next pair's name (`theme`) included (FC-REDACT-SENSITIVE-4).",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "GET /api/cart 401; Cookie: sid= Hq4Nz8Vt2Kx6Lp9Rw3Yc5Bm; theme=dark",
      absent: ["Hq4Nz8Vt2Kx6Lp9Rw3Yc5Bm", "Hq4Nz8Vt2Kx6Lp9R"],
      present: ["GET /api/cart 401; Cookie: sid=", "; theme="],
    },
    {
      claim: "long-upper-case-secret-key-after-a-secret-word-is-kept",
      description:
        "A long upper-case secret-named key (`PRODUCTION_WEBHOOK_SIGNING_KEY_VX`, 33 characters of letters and `_` with a high spread of letters) right after the word `token`, assigned with `=` and no blank: the value is masked and the key kept (FC-REDACT-SENSITIVE-5), though the whole `NAME=value` is one run of token characters after a secret word.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "deploy token PRODUCTION_WEBHOOK_SIGNING_KEY_VX=Xk9Tq2w7Zp2Lm4Rt8VbQ5nW3 rejected",
      absent: ["Xk9Tq2w7Zp2Lm4Rt8VbQ5nW3"],
      present: ["deploy token PRODUCTION_WEBHOOK_SIGNING_KEY_VX=", " rejected"],
    },
    {
      claim: "secret-value-ending-in-digit-groups-is-masked",
      description:
        "A value under a secret-named key that ends in digit groups joined by a colon (`hunter42:8080`, `Zq8xK2m9:77`, `letmein:2525`) is masked: it is no `line:col` pair, which is digits only (FC-REDACT-SENSITIVE-23), but a value like any other (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'config: DB_PASSWORD=hunter42:8080; api_secret: "Zq8xK2m9:77"; smtp_password=letmein:2525 ok',
      absent: ["hunter42", "Zq8xK2m9", "letmein"],
      present: ["config: DB_PASSWORD=", "; api_secret: ", "; smtp_password="],
    },
    {
      claim: "word-values-under-keys-without-a-secret-qualifier-stay-visible",
      description:
        "A key that ends in `key` with no secret qualifier (`cache_key`, `cacheKey`, `sortKey`, `partition_key`, `routingKey`) names no secret: its value is masked only when it looks random (FC-REDACT-SENSITIVE-5), so values made of words stay visible in every form the requirement lists, an env line, a JSON key, an XML element and a `name`/`value` pair (YAML and JSON) included.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: 'config: cache_key=homepage-v2; {"cacheKey": "landing-page"}; <sortKey>created-at</sortKey>\n- name: partition_key\n  value: region-eu\n[{"name": "routingKey", "value": "orders.created"}]',
      absent: [],
      present: [
        "cache_key=homepage-v2",
        '"cacheKey": "landing-page"',
        "<sortKey>created-at</sortKey>",
        "value: region-eu",
        '"value": "orders.created"',
      ],
    },
    {
      claim: "long-word-made-values-under-keys-without-a-secret-qualifier-stay-visible",
      description:
        "Values of 16 characters or more that are made of words by FC-REDACT-SENSITIVE-6's chunking (`GetUserAccountById2024`, `ReleaseNotesForTuesdayBuild`: letter chunks of two letters or more averaging 3.5 or more, at most two digit chunks) are not random, so under a key that ends in `key` with no secret qualifier they stay visible (FC-REDACT-SENSITIVE-5: masked only when the value looks random), however long.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "config: cacheKey=GetUserAccountById2024; sortKey: ReleaseNotesForTuesdayBuild",
      absent: [],
      present: ["cacheKey=GetUserAccountById2024", "sortKey: ReleaseNotesForTuesdayBuild"],
    },
    {
      claim: "name-value-pair-with-blanks-around-its-operator-is-masked",
      description:
        'A `name`/`value` pair whose `value` is followed by blanks before its operator (`"value" : "…"` in JSON, `value = "…"` in an XML attribute, unquoted `value = …` in aligned INI columns, `value : …` in YAML written with a blank before the colon) is the same pair: the value under a secret-named name is masked and the `value` key stays visible (FC-REDACT-SENSITIVE-5, -15).',
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: 'settings: {"name": "db_password", "value" : "Vq7nR2xT9w"} and <add key="SMTP_PASSWORD" value = "Hm3sQ8zY1c" />\n[db]\nname  = DB_PASSWORD\nvalue = hunter2\n- name : API_TOKEN\n  value : tok-7731-prod',
      absent: ["Vq7nR2xT9w", "Hm3sQ8zY1c", "hunter2", "tok-7731-prod"],
      present: ['"value" : "', 'value = "'],
    },
    {
      claim: "prose-password-condition-words-stay-visible",
      description:
        "A word after a password stated in prose that says how the password stands (`the password is incorrect`, `passphrase was wrong`, `password is required`, `password is too short`) is no password: the reference leaves it visible (FC-REDACT-SENSITIVE-23), while a password so stated is masked (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-23", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "login failed: the password is incorrect; retry: passphrase was wrong; signup: password is required, password is too short; reset: the password is Vq7nR2xT9w",
      absent: ["Vq7nR2xT9w"],
      present: [
        "password is incorrect",
        "passphrase was wrong",
        "password is required",
        "password is too short",
      ],
      profile: "reference",
    },
    {
      claim: "shell-escaped-quote-inside-an-unquoted-value-is-masked-with-it",
      description:
        "A shell-escaped quote inside an unquoted value (`password=Tr0ub\\'4dorXq`, `export API_TOKEN=Zq8\\\"w3RtY`) is part of the value; the reference masks past it, so no tail of the password stays visible (FC-REDACT-SENSITIVE-5, FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "auth step: password=Tr0ub\\'4dorXq rejected\nexport API_TOKEN=Zq8\\\"w3RtYk9 done",
      absent: ["4dorXq", "w3RtYk9"],
      present: ["password=", "rejected", "API_TOKEN=", "done"],
      profile: "reference",
    },
    {
      claim: "text-after-a-closing-tag-of-a-secret-element-stays-visible",
      description:
        "A closing tag (`</password>`, `</ADOBE_API_KEY>`) ends the element; the reference does not read `>` there as an assignment, so what follows it (`<next>build-42</next>`, `NODE_ENV=test` on the next line) stays visible, while the element's own value is masked (FC-REDACT-SENSITIVE-5, FC-REDACT-SENSITIVE-23).",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-23"],
      field: "message",
      text: "config: <password></password><next>build-42</next>\nLEAKED=<ADOBE_API_KEY>28578ceab7a112a6275ee59f1acb0fd4</ADOBE_API_KEY>\nNODE_ENV=test",
      absent: ["28578ceab7a112a6275ee59f1acb0fd4"],
      present: ["<next>build-42</next>", "NODE_ENV=test", "</ADOBE_API_KEY>"],
      profile: "reference",
    },
    {
      claim: "xml-element-with-attributes-under-a-secret-name-is-masked",
      description:
        'An XML element with attributes (`<password type="text">…</password>`, `<secret id="1">…</secret>`, `<wsse:Password Type="…">…</wsse:Password>`) is the same assignment as one without: its text is masked, the element\'s name and closing tag stay visible (FC-REDACT-SENSITIVE-5).',
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: '<config><password type="text">hunter2</password><secret id="1">Vq7nR2xT9w</secret></config>\n<wsse:Password Type="PasswordText">s3cr3tP4ss</wsse:Password>',
      absent: ["hunter2", "Vq7nR2xT9w", "s3cr3tP4ss"],
      present: ["<password type=", "</password>", "</secret>", "<wsse:Password Type="],
    },
    {
      claim: "xml-element-with-attributes-and-its-value-on-its-own-line-far-into-a-text-is-masked",
      description:
        'An XML element with attributes whose text stands on its own indented line (`<password type="text">`, a line break, the value, `</password>`) is masked wherever it stands in the text, here past the 300th character (FC-REDACT-SENSITIVE-5: an XML element, with or without attributes).',
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "trace",
      text: `${Array.from({ length: 30 }, (_, k) => `step ${k + 1} ok`).join("; ")}\n<settings>\n  <password type="text">\n    Vq7nR2xT9w\n  </password>\n</settings>`,
      absent: ["Vq7nR2xT9w"],
      present: ['<password type="text">', "</password>"],
    },
    {
      claim: "long-env-lines-in-a-row-keep-every-key",
      description:
        "Lines of 40 or more token characters in a row, each a secret-named assignment (`AUTH_CLIENT_SECRET=…`, then `API_TOKEN=…`), are lines of their own: a line that opens with a name and `=` is no wrapped token's continuation (FC-REDACT-SENSITIVE-8), so every key is kept and only the values are masked (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "environment dump:\nAUTH_CLIENT_SECRET=Xk9pQ2mZ7rT4vB8nLq3Wd5Yh\nAPI_TOKEN=Rw4tY8uI2oP6aS0dF3gH7jK1Mn5Bv\nDATABASE_PASSWORD=Tz5pW9kD2rXq8LmCv3Bn7Hj4\nsession_secret: Gx2mK8tZ5hWq9NsLp4Rv7Yc1",
      absent: [
        "Xk9pQ2mZ7rT4vB8nLq3Wd5Yh",
        "Rw4tY8uI2oP6aS0dF3gH7jK1Mn5Bv",
        "Tz5pW9kD2rXq8LmCv3Bn7Hj4",
        "Gx2mK8tZ5hWq9NsLp4Rv7Yc1",
      ],
      present: ["AUTH_CLIENT_SECRET=", "API_TOKEN=", "DATABASE_PASSWORD=", "session_secret: "],
    },
    {
      claim: "provider-keyed-value-that-opens-like-an-env-name-but-is-none-is-masked",
      description:
        "A credential-shaped value under a bare provider key that opens like an environment-variable name, capitals and `_`, but runs on in mixed case without a digit (`PROD_XqZvBnMkJrTpLwHs`: two-letter humps, so not made of words) is no variable name: it is masked, the key kept (FC-REDACT-SENSITIVE-14).",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "deploy env: asana: PROD_XqZvBnMkJrTpLwHs was rejected",
      absent: ["XqZvBnMkJrTpLwHs"],
      present: ["deploy env: asana: ", " was rejected"],
    },
    {
      claim: "provider-keyed-value-that-opens-like-a-date-but-is-none-is-masked",
      description:
        "A credential-shaped value under a provider key that opens with four digits and a dash, like a date, but holds letters where the month and day stand (`2024-Xq-91Kd…`) is no date: it is masked, the key kept.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "deploy env: asana: 2024-Xq-91Kd8sLm2Pq7Wz and DROPBOX=8812-ab-77Qx9Lm2Kd8Zw4Tn were rejected",
      absent: ["91Kd8sLm2Pq7Wz", "77Qx9Lm2Kd8Zw4Tn"],
      present: ["asana: ", "DROPBOX="],
    },
    {
      claim: "login-password-after-several-blanks-is-masked",
      description:
        "`docker login -p`, `podman login -p` and `sshpass -p` followed by two or more blanks or a blank and a tab (aligned shell commands, `set -x` traces) still have the password after them masked, the command kept.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ docker login -u ci -p  Xk9pQ2mZ7rT4wL8n registry.example.test\n+ sshpass -p \tVt3nQ8xK2mLp7Rw5 ssh deploy@build-01\n+ podman login -p   Jd6sW1qZ9cHn4Bx7 quay.io",
      absent: ["Xk9pQ2mZ7rT4wL8n", "Vt3nQ8xK2mLp7Rw5", "Jd6sW1qZ9cHn4Bx7"],
      present: ["docker login -u ci -p", "sshpass -p", "podman login -p"],
    },
    {
      claim: "second-secret-assignment-on-an-env-line-keeps-its-key",
      description:
        "An `env` or `export` line with two secret-named assignments (`env DB_PASSWORD=… API_TOKEN=… ./run.sh`) has both values masked and both keys kept: the name of the second assignment is no part of the first value or of a random token after a secret word.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ env DB_PASSWORD=hunter2 API_TOKEN=abcdef123456 ./run.sh\n+ export SMTP_PASSWORD=correcthorse GITHUB_TOKEN=q8Lm2Kd8Zw4TnXp\n+ env KEY_PASSPHRASE=Tz5pW9kD2rXq8Lm token_value=Jc4vB7nQ1sRy6Pd make deploy",
      absent: [
        "hunter2",
        "abcdef123456",
        "correcthorse",
        "q8Lm2Kd8Zw4TnXp",
        "Tz5pW9kD2rXq8Lm",
        "Jc4vB7nQ1sRy6Pd",
      ],
      present: [
        "env DB_PASSWORD=",
        " API_TOKEN=",
        "export SMTP_PASSWORD=",
        " GITHUB_TOKEN=",
        "env KEY_PASSPHRASE=",
        " token_value=",
      ],
    },
    {
      claim: "password-stated-in-prose-in-quotes-is-masked",
      description:
        "A password stated in prose in quotes (`the password is \"…\"`, `passphrase was '…'`, a backtick) is masked like an unquoted one, the words and the quotes kept; an unquoted one is masked from its first character.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "login failed: the password is \"Xk9pQ2mZ7r\" for staging; the passphrase was 'Bq4wLs8nTz' yesterday; the passcode is `Vt3nQ8xKp2` now; password is hunter2hunter",
      absent: ["Xk9pQ2mZ7r", "Bq4wLs8nTz", "Vt3nQ8xKp2", "hunter2hunter"],
      present: ["the password is ", "the passphrase was ", "the passcode is ", " for staging"],
    },
    {
      claim: "password-stated-in-prose-with-wide-blanks-is-masked",
      description:
        "A password stated in prose whose words are separated by a run of blanks rather than one space (`the password  is …`, two spaces as justified or pasted text leaves them; `password\\t was …`) is masked the same way: FC-REDACT-SENSITIVE-5 separates the words by a run of one to three blanks.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "note: the password  is Mellon-Friend for the staging box; the passphrase \t was Gandalf-Grey-Pilgrim before",
      absent: ["Mellon-Friend", "Gandalf-Grey-Pilgrim"],
      present: ["note: the password  is ", " for the staging box", " before"],
    },
    {
      claim: "pretty-printed-json-secret-manifest-masks-every-data-value",
      description:
        "A Secret manifest printed as indented JSON (`kubectl get secret -o json`: each data entry on its own line) has every data value masked, the entry names kept, as in the compact form.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: '{"apiVersion": "v1", "kind": "Secret", "data": {\n    "settings": "WnE4V20yS3g5THA0UnQ3dlljMw==",\n    "region": "ZXUtd2VzdC0x"\n  }}\n',
      absent: ["WnE4V20yS3g5THA0UnQ3dlljMw==", "ZXUtd2VzdC0x"],
      present: ['"settings": "', '"region": "'],
    },
    {
      claim: "json-secret-manifest-with-blanks-before-its-colons-masks-every-data-value",
      description:
        'A Secret manifest in JSON written with a blank before each colon (`"kind" : "Secret"`, `"data" : {`, as some JSON printers space it; JSON allows white space on either side) has every data value masked, short ones included, as in the form without the blanks (FC-REDACT-SENSITIVE-15: every value under data:).',
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: '{"kind" : "Secret", "data" : { "db" : "aHVudGVyMg==" , "cfg" : "c2VjcmV0"}}\n',
      absent: ["aHVudGVyMg==", "c2VjcmV0"],
      present: [],
    },
    {
      claim: "yaml-secret-manifest-with-blanks-before-its-colons-masks-every-data-value",
      description:
        "A Secret manifest in YAML with a blank before a colon (`data :`, `stringData :`, `config : …`; YAML reads `key : value` as `key: value`) or a comment after its `data:` header has every value under `data` and `stringData` masked, short and plain ones included, as without the blanks (FC-REDACT-SENSITIVE-15).",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: "apiVersion: v1\nkind : Secret\nmetadata:\n  name: app-config\ndata :\n  config : Y2ZnLXZhbHVlLTE=\n  dsn:  cG9zdGdyZXM6Ly9h\nstringData :\n  mode : plainvalue7\n---\nkind: Secret\ndata:   # base64, rotated weekly\n  seed: c2VlZC0yMDI2\n---\nkind: Secret\ndata :\n  notes: aGVsbG8=\n",
      absent: ["Y2ZnLXZhbHVlLTE=", "cG9zdGdyZXM6Ly9h", "plainvalue7", "c2VlZC0yMDI2", "aGVsbG8="],
      present: [],
    },
    {
      claim: "yaml-secret-manifest-with-quoted-keys-masks-every-data-value",
      description:
        "A Secret manifest in YAML whose data keys are quoted (`\"tls.crt\": …`, `'tls.key': …`, as generators quote keys holding dots) has every value under `data` masked, as with plain keys (FC-REDACT-SENSITIVE-15).",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: 'kind: Secret\ntype: kubernetes.io/tls\ndata:\n  "tls.crt": LS0tLS1CRUdJTiBDRVJUSUZJQ0FURQ==\n  \'tls.key\': LS0tLS1CRUdJTiBQUklWQVRFIEtFWQ==\n  "ca.crt": Y2EtYnVuZGxlLTc=\n',
      absent: ["LS0tLS1CRUdJTiBDRVJUSUZJQ0FURQ==", "LS0tLS1CRUdJTiBQUklWQVRFIEtFWQ==", "Y2EtYnVuZGxlLTc="],
      present: [],
    },
    {
      claim: "yaml-secret-manifest-with-a-flow-mapping-masks-every-data-value",
      description:
        'A Secret manifest in YAML whose `data` or `stringData` is a flow mapping (`data: {config: …, "dsn": "…"}`, on one line or over several, also with blanks before the colon, `data : {…}`, or several after it, `data:    {…}`) has every value in it masked, plain and quoted, as in block style (FC-REDACT-SENSITIVE-15).',
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: "kind: Secret\ndata: {config: Y2ZnLXZhbHVlLTE=, \"dsn\": \"cG9zdGdyZXM6Ly9h\", seed: c2VlZC0yMDI2}\nstringData: {\n  mode: plainvalue7,\n  'user': 'deploy-bot-9'\n}\n---\nkind: Secret\ndata : {owner: YWRtaW4tdXNlcg==}\nstringData \t: {mode: plainvalue8}\n---\nkind: Secret\ndata:    {endpoint: ZW5kcG9pbnQtdmFsdWU=}\n",
      absent: [
        "Y2ZnLXZhbHVlLTE=",
        "cG9zdGdyZXM6Ly9h",
        "c2VlZC0yMDI2",
        "plainvalue7",
        "deploy-bot-9",
        "YWRtaW4tdXNlcg==",
        "plainvalue8",
        "ZW5kcG9pbnQtdmFsdWU=",
      ],
      present: [],
    },
    {
      claim: "secret-printed-as-a-python-dict-masks-every-data-value",
      description:
        "A Secret printed as a Python dict (the Kubernetes client's `V1Secret.to_dict()` in a log: single quotes, `data` before `kind`) and one in JSON with a line break after a colon have every data value masked, as in a JSON manifest (FC-REDACT-SENSITIVE-15).",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: "secret: {'api_version': 'v1', 'data': {'password': 'aHVudGVyMi1weQ==', 'username': 'YWRtaW4='}, 'kind': 'Secret', 'metadata': {'name': 'db'}, 'type': 'Opaque'}\nraw: {\"kind\":\"Secret\",\"data\":{\n  \"token\" :\n    \"dG9rZW4tdmFsdWUtOQ==\"\n}}\n",
      absent: ["aHVudGVyMi1weQ==", "YWRtaW4=", "dG9rZW4tdmFsdWUtOQ=="],
      present: [],
    },
    {
      claim: "json-list-of-secrets-masks-every-data-value-of-every-item",
      description:
        "A list of Secrets in JSON on one line (`kubectl get secrets -o json`, compacted) has every data value of every item masked, the second item's short values included, not only the first item's (FC-REDACT-SENSITIVE-15).",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: '{"apiVersion":"v1","items":[{"apiVersion":"v1","data":{"pw":"aHVudGVyMi1weQ=="},"kind":"Secret","metadata":{"name":"a"}},{"apiVersion":"v1","data":{"token":"dG9rZW4tdmFsdWUtOQ==","cfg":"Y2ZnLTE="},"kind":"Secret","metadata":{"name":"b"}}],"kind":"List"}\n',
      absent: ["aHVudGVyMi1weQ==", "dG9rZW4tdmFsdWUtOQ==", "Y2ZnLTE="],
      present: [],
    },
    {
      claim: "secret-in-a-list-with-indented-data-masks-every-value",
      description:
        "A Secret inside a `kind: List` (`kubectl get secrets -o yaml`), its `data:` and `stringData:` indented under a list item, has every value under them masked (a short base64 value, a plain-text one), the entry names kept, as for a Secret at the top level.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: smtp\n  stringData:\n    relay-login: tulip orange lantern 42\n  data:\n    pin: OTM4Mg==\nkind: List\n",
      absent: ["tulip orange lantern 42", "OTM4Mg=="],
      present: ["relay-login: ", "pin: "],
    },
    {
      claim: "secret-with-hundreds-of-entries-masks-every-value",
      description:
        "A Secret with 300 entries under `stringData:`, in YAML and in JSON, has every value masked, the last as well as the first (FC-REDACT-SENSITIVE-15: every value under `data:` and `stringData:`): a reader may bound its work, not the entries it masks.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-config\nstringData:\n${Array.from({ length: 300 }, (_, i) => `  setting-${i}: plain value ${i} of the config`).join("\n")}\ntype: Opaque\n{"kind": "Secret", "stringData": {${Array.from({ length: 300 }, (_, i) => `"entry-${i}": "plain entry ${i} of the config"`).join(", ")}}}`,
      absent: [
        "plain value 299 of",
        "plain value 256 of",
        "plain value 0 of",
        "plain entry 299 of",
        "plain entry 256 of",
      ],
      present: ["kind: Secret"],
    },
    {
      claim: "secret-block-scalar-and-values-after-a-comment-are-masked",
      description:
        "Under `stringData:` of a Secret, a comment line, a block scalar (`notes: | # comment`, its lines, one opening with `#` and a blank line among them) and the entries after them are all read: every value is masked, the lines of the block scalar too, and the entry names stay visible (FC-REDACT-SENSITIVE-15: every value under `data:` and `stringData:` is masked whatever its key).",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-notes\nstringData:\n  # rotated by hand\n  region: meadow lark harbor\n  notes: | # kept for ops\n    tulip orange lantern river\n    #42 second line of the note\n\n    after a blank line\n  relay: quiet copper kettle\ntype: Opaque",
      absent: [
        "meadow lark harbor",
        "tulip orange lantern river",
        "second line of the note",
        "after a blank line",
        "quiet copper kettle",
      ],
      present: ["region: ", "notes: ", "relay: ", "type: Opaque"],
    },
    {
      claim: "secret-block-scalar-with-a-chomping-indicator-masks-its-lines",
      description:
        "Under `stringData:` of a Secret, a block scalar opened with a chomping or indentation indicator (`.env: |-`, `motd: >+`) is a block scalar like `|`: its lines are the value and are masked, also a line that opens with `#`, which inside a block scalar is content, not a comment (FC-REDACT-SENSITIVE-15: every value under `data:` and `stringData:` is masked whatever its key); the entry names stay visible.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-env\nstringData:\n  .env: |-\n    # copy of billing-v2 settings\n    API_URL=https://api.example.test\n  motd: >+\n    #welcome aboard the night shift\ntype: Opaque",
      absent: [
        "copy of billing-v2 settings",
        "welcome aboard the night shift",
        "API_URL=https://api.example.test",
      ],
      present: ["stringData:\n  .env: ", "\n  motd: ", "type: Opaque"],
    },
    {
      claim: "secret-data-value-of-thousands-of-characters-is-masked-to-its-end",
      description:
        "A `data:` value of a Secret longer than 4,096 characters on its line (a base64 certificate bundle) is masked up to its last character, and the entry after it too (FC-REDACT-SENSITIVE-15: a reader may bound its work, not the value it masks).",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: `apiVersion: v1\nkind: Secret\ndata:\n  bundle.pem: ${K8S_LONG}\n  region: ZXUtd2VzdA==\ntype: Opaque`,
      absent: [K8S_LONG.slice(-40), K8S_LONG.slice(4200, 4240), "ZXUtd2VzdA"],
      present: ["bundle.pem: ", "region: "],
      presentUnlessTrimmed: true,
    },
    {
      claim: "single-dash-secret-flag-and-its-value-after-a-blank-is-masked",
      description:
        "A single-dash flag named by a secret word (Go's `flag` package: `-password V`, `-token V`, `-secret V`), its value after a blank, is a CLI flag like `--token V`: the value is masked, the flag kept.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ ./migrate -password Xk9pQ2mZ7rT4 -db prod\n+ vault-cli -token Vt3nQ8xK2mLp list\n+ tool -secret Bq4wLs8nTzKd ok",
      absent: ["Xk9pQ2mZ7rT4", "Vt3nQ8xK2mLp", "Bq4wLs8nTzKd"],
      present: ["./migrate -password ", " -db prod", "vault-cli -token ", "tool -secret "],
    },
    {
      claim: "long-flag-named-by-a-secret-segment-and-its-value-after-a-blank-is-masked",
      description:
        "A long CLI flag whose whole name is a secret segment (`--session V`, the 1Password CLI's session token) is a secret-named key read in the flag syntax (FC-REDACT-SENSITIVE-15: a long CLI flag followed by its value): the value is masked, the flag and the rest of the command kept.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "+ op item get prod-db --session Wq7Lm2Vp9Kz4Tn8Rb3Xc6Hs --fields password\nerror: session expired",
      absent: ["Wq7Lm2Vp9Kz4Tn8Rb3Xc6Hs"],
      present: ["+ op item get prod-db --session ", " --fields password", "error: session expired"],
    },
    {
      claim: "secret-value-in-escaped-backticks-inside-a-template-literal-is-masked",
      description:
        "A secret-named key whose value is quoted with escaped backticks (a template literal nested in a JavaScript template literal, as a code frame prints it: `` `DB_PASSWORD=\\`…\\`` ``) has its value masked: the backslash before the quote belongs to the quoting, not to an unquoted value. The keys and the code frame stay visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "src/deploy/env.test.ts:12:5 - expected the rendered env file to match\n  12 |   const envFile = `DB_PASSWORD=\\`Hq7Zt2Vm9Kx4Rb\\``;\n  13 |   const yaml = `api_token: \\`Tf5Nw8Qa2Xe7Jm\\``;",
      absent: ["Hq7Zt2Vm9Kx4Rb", "Tf5Nw8Qa2Xe7Jm"],
      present: ["src/deploy/env.test.ts:12:5", "const envFile = `DB_PASSWORD=", "const yaml = `api_token: "],
    },
    {
      claim: "curl-credential-in-double-quotes-with-a-blank-is-masked-whole",
      description:
        "A curl `-u`/`--user` credential in double quotes that holds a blank (a password with a space, a user name with one) is one shell word: the whole `user:password` inside the quotes is masked, no part after the blank stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: '+ curl -u "deploy:Xk9pQ2 mZ7rT4wq" https://ci.example.test/api\n+ curl --user "ci bot:Vt3nQ8xK2mLp" https://ci.example.test/hook',
      absent: ["mZ7rT4wq", "Vt3nQ8xK2mLp"],
      present: ["https://ci.example.test/api", "+ curl --user "],
    },
    {
      claim: "curl-and-wget-credentials-in-a-command-without-http-are-masked-whole",
      description:
        "curl's `-u user:password` before a URL without a scheme, and wget's `--user` beside an `ftp://` URL (no `http` anywhere in the text), are masked whole: the user name too, as with an `https://` URL.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf -u deploy-bot:Xk9pQ2mZ7rT4 ci.example.test/api/v1\n+ wget --user=ci-robot --password=Vt3nQ8xK2mLp ftp://files.example.test/a.tgz",
      absent: ["deploy-bot", "Xk9pQ2mZ7rT4", "ci-robot", "Vt3nQ8xK2mLp"],
      present: ["ci.example.test/api/v1", "+ wget --user="],
    },
    {
      claim: "every-value-of-a-curl-cookie-list-is-masked",
      description:
        "Every value of curl's `-b`/`--cookie` list is masked, the second and later pairs (`; region=…; cartref=…`, names of several letters, values no detector finds on its own) as the first: the cookie names stay visible.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf -b 'theme=dark; region=eu-west-2; cartref=Qz7pLm2x' https://shop.example.test/cart failed with 403",
      absent: ["eu-west-2", "Qz7pLm2x"],
      present: ["theme=", "region=", "cartref=", "https://shop.example.test/cart"],
    },
    {
      claim: "curl-cookie-value-with-a-backslash-in-a-later-pair-is-masked",
      description:
        "A backslash inside a later value of curl's cookie list (`user=CORP\\jdoe`, a Windows domain account) neither ends that value nor the list: the whole value and every value after it are masked, the cookie names stay visible (FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf -b 'theme=dark; user=CORP\\jdoe; region=eu-west-2' https://shop.example.test/cart failed with 403",
      absent: ["CORP", "jdoe", "eu-west-2"],
      present: ["theme=", "; user=", "; region=", "https://shop.example.test/cart"],
    },
    {
      claim: "curl-cookie-list-after-several-blanks-is-masked",
      description:
        "curl's `-b` followed by more than one blank or by a tab before its list (`-b  'k=v; …'`, as a script aligns its flags) is the same flag: every value of the list is masked, the cookie names stay visible (FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf -b  'region=eu-west-2; cartref=Qz7pLm2x' https://shop.example.test/cart failed with 403\n+ curl -sf -b\t'basket=Zm8Tq4Rv' https://shop.example.test/basket failed with 403",
      absent: ["eu-west-2", "Qz7pLm2x", "Zm8Tq4Rv"],
      present: ["region=", "cartref=", "basket=", "https://shop.example.test/cart"],
    },
    {
      claim: "curl-long-cookie-flag-keeps-the-cookie-names",
      description:
        "curl's long flag `--cookie` takes the same list as `-b`: every value is masked and the cookie names stay visible (`--cookie 'basket=…; region=…'`, `--cookie=basket=…`), as FC-REDACT-SENSITIVE-17 says of both spellings; the flag's secret-ish name does not make the whole list one value.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf --cookie 'basket=Zm8Tq4Rv; region=eu-west-2' https://shop.example.test/basket failed with 403\n+ curl -sf --cookie=cartref=Qz7pLm2x https://shop.example.test/cart failed with 403",
      absent: ["Zm8Tq4Rv", "eu-west-2", "Qz7pLm2x"],
      present: ["--cookie 'basket=", "; region=", "--cookie=cartref="],
    },
    {
      claim: "every-curl-cookie-list-on-one-line-is-masked",
      description:
        "A curl command line may carry several cookie lists (`-b 'theme=dark' --cookie 'basket=…'`): each is read as the first, its values masked and its cookie names visible (FC-REDACT-SENSITIVE-17); the later list is neither left whole nor masked as one value.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf -b 'theme=dark' --cookie 'basket=Zm8Tq4Rv; region=eu-west-2' https://shop.example.test/basket failed with 403\n+ curl -sf --cookie 'theme=dark' -b 'cartref=Qz7pLm2x' https://shop.example.test/cart failed with 403",
      absent: ["Zm8Tq4Rv", "eu-west-2", "Qz7pLm2x"],
      present: ["--cookie 'basket=", "; region=", "-b 'cartref=", "https://shop.example.test/cart"],
    },
    {
      claim: "redis-cli-password-bare-or-quoted-is-masked-from-its-first-character",
      description:
        "redis-cli's `-a` password is masked whole whether it is bare or in single or double quotes, from its first character (values no other detector finds on their own).",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ redis-cli -h cache.internal -a hunter2redis ping\n+ redis-cli -h cache.internal -a 'S3cr3tPass' ping\n+ redis-cli -a \"wordpass\" -n 2 flushdb",
      absent: ["-a h", "hunter2redis", "unter2redis", "S3cr3tPass", "wordpass"],
      present: ["redis-cli -h cache.internal -a ", " ping", " -n 2 flushdb"],
    },
    {
      claim: "cli-password-holding-a-bracket-or-an-angle-is-masked-whole",
      description:
        "A command-line password with `]` or `>` inside it (`mysql -pwk]4>pq`, `sshpass -p ab>cd]ef`, `--password tr]ee>42`) is masked whole: only a value that ends in `>` or `]` (`<password>`, `[PASSWORD]`) is a placeholder.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ mysql -uroot -pwk]4>pq app < dump.sql\n+ sshpass -p ab>cd]ef ssh deploy@host\n+ ./deploy --password tr]ee>42 --env prod",
      absent: ["wk]4>pq", "ab>cd]ef", "ee>42"],
      present: ["mysql -uroot -p", " app < dump.sql", "sshpass -p ", " ssh deploy@host", " --env prod"],
    },
    {
      claim: "tuple-with-a-plain-value-masks-the-value",
      description:
        'A quoted secret-named key followed by a comma (a tuple `("db_password", "hunter2")`, `System.setProperty("X_TOKEN", "abc123")`) is an assignment (FC-REDACT-SENSITIVE-15) whatever its value looks like: a plain, short value is masked like a random one, the key kept.',
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: 'creds = ("db_password", "hunter2")\nSystem.setProperty("X_TOKEN", "abc123")',
      absent: ["hunter2", "abc123"],
      present: ['("db_password", "', 'System.setProperty("X_TOKEN", "'],
    },
    {
      claim: "single-quoted-key-masks-the-value",
      description:
        "A secret-named key in single quotes is a key like a double-quoted one (FC-REDACT-SENSITIVE-15): a YAML or TOML literal key (`'password': …`, `'db_password' = …`), a PHP array key (`'pwd' => '…'`) and a tuple (`('api_token', '…')`) have their values masked, the keys kept.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "'password': hunter2\n'db_password' = \"s3cr3t\"\n$cfg = ['pwd' => 'qwerty'];\ncreds = ('api_token', 'abc123')",
      absent: ["hunter2", "s3cr3t", "qwerty", "abc123"],
      present: ["'password': ", "'db_password' = \"", "$cfg = ['pwd' => '", "creds = ('api_token', '"],
    },
    {
      claim: "short-value-of-a-secret-named-key-is-masked",
      description:
        'A value of one to four characters that are not all digits under a secret-named key (`DB_PASSWORD=Qz!`, `password: "Xk#y"`, `api_token: Rv*`, `secret=Lm^`) is masked like any other: only a small integer (`retries: 3` style, up to four digits) or a `line:col` pair may stay visible (FC-REDACT-SENSITIVE-23), not a short word.',
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'env DB_PASSWORD=Qz! loaded\nconfig password: "Xk#y"\napi_token: Rv*\nlogin secret=Lm^ rejected',
      absent: ["Qz!", "Xk#y", "Rv*", "Lm^"],
      present: ["env DB_PASSWORD=", 'config password: "', "login secret="],
    },
    {
      claim: "values-shaped-like-names-or-positions-under-a-secret-named-key-are-masked",
      description:
        'A value under a secret-named key that only looks like what may stay visible is masked (FC-REDACT-SENSITIVE-5): capitals with no `_` (`HUNTER`, `LETMEIN`: an environment-variable name such as `STRIPE_KEY` joins words with `_`), capitals and `_` with a digit or another character after them (`PASS_2024`, `OPS_TEAM!rocks`), a quoted word ending in a colon (`"pa55word:"`: only an unquoted label such as `KeyError:` is one), digit groups with letters after them (`1984:42Tango`: a `line:col` pair is digits only).',
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'env password=HUNTER loaded\nsecret=LETMEIN\nDB_PASSWORD=PASS_2024 set\n{"password": "OPS_TEAM!rocks"}\nconfig password: "pa55word:"\nDB_PASSWORD=1984:42Tango here',
      absent: ["HUNTER", "LETMEIN", "PASS_2024", "OPS_TEAM!rocks", "pa55word:", "1984:42Tango"],
      present: ["env password=", "DB_PASSWORD=", '{"password": "', 'config password: "'],
    },
    {
      claim: "short-cli-password-without-a-digit-is-masked",
      description:
        "A short command-line password with no digit in it (`sshpass -p qwerty`, `redis-cli -a Zx!mq`, `docker login -p azerty`) is masked like any other: only a small integer after the flag may stay visible (FC-REDACT-SENSITIVE-23), not a short word.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ sshpass -p qwerty ssh deploy@build-01 uptime\n+ redis-cli -h cache -a Zx!mq ping\n+ docker login -p azerty registry.example.test",
      absent: ["qwerty", "Zx!mq", "azerty"],
      present: ["sshpass -p ", " ssh deploy@build-01 uptime", "redis-cli -h cache -a ", "docker login -p "],
    },
    {
      claim: "curl-user-flag-after-a-long-request-body-is-masked-whole",
      description:
        "curl's `-u user:password` after a long request body on the same command line (a JSON `-d` of several hundred characters between `curl` and `-u`) is masked whole, the user name too: the flag belongs to the curl command however far along its line it stands (FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-5"],
      field: "trace",
      text: `+ curl -sS -X POST https://api.example.test/v1/orders -H 'Content-Type: application/json' -d '${JSON.stringify({ items: Array.from({ length: 25 }, (_, i) => ({ sku: `A-${i}`, qty: 1 })) })}' -u deploy-bot:Hx7qLm2Vr9PsQw3`,
      absent: ["deploy-bot", "Hx7qLm2Vr9PsQw3", "x7qLm2Vr9PsQw3"],
      present: ["+ curl -sS -X POST "],
    },
    {
      claim: "curl-user-name-is-masked-from-its-first-character",
      description:
        "The `user:password` given to curl with `-u` or `--user` is masked from its first character: not even the user name's first letter stays visible after the flag, also when the quote that closes a `sh -c '…'` command follows the credential.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ curl -sf -u deploy-bot:Zx81kPq2Lm ci.example.test/api/v4 && curl --user build:Tq77wWz3Nn https://ci.example.test/x\n+ sh -c 'curl -fsS -u release-bot:Wq7Lm2Vp9Kz4'",
      absent: [
        "-u d",
        "eploy-bot",
        "Zx81kPq2Lm",
        "--user b",
        "uild:",
        "Tq77wWz3Nn",
        "release-bot",
        "Wq7Lm2Vp9Kz4",
      ],
      present: ["ci.example.test/api/v4"],
    },
    {
      claim: "provider-key-of-several-words-holding-sha-or-hash-inside-a-word-is-masked",
      description:
        "A YAML key of several words that names a provider (`asana shared id`, `mailgun hashing salt`, `sendgrid marshaled account`) is a provider key (FC-REDACT-SENSITIVE-14: any separator, a blank too): its credential-shaped value is masked. `sha` or `hash` inside a word of the key (`shared`, `hashing`, `marshaled`) does not make it a digest's key; only a key that ends in a digest's name does (FC-REDACT-SENSITIVE-19).",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "config.yaml:\n  asana shared id: Xk3v9Qm2Lp7TzR8\n  mailgun hashing salt: Vt3nQ8xK2mLpW9q\n  sendgrid marshaled account = Qz7pLm2xWk4nR5v",
      absent: ["Xk3v9Qm2Lp7TzR8", "Vt3nQ8xK2mLpW9q", "Qz7pLm2xWk4nR5v"],
      present: ["asana shared id: ", "mailgun hashing salt: ", "sendgrid marshaled account = "],
    },
    {
      claim: "provider-keyed-letters-value-with-a-short-suffix-is-masked",
      description:
        "A letters-only value under a provider key whose capitals and lower-case letters alternate (`XkQwRtZpLmNbVcTy-prod`, `ZxCvBnMqWeRtYu_live`) is not made of words by FC-REDACT-SENSITIVE-6's chunking (two-letter chunks, averaging under 3.5 letters), so it is credential-shaped and masked (FC-REDACT-SENSITIVE-14); a short word after a separator (`-prod`, `_live`) does not make the whole value a word.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "settings.yml:\n  DROPBOX: XkQwRtZpLmNbVcTy-prod\n  twitter-key: ZxCvBnMqWeRtYu_live",
      absent: ["XkQwRtZpLmNbVcTy", "ZxCvBnMqWeRtYu"],
      present: ["DROPBOX: ", "twitter-key: "],
    },
    {
      claim: "provider-keyed-value-of-words-and-three-digit-groups-is-masked",
      description:
        "A value under a provider key made of words and three digit groups, one opening with `0` (`Release-01-Notes-22-Build-33`), is not made of words by FC-REDACT-SENSITIVE-6's chunking (at most two digit chunks; `01` is a digit chunk like any other), so it is credential-shaped and masked (FC-REDACT-SENSITIVE-14).",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "settings.yml:\n  DROPBOX: Release-01-Notes-22-Build-33\n  asana=Deploy-07-Stage-19-Canary-44",
      absent: ["Release-01-Notes-22-Build-33", "Deploy-07-Stage-19-Canary-44"],
      present: ["DROPBOX: ", "asana="],
    },
    {
      claim: "curl-credential-ends-at-a-tab",
      description:
        "A curl `-u user:password` shell word ends at a tab as at a blank: the credential is masked and the tab-separated repo-relative path and flag after it stay visible (FC-PATH-3).",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-PATH-3"],
      field: "message",
      text: "+ curl -sS -u deploy:Xk9pQ2mZ7rT4\tsrc/api/client.ts: request failed\n+ curl -u ci:Vt3nQ8xK2mLp\t-o build/out.json",
      absent: ["Xk9pQ2mZ7rT4", "Vt3nQ8xK2mLp"],
      present: ["src/api/client.ts: request failed", "-o build/out.json"],
    },
    {
      claim: "unclosed-quoted-value-ends-at-its-line-end",
      description:
        "A secret-named key's quoted value whose closing quote is missing on its line (a cut log line) is masked to the line's end, and the value ends there: the next line's repo-relative path and message stay visible (FC-PATH-3), even when a later quote of the same kind follows on it.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-PATH-3"],
      field: "message",
      text: "+ export DB_PASSWORD=\"Qz7pLm2xWk4n\nsrc/db/pool.ts:41:7 - error TS2304: Cannot find name 'poolSize'. see \"docs/db.md\"\n+ deploy --token 'Vt3nQ8xK2mLp\nlib/deploy/run.py:88: warning: unused import 'os'",
      absent: ["Qz7pLm2xWk4n", "Vt3nQ8xK2mLp"],
      present: [
        "src/db/pool.ts:41:7 - error TS2304: Cannot find name",
        "lib/deploy/run.py:88: warning: unused import",
      ],
    },
    {
      claim: "stray-escape-at-a-line-end-keeps-the-line-break",
      description:
        "A line that ends in a stray ESC (a colour code cut off at the end of a log line) still ends there: the ESC is no escape sequence with the line break, so a secret value before it is masked to the line's end and the next line's repo-relative path and message stay visible (FC-PATH-3). A line break is never part of an ANSI sequence; a terminal still breaks the line.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-8", "FC-PATH-3"],
      field: "message",
      text: "+ export DB_PASSWORD=Qz7pLm2xWk4n\u001b\nsrc/db/pool.ts:41:7 - error TS2304: Cannot find name 'poolSize'.\n+ deploy --token Vt3nQ8xK2mLp\u001b\nlib/deploy/run.py:88: warning: unused import 'os'",
      absent: ["Qz7pLm2xWk4n", "Vt3nQ8xK2mLp"],
      present: [
        "src/db/pool.ts:41:7 - error TS2304: Cannot find name",
        "lib/deploy/run.py:88: warning: unused import",
      ],
    },
    {
      claim: "secret-value-glued-to-a-colon-is-masked",
      description:
        "A secret-named key's unquoted value with a colon glued to its end (`password=4hunter2: access denied`, `session_id: 7Kq2mZp9: expired`) is masked: only a word-made identifier ending in a colon (`KeyError:`) is a label, and a value that opens with a digit is none.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "mysql: password=4hunter2: access denied for user 'app'\nsession_id: 7Kq2mZp9: expired, log in again\nconnect: DB_PASSWORD=9zQx4.mLp2: rejected by db.internal",
      absent: ["4hunter2", "7Kq2mZp9", "9zQx4.mLp2"],
      present: [
        "password=",
        "session_id: ",
        "DB_PASSWORD=",
        " access denied for user",
        " expired, log in again",
      ],
    },
    {
      claim: "xml-element-of-a-cookie-or-prefixed-secret-tag-masks-its-text",
      description:
        "An XML element whose tag names a secret is read as an element whatever else reads the tag: a `<cookie>` element (no Cookie header) and a namespace-prefixed `<wsse:Password>` (WS-Security) have their text masked, also text with blanks in it (a passphrase), the tags kept.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "request body: <cookie>gate keeper 42</cookie>\nsoap fault: <wsse:Password>correct horse battery</wsse:Password>",
      absent: ["gate keeper 42", "correct horse battery"],
      present: ["<cookie>", "</cookie>", "<wsse:Password>", "request body: ", "soap fault: "],
    },
    {
      claim: "namespaced-xml-element-with-a-secret-segment-masks-its-text",
      description:
        "A namespace-prefixed XML element whose local name is a secret segment of FC-REDACT-SENSITIVE-5 (`<ns:auth>`, `<mysql:pass>`, `<app:session>`) is an XML element assigning that key: its text is masked, blanks included, the opening tag kept.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "request body: <ns:auth>hunter two</ns:auth>\nconfig: <mysql:pass>gate keeper 42</mysql:pass>\nreply: <app:session>Qz7p Lm2x Wk4n</app:session>",
      absent: ["hunter two", "gate keeper 42", "Qz7p Lm2x Wk4n"],
      present: ["<ns:auth>", "<mysql:pass>", "<app:session>", "request body: ", "config: ", "reply: "],
    },
    {
      claim: "token-split-by-an-osc-sequence-ended-by-st-is-masked",
      description:
        "A token split by an OSC sequence that ends with ST (`ESC ] 0 ; title ESC \\`, the standard terminator; BEL is xterm's) is masked whole: the whole sequence, its `\\` included, is a control sequence inside the token (FC-REDACT-SENSITIVE-8), so no part of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "push rejected: ghp_Z9y8X7w6V5u4T3s2\u001b]0;build 42\u001b\\R1q0P9o8N7m6L5k4J3i2 (scope repo)",
      absent: ["Z9y8X7w6V5u4T3s2", "R1q0P9o8N7m6L5k4J3i2"],
      present: ["push rejected: ", " (scope repo)"],
    },
    {
      claim: "token-split-by-a-spelled-osc-title-is-masked-whole",
      description:
        "A token split by an OSC title sequence written out as text, its ESC and its BEL spelled as JSON or C escapes (`\\u001b]0;build 42\\u0007`, `\\x1b]2;ci\\x07`, octal `\\033]2;ci\\007`, `\\033]0;deploy\\a`), is masked whole: the spelled sequence is noise inside the token as a real one is (FC-REDACT-SENSITIVE-8), so neither half of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "publish: ghp_Z9y8X7w6V5u4T3s2\\u001b]0;build 42\\u0007R1q0P9o8N7m6L5k4J3i2 rejected; retry ghp_Q7vLm2Xc9RtB4n\\x1b]2;ci\\x07Kp8WzY3dHs6FgJ1aE5uVo0 rejected; bell ghp_Hs6FgJ1aE5uVo0Q7vL\\033]0;deploy\\aRt4Bn8Kp2WzY3dXc9Mm rejected; octal ghp_Wq3Er5Ty7Ui9Op1As\\033]2;ci\\007Df2Gh4Jk6Lz8Xc0Vb3Nm rejected",
      absent: [
        "Z9y8X7w6V5u4T3s2",
        "R1q0P9o8N7m6L5k4J3i2",
        "Q7vLm2Xc9RtB4n",
        "Kp8WzY3dHs6FgJ1aE5uVo0",
        "Wq3Er5Ty7Ui9Op1As",
        "Df2Gh4Jk6Lz8Xc0Vb3Nm",
        "Hs6FgJ1aE5uVo0Q7vL",
        "Rt4Bn8Kp2WzY3dXc9Mm",
      ],
      present: ["publish: ", " rejected; retry "],
    },
    {
      claim: "token-split-by-an-osc-title-in-a-long-text-is-masked",
      description:
        "In a message of over 64K characters with few escapes, a token split by an OSC title sequence (`ESC ] 0 ; build 42 BEL`) is masked whole: the whole sequence is noise inside the token whatever the text's length (FC-REDACT-SENSITIVE-8), so neither half of the token nor the title is left glued to it.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `publish: ghp_Z9y8X7w6V5u4T3s2\u001b]0;build 42\u0007R1q0P9o8N7m6L5k4J3i2 rejected\n${"step 7: compiled the module without warnings\n".repeat(1600)}`,
      absent: ["Z9y8X7w6V5u4T3s2", "R1q0P9o8N7m6L5k4J3i2"],
      present: ["publish: "],
    },
    {
      claim: "token-split-by-a-colour-escape-in-a-densely-coloured-long-text-is-masked",
      description:
        "In a message of over 64K characters with an escape every few characters (two thousand coloured test-pass lines), a token split by a colour escape right after its sixth character (`ghp_Q7` ESC `[1m` `vLm2…`) is masked whole, its prefix and first characters included: the escape is noise inside the token whatever the text's length and density (FC-REDACT-SENSITIVE-8), so no fragment of the token (`ghp_Q7`) stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `publish: ghp_Q7\u001b[1mvLm2Xc9RtB4nKp8WzY3dHs6FgJ1aE5uVo0\u001b[22m rejected\n${"\u001b[32m✓\u001b[39m test passes \u001b[2m(3 ms)\u001b[22m\n".repeat(2000)}`,
      absent: ["ghp_Q7", "vLm2Xc9RtB4nKp8W", "WzY3dHs6FgJ1aE5uVo0"],
      present: ["publish: "],
    },
    {
      claim: "token-at-the-head-of-a-densely-coloured-long-text-is-masked",
      description:
        "A message of over 64K characters with an escape every few characters (two thousand coloured test-pass lines) that opens with an AWS access key id (`AKIA…`, no escape before it) has the key masked whole: cleaning the escapes out of a long, dense text must start at its first escape, not at its first character, so no tail of the key (`IAZ7Q4M2…`) stays visible (FC-REDACT-SENSITIVE-3, FC-REDACT-SENSITIVE-8).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `AKIAZ7Q4M2K9X3R8T6WB rejected by the registry\n${"\u001b[32m✓\u001b[39m test passes \u001b[2m(3 ms)\u001b[22m\n".repeat(2000)}`,
      absent: ["Z7Q4M2K9X3R8T6WB"],
      present: [" rejected by the registry"],
    },
    {
      claim: "token-split-by-a-string-terminator-is-masked",
      description:
        "A token split by a String Terminator standing alone (`ESC \\`, the end of a hyperlink or device-control escape whose opening was cut off) is masked whole: ST is a VT control sequence like any other (FC-REDACT-SENSITIVE-8), so it is noise inside the token, and neither half (`ghp_Q7aB…`, `jK2lM4…`) nor a backslash glued to it stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "publish: ghp_Q7aB9cD3eF5gH1\u001b\\jK2lM4nP6qR8sT0uV2wX4yZ6 rejected",
      absent: ["Q7aB9cD3eF5gH1", "jK2lM4nP6qR8sT0uV2wX4yZ6"],
      present: ["publish: ", " rejected"],
    },
    {
      claim: "token-split-by-a-spelled-osc-title-ended-by-a-spelled-bel-is-masked",
      description:
        "A token split by an OSC title written out as text, its ESC spelled `\\u001b` and its BEL spelled `\\a` (as a shell's printf writes it), is masked whole: the spelled title is noise inside the token (FC-REDACT-SENSITIVE-8), whichever BEL spelling ends it.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "publish: ghp_Z9y8X7w6V5u4T3s2\\u001b]0;build 42\\aR1q0P9o8N7m6L5k4J3i2 rejected",
      absent: ["Z9y8X7w6V5u4T3s2", "R1q0P9o8N7m6L5k4J3i2"],
      present: ["publish: ", " rejected"],
    },
    {
      claim: "token-split-by-an-osc-title-opened-by-a-spelled-e-or-caret-escape-is-masked",
      description:
        "A token split by an OSC title whose ESC is spelled `\\e` or `^[` (the two spellings FC-REDACT-SENSITIVE-8 names beside `\\u001b`, `\\x1b` and `\\033`), ended by a BEL spelled `\\a` or `\\x07`, is masked whole. (Until 2026-12 the reference took `\\e` and `^[` for an ESC only before `[` and the two-character escapes, so both halves of the token stayed visible.)",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "publish: ghp_Z9y8X7w6V5u4T3s2\\e]0;build 42\\aR1q0P9o8N7m6L5k4J3i2 rejected; retry ghp_K8j7H6g5F4d3S2a1^[]2;deploy\\x07Q0w9E8r7T6y5U4i3O2p1 rejected",
      absent: ["Z9y8X7w6V5u4T3s2", "R1q0P9o8N7m6L5k4J3i2", "K8j7H6g5F4d3S2a1", "Q0w9E8r7T6y5U4i3O2p1"],
      present: ["publish: ", " rejected; retry ", " rejected"],
    },
    {
      claim: "repo-relative-file-with-a-random-looking-name-after-a-secret-word-stays-visible",
      description:
        "A repo-relative file path after a secret word stays visible even when its file name looks random (`token cache miss: fixtures/a1b2…k1.json`, a snapshot or cache file named by a digest of its content): it is a path (FC-PATH-3), and no segment stands alone as FC-REDACT-SENSITIVE-6's random string must. A random string standing alone after the same word is still masked.",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "token cache miss: fixtures/a1b2c3d4e5f6g7h8i9j0k1.json:12\nsecret loaded from snapshots/q8w7e6r5t4y3u2i1o0p9a8s7.snap\napi key Xk29sLq8Zp3mW7vRa1b2c3dY rejected for build/cache/Z9y8x7w6v5u4t3s2r1q0.bin",
      absent: ["Xk29sLq8Zp3mW7vRa1b2c3dY"],
      present: [
        "fixtures/a1b2c3d4e5f6g7h8i9j0k1.json:12",
        "snapshots/q8w7e6r5t4y3u2i1o0p9a8s7.snap",
        "build/cache/Z9y8x7w6v5u4t3s2r1q0.bin",
      ],
    },
    {
      claim: "repo-relative-directory-with-random-looking-segments-after-a-secret-word-stays-visible",
      description:
        "A repo-relative directory path after a secret word stays visible even when its segments look random and it names no file (`token cache at node_modules/.cache/aB3xK9qL2/mZ7pW4tR1 is stale`): it is a path (FC-PATH-3) — a `.` inside it rules out base64 — and none of its segments stands alone as FC-REDACT-SENSITIVE-6's random string must.",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "token cache at node_modules/.cache/aB3xK9qL2/mZ7pW4tR1 is stale",
      absent: [],
      present: ["token cache at node_modules/.cache/aB3xK9qL2/mZ7pW4tR1 is stale"],
    },
    {
      claim: "repo-relative-file-named-by-a-long-number-stays-visible",
      description:
        "A repo-relative file named by a long number (a timestamp in milliseconds, a record id: `fixtures/1701234567891.json`, `snapshots/1234567812345670.snap`) stays visible: it is a path (FC-PATH-3), and the number, though it passes the Luhn check and has a card's length, opens with no issuer prefix of the record payment-card, so it is no payment card number (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "snapshot differs: fixtures/1701234567891.json:3 (see snapshots/1234567812345670.snap)",
      absent: [],
      present: ["fixtures/1701234567891.json:3", "snapshots/1234567812345670.snap"],
    },
    {
      claim: "repo-relative-asset-with-a-scale-suffix-stays-visible",
      description:
        "A repo-relative asset whose file name carries a scale suffix after `@` (`src/assets/icon@2x.png`, `public/logo@3x.webp`, and the common image extensions `.gif`, `.svg`, `.jpeg`, `.jpg`) stays visible: it is a path (FC-PATH-3), and its `@` opens no e-mail address, as an image file extension is no top-level domain (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "missing image: src/assets/icon@2x.png (and public/logo@3x.webp) not bundled; also src/img/spin@2x.gif, src/img/mark@2x.svg, src/img/bg@3x.jpeg and src/img/hero@2x.jpg",
      absent: [],
      present: [
        "src/assets/icon@2x.png",
        "public/logo@3x.webp",
        "src/img/spin@2x.gif",
        "src/img/mark@2x.svg",
        "src/img/bg@3x.jpeg",
        "src/img/hero@2x.jpg",
      ],
    },
    {
      claim: "repo-relative-path-under-a-provider-key-stays-visible",
      description:
        "A repo-relative path assigned to a key that names a credential provider (`sentry: src/sentry/init.ts`, `STRIPE_CONFIG=config/stripe.json`, `github: .github/workflows/ci.yml`) is a path, not a credential: it is made of words and separators, so it is not credential-shaped (FC-REDACT-SENSITIVE-14), and a Worker needs it (FC-PATH-3): it stays visible.",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "sentry: src/sentry/init.ts failed; STRIPE_CONFIG=config/stripe.json; github: .github/workflows/ci.yml",
      absent: [],
      present: ["src/sentry/init.ts", "config/stripe.json", ".github/workflows/ci.yml"],
    },
    {
      claim: "secret-word-after-a-redacted-label-opening-the-text-is-context",
      description:
        "A text that opens with a `redacted:` label glued to a secret word (`redacted:token …`, a log that tags its own lines; no `«`, so no placeholder) has the random string after the word masked: only a word inside a placeholder (`«redacted:secret»`) is no context, and this label is none, at the very start of the text as anywhere else (FC-REDACT-SENSITIVE-6).",
      requirements: ["FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "redacted:token Kq3Lm8Zx2Vp9Tn4Rb7Wc6Hs1 rejected",
      absent: ["Kq3Lm8Zx2Vp9Tn4Rb7Wc6Hs1"],
      present: ["redacted:token ", " rejected"],
    },
    {
      claim: "repo-root-holding-a-colon-is-relativised",
      description:
        "A repo root whose path holds a letter and a colon inside a segment (`/srv/build:2/app`, a legal POSIX directory name; no drive letter) is relativised like any other: every occurrence of the root followed by a separator is removed (FC-PATH-1), so the paths under it come out repo-relative with their `:line`, never masked as absolute.",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      field: "message",
      repoRoot: "/srv/build:2/app",
      text: "error in /srv/build:2/app/src/a.ts:3 failed; see /srv/build:2/app/docs/setup.md",
      absent: ["/srv/build:2/app", "«redacted:path»"],
      present: ["src/a.ts:3", "docs/setup.md"],
    },
    {
      claim: "repo-root-holding-pattern-characters-is-relativised",
      description:
        "A repo root whose segments hold characters that a regular expression would read as operators (`/home/dev/src/app+tools (v2)/core.x`: `+`, `(`, `)`, `.`, legal in POSIX directory names) is matched as the literal text it is: every occurrence followed by a separator is removed (FC-PATH-1), so the paths under it come out repo-relative, never masked as absolute.",
      requirements: ["FC-PATH-1", "FC-PATH-3"],
      field: "message",
      repoRoot: "/home/dev/src/app+tools (v2)/core.x",
      text: "error in /home/dev/src/app+tools (v2)/core.x/src/a.ts:3 failed; see /home/dev/src/app+tools (v2)/core.x/docs/setup.md",
      absent: ["/home/dev/src/app+tools", "«redacted:path»"],
      present: ["src/a.ts:3", "docs/setup.md"],
    },
    {
      claim: "repo-relative-path-after-a-secret-word-stays-visible",
      description:
        "A repo-relative path within the window after a secret word (`invalid token read from packages/…/index.ts:12`, `secret loaded from config/…/kustomization.yaml`, `api key in web/…/app.3f9a7c2e1b.min.js`, `restored cookies: e2e/…/session-cookies.json`: `cookies:` is no `Cookie:` header) is a path, not a random string: it stays visible with its `:line` (FC-PATH-3), though some of its segments look random.",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "invalid token read from packages/auth-svc/src/tokens/Qx7pLm2x/index.ts:12\nsecret loaded from config/k8s/overlays/prod-eu2/kustomization.yaml\napi key in web/static/js/app.3f9a7c2e1b.min.js\nrestored cookies: e2e/fixtures/session-cookies.json",
      absent: [],
      present: [
        "packages/auth-svc/src/tokens/Qx7pLm2x/index.ts:12",
        "config/k8s/overlays/prod-eu2/kustomization.yaml",
        "web/static/js/app.3f9a7c2e1b.min.js",
        "e2e/fixtures/session-cookies.json",
      ],
    },
    {
      claim: "curl-user-right-after-the-flag-is-masked",
      description:
        "A quoted credential right after curl's -u (no blank between) is masked, and `$$…` is not taken for a variable reference.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: `+ curl -u":${curlQuoted}" https://ci.example.test/api`,
      absent: [curlQuoted.slice(2)],
      present: ["https://ci.example.test/api"],
    },
    {
      claim: "spread-out-secret-manifest-masks-its-data-value",
      description:
        "A Secret manifest with wide spacing after kind: and other text between its fields still has its data value masked; a key made of words stays.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: `kind:            Secret  # from the chart\nmetadata: {name: db}  data:  # base64\n  settings: ${manifestValue}\n`,
      absent: [manifestValue],
      present: ["settings:"],
    },
    {
      claim: "glued-provider-word-and-loose-operator-mask-the-value",
      description:
        "A provider name glued into a machine-made key marks its value through the loose form (quotes, blanks and `||` or `?=` before the value).",
      requirements: ["FC-REDACT-SENSITIVE-14", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: `request failed: Xq9adafruitZ7 '||" \`${glued}\` was rejected; prod.sendbirdX?= '= ${gluedSecret};`,
      absent: [glued, gluedSecret],
      present: ["Xq9adafruitZ7", "prod.sendbirdX"],
    },
    {
      claim: "mixed-case-forty-hex-is-masked-a-sha-is-not",
      description:
        "Forty hex digits in both cases are a token and are masked; a lower-case git SHA of the same length stays visible (the reference's settlement).",
      requirements: ["FC-REDACT-SENSITIVE-16", "FC-REDACT-SENSITIVE-10"],
      profile: "reference",
      field: "message",
      text: `build ${mixedHex} rejected at commit ${sha}`,
      absent: [mixedHex],
      present: [`commit ${sha}`],
    },
    {
      claim: "private-key-with-a-mangled-body-is-masked-to-its-closing-line",
      description:
        "A private key whose body is not base64 is masked from its BEGIN line through its closing KEY----- line.",
      requirements: ["FC-REDACT-SENSITIVE-16", "FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `key: -----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----\nnext line`,
      absent: [pemBody.slice(0, 16), pemBody.slice(-16)],
      present: ["next line"],
    },
    {
      claim: "private-key-with-a-mangled-body-and-a-cut-end-line-is-masked-to-its-key-line",
      description:
        "A private key whose body is not base64 and whose END line lost its leading dashes is masked from its BEGIN line through the closing KEY----- of that line.",
      requirements: ["FC-REDACT-SENSITIVE-16", "FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `key: -----BEGIN RSA PRIVATE KEY-----\n${pemBody}\nEND RSA PRIVATE KEY-----\nnext line`,
      absent: [pemBody.slice(0, 16), pemBody.slice(-16)],
      present: ["next line"],
    },
    {
      claim: "pgp-private-key-block-with-a-mangled-body-and-a-cut-end-line-is-masked-to-its-block-line",
      description:
        "A PGP private key block whose body is not base64 and whose END line lost its leading dashes is masked from its BEGIN line through the closing KEY BLOCK----- of that line (FC-REDACT-SENSITIVE-16: through the closing `KEY-----` or `KEY BLOCK-----`).",
      requirements: ["FC-REDACT-SENSITIVE-16", "FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `key: -----BEGIN PGP PRIVATE KEY BLOCK-----\n${pemBody}\nEND PGP PRIVATE KEY BLOCK-----\nnext line`,
      absent: [pemBody.slice(0, 16), pemBody.slice(-16)],
      present: ["next line"],
    },
    {
      claim: "provider-named-keys-mask-their-values",
      description:
        "Values keyed only by a provider's name, bare or with a credential word, in any casing, are masked; the keys stay.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: `+ export ASANA=${asanaId}\nconfig: {kucoinKey: ${kucoin}}\ndropbox_token: '${dropbox}'`,
      absent: [asanaId, kucoin, dropbox],
      present: [
        "ASANA=«redacted:secret»",
        "kucoinKey: «redacted:secret»",
        "dropbox_token: '«redacted:secret»'",
      ],
    },
    {
      claim: "provider-key-after-a-redacted-label-is-masked",
      description:
        "A provider-named key glued after a `redacted:` label (`redacted:asana=…`, a log that tags its own lines) is read like any other key: its credential-shaped value is masked.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "audit line redacted:asana=Xk29Lm3Qp8Rt5Vw2Yz7A end",
      absent: ["Xk29Lm3Qp8Rt5Vw2Yz7A"],
      present: ["audit line redacted:asana=", " end"],
    },
    {
      claim: "uuid-under-a-provider-key-is-masked-a-bare-uuid-is-not",
      description:
        "A UUID assigned to a provider key is a credential; a UUID naming a run stays visible (the reference's settlement).",
      requirements: ["FC-REDACT-SENSITIVE-14", "FC-REDACT-SENSITIVE-10"],
      profile: "reference",
      field: "notes",
      text: `HEROKU_API_KEY=${herokuUuid} was printed by run ${runUuid}`,
      absent: [herokuUuid],
      present: ["HEROKU_API_KEY=«redacted:secret»", runUuid],
    },
    {
      claim: "provider-names-in-identifiers-and-versions-stay-visible",
      description:
        "Identifiers that contain a provider's name, package versions and API versions are not credentials (the reference's settlement).",
      requirements: ["FC-REDACT-SENSITIVE-26", "FC-REDACT-SENSITIVE-10"],
      profile: "reference",
      field: "message",
      text: 'const asanaClient = new Asana.Client(opts); slack_channel: #builds; "@sentry/node": "^7.119.0"; STRIPE_API_VERSION=2023-10-16',
      absent: ["«redacted:secret»"],
      present: [
        "asanaClient",
        "slack_channel: #builds",
        '"@sentry/node": "^7.119.0"',
        "STRIPE_API_VERSION=2023-10-16",
      ],
    },
    {
      claim: "xml-element-and-nuget-key-value-mask-the-value",
      description:
        "An XML element whose text sits on its own line, and a NuGet key/value pair, have their values masked.",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "trace",
      text: `<oktaToken>\n    ${okta}\n</oktaToken>\n<add key="ClearTextPassword" value="${nuget}" />`,
      absent: [okta, nuget],
      present: ["<oktaToken>", '<add key="ClearTextPassword" value="«redacted:secret»" />'],
    },
    {
      claim: "secret-value-that-is-also-personal-data-takes-the-secret-placeholder",
      description:
        "A secret-named key whose value is also personal data (an e-mail address, a phone number): the two spans are the same, and overlapping spans merge into one of the strongest kind, secret over pii (FC-REDACT-SENSITIVE-2), so the value becomes `«redacted:secret»`.",
      requirements: ["FC-REDACT-SENSITIVE-2", "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "login failed: password=jo.doe@example.com; api_token: +44 20 7946 0958",
      absent: ["jo.doe@example.com", "7946 0958"],
      present: ["password=«redacted:secret»", "api_token: «redacted:secret»"],
    },
    {
      claim: "ampersand-inside-an-unquoted-password-is-part-of-it",
      description:
        "An `&` inside an unquoted secret value belongs to the value (`password: Tr0ub4dor&3xyz` in YAML, `DB_PASSWORD=Lq8&Zr2mXw` in an env file): no tail after it stays visible (FC-REDACT-SENSITIVE-17). A query's next parameter (`&state=`) still ends a value.",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "config.yml: password: Tr0ub4dor&3xyz\n.env: DB_PASSWORD=Lq8&Zr2mXw\ncallback: /cb?token=Qm3Xv8Lt2Wk7Rz5Nb9&state=abc",
      absent: ["Tr0ub4dor&3xyz", "&3xyz", "Lq8&Zr2mXw", "&Zr2mXw", "Qm3Xv8Lt2Wk7Rz5Nb9"],
      present: ["password: ", "DB_PASSWORD=", "&state=abc"],
    },
    {
      claim: "shell-and-operators-end-an-unquoted-password",
      description:
        "A shell's `&&` or a background `&` before a blank ends an unquoted secret value (FC-REDACT-SENSITIVE-17: an `&` ends the value before a second `&` or white space): the value is masked and the command after it stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "deploy.sh: export DB_PASSWORD=Lq8Zr2mXwT&&make deploy\nrun: API_TOKEN=Tr0ub4dor3xyzQ& sleep 1",
      absent: ["Lq8Zr2mXwT", "Tr0ub4dor3xyzQ"],
      present: ["export DB_PASSWORD=", "&&make deploy", "API_TOKEN=", "& sleep 1"],
    },
    {
      claim: "go-byte-slice-type-between-key-and-value-is-read",
      description:
        'A type between key and value is read whatever the type (FC-REDACT-SENSITIVE-15): Go\'s `[]byte` (`var dbPassword []byte = "…"`) as well as `string`.',
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'db.go:12: var dbPassword []byte = "Vq7nR2xTwQ"',
      absent: ["Vq7nR2xTwQ"],
      present: ["var dbPassword []byte = "],
    },
    {
      claim: "one-dash-flag-and-a-tab-before-its-value-mask-the-value",
      description:
        "A one-dash flag whose name is a secret-named key, its value after a tab (`-secretKey<TAB>V`, as a script aligns its arguments): a tab is a blank like a space, and the value is masked (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "run: s3sync -secretKey\tKw7Yb3Nc6Hd -bucket logs",
      absent: ["Kw7Yb3Nc6Hd"],
      present: ["s3sync -secretKey"],
    },
    {
      claim: "password-of-capitals-and-digits-before-a-closing-bracket-is-masked",
      description:
        "A `mysql -pV` inside brackets (`[mysql -u root -pADMINPASS2024]`): the glued `]` closes the bracket and V is masked all the same (FC-REDACT-SENSITIVE-5), even though V, capitals and digits holding the word PASS, looks a little like a usage line's placeholder (`-pPASSWORD`, a word of one case and nothing else).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "ran [mysql -u root -pADMINPASS2024] in the db container",
      absent: ["ADMINPASS2024"],
      present: ["[mysql -u root -p"],
    },
    {
      claim: "numeric-password-glued-to-mysql-p-is-masked",
      description:
        "`mysql -pV` whose V is all digits (`-p73915286`, eight of them): a number is a password like any other there, so V is masked (FC-REDACT-SENSITIVE-5). Only a constant of one or two digits may stay visible as a value (FC-REDACT-SENSITIVE-23, reference).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "mysql -h db -u root -p73915286 app_test < schema.sql",
      absent: ["73915286"],
      present: ["mysql -h db -u root -p"],
    },
    {
      claim: "six-digit-password-after-mysql-p-is-masked",
      description:
        "`mysql -u root -p123456`: the commonest weak password is six digits, and under `-p` it is the password (FC-REDACT-SENSITIVE-5), so it is masked; three digits or more are never a constant that may stay visible (FC-REDACT-SENSITIVE-23 keeps one or two).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "mysql -u root -p123456 -e 'select 1'",
      absent: ["123456"],
      present: ["mysql -u root -p"],
    },
    {
      claim: "password-of-one-lowercase-word-inside-brackets-is-masked",
      description:
        "`[mysql -u app -pswordfish]`: the glued `]` closes the bracket around the command and V, one lowercase word, is masked all the same (FC-REDACT-SENSITIVE-5). Only a usage line's stand-in that names a credential (`[-ppassword]`, `[-pPASSWORD]`) may stay visible; `swordfish` names none.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "ran [mysql -u app -pswordfish] in the db container",
      absent: ["swordfish"],
      present: ["[mysql -u app -p"],
    },
    {
      claim: "docker-login-password-flag-without-a-user-flag-is-masked",
      description:
        "`docker login -p V REGISTRY` with no `-u` flag on the line (the user comes from the config): V is masked (FC-REDACT-SENSITIVE-5 names `docker login -p V`). The text is alone in its finding, so no other command's words open the reading for it.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "docker login -p Zq8xW2mLp0 registry.example.com",
      absent: ["Zq8xW2mLp0"],
      present: ["docker login -p "],
    },
    {
      claim: "mysql-password-flag-after-a-tab-is-masked",
      description:
        "A tab, not a space, between `mysql`'s words before its glued `-pV` (a shell splits words at either): V is masked (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "mysql -u root\t-pQw7Zx2Lm9Vb4 app",
      absent: ["Qw7Zx2Lm9Vb4"],
      present: ["mysql -u root"],
    },
    {
      claim: "ruby-symbol-subscript-key-masks-its-value",
      description:
        "Ruby's subscript with a symbol key, `creds[:password] ||= 'V'`, is one of the assignment forms FC-REDACT-SENSITIVE-5 names: V is masked, whatever its shape (here ten random characters, which no shape-based reading would take for a credential on its own), and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "creds[:password] ||= 'Zq8xW2mLp0'",
      absent: ["Zq8xW2mLp0"],
      present: ["creds[:password] ||= '"],
    },
    {
      claim: "value-attribute-on-the-next-indented-line-after-its-key-is-masked",
      description:
        'A NuGet `<add key="ClearTextPassword" value="…"/>` written with its `value` attribute on the next line, indented under the element as formatters align attributes: the value is masked all the same (FC-REDACT-SENSITIVE-15: `name`/`key` plus `value` attributes; an element\'s attributes may be on lines of their own).',
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "trace",
      // One pair alone: a second pair naming `name` would open the name/value reader's prefilter for the first too.
      text: `<add key="ClearTextPassword"\n         value="Zq8xW2mLp0" />`,
      absent: ["Zq8xW2mLp0"],
      present: ['<add key="ClearTextPassword"'],
    },
    {
      claim: "key-and-value-attributes-with-blanks-around-the-equals-sign-mask-the-value",
      description:
        'XML allows blanks around an attribute\'s `=`: a NuGet-style `key`/`value` pair written `value = "…"` has its value masked as one written `value="…"` (FC-REDACT-SENSITIVE-15: `name`/`key` plus `value` attributes).',
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "trace",
      // One pair alone: a second pair naming `name` would open the name/value reader's prefilter for the first too.
      text: `<add key="ClearTextPassword" value = "Vq7nR2xTw" />`,
      absent: ["Vq7nR2xTw"],
      present: ['<add key="ClearTextPassword" value = "'],
    },
    {
      claim: "json-name-value-pair-with-a-long-secret-name-masks-the-value",
      description:
        "A JSON name/value pair whose name is a long secret-named key (79 characters, `APP_SERVICE_…_DB_PASSWORD`, as a Kubernetes `env` list may hold), plain and once escaped: the `value` field is masked whatever the name's length (FC-REDACT-SENSITIVE-15: `name`/`key` plus `value` fields), and the word `value` itself stays.",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: `env: [{"name": "APP_${"SERVICE_".repeat(8)}DB_PASSWORD", "value": "tulip-orange-lantern"}]; escaped: {\\"name\\":\\"APP_${"SERVICE_".repeat(8)}DB_PASSWORD\\",\\"value\\":\\"copper-violet-harbour\\"}`,
      absent: ["tulip-orange-lantern", "copper-violet-harbour"],
      // The escaped pair ends past character 200, where another implementation may cut the message: absent only.
      present: ['DB_PASSWORD", "value": "'],
    },
    {
      claim: "xml-element-value-on-its-own-line-ending-in-n-r-or-t-is-masked-whole",
      description:
        "An XML element whose value sits on its own indented line and ends in the letter `t`, `n` or `r` (`correcthorsebatteryt`) is masked to its last character: those letters are the value's, not the end of a spelled line break (`\\n`, `\\r`, `\\t` need their backslash), so no tail of the value stays visible (FC-REDACT-SENSITIVE-15, -17).",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-17"],
      field: "trace",
      text: "<password>\n    correcthorsebatteryt\n</password>\n<apiToken>\n  Zr5Tn9xQ2wL8kP3vrtnt\n</apiToken>",
      absent: ["correcthorse", "tteryt", "Zr5Tn9xQ2wL8", "rtnt"],
      present: ["<password>", "</password>", "<apiToken>"],
    },
    {
      claim: "xml-element-value-on-its-own-line-ending-in-a-backslash-pair-is-masked-whole",
      description:
        "An XML element whose value sits on its own indented line and ends in a backslash and a letter (`Wq7Lm2Vp9Kz4\\Q`, a generated password with a backslash near its end) is masked to its last character: only a spelled line break (`\\n`, `\\r`, `\\t`) at the value's end is trimmed, any other backslash pair is the value's, so no tail of it stays visible (FC-REDACT-SENSITIVE-15, -17).",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-17"],
      field: "trace",
      text: "config.xml:\n<credentials>\n  <password>\n    Wq7Lm2Vp9Kz4\\Q\n  </password>\n</credentials>",
      absent: ["Wq7Lm2Vp9Kz4", "\\Q"],
      present: ["<password>", "</password>", "</credentials>"],
    },
    {
      claim: "php-make-go-and-java-assignments-mask-the-value",
      description:
        "PHP .=, Make ::=, a Go typed var and Java System.setProperty each have their value masked.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: `$apiToken .= "${php}";\nDEPLOY_TOKEN ::= "${make}"\nvar xToken string = "${goVal}"\nSystem.setProperty("X_TOKEN", "${javaVal}")`,
      absent: [php, make, goVal, javaVal],
      present: [
        "$apiToken .= ",
        "DEPLOY_TOKEN ::= ",
        "var xToken string = ",
        'System.setProperty("X_TOKEN", ',
      ],
    },
    {
      claim: "tuples-logstash-and-aligned-columns-mask-the-value",
      description:
        "A tuple, a logstash => pair and a column aligned with wide white space have their values masked.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "notes",
      text: `("api_token", "${tupleVal}")\n  "authToken" => "${logstash}"\npassword            = "${aligned}"`,
      absent: [tupleVal, logstash, aligned],
      present: ['("api_token", "«redacted:secret»")', '"authToken" => "«redacted:secret»"'],
    },
    {
      claim: "aligned-columns-with-a-quoted-phrase-value-mask-the-value",
      description:
        "A secret-named key in a column aligned with wide white space (a dozen blanks before the operator, and after a type word) assigned a quoted phrase that holds blanks and looks random nowhere has its whole value masked: the column syntax is read like any other (FC-REDACT-SENSITIVE-15), and a secret-named key's value is masked whatever it looks like (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-5"],
      field: "notes",
      text: 'password            = "Hunter 2 pass"\nvar dbPassword      string   =  "correct horse battery"\napi_token           :  "open sesame please"',
      absent: [
        "Hunter 2 pass",
        "correct horse battery",
        "open sesame please",
        "Hunter 2",
        "correct horse",
        "sesame please",
      ],
      present: ["password            = ", "var dbPassword      string   =  ", "api_token           :  "],
    },
    {
      claim: "common-default-passwords-under-a-secret-key-or-in-prose-are-masked",
      description:
        "A secret-named key's value is masked whatever it looks like, a common default password too (`admin`, `changeme`, `letmein`), and so is a password stated in prose, a short one of four characters included (`the password was r00t`): FC-REDACT-SENSITIVE-5; only the values FC-REDACT-SENSITIVE-23 lists (constants, references, words that say how the password stands) may stay.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'DB_PASSWORD=admin\npassword: changeme\n{"secret": "letmein"}\nlogin failed: the password is admin\nreset done, the password was r00t',
      absent: [
        "DB_PASSWORD=admin",
        "password: changeme",
        "letmein",
        "the password is admin",
        "the password was r00t",
      ],
      present: [
        "DB_PASSWORD=",
        "password: ",
        '{"secret": "',
        "login failed: the password is ",
        "reset done, the password was ",
      ],
    },
    {
      claim: "redis-cli-password-after-long-connection-options-is-masked",
      description:
        "The password given to `redis-cli -a` is masked also when the host, port and TLS options before the flag run to some seventy characters: the flag belongs to the command on its line (FC-REDACT-SENSITIVE-5: `redis-cli -a V`).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ redis-cli -h redis-master.prod.internal.example.com -p 6380 --tls --cacert conf/ca.pem -a Hunter2pass ping\nPONG",
      absent: ["Hunter2pass"],
      present: ["+ redis-cli -h ", " -p 6380 --tls --cacert ", " -a ", " ping"],
    },
    {
      claim: "random-string-after-a-secret-word-glued-to-an-underscore-or-digit-is-masked",
      description:
        "A secret word counts when no letter stands right before it, so after `_` or a digit too (`app_token was …`, `v2token …`), and a random string after a colon that names no digest (`ref:…`) is read: each random string here is masked (FC-REDACT-SENSITIVE-6: a word with no letter right before it; only `sha256:`, `md5-` and the like excuse what follows).",
      requirements: ["FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "retry: the app_token was Xk9Rt2Lm7Qw4Zp8Vc3NdH now; used v2token Qm4Tz8Wc2Lx6NvRb7Yk3 today; secret ref:Hs6Fg1Ja5Ue0Vo7Qv2Lm9 set",
      absent: ["Xk9Rt2Lm7Qw4Zp8Vc3NdH", "Qm4Tz8Wc2Lx6NvRb7Yk3", "Hs6Fg1Ja5Ue0Vo7Qv2Lm9"],
      present: ["retry: the app_token was ", " now; used v2token ", " today; secret ref:", " set"],
    },
    {
      claim: "random-strings-of-short-humps-or-opening-with-a-plus-or-underscore-are-masked",
      description:
        "After a secret word, a random string whose letter chunks average three letters (`QweRtyUioPas12DfgHjk`: not made of words, which needs 3.5) and random strings that open with `+` or `_` (the contract's run may start with a letter, a digit, `+` or `_`) are masked (FC-REDACT-SENSITIVE-6).",
      requirements: ["FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "the api key is QweRtyUioPas12DfgHjk ok; token +Xk9Rt2Lm7Qw4Zp8Vc3NdH5 and token _Qm4Tz8Wc2Lx6NvRb7Yk3s end",
      absent: ["QweRtyUioPas12DfgHjk", "Xk9Rt2Lm7Qw4Zp8Vc3NdH5", "Qm4Tz8Wc2Lx6NvRb7Yk3s"],
      present: ["the api key is ", " ok; token ", " and token ", " end"],
    },
    {
      claim: "user-and-password-pair-after-a-secret-key-and-a-colon-is-masked",
      description:
        "A `user:password` pair as the value of a secret-named key written with a colon (`password: admin:Hunter2pass`, `db_secret: svc:Kq7wPz3xLm`) is masked: it is a value, not a label (a label is an identifier that ends at its colon, `KeyError:`, FC-REDACT-SENSITIVE-18), and a secret-named key's value is masked (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "config loaded; password: admin:Hunter2pass\ndb_secret: svc:Kq7wPz3xLm",
      absent: ["Hunter2pass", "admin:Hunter", "Kq7wPz3xLm", "svc:Kq7w"],
      present: ["config loaded; password: ", "db_secret: "],
    },
    {
      claim: "nested-escaped-assignment-hides-the-inner-value",
      description:
        "A JSON-escaped assignment nested in a JSON value hides the inner value, not just its first characters.",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: `{"config": {"credential": "password = \\"${nested}\\""}}`,
      absent: [nested.slice(0, 7), nested.slice(8, 15), nested.slice(16)],
      present: ['"credential": "'],
    },
    {
      claim: "kubernetes-secret-data-values-are-masked",
      description:
        "Every value under data: of a Kubernetes Secret is masked whatever its key; the keys stay.",
      requirements: ["FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: `apiVersion: v1\ndata:\n  database-url: ${k8s}\nkind: Secret\nmetadata:\n  name: app-env`,
      absent: [k8s],
      present: ["database-url: «redacted:secret»", "name: app-env"],
    },
    {
      claim: "bedrock-and-meta-tokens-are-masked",
      description: "Amazon Bedrock ABSK keys, Meta EAA page tokens and app-id|secret pairs are masked whole.",
      requirements: ["FC-REDACT-SENSITIVE-16"],
      field: "message",
      text: `keys: ${bedrock} ${fbPage} ${fbPair}`,
      absent: [bedrock.slice(0, 20), fbPage.slice(0, 20), fbPair],
      present: ["keys: «redacted:secret» «redacted:secret» «redacted:secret»"],
    },
    {
      claim: "intra42-adobe-maxmind-and-sonarqube-tokens-are-masked",
      description: "42 Intra, Adobe p8e-, MaxMind _mmk and SonarQube sqp_ tokens are masked whole.",
      requirements: ["FC-REDACT-SENSITIVE-16"],
      field: "notes",
      text: `${intra} ${adobe} ${maxmind} ${sonar}`,
      absent: [intra.slice(0, 20), adobe, maxmind, sonar],
      present: ["«redacted:secret» «redacted:secret» «redacted:secret» «redacted:secret»"],
    },
    {
      claim: "curl-user-credential-is-masked-whole",
      description:
        "The user:password given to curl -u is masked whole: the user name is part of the credential.",
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: `+ curl -sS -u "${curlUser}:${curlPass}" https://ci.example.test/api`,
      absent: [curlUser, curlPass],
      present: ['curl -sS -u "«redacted:secret»" https://ci.example.test/api'],
    },
    {
      claim: "quoted-cookie-and-gitlab-session-show-no-head",
      description:
        "A quoted cookie value is masked from its first character; _gitlab_session is masked as a whole. Whether the short lang=en is masked too is left open (FC-REDACT-SENSITIVE-4).",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `Cookie: session="${cookie}"; lang=en\n_gitlab_session=${gitlab}`,
      absent: [cookie.slice(0, 6), gitlab.slice(0, 6), "_gitlab_session="],
      present: ["Cookie: session="],
    },
    {
      claim: "exception-label-after-a-key-stays-visible",
      description:
        "An exception class name followed by a colon after a key-ish test name is a label, not a secret (the reference's settlement).",
      requirements: ["FC-REDACT-SENSITIVE-18"],
      profile: "reference",
      field: "message",
      text: "test_missing_key: KeyError: 'zz'\ntest_token_refresh: TokenExpiredError: jwt expired",
      absent: ["«redacted:secret»"],
      present: ["test_missing_key: KeyError: 'zz'", "test_token_refresh: TokenExpiredError: jwt expired"],
    },
    {
      claim: "reference-masks-ten-digit-ids-under-a-provider-key",
      description:
        "The reference's gate: a 10-digit id under a provider key is masked, a 9-digit one and a decimal are not.",
      requirements: ["FC-REDACT-SENSITIVE-19"],
      profile: "optional",
      field: "message",
      text: "discord_client_id=1234509876 twitch_id=123450987 slack_ts: 1700123456.123456",
      absent: ["1234509876"],
      present: ["discord_client_id=«redacted:secret»", "twitch_id=123450987", "slack_ts: 1700123456.123456"],
    },
    {
      claim: "provider-keyed-value-longer-than-160-characters-is-masked-whole",
      description:
        "A credential-shaped value of 176 and 200 characters under a bare provider key (`asana: …`, `DROPBOX=…`) is masked whole, the key kept: no part of it, its end included, stays visible however long it is.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "deploy env: asana: HkvF3POoNEajzMKniEboY9Ac7Az1sAnqdk4KcAmIrag944S6rELnLkW0lxsVLflwaFQ0yXzc1eCySXTHtwkFq962iJD5vkRW4iFq6r8UY4eniKiDjBoVQg4DYN34Fqv3OSVLIYwIPbRF9FBT5jet3iygSUDFPB4f9sXDbLRYTJk2OyL3a3w353LrJoC06ZlILALkUgfn and DROPBOX=YTl65fyzSIZxFvw1xRak9wj3wsI6AA8CzJkDdbJJJpQIUanYmgdbjYZFSX2d6dhKDkTksDQ0BcCci3GoSchy5ySiV2QTYkgzwXxmkpmhFqDDgIPPw8NAEdCgdxlmg67Kb1quHonXLdRUJb5XzqCr85hxW4iZgthQ1XjZtnwXlRbDZ77K were rejected",
      absent: [
        "HkvF3POoNEajzMKniEboY9Ac",
        "ygSUDFPB4f9sXDbLRYTJk2Oy",
        "a3w353LrJoC06ZlILALkUgfn",
        "YTl65fyzSIZxFvw1xRak9wj3",
        "hxW4iZgthQ1XjZtnwXlRbDZ77K",
      ],
      present: ["asana: ", "DROPBOX="],
    },
  ].map((c) => ({
    ...c,
    field: c.field as CaseSpec["field"],
    profile: c.profile as CaseSpec["profile"],
    text: c.text.replace(/\\n/g, "\n"),
  }));
}

/**
 * Cases closing mutation survivors of issue #27 (fixed fakes): each plants a secret the contract names in a spot the
 * other cases leave alone — a scheme word, a qualified key, noise or escapes around a token, a short hex or letters-only
 * body, several detector families on one line — and asserts the relation the spec states (the secret absent, the kept
 * text present).
 */
export function edgeCaseSpecs(): CaseSpec[] {
  const r = rng(2727);
  const AN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const LO = "abcdefghijklmnopqrstuvwxyz";
  const S = "«redacted:secret»";
  const kerberos = `YIIG${rs(r, `${AN}+/`, 60)}`;
  const npm = `npm_${rs(r, AN, 36)}`;
  // FC-REDACT-SENSITIVE-8's zero-width characters, each with an npm token of its own (its own generator).
  const zw = rng(2731);
  const zeroWidthTokens = [
    0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0xad, 0x180e,
  ].map((c): [string, string] => [String.fromCharCode(c), `npm_${rs(zw, AN, 36)}`]);
  // Its own generator, so the tokens drawn after it stay as they were.
  const stripeLive = `sk_live_${rs(rng(2729), AN, 24)}`;
  const ghp = `ghp_${rs(r, AN, 36)}`;
  const hookTail = rs(r, AN, 24);
  const slackHook = `https://hooks.slack.com/services/T${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 8)}/B${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 10)}/${hookTail}`;
  const zwHead = `npm_${rs(r, AN, 3)}`;
  const zwTail = rs(r, AN, 33);
  const cookieVal = rs(r, AN, 28);
  // Nameless cookie values, from their own generator (the draws after them stay as they were).
  const nl = rng(6265);
  const [namelessA, namelessB, namelessC] = [rs(nl, AN, 24), rs(nl, AN, 20), rs(nl, AN, 32)];
  const urlPass = rs(r, AN, 16);
  const bearerLower = rs(r, LO, 32);
  const xmlPw = rs(r, AN, 24);
  const lineSecret = rs(r, AN, 24);
  const lineBearer = rs(r, AN, 28);
  // Values with a backslash inside (their own generator: the draws above stay as they were).
  const e = rng(1717);
  const bs = Array.from({ length: 8 }, () => [rs(e, AN, 6), rs(e, AN, 14)] as const);
  // Wrapped at column 76 right after the token's first two letters; the text starts with a line break.
  const wrapped = `${"x".repeat(40)} push to origin ${ghp.slice(0, 2)}`;
  return [
    {
      claim: "authorization-scheme-word-negotiate-stays-visible",
      description:
        "An Authorization: Negotiate header has its credential masked and its scheme word kept, like Bearer.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `> GET /api HTTP/1.1\n> Authorization: Negotiate ${kerberos}\n< HTTP/1.1 401`,
      absent: [kerberos.slice(0, 16), kerberos.slice(-16)],
      present: ["Authorization: Negotiate "],
    },
    {
      claim: "authorization-scheme-words-basic-and-ntlm-stay-visible",
      description:
        "An Authorization or Proxy-Authorization header with the Basic or NTLM scheme has its credential masked and its scheme word kept (FC-REDACT-SENSITIVE-4: the scheme word stays visible), as Bearer, Negotiate and Digest.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: "> GET /v1/builds HTTP/1.1\n> Authorization: Basic ZGVwbG95OlFtN3ZYMnBMOXRSNHdL\n> Proxy-Authorization: Basic Y2ktcHJveHk6SG4za1c4elQ1cUoy\n< HTTP/1.1 401\n> Authorization: NTLM TlRMTVNTUAABAAAAB4IIogAAAAAAAAAAAAAAAAAAAAAGAbEdAAAADw==\n< HTTP/1.1 403",
      absent: ["ZGVwbG95OlFtN3ZYMnBMOXRSNHdL", "Y2ktcHJveHk6SG4za1c4elQ1cUoy", "TlRMTVNTUAABAAAAB4IIog"],
      present: ["Authorization: Basic ", "Proxy-Authorization: Basic ", "Authorization: NTLM "],
    },
    {
      claim: "random-value-under-a-count-or-file-key-with-a-secret-word-is-masked",
      description:
        "A key that names a count, file or tool but still holds a secret word (`maxTokens`, `tokenizer`, `passwordFile`) keeps a plain value visible and masks a random-looking one, so the compaction gets a log (the reference's settlement, FC-REDACT-SENSITIVE-23; the leak scan would refuse the random value).",
      requirements: ["FC-REDACT-SENSITIVE-23", "FC-REDACT-SENSITIVE-5", "FC-LEAK-1"],
      profile: "reference" as const,
      field: "message",
      text: "config maxTokens: 4096\ntokenizer: cl100k_base\ntokenizer: a8f3k2l9x7q1w5e6r4t0zz\npasswordFile: Qm7vX2pL9tR4wKz8Hn3k",
      absent: ["a8f3k2l9x7q1w5e6r4t0zz", "Qm7vX2pL9tR4wKz8Hn3k"],
      present: ["maxTokens: 4096", "tokenizer: cl100k_base", "passwordFile: «redacted:secret»"],
    },
    {
      claim: "key-after-a-secret-word-as-a-json-value-stays-visible",
      description:
        'A secret word that is a JSON member\'s value (`"type": "password"`, `"kind": "Secret"`) is no tuple key (`("api_token", "…")`): the quoted string after its comma is the next member\'s key, followed by `:`, and stays visible (the reference\'s settlement, FC-REDACT-SENSITIVE-23); a tuple is still read.',
      requirements: ["FC-REDACT-SENSITIVE-23", "FC-REDACT-SENSITIVE-15"],
      profile: "reference" as const,
      field: "message",
      text: 'form {"type": "password", "label": "Your password"} and manifest {"kind":"Secret","type":"Opaque"}; args ("api_token", "tulip-orange-lantern")',
      absent: ["tulip-orange-lantern"],
      present: ['{"type": "password", "label": "Your password"}', '{"kind":"Secret","type":"Opaque"}'],
    },
    {
      claim: "oauth-token-response-keeps-its-other-members-visible",
      description:
        'An OAuth token response (`{"access_token": …, "token_type": "bearer", "expires_in": 3600}`, or the same as a query string) has its access token masked; `token_type` names a kind, so its value `bearer` stays visible, and so do the members after it: `"bearer", "expires_in":` is no tuple (the quoted string after the comma is the next key, followed by `:`), and `&expires_in=` opens the query\'s next parameter (the reference\'s settlement, FC-REDACT-SENSITIVE-23; masking them still conforms).',
      requirements: ["FC-REDACT-SENSITIVE-23", "FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      profile: "reference" as const,
      field: "message",
      text: 'token endpoint replied {"access_token":"Qm7vX2pL9tR4wKz8Hn3kYt6B","token_type":"bearer","expires_in":3600,"refresh_expires_in":7200,"scope":"read"} and redirected to /cb#access_token=Hn3kQm7vX2pL9tR4wKz8Lp2D&token_type=bearer&expires_in=3600&scope=read',
      absent: ["Qm7vX2pL9tR4wKz8Hn3kYt6B", "Hn3kQm7vX2pL9tR4wKz8Lp2D"],
      present: [
        '"token_type":"bearer","expires_in":3600,"refresh_expires_in":7200,"scope":"read"}',
        "&token_type=bearer&expires_in=3600&scope=read",
      ],
    },
    {
      claim: "authorization-scheme-word-in-a-header-map-stays-visible",
      description:
        'An Authorization header written as a key and a quoted value (a header map, `{"Authorization": "Basic …"}`) has its credential masked and its scheme word kept, as on a header line (the reference\'s settlement of FC-REDACT-SENSITIVE-4; masking the word there still conforms).',
      requirements: ["FC-REDACT-SENSITIVE-4"],
      profile: "reference" as const,
      field: "message",
      text: `request failed with headers {"Authorization": "Basic ZGVwbG95OlFtN3ZYMnBMOXRSNHdL", 'Proxy-Authorization': 'Bearer Xk29Lm3Qp8Rt5Vw2Yz7Ab4Cd6Ef1Gh0Ij'}`,
      absent: ["ZGVwbG95OlFtN3ZYMnBMOXRSNHdL", "Xk29Lm3Qp8Rt5Vw2Yz7Ab4Cd6Ef1Gh0Ij"],
      present: [
        '"Authorization": "Basic «redacted:secret»"',
        "'Proxy-Authorization': 'Bearer «redacted:secret»'",
      ],
    },
    {
      claim: "digest-authorization-credentials-after-a-comma-are-masked",
      description:
        "An Authorization or Proxy-Authorization header with the Digest scheme and unquoted parameters has its credentials masked past the first comma: the `response` (the hash that proves the password) stays hidden, not only the first parameter.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "401 after Authorization: Digest username=deploy, realm=api, uri=/v1/x, response=6629fae49393a05397450978507c4ef1 then Proxy-Authorization: Digest username=ci-bot, response=Zk3mP9qL2xW7vT4rWq8n",
      absent: ["6629fae49393a05397450978507c4ef1", "Zk3mP9qL2xW7vT4rWq8n"],
      present: ["Authorization: Digest "],
    },
    {
      claim: "digest-authorization-quoted-parameters-are-masked",
      description:
        'An Authorization or Proxy-Authorization header with the Digest scheme in its standard form, the parameters quoted (`username="…", nonce="…", response="…"`, RFC 7616, as `curl -v --digest` prints it): the credentials are masked past the quotes, the `response` (the hash that proves the password) included, and the scheme word stays visible (FC-REDACT-SENSITIVE-4).',
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: '401 after > Authorization: Digest username="deploy", realm="api@example.test", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/v1/orders", qop=auth, nc=00000001, cnonce="0a4f113b", response="3c9d1e7b42a08f56e1d4b7a9c2f05e83"\n> Proxy-Authorization: Digest username="ci-bot", uri="/", response="Tq8nZk3mP9qL2xW7vWr4"',
      absent: ["3c9d1e7b42a08f56e1d4b7a9c2f05e83", "3c9d1e7b42a08f56", "Tq8nZk3mP9qL2xW7vWr4"],
      present: ["> Authorization: Digest ", "> Proxy-Authorization: Digest "],
    },
    {
      claim: "digest-authorization-single-quoted-parameters-are-masked",
      description:
        "A Digest Authorization header whose parameters are written in single quotes (`username='…', response='…'`, as some clients and hand-written logs print them): the credentials are masked through the quotes, the user name and the `response` hash included, and the scheme word stays visible (FC-REDACT-SENSITIVE-4: a Digest credential is masked through its last parameter, quoted values included).",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "401 after > Authorization: Digest username='deploy', realm='api', uri='/v1/orders', response='6f1c2a9d8e7b4c3a5d0e9f8a7b6c5d4e'",
      absent: ["6f1c2a9d8e7b4c3a5d0e9f8a7b6c5d4e", "6f1c2a9d8e7b4c3a", "'deploy'"],
      present: ["> Authorization: Digest "],
    },
    {
      claim: "digest-authorization-in-a-json-log-line-is-masked",
      description:
        'A Digest Authorization header logged inside a JSON string (`{"msg": "> Authorization: Digest username=\\"…\\", response=\\"…\\""}`), its quoted parameters JSON-escaped: the credentials are masked through the escaped quotes, the `response` hash included, the scheme word kept (FC-REDACT-SENSITIVE-4, FC-REDACT-SENSITIVE-8: detection sees through JSON escaping); the next field stays visible.',
      requirements: ["FC-REDACT-SENSITIVE-4", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: 'http debug: {"level": "debug", "msg": "> Authorization: Digest username=\\"deploy\\", uri=\\"/v1/orders\\", response=\\"9e2b7d4c1a08f3e65b2d9c7a4e1f0b83\\"", "status": 401}',
      absent: ["9e2b7d4c1a08f3e65b2d9c7a4e1f0b83", "9e2b7d4c1a08f3e6"],
      present: ["> Authorization: Digest ", '"status": 401}'],
    },
    {
      claim: "digest-authorization-in-a-code-span-keeps-the-path-after-it",
      description:
        "A Digest Authorization header quoted in a Markdown code span (`` `Authorization: Digest …` ``, as a linter's finding message quotes the offending line) has its credentials masked, the `response` hash included, and the header ends at the closing backtick: the repo-relative path and line after the span stay visible (FC-REDACT-SENSITIVE-4, FC-PATH-3).",
      requirements: ["FC-REDACT-SENSITIVE-4", "FC-PATH-3"],
      field: "message",
      text: "hard-coded credential in `Authorization: Digest username=deploy, uri=/v1/orders, response=5f0e3c9a7b21d48e6c3f9a0b7d2e1c84` at src/api/client.ts:12",
      absent: ["5f0e3c9a7b21d48e6c3f9a0b7d2e1c84", "5f0e3c9a7b21d48e"],
      present: ["`Authorization: Digest ", "src/api/client.ts:12"],
    },
    {
      claim: "qualified-key-ending-in-key-masks-any-value",
      description:
        "A key ending in `key` with a qualifier (master, app) is a secret key: its value is masked even when it is made of words.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "config: master_key=correcthorsebatterystaple\napp_key = purple-monkey-dishwasher",
      absent: ["correcthorsebatterystaple", "purple-monkey-dishwasher"],
      present: ["master_key=", "app_key = "],
    },
    {
      claim: "token-wrapped-at-column-76-after-a-leading-line-break",
      description:
        "A token wrapped at column 76 right after its first two letters is masked, also when the text opens with a line break.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "trace",
      text: `\n${" ".repeat(76 - wrapped.length)}${wrapped}\n${ghp.slice(2)} done`,
      absent: [ghp.slice(2)],
      present: [],
    },
    {
      claim: "token-wrapped-at-column-76-with-an-escaped-crlf-line-end",
      description:
        "In JSON-escaped text, a token wrapped at column 76 with a CR LF line end written as `\\r\\n` is masked whole: both halves.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `{"log":"${"x".repeat(44)} deploy ${ghp.slice(0, 16)}\\r\\n${ghp.slice(16)} ok"}`,
      absent: [ghp.slice(0, 16), ghp.slice(16)],
      present: [' ok"}'],
    },
    {
      claim: "token-wrapped-at-column-64-on-the-first-line",
      description:
        "A token cut at column 64 of a text's very first line (a prose lead-in, then the token's head) and continued on the next line is masked whole: the first line's width counts from the text's start.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `deploy step 3 failed: GitHub rejected the token ${ghp.slice(0, 16)}\n${ghp.slice(16)} (retry later)`,
      absent: [ghp.slice(0, 16), ghp.slice(16)],
      present: ["deploy step 3 failed: GitHub rejected the token ", " (retry later)"],
    },
    {
      claim: "token-after-a-cut-short-spelled-escape-and-an-escaped-line-break",
      description:
        "A token right after a cut-short escape spelled out (`\\u001b[`, `\\x1b[`, `\\033[`) and a line break or tab escaped as JSON writes it (`\\t`, `\\n`, `\\r\\n`, a lone `\\r`) is masked whole: the backslash of the escaped break is no final byte of the sequence, so no letter of it is glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \\u001b[\\t${npm} rejected; retry \\x1b[\\n${npm} rejected; last \\033[\\r\\n${npm} rejected; again \\u001b[\\r${npm} rejected`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["npm publish: "],
    },
    {
      claim: "token-after-a-cut-short-spelled-escape-and-an-escaped-blank",
      description:
        "A token right after a cut-short escape spelled out (`\\u001b[`, `\\x1b[`) and a blank written as an escape (`\\u00a0`, `\\xa0`, as JSON or a script's source writes a no-break space) is masked whole: the backslash of the escaped blank is no final byte of the sequence, so the blank stays a blank and the token starts after it.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `deploy:\\u001b[\\u00a0${stripeLive} rejected; retry:\\x1b[\\xa0${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: ["deploy:", " rejected; retry:"],
    },
    {
      claim: "token-after-a-cut-short-spelled-escape-and-a-caret-escape",
      description:
        "A token right after a cut-short escape spelled out (`\\u001b[`, `\\x1b[`) that another escape spelled with a caret follows at once (`^[[31m`, `^[[1;31m`) is masked whole: the caret opens the next sequence, it is no final byte of the first, so the next sequence's parameters and final are not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `deploy: \\u001b[^[[31m${stripeLive} rejected; retry \\x1b[^[[1;31m${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: ["deploy: ", " rejected; retry "],
    },
    {
      claim: "token-after-a-cut-short-spelled-escape-and-an-octal-or-e-escape",
      description:
        "A token right after a cut-short escape spelled out (`\\u001b[`) that another escape spelled `\\033[` or `\\e[` follows at once (`\\033[31m`, `\\e[0m`) is masked whole: the backslash opens the next sequence, it is no final byte of the first, so the next sequence's parameters and final are not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `deploy: \\u001b[\\033[31m${stripeLive} rejected; retry \\u001b[\\e[0m${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: ["deploy: ", " rejected; retry "],
    },
    {
      claim: "token-after-a-cut-short-escape-and-a-line-break",
      description:
        "A token right after a cut-short escape sequence (a real ESC and `[`) and a line break or a tab is masked whole: the line break or tab is no part of the sequence, so the token's first letter is not eaten with it and no tail of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: `npm publish: \u001b[\n${npm} rejected; retry: \u001b[\t${npm.slice(0, 4)}${npm.slice(4).split("").reverse().join("")} rejected`,
      absent: [npm.slice(1, 17), npm.slice(-16), npm.slice(4).split("").reverse().join("").slice(-16)],
      present: ["npm publish: "],
    },
    {
      claim: "token-after-a-terminal-reset-and-a-character-set-escape",
      description:
        "A token right after a two-character escape (`ESC c`, the reset `tsc --watch` prints before each run; `ESC 7`, save cursor) or a character-set escape (`ESC ( B`, the end of every `tput sgr0`) is masked whole: a terminal shows none of the escape, so its last character is not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \u001bc${npm} rejected; retry: \u001b(B${npm} rejected; last: \u001b7${npm} rejected`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["npm publish: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-two-character-escape-at-the-edges-of-its-range-is-masked",
      description:
        "A token right after a two-character escape whose second character is at an edge of the range `@` to `_` (`ESC @`, `ESC Z`, `ESC \\`, `ESC _`) is masked whole: the escape's second character is not glued to the token to hide its start (a Stripe key counts only at a token start, FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `deploy step 4 of 9 failed while publishing the bundle: \u001bZ${stripeLive} rejected; retry: \u001b@${npm} rejected; then \u001b\\${stripeLive} and \u001b_${npm} rejected`,
      absent: [stripeLive.slice(8), npm.slice(4, 20), npm.slice(-16)],
      present: ["deploy step 4 of 9 failed", " rejected; retry: "],
    },
    {
      claim: "token-after-a-character-set-escape-ending-in-a-digit-is-masked",
      description:
        "A token right after a character-set escape whose final is a digit (`ESC ( 0` and `ESC ) 0`, the DEC line-drawing set curses programs switch to; real ESC or spelled `\\u001b`) is masked whole: the escape ends at its final, so the digit is not glued to the token to hide its start (a Stripe key counts only at a token start, FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `progress bar drawn, then: \u001b(0${stripeLive} rejected; retry: \u001b)0${stripeLive} rejected; last: \\u001b(0${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: ["progress bar drawn, then: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-character-set-escape-whose-intermediate-is-a-slash-is-masked",
      description:
        "A token right after a 96-character set designation (`ESC - A` for G1, `ESC / A` for G3: an intermediate at the top of the range space to `/`, then a final) is masked whole: the escape ends at its final, so `/A` is not glued to the token to hide its start (a Stripe key counts only at a token start, FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `terminal switched to Latin-1, then: \u001b/A${stripeLive} rejected; retry: \u001b-A${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: ["terminal switched to Latin-1, then: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-spelled-character-set-escape-whose-intermediate-is-a-slash-is-masked",
      description:
        "A token right after a G3 character set designation written in text (`^[/A`, `\\e/A`: the textual spellings of ESC, then the intermediate `/` and a final) is masked whole: a spelled escape is noise like a real one (FC-REDACT-SENSITIVE-8), so `/A` is not glued to the token to hide its start (a Stripe key counts only at a token start, FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `terminal log: ^[/A${stripeLive} rejected; retry: \\e/A${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: ["terminal log: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-cut-control-sequence-and-a-non-ascii-character-is-masked",
      description:
        "A token right after `ESC [` (with or without parameters) and a character outside ASCII (`é`, `→`), which ends no control sequence, is masked whole: the sequence is not read as ending there, so the token is not glued to the word before it to hide its start (a Stripe key counts only at a token start, FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `deploy\u001b[é${stripeLive} rejected; retry\u001b[1→${stripeLive} rejected`,
      absent: [stripeLive.slice(8)],
      present: [" rejected; retry"],
    },
    {
      claim: "token-after-a-spelled-terminal-reset-or-character-set-escape",
      description:
        "A token right after `ESC c`, `ESC ( B` or `ESC 7` spelled out (`\\u001b`, `\\x1b`, `\\033`, `\\e`, `^[`, as a log quoted in JSON or a script's source writes them) is masked whole: the escape's last character is not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \\u001bc${npm} rejected; retry: \\x1b(B${npm} rejected; last: \\0337${npm} rejected; then \\ec${npm} and ^[c${npm} rejected`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["npm publish: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-stray-escape",
      description:
        "A token right after a stray ESC, one that opens no sequence (real, or spelled `\\u001b` or `\\x1b`), is masked whole: the letter after the ESC is the token's first, not the end of an escape.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \u001b${npm} rejected; retry: \\u001b${npm} rejected; last: \\x1b${npm} rejected`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["npm publish: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-stray-octal-spelled-escape",
      description:
        "A token right after a stray ESC spelled in octal (`\\033`, as a shell script writes it), one that opens no sequence, is masked whole: the spelling is an ESC, so its last digit is not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \\033${npm} rejected; retry: echo "\\033${npm}" rejected`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["npm publish: ", " rejected; retry: "],
    },
    {
      claim: "token-after-a-cut-short-character-set-escape-and-a-line-break",
      description:
        "A token right after a cut-short character-set escape (a real ESC and `(`, no final) and a line break or a tab is masked whole: a line break or tab is no intermediate of the escape, so the token's first letter is not taken for its final.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \u001b(\n${npm} rejected; retry: \u001b(\t${npm} rejected`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["npm publish: "],
    },
    {
      claim: "full-form-ipv6-address-alone-is-masked",
      description:
        "Public IPv6 addresses written in full (eight groups, no `::`) in a text that holds no compressed address are masked: the full form is found on its own, not only beside a `::`.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "upstream 2a00:1450:4001:0811:0000:0000:0000:200e refused the connection; retried via 2606:4700:4700:0000:0000:0000:0000:1111",
      absent: [
        "2a00:1450:4001:0811:0000:0000:0000:200e",
        "2a00:1450:4001:0",
        "2606:4700:4700:0000:0000:0000:0000:1111",
        "0:0000:0000:1111",
      ],
      present: ["upstream ", " refused the connection; retried via "],
    },
    {
      claim: "ipv6-address-before-a-bracket-or-a-blank-is-masked-to-its-last-digit",
      description:
        "Public IPv6 addresses in compressed form are masked whole, from their first digit to their last, whatever stands around them: `[2001:db8::1]:443` (a bracket and a port) and `2001:db8:85a3::8a2e:370:7334` after and before a blank (FC-REDACT-SENSITIVE-7: at least three written groups and a decimal digit; FC-REDACT-SENSITIVE-2: one placeholder for the whole span).",
      requirements: ["FC-REDACT-SENSITIVE-7", "FC-REDACT-SENSITIVE-2"],
      field: "message",
      text: "connect to [2001:db8::1]:443 failed; peer 2001:db8:85a3::8a2e:370:7334 refused",
      absent: ["2001:db8::1", "db8::1", "2001:db8:85a3", "8a2e:370:7334", "»4", "[2", "peer 2", "2«"],
      present: ["connect to ", " failed; peer ", " refused"],
    },
    {
      claim: "token-after-a-json-escaped-backspace-or-form-feed",
      description:
        "In JSON-escaped text, a token right after an escaped backspace or form feed (`\\b`, `\\f`) is masked whole and the mask covers the token's characters only: the text after it stays as written.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `{"log":"npm publish: \\b${npm} rejected; retry \\f${npm} and again"}`,
      absent: [npm.slice(4, 20), npm.slice(-16), `${npm.slice(-1)} rejected`],
      present: ["npm publish: ", " rejected; retry ", " and again"],
    },
    {
      claim: "token-after-a-cut-short-textual-escape-and-a-tab",
      description:
        "A token with a zero-width character inside, after a cut-short escape sequence spelled out (`\\x1b[`) and a tab, is masked: the tab ends the sequence, the token's first letter is not eaten by it.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \\x1b[\t${npm.slice(0, 7)}\u200b${npm.slice(7)} rejected`,
      absent: [npm.slice(0, 7), npm.slice(-16)],
      present: ["npm publish: "],
    },
    {
      claim: "token-after-a-stray-spelled-escape-and-a-colour-code",
      description:
        "A token after a cut-short escape spelled out (`\\u001b[`) and a colour code (`\\u001b[31m`) is masked: the second escape ends the first.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `npm publish: \\u001b[\\u001b[31m${npm}\\u001b[0m rejected`,
      absent: [npm.slice(0, 16), npm.slice(-16)],
      present: ["npm publish: "],
    },
    {
      claim: "webhook-url-with-json-escaped-slashes",
      description: "A Slack webhook URL whose slashes are JSON-escaped (`\\/`) is masked.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: `response: {"ok":false,"url":"${slackHook.replaceAll("/", "\\/")}"}`,
      absent: [hookTail],
      present: ["response: "],
    },
    {
      claim: "token-split-by-a-zero-width-character-in-a-text-over-eight-thousand-characters",
      description:
        "A token split by a zero-width space (U+200B) at the head of a message of about 9,600 characters is masked from its first character: seeing through the noise holds for a text of any length, not only for short ones.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `token ${stripeLive.slice(0, 14)}\u200b${stripeLive.slice(14)} rejected; ${"build log line ok. ".repeat(500)}`,
      absent: [stripeLive.slice(0, 14), stripeLive.slice(14)],
      present: ["token "],
    },
    {
      claim: "token-split-by-an-escaped-zero-width-character",
      description:
        "A token split by a JSON-escaped zero-width character (`\\u200b` written out) is masked from its first character.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: `{"out":"publish with ${zwHead}\\u200b${zwTail}"}`,
      absent: [zwHead, zwTail.slice(-16)],
      present: ["publish with "],
    },
    {
      claim: "twilio-key-with-a-few-distinct-hex-digits",
      description:
        "A Twilio key (SK and 32 hex digits, FC-REDACT-SENSITIVE-3's format) whose body repeats a few digits is masked: the format decides, not a high entropy.",
      requirements: ["FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-16"],
      field: "message",
      text: "sms send failed for key SK526C0181590830166131860913CC9099",
      absent: ["SK526C0181590830166131860913CC9099"],
      present: ["sms send failed for key "],
    },
    {
      claim: "vault-legacy-token-before-a-blank",
      description: "A legacy Vault service token followed by more text on its line is masked.",
      requirements: ["FC-REDACT-SENSITIVE-16"],
      field: "message",
      text: "vault login s.HKYx1FkP7L0piUnis6ZVdNFi failed: permission denied",
      absent: ["HKYx1FkP7L0piUnis6ZVdNFi"],
      present: ["vault login "],
    },
    {
      claim: "letters-only-random-case-value-under-a-provider-key",
      description:
        "A value of letters only in random case (not made of words) under a bare provider key is credential-shaped and masked.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "env: ASANA=suBliEMaYgloSe-kaToMiRuBeLaN",
      absent: ["suBliEMaYgloSe", "kaToMiRuBeLaN"],
      present: ["ASANA="],
    },
    {
      claim: "long-cookie-value-under-a-plain-name-is-masked",
      description:
        "A Cookie value of 16 or more characters is masked whatever the cookie's name; the names stay visible.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `> Cookie: theme=dark; uid=${cookieVal}; lang=en`,
      absent: [cookieVal],
      present: ["theme=", "uid="],
    },
    {
      claim: "nameless-cookie-value-is-masked",
      description:
        "A Cookie pair without a name (`=value`, opening the header or right after `;` with no blank) holds a cookie value like any other, and so does a Set-Cookie header's nameless first pair: a value of 16 or more characters is masked; the other names stay visible.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: `> Cookie: =${namelessA}\n> Cookie: theme=dark;=${namelessB}\n< Set-Cookie: =${namelessC}; Path=/`,
      absent: [namelessA, namelessB, namelessC],
      present: ["theme="],
    },
    {
      claim: "cookie-pair-without-an-equals-sign-is-a-value",
      description:
        "A Cookie pair without `=` (`Cookie: Xk9…`, or after `;`) is a cookie whose name is empty and whose value is the whole pair (as browsers read it), and so is a Set-Cookie header's first pair without `=`: a value of 16 or more characters is masked; the other names stay visible.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "trace",
      text: "> Cookie: Qm7Rz2Wd8Kp3Xs9Lf4HvTn6B\n> Cookie: theme=dark; Vt3nQ8xK2mLpZ7rT4vB8nLq3\n< Set-Cookie: Hm3sQ8zY1cNb6FjRw4tY8uI2; Path=/; HttpOnly",
      absent: ["Qm7Rz2Wd8Kp3Xs9Lf4HvTn6B", "Vt3nQ8xK2mLpZ7rT4vB8nLq3", "Hm3sQ8zY1cNb6FjRw4tY8uI2"],
      present: ["theme="],
    },
    {
      claim: "hex-url-user-is-masked-with-its-password",
      description: "A URL user name made of hex digits is machine-made: it is masked with its password.",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: `connect ECONNREFUSED postgres://9f3b2c7a1e:${urlPass}@db.internal:5432/app`,
      absent: ["9f3b2c7a1e", urlPass],
      present: ["@db.internal:5432/app"],
    },
    {
      claim: "lower-case-bearer-token-is-masked",
      description: "A standalone Bearer token of 32 lower-case letters is masked.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: `curl -H 'X-Upstream: Bearer ${bearerLower}' https://api.example.test`,
      absent: [bearerLower],
      present: ["https://api.example.test"],
    },
    {
      claim: "relative-path-after-a-late-xml-secret-stays-visible",
      description:
        "An XML element far into a long text has its value masked; the repo-relative path after it stays visible unless a trim cut it.",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-PATH-3"],
      field: "trace",
      text: `${"progress: step done\n".repeat(30)}<password>${xmlPw}</password> read from src/config/settings.xml:12:5`,
      absent: [xmlPw],
      present: ["src/config/settings.xml:12:5"],
      // The path sits past character 600 of the trace: an implementation with shorter trace limits may cut it.
      presentUnlessTrimmed: true,
    },
    {
      claim: "token-with-a-percent-encoded-zero-width-character-is-masked-whole",
      description:
        "A token with a zero-width character written percent-encoded inside it (`%E2%80%8B`, `%E2%80%8C`: UTF-8 bytes whose continuation byte is 0x80) is masked whole, in prose without a key before it: the percent-encoding is undone, the zero-width character is noise, and no part of the token stays visible (FC-REDACT-SENSITIVE-8).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `push rejected for ${ghp.slice(0, 22)}%E2%80%8B${ghp.slice(22)} (401); also ${ghp.slice(0, 26)}%E2%80%8C${ghp.slice(26)}`,
      absent: [ghp.slice(0, 16), ghp.slice(-16), ghp.slice(22, 38)],
      present: ["push rejected for ", " (401); also "],
    },
    {
      claim: "token-with-a-percent-encoded-soft-hyphen-is-masked-whole",
      description:
        "A token with a soft hyphen written percent-encoded inside it (`%C2%AD`: U+00AD, a two-byte UTF-8 sequence whose lead byte is 0xC2, the least a two-byte sequence may have) is masked whole in a URL's query: the percent-encoding is undone, the soft hyphen is a zero-width character and so noise (FC-REDACT-SENSITIVE-8), and no part of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `callback failed: https://hooks.example.com/cb?t=${ghp.slice(0, 14)}%C2%AD${ghp.slice(14)}&retry=1`,
      absent: [ghp.slice(0, 14), ghp.slice(14, 30), ghp.slice(-12)],
      present: ["callback failed: https://hooks.example.com/cb?t=", "&retry=1"],
    },
    {
      claim: "token-with-a-percent-encoded-byte-order-mark-is-masked-whole",
      description:
        "A token with a byte-order mark written percent-encoded inside it (`%EF%BB%BF`: U+FEFF, a three-byte UTF-8 sequence whose last byte is 0xBF, the most a continuation byte may have) is masked whole in a URL's query: the percent-encoding is undone, U+FEFF is a zero-width character and so noise (FC-REDACT-SENSITIVE-8), and no part of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `clone failed: https://git.example.com/r.git?t=${ghp.slice(0, 16)}%EF%BB%BF${ghp.slice(16)}&depth=1`,
      absent: [ghp.slice(0, 16), ghp.slice(16, 30), ghp.slice(-12)],
      present: ["clone failed: https://git.example.com/r.git?t=", "&depth=1"],
    },
    {
      claim: "token-after-a-percent-encoded-four-byte-character-is-masked",
      description:
        "A token right after a percent-encoded character of four UTF-8 bytes (an emoji, `%F0%9F%98%80`) in a query string is masked whole: the four bytes decode to one character that is no token character, so the token starts right after it (FC-REDACT-SENSITIVE-8: percent-encoding; a Stripe key counts only at a token start, FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `GET /hooks?note=%F0%9F%98%80${stripeLive}&retry=%F0%9F%9A%80${stripeLive} returned 401`,
      absent: [stripeLive.slice(8)],
      present: ["GET /hooks?note=", " returned 401"],
    },
    {
      claim: "token-after-a-lone-escape-at-the-head-of-a-long-text-is-masked",
      description:
        "A token right after a lone ESC (no sequence follows it) at the head of a text longer than 64 KiB with few escapes is masked whole: the ESC is removed alone, the token's first letter is not taken with it, and no tail of the token stays visible (FC-REDACT-SENSITIVE-8: ANSI/VT control sequences before a token; FC-REDACT-SENSITIVE-17: no visible head or tail). The length matters: the reference cleans long texts with few escapes by another path than short ones.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: `publish failed: \u001b${npm} rejected\n${"step 7: compiled the module without warnings\n".repeat(1600)}`,
      absent: [npm.slice(1, 17), npm.slice(-16)],
      present: ["publish failed: "],
    },
    {
      claim: "token-after-a-character-set-escape-in-a-long-text-is-masked",
      description:
        "A token right after a character-set escape (`ESC ( B`, the end of every `tput sgr0`; `ESC ) 0`) in a text longer than 64 KiB with few escapes is masked whole, as in a short text: the escape's intermediate and final are removed with it, so `B` or `0` is not glued to the token to hide its start (FC-REDACT-SENSITIVE-8: ANSI/VT control sequences before a token; FC-REDACT-SENSITIVE-3). The length matters: the reference cleans long texts with few escapes by another path than short ones.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `publish failed: \u001b(B${npm} rejected; retry: \u001b)0${npm} rejected\n${"step 7: compiled the module without warnings\n".repeat(1600)}`,
      absent: [npm.slice(4, 20), npm.slice(-16)],
      present: ["publish failed: ", " rejected; retry: "],
    },
    {
      claim: "kubernetes-secret-data-values-are-masked-whole",
      description:
        "The data values of a Kubernetes Secret manifest are secrets whatever their keys are named (`username`, `db-host`, `region`): each base64 value is masked up to its last character, so nothing of it, its `=` padding included, stays visible after its placeholder, and the keys stay visible (FC-REDACT-SENSITIVE-15: every value under `data:` of a `kind: Secret` is masked whatever its key; FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "apiVersion: v1\nkind: Secret\nmetadata:\n  name: billing-db\ndata:\n  username: YWRtaW4=\n  db-host: ZGIuaW50ZXJuYWw=\n  region: ZXUtd2VzdA==\ntype: Opaque",
      absent: ["YWRtaW4", "ZGIuaW50ZXJuYWw", "ZXUtd2VzdA", "»="],
      present: ["username: ", "db-host: ", "region: ", "type: Opaque"],
    },
    {
      claim: "base64-wrapper-after-fifteen-base64-characters-and-a-comma-is-masked",
      description:
        "A base64 wrapper around a token that follows fifteen base64 characters and a comma (`abcdefghijklmno,<base64>`) is masked: the run of base64 characters that holds the wrapper starts after the comma, not at the word before it (FC-REDACT-SENSITIVE-8: base64 wrappers around a secret are decoded and masked; FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: `applied abcdefghijklmno,${Buffer.from(`token: ${ghp}`).toString("base64")} to the runner`,
      absent: [
        Buffer.from(`token: ${ghp}`).toString("base64").slice(0, 24),
        Buffer.from(`token: ${ghp}`).toString("base64").slice(-16),
      ],
      present: ["applied abcdefghijklmno,", " to the runner"],
    },
    {
      claim: "token-inside-a-home-path-is-masked-as-a-secret",
      description:
        "A token that stands inside an absolute home path (a directory named after it) is masked, and the span where the path and the token overlap takes the strongest kind: the reply shows a secret placeholder there, not only a path placeholder (FC-REDACT-SENSITIVE-2: overlapping spans merge into one of the strongest kind, secret > pii > path).",
      requirements: ["FC-REDACT-SENSITIVE-2", "FC-REDACT-SENSITIVE-3", "FC-PATH-2"],
      field: "message",
      text: `cannot read /home/alice/${ghp}/config.json`,
      absent: [ghp.slice(0, 16), ghp.slice(-16)],
      present: ["cannot read ", S],
    },
    {
      claim: "relative-path-after-a-json-escaped-line-break-stays-visible",
      description:
        "A secret-named value ends at a JSON-escaped line break or tab (`\\n`, `\\r\\n`, `\\t` written out): the value is masked and the repo-relative path on the next line stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-8", "FC-PATH-3"],
      field: "message",
      text: '{"log": "PASSWORD=hunter2hunter2\\nsrc/db/pool.ts:12 connect failed; API_TOKEN=maple-harbor-violin\\r\\nsrc/api/client.ts:40 retry; secret=copper-meadow-falcon\\tsrc/jobs/run.ts:7 gave up"}',
      absent: ["hunter2hunter2", "maple-harbor-violin", "copper-meadow-falcon"],
      present: ["src/db/pool.ts:12", "src/api/client.ts:40", "src/jobs/run.ts:7"],
    },
    {
      claim: "every-family-on-one-line-is-masked",
      description:
        "One line holding a home path, an e-mail, a random string after a secret word, a provider key, a secret assignment, a Bearer header and a token, in that order, has every one masked.",
      requirements: [
        "FC-REDACT-SENSITIVE-2",
        "FC-REDACT-SENSITIVE-5",
        "FC-REDACT-SENSITIVE-6",
        "FC-REDACT-SENSITIVE-7",
        "FC-PATH-2",
      ],
      field: "message",
      text: `cat /home/jane/app.log for jane.doe@example.com: the api key ${lineSecret}, ASANA=1234567890123456, password=hunter2hunter2, Authorization: Bearer ${lineBearer}, ${ghp}`,
      absent: ["/home/jane", "jane.doe@example.com", lineSecret, "hunter2hunter2", lineBearer, ghp],
      present: [S],
    },
    {
      claim: "backslash-inside-an-assigned-value-is-masked-whole",
      description:
        "A backslash inside a secret-named key's value (`password=Xk9Tq\\w7Zp…`, a doubled one, an escaped slash) or inside curl's `-u` word (`\"deploy:\"\\x…`) does not end it, nor does a blank inside a quoted `-u` credential: nothing of the value stays visible, before or after the backslash, and the key stays.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: [
        "password=Xk9Tq\\w7Zp2Lm4Rt8Vb",
        `export DEPLOY_TOKEN=${bs[0]![0]}\\${bs[0]![1]}`,
        `api_secret: ${bs[1]![0]}\\\\${bs[1]![1]}`,
        `SMTP_PASSWORD=${bs[2]![0]}\\/${bs[2]![1]}`,
        // A quoted credential with a blank inside is one shell word: the quotes, not the blank, end it.
        `curl -u 'deploy:${bs[7]![0]} horse ${bs[6]![0]}' https://ci.example.test/api`,
        // A shell word spliced from a quoted part and escaped characters is one credential to curl.
        `curl -u "deploy:"\\x${bs[7]![1]} https://ci.example.test/api`,
      ].join("\n"),
      absent: ["Xk9Tq", "w7Zp2Lm4Rt8Vb", ...bs.slice(0, 3).flat(), bs[7]![1], `horse ${bs[6]![0]}`],
      present: ["password=", "export DEPLOY_TOKEN=", "api_secret: ", "SMTP_PASSWORD=", S],
    },
    {
      claim: "backslash-inside-a-header-cookie-or-url-password-is-masked-whole",
      description:
        "A backslash inside a Bearer token, an Authorization header's credential, a cookie value or a URL password does not end it: nothing of it stays visible; the scheme word, the cookie name and the URL user stay.",
      requirements: ["FC-REDACT-SENSITIVE-4", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: [
        `retry with Bearer ${bs[3]![0]}\\${bs[3]![1]}`,
        `Authorization: Bearer ${bs[4]![0]}\\${bs[4]![1]}`,
        `Cookie: theme=${bs[5]![0]}\\${bs[5]![1]}`,
        `fetch https://deploy:${bs[6]![0]}\\${bs[6]![1]}@db.example.test/app failed`,
      ].join("\n"),
      absent: bs.slice(3).flat(),
      present: ["Bearer ", "Cookie: theme=", "https://deploy:", S],
    },
    // Seed-11 draw (issue #27): fixed fakes, so the draws above stay as they were.
    {
      claim: "token-after-a-spelled-private-mode-escape-is-masked",
      description:
        "A token right after a DEC private-mode sequence spelled out (`\\u001b[?25l` hides the cursor, `\\x1b[?2004h` turns on bracketed paste: parameter bytes that include `?`) is masked whole: the whole sequence is the escape, its final letter is not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "npm publish: \\u001b[?25lnpm_Qb7Lk2Vx9Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2Ue rejected; retry: \\x1b[?2004hnpm_Wd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka rejected",
      absent: ["npm_Qb7Lk2Vx9Rm4", "Hd6Fp3Jn5Gs0Ya2Ue", "npm_Wd3Hk8Rb1Mz6", "Tc7Pn2Fs5Gj0Ye7Ka"],
      present: ["npm publish: ", " rejected; retry: "],
    },
    {
      claim: "token-with-a-mongolian-vowel-separator-inside-is-masked-whole",
      description:
        "A token with U+180E (MONGOLIAN VOWEL SEPARATOR, one of the zero-width characters the spec lists) inside is masked whole: nothing of its head or tail stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "deploy with npm_Rk4Tq\u180e8Vb2Lm6Xz1Pw9Hc3Jn7Fd5Gs0Ya8Ue then npm_Lx2Wd7\u180eKq5Mb9Rt1Vz4Hc8Pn3Gj6Fs0Yb rejected",
      absent: ["npm_Rk4Tq", "Hc3Jn7Fd5Gs0Ya8Ue", "npm_Lx2Wd7", "Vz4Hc8Pn3Gj6Fs0Yb"],
      present: ["deploy with ", " rejected"],
    },
    {
      claim: "token-with-each-listed-zero-width-character-inside-is-masked-whole",
      description:
        "One token per zero-width character FC-REDACT-SENSITIVE-8 lists (U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD, U+180E), each with its character after the fifth body character: every one is seen through and masked whole, nothing of its head or tail visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: zeroWidthTokens
        .map(([zw, t]) => `publish ${t.slice(0, 9)}${zw}${t.slice(9)} rejected`)
        .join("\n"),
      absent: zeroWidthTokens.flatMap(([, t]) => [t.slice(0, 9), t.slice(-16)]),
      present: ["publish ", " rejected"],
    },
    {
      claim: "password-opening-with-a-dollar-that-names-nothing-is-masked",
      description:
        "A secret-named value that opens with `$` followed by no name (`'$9Kp!x7Qm2vL'` single-quoted, `\"$%Xk9pQ2mZ7r\"`) is a value, not an environment reference: it is masked and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: "connect failed with DB_PASSWORD='$9Kp!x7Qm2vL'\nconfig.yml has password: \"$%Xk9pQ2mZ7r\"",
      absent: ["9Kp!x7Qm2vL", "Xk9pQ2mZ7r"],
      present: ["DB_PASSWORD=", "password: "],
    },
    {
      claim: "uk-nino-at-the-end-of-a-text-is-masked",
      description:
        "A UK National Insurance number that ends the text (nothing after its suffix letter) is masked as personal data.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "payroll import rejected the record of JG123456A",
      absent: ["JG123456A", "JG123456"],
      present: ["payroll import rejected the record of "],
    },
    {
      claim: "windows-drive-paths-with-forward-slashes-alone-are-masked",
      description:
        "Windows drive paths written with forward slashes (`D:/projects/shop/out.log`, `C:/Users/jane/app/log.txt`) in a text with no backslashed drive path are masked as paths, the drive letter with them (nothing of the path stays, `C:` included).",
      requirements: ["FC-PATH-2"],
      field: "message",
      text: "wrote D:/projects/shop/out.log and read C:/Users/jane/app/log.txt",
      absent: ["D:/projects", "projects/shop/out.log", "read C:", "Users/jane/app/log.txt"],
      present: ["wrote ", " and read "],
    },
    {
      claim: "provider-word-inside-a-longer-key-marks-the-value-in-every-syntax",
      description:
        "A provider name inside a longer key (`prodAsana`, `--prod-dropbox`, `ci_sendbird`) marks the value in the syntaxes that read the key's start: an XML element, a long CLI flag and a name/value pair. The values are masked, the keys kept.",
      requirements: ["FC-REDACT-SENSITIVE-14", "FC-REDACT-SENSITIVE-15"],
      field: "trace",
      text: '<prodAsana>\n  Xk9Tq7Lm2Zp4Rw8Vb3Nc\n</prodAsana>\n+ deploy --prod-dropbox Vq8nR3xT7wLp2Kd9Mz --asana Hm4sQ9zY2cNb7Fj3Wx\n{"name": "ci_sendbird", "value": "Tz6pW1kD3rXq9Lm4Zs"}',
      absent: ["Xk9Tq7Lm2Zp4Rw8Vb3Nc", "Vq8nR3xT7wLp2Kd9Mz", "Hm4sQ9zY2cNb7Fj3Wx", "Tz6pW1kD3rXq9Lm4Zs"],
      present: ["<prodAsana>", "--prod-dropbox ", "--asana ", '"name": "ci_sendbird"'],
    },
    // Seed-16 draw (issue #27): fixed fakes.
    {
      claim: "basic-credential-after-several-blanks-is-masked",
      description:
        "A `Basic` credential outside a header is masked whether one blank or several (spaces or tabs) stand between the scheme word and the base64 `user:password`: the value is masked, the scheme word stays.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "proxy sent Basic  Y2ktdXNlcjpXcTdMcDJYdjlLdDRSbQ== and got 407\nretry with basic\t\tZGVwbG95Okh6M05jOFZiMVF5Ng== failed\nupstream got BASIC   c3ZjLXByb3h5OlRtNUdrMldyOEpkNA== twice",
      absent: [
        "Y2ktdXNlcjpXcTdMcDJYdjlLdDRSbQ",
        "ZGVwbG95Okh6M05jOFZiMVF5Ng",
        "c3ZjLXByb3h5OlRtNUdrMldyOEpkNA",
      ],
      present: ["proxy sent Basic ", " and got 407", "retry with basic", "upstream got BASIC "],
    },
    {
      claim: "secret-named-key-with-a-separator-at-its-end-is-read-by-its-segments",
      description:
        "A key whose last character is a separator (`authorization_`, `PROXY_AUTHORIZATION_`) has the same word segments as without it: its secret segment (`authorization`) makes it a secret key, so the value is masked and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'config: authorization_=Zq8Lm3Vx7Kp2Wt and retry\nenv PROXY_AUTHORIZATION_=Hb4Rt9Wc2Nq6Ys set\n{"authorization_": "Mv7Kd2Xp9Lq4Tz"}',
      absent: ["Zq8Lm3Vx7Kp2Wt", "Hb4Rt9Wc2Nq6Ys", "Mv7Kd2Xp9Lq4Tz"],
      present: ["config: authorization_=", " and retry", "env PROXY_AUTHORIZATION_=", '{"authorization_": '],
    },
    {
      claim: "hex-string-under-a-provider-key-is-masked-whatever-its-entropy",
      description:
        "A hex string assigned to a key that names a credential provider is credential-shaped, also when it repeats itself (`deadbeef00000000`, a run of zeros after a few letters): the value is masked and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "config: kucoinKey=deadbeef00000000 rejected\nenv ASANA=facade0000000001 set\nsecrets.yml: DROPBOX: cafe0000000000000000000000000000",
      absent: ["deadbeef00000000", "facade0000000001", "cafe0000000000000000000000000000"],
      present: ["config: kucoinKey=", " rejected", "env ASANA=", "DROPBOX: "],
    },
    {
      claim: "public-ipv4-next-to-the-ranges-that-stay-visible-is-masked",
      description:
        "Public IPv4 addresses just outside the ranges that may stay visible (`169.63.12.7` beside link-local 169.254/16, `172.32.4.9` and `172.15.200.3` beside 172.16/12, `192.169.1.20` beside 192.168/16, `100.63.8.1` and `100.128.9.4` beside CGNAT 100.64/10) are personal data and masked; the text around them stays.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "connect to 169.63.12.7 timed out\nretry via 172.32.4.9 then 172.15.200.3 failed\npeer 192.169.1.20 reset the stream\nupstream 100.63.8.1 and 100.128.9.4 refused",
      absent: ["169.63.12.7", "172.32.4.9", "172.15.200.3", "192.169.1.20", "100.63.8.1", "100.128.9.4"],
      present: ["connect to ", " timed out", "retry via ", " reset the stream", " refused"],
    },
    {
      claim: "secret-value-opening-with-a-bracketed-word-is-masked",
      description:
        "A secret-named value that opens with a word in angle brackets and goes on (`<none>hunter2Xq9`, `<Tk>Zq8Lm3Vx7Kp2Wt`) is a value, not a `<placeholder>` (which is the brackets alone): it is masked and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: 'connect failed with DB_PASSWORD=<none>hunter2Xq9 set\nconfig.json: {"api_token": "<Tk>Zq8Lm3Vx7Kp2Wt"}\nsettings.yml has password: <pw>Mv7Kd2Xp9 today\nPGPASSWORD=\'<Rb>4vQz8Wn\' psql',
      absent: ["hunter2Xq9", "Zq8Lm3Vx7Kp2Wt", "Mv7Kd2Xp9", "4vQz8Wn"],
      present: ["DB_PASSWORD=", '{"api_token": ', "password: ", "PGPASSWORD=", " psql"],
    },
    {
      claim: "token-after-a-two-character-vt-escape-is-masked",
      description:
        "A token right after a two-character VT escape sent as real ESC characters (`ESC D` index, `ESC E` next line, `ESC M` reverse index, as progress bars print them) is masked whole: the escape is noise before the token, its letter is not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "retry \u001bDnpm_Qb7Lk2Vx9Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2Ue now\ndeploy \u001bEnpm_Wd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka rejected\npublish \u001bMnpm_Lx2Wd7Kq5Mb9Rt1Vz4Hc8Pn3Gj6Fs0YbQ failed",
      absent: [
        "Qb7Lk2Vx9Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2Ue",
        "Wd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka",
        "Lx2Wd7Kq5Mb9Rt1Vz4Hc8Pn3Gj6Fs0YbQ",
      ],
      present: ["retry ", " now", "deploy ", " rejected", "publish ", " failed"],
    },
    {
      claim: "secret-named-key-ending-in-tokens-is-a-secret-key",
      description:
        "A key that holds `secret` and ends in `tokens` (`APP_SECRET_TOKENS`, `github_secret_tokens`) names secrets, not a count of tokens like `max_tokens`: its value is masked and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "env APP_SECRET_TOKENS=Zq8Lm3Vx7Kp2Wt set\nconfig: github_secret_tokens: Hb4Rt9Wc2Nq6Ys",
      absent: ["Zq8Lm3Vx7Kp2Wt", "Hb4Rt9Wc2Nq6Ys"],
      present: ["env APP_SECRET_TOKENS=", " set", "config: github_secret_tokens: "],
    },
    {
      claim: "single-dash-token-flag-is-masked",
      description:
        "A secret-named flag written with one dash, as Go's flag package reads it (`-token V`, `-access-token V`, `-api-token V`), is a CLI flag like `--token V`: its value is masked and the flag stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ gh-sync -token Kq3Lm8Zx2Vp -repo app\n+ ./bin/uploader -access-token Hb4Rt9Wc2Nq6Ys -v\n+ drone-cli -api-token Zq8Lm3Vx7Kp2Wt build",
      absent: ["Kq3Lm8Zx2Vp", "Hb4Rt9Wc2Nq6Ys", "Zq8Lm3Vx7Kp2Wt"],
      present: [
        "+ gh-sync -token ",
        " -repo app",
        "+ ./bin/uploader -access-token ",
        " -v",
        "+ drone-cli -api-token ",
        " build",
      ],
    },
    {
      claim: "random-value-under-a-key-glued-to-its-ending-key-is-masked",
      description:
        "A key whose name ends in `key` glued to the word before it (`SIGNINGKEY`, `sshkey`, `licensekey`: one segment, no separator before `key`) is a key ending in `key`: a random value assigned to it is masked, as under `signing_key`, and the key stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: 'export SIGNINGKEY: Hq7Zt2Vm9Kx4Rb8Wn3Lc6Pd1 loaded\nconfig: sshkey = Tf5Nw8Qa2Xe7Jm4Gk9Bv3Yr6 rejected\nsettings.json: {"licensekey": "Rw3Kp8Lz5Qm2Vx7Nb4Hs9Td6"}',
      absent: ["Hq7Zt2Vm9Kx4Rb8Wn3Lc6Pd1", "Tf5Nw8Qa2Xe7Jm4Gk9Bv3Yr6", "Rw3Kp8Lz5Qm2Vx7Nb4Hs9Td6"],
      present: ["export SIGNINGKEY: ", " loaded", "config: sshkey = ", " rejected", "licensekey"],
    },
    {
      claim: "curl-credential-at-a-line-end-leaves-the-next-line-visible",
      description:
        "A curl `-u`/`--user` credential that ends its line is masked up to the line break only: the next line (a repo-relative path with its `:line:col`, a script's location) is a line of its own and stays visible, and so does the operand of another command's `-u` on a later line (`sort -u reports/…`): that flag is not curl's.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-PATH-3"],
      field: "message",
      text: "+ curl -sf -u deploy-bot:Kq3Lm8Zx2Vp\nsrc/deploy/upload.ts:14:7 - error TS2304: Cannot find name 'token'.\n+ curl --user build:Zq8Lm3Vx7Kp2\nscripts/publish.sh:12: upload failed\n+ sort -u reports/failed-uploads.txt",
      absent: ["Kq3Lm8Zx2Vp", "Zq8Lm3Vx7Kp2"],
      present: [
        "+ curl -sf -u ",
        "src/deploy/upload.ts:14:7 - error TS2304",
        "+ curl --user ",
        "scripts/publish.sh:12: upload failed",
        "+ sort -u reports/failed-uploads.txt",
      ],
    },
    {
      claim: "curl-user-on-a-continued-line-is-masked-whole",
      description:
        "A curl command continued with a backslash at its line ends, its flags indented on the lines after (`curl … \\` then `  -u user:password \\`, the usual way to write a long command in a script): the `-u`/`--user` credential on a continued line is given to curl and masked whole, the user name too, also a lone user (FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ cat scripts/upload.sh\ncurl -sS -X POST https://api.example.test/v1/uploads \\\n  -H 'Content-Type: application/json' \\\n  -u deploy-bot:Wq7Lm2Vp9Kz4 \\\n  -d @payload.json\ncurl -sS https://api.example.test/v1/status \\\n  --user release-bot",
      absent: ["deploy-bot", "Wq7Lm2Vp9Kz4", "release-bot"],
      present: ["+ cat scripts/upload.sh\ncurl -sS -X POST ", "  -u ", "  -d @payload.json", "  --user "],
    },
    {
      claim: "user-flag-opening-a-later-line-is-not-curls",
      description:
        "A `-u` that opens a line of its own after another command's continued line (`sort \\` then `-u reports/…` at the line's start, in a script that ran curl two lines before) belongs to that command, not to curl: its repo-relative operand stays visible (FC-PATH-3); only curl's own `-u`, on the command's line or the one right after it, is a credential (FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-PATH-3", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "+ cat scripts/report.sh\ncurl -sf https://ci.example.test/health\nsort \\\n-u reports/failed-uploads.txt",
      absent: [],
      present: ["curl -sf https://ci.example.test/health\nsort \\\n-u reports/failed-uploads.txt"],
    },
    {
      claim: "token-after-a-cut-short-escape-and-a-spelled-x1b-escape-is-masked",
      description:
        "A token right after a cut-short escape spelled out (`\\u001b[`, `\\033[`) followed at once by a whole colour sequence spelled `\\x1b[31m` (lower-case `x1b`) is masked whole: the new escape ends the cut-short one, and its final `m` is not glued to the token.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "npm publish: \\u001b[\\x1b[31mnpm_Qb7Lk2Vx9Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2Ue rejected; retry \\033[\\x1b[1mnpm_Wd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka failed",
      absent: ["Qb7Lk2Vx9Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2Ue", "Wd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka"],
      present: ["npm publish: ", " rejected; retry ", " failed"],
    },
    {
      claim: "token-body-of-two-letter-classes-with-a-lone-a-is-masked",
      description:
        "A token of a format whose alphabet mixes the cases is masked when its body holds letters of both cases and no digit, also when one case is a single `a` or a few `A`s (`AKID` and 32 body characters: `aQWER…`, `qwer…A`): such a body is of two character classes and not made of words (a one-letter chunk, FC-REDACT-SENSITIVE-6), so FC-REDACT-SENSITIVE-3 requires it masked.",
      requirements: ["FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "deploy failed: id AKIDaQWERTYUIOPSDFGHJKLZXCVBNMQWERTY rejected; retry id AKIDqwertyuiopsdfghjklzxcvbnmqwertyA rejected",
      absent: ["aQWERTYUIOPSDFGHJKLZXCVBNMQWERTY", "qwertyuiopsdfghjklzxcvbnmqwertyA"],
      present: ["deploy failed: id ", " rejected; retry id "],
    },
    {
      claim: "provider-keyed-value-holding-a-date-or-version-digits-inside-is-masked",
      description:
        "A credential-shaped value under a bare provider key (`DROPBOX: …`, `asana=…`) is masked also when a date-like (`2024-11-30`) or version-like (`1234.5678.9012-…`) run stands inside it: the value as a whole is no date and no version, it is long, of a token alphabet and not made of words (FC-REDACT-SENSITIVE-14).",
      requirements: ["FC-REDACT-SENSITIVE-14"],
      field: "message",
      text: "sync failed: DROPBOX: Zq8xK2m9Lp2024-11-30vT5nR7wQ rejected; asana=Zq81234.5678.9012-Ab3xY7kQ rejected",
      absent: ["Zq8xK2m9Lp2024-11-30vT5nR7wQ", "Zq81234.5678.9012-Ab3xY7kQ"],
      present: ["sync failed: DROPBOX: ", " rejected; asana="],
    },
    {
      claim: "token-wrapped-after-a-long-first-line-at-the-start-of-a-text-is-masked-whole",
      description:
        "A token whose first line of 40 or more token characters opens the text and which continues on the next line is masked whole (FC-REDACT-SENSITIVE-8: a line made of ≥ 40 token characters continued on the next line), also when that line starts at the text's first character: no part of the continuation stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "github_pat_11ABCDEFG0Qx7pLm2xWd3Hk8Rb1Mz6\nVq9Lx4Tc7Pn2Fs5Gj0Ye7KaQb7Lk2Vx9Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2UeXy7 rejected",
      absent: ["Qx7pLm2xWd3Hk8Rb1Mz6", "Vq9Lx4Tc7Pn2Fs5Gj0Ye7KaQb7Lk2Vx9", "Rm4Tz8Wc1Hd6Fp3Jn5Gs0Ya2UeXy7"],
      present: [" rejected"],
    },
    {
      claim: "secret-value-with-a-plus-wrapped-at-an-odd-column-is-masked-whole",
      description:
        "A `password=` line of 50 token characters whose value holds a `+` (base64's alphabet), continued on the next line, is a token wrapped across lines (FC-REDACT-SENSITIVE-8: a line made of ≥ 40 token characters continued on the next line; `+`, `/` and `=` are token characters): the continuation is masked with the value, not left visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "db config\npassword=Qk7x+Tz9Lm2Wq8Rv4Np6Ys1Hd3Fg5Jb0Kc7Xe2Aa9\nBb4CdZp8Wq3/Er6Ty1Ui4Op7As0Df rejected",
      absent: ["Qk7x+Tz9Lm2Wq8Rv", "Bb4CdZp8Wq3", "Er6Ty1Ui4Op7As0Df"],
      present: ["db config\npassword="],
    },
    {
      claim: "phone-number-after-a-lower-case-phone-word-is-masked",
      description:
        "A phone number in national form (no `+`, not North American) right after the word `phone` or `Phone` is masked as PII (FC-REDACT-SENSITIVE-7: phone numbers after a word such as phone/tel/mobile).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "escalate: on-call phone: 030 1234 5678 (ask for Sam); Phone 0301234 5679 after hours",
      absent: ["030 1234 5678", "0301234 5679"],
      present: ["on-call phone: ", "(ask for Sam); Phone ", " after hours"],
    },
    {
      claim: "fifteen-digit-phone-number-after-a-context-word-is-masked",
      description:
        "A phone number of fifteen digits, the most an international number has (E.164), written with the `00` exit code after the word `mobile` (`0049-171-2345-6789`) is masked as PII (FC-REDACT-SENSITIVE-7: phone numbers after a word such as phone/tel/mobile).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "escalate to the on-call mobile: 0049-171-2345-6789 before 06:00",
      absent: ["0049-171-2345-6789", "171-2345", "2345-6789"],
      present: ["escalate to the on-call mobile: ", " before 06:00"],
    },
    {
      claim: "token-split-by-a-spelled-csi-sequence-whose-final-byte-is-a-caret-is-masked",
      description:
        "A token split by a spelled CSI sequence whose final byte is `^` (`\\u001b[1^`, ECMA-48's scroll-down: parameters, then a final byte from `@` to `~`) is masked whole: detection sees through ANSI/VT sequences inside a token, their textual spellings included (FC-REDACT-SENSITIVE-8), and `^` ends the sequence as its final byte.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "push ghp_Q7vLm2Xc9RtB4nKp\\u001b[1^8WzY3dHs6FgJ1aE5uVo0 rejected",
      absent: ["Q7vLm2Xc9RtB4nKp", "8WzY3dHs6FgJ1aE5uVo0"],
      present: ["push ", " rejected"],
    },
    {
      claim: "token-split-by-a-csi-sequence-whose-final-byte-is-an-at-sign-is-masked",
      description:
        "A token split by a real CSI sequence whose final byte is `@` (`ESC [ 1 @`, ECMA-48's insert-character: a parameter, then a final byte from `@` to `~`; `@` is the first of them) is masked whole: detection sees through ANSI/VT sequences inside a token (FC-REDACT-SENSITIVE-8), and `@` ends the sequence, so neither `[1@` nor the token's second half stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "push ghp_Kq3Lm8Zx2Vp9Tn4Rb7\u001b[1@Wc6Hs1Jd5Fg0Yk8Ue2Qa rejected",
      absent: ["Kq3Lm8Zx2Vp9Tn4Rb7", "Wc6Hs1Jd5Fg0Yk8Ue2Qa", "[1@"],
      present: ["push ", " rejected"],
    },
    {
      claim: "huggingface-token-whose-body-is-repeated-hex-letters-and-digits-is-masked",
      description:
        "A Hugging Face token whose 34-character body is lower-case hex letters and digits in runs (`hf_aaaa1111bbbb…`, low entropy) is masked whole: a listed prefix followed by `minBody` characters of the record's alphabet is a token (FC-REDACT-SENSITIVE-3), and a body that mixes two classes and is not made of words is required whatever its entropy.",
      requirements: ["FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "push with hf_aaaa1111bbbb2222cccc3333dddd4444ee rejected",
      absent: ["aaaa1111bbbb2222cccc3333dddd4444ee"],
      present: ["push with ", " rejected"],
    },
    {
      claim: "provider-prefix-before-a-body-of-words-averaging-three-and-a-half-letters-gets-a-log",
      description:
        'An OpenAI-style prefix before a body made of words whose letter chunks average exactly 3.5 letters (`sk-TimeBoxTimeBoxDataSet…`: `Time`, `Box`, `Data`, `Set`) is no required token: 3.5 is the floor of FC-REDACT-SENSITIVE-6\'s *made of words* ("3.5 letters or more"), and FC-REDACT-SENSITIVE-3 leaves such a body to the implementation, masked or visible. The leak scan never fires on what the redactor may leave (FC-LEAK-1), so the request gets a log, never `SECRET_LEAK`.',
      requirements: ["FC-LEAK-1", "FC-REDACT-SENSITIVE-3", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "openai key sk-TimeBoxTimeBoxDataSetTimeBoxDataSetTimeBox rejected",
      absent: [],
      present: ["openai key ", " rejected"],
    },
    {
      claim: "phone-number-after-a-context-word-in-capitals-is-masked",
      description:
        "A phone number after a context word written in capitals (`FAX:`, `CELL`, `WHATSAPP`) or in mixed case (`wHatsapp`) is masked: the context words of the record `phone` are words in any casing, as `PHONE` and `Mobile` are (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "escalation: FAX: 030 1234567; CELL 0171 2345678; WHATSAPP 0151 2345678; wHatsapp 0161 2345678",
      absent: ["030 1234567", "0171 2345678", "0151 2345678", "0161 2345678"],
      present: ["escalation: FAX: "],
    },
    {
      claim: "phone-number-after-whatsapp-alone-is-masked",
      description:
        "A phone number after `WhatsApp`, the only context word of its text, is masked (FC-REDACT-SENSITIVE-7: `whatsapp` is a context word of the record `phone`, read on its own, not only beside `phone` or `tel`).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "reach the on-call engineer on WhatsApp 0171 2345678 after six",
      absent: ["0171 2345678", "2345678"],
      present: ["reach the on-call engineer on WhatsApp ", " after six"],
    },
    {
      claim: "random-string-words-after-a-secret-word-is-masked-from-its-first-character",
      description:
        "A random string a few words after a secret word (`signature mismatch for …`, `bearer rejected …`: no assignment, the string standing alone after a blank) is masked from its first character: no leading character of the credential stays visible before the placeholder (FC-REDACT-SENSITIVE-6, FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-6", "FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: "signature mismatch for Kq3Lm8Zx2Vp9Tn4Rb7Wc6Hs1 in request",
      absent: ["Kq3Lm8Zx2Vp9Tn4Rb7Wc6Hs1", "q3Lm8Zx2Vp9Tn4Rb7Wc6"],
      present: ["signature mismatch for «redacted:secret» in request"],
    },
    {
      claim: "token-split-by-a-charset-escape-with-two-intermediates-is-masked",
      description:
        "A token split by an ISO 2022 designation with two intermediate bytes (`ESC $ ( D`, ISO-2022-JP's switch to JIS X 0212: an nF escape, intermediates from space to `/`, then a final) is masked whole: detection sees through VT control sequences inside a token (FC-REDACT-SENSITIVE-8), every intermediate belongs to the escape, and neither `$(D` nor either half of the token stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "push ghp_Kq3Lm8Zx2Vp9Tn4Rb7\u001b$(DWc6Hs1Jd5Fg0Yk8Ue2Qa rejected",
      absent: ["Kq3Lm8Zx2Vp9Tn4Rb7", "Wc6Hs1Jd5Fg0Yk8Ue2Qa", "$(D"],
      present: ["push ", " rejected"],
    },
    {
      claim: "digest-authorization-with-a-quoted-pair-in-a-parameter-is-masked",
      description:
        'A Digest Authorization header in plain text whose quoted user name holds a quoted-pair (`username="build\\nbot"`: RFC 7230 lets a backslash escape any character inside a quoted-string, here `n`) is masked whole through its `response`: the backslash is part of the quoted value, not a line end of escaped text (FC-REDACT-SENSITIVE-4).',
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: 'retry with Authorization: Digest username="build\\nbot", realm="ci", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/v1/orders", response="3c9d1e7b42a08f56e1d4b7a9c2f05e83"',
      absent: ["3c9d1e7b42a08f56e1d4b7a9c2f05e83", "3c9d1e7b42a08f56"],
      present: ["retry with Authorization: Digest "],
    },
    {
      claim: "namespaced-xml-element-with-attributes-has-its-value-masked",
      description:
        'A namespaced XML element named by a secret word that carries attributes (`<db:secret xmlns:db="urn:example:db">…</db:secret>`) has its value masked, however short and plain: FC-REDACT-SENSITIVE-5 reads an XML element by its local name and with or without attributes, both at once too.',
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-15"],
      field: "message",
      text: 'config: <db:secret xmlns:db="urn:example:db">hunter2</db:secret> loaded',
      absent: ["hunter2"],
      present: ['<db:secret xmlns:db="urn:example:db">', "</db:secret> loaded"],
    },
    {
      claim: "spanish-dni-in-a-short-text-is-masked",
      description:
        "A valid Spanish DNI in a text of a few characters (`DNI 12345678Z`: no run of six other characters anywhere) is masked (FC-REDACT-SENSITIVE-7): a national id is found whatever else the text holds or lacks.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "DNI 12345678Z",
      absent: ["12345678Z", "12345678"],
      present: ["DNI "],
    },
    {
      claim: "token-split-by-an-osc-title-ended-by-a-hex-spelled-bel-is-masked",
      description:
        "A token split by an OSC title whose ESC and BEL are both spelled as C hex escapes (`\\x1b]2;ci\\x07`), alone in its message: the title ends at the spelled BEL (FC-REDACT-SENSITIVE-8 names `\\x07` among the BEL spellings), the sequence is noise inside the token, and the token is masked whole, neither half left visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "retry ghp_Q7vLm2Xc9RtB4n\\x1b]2;ci\\x07Kp8WzY3dHs6FgJ1aE5uVo0 rejected",
      absent: ["Q7vLm2Xc9RtB4n", "Kp8WzY3dHs6FgJ1aE5uVo0"],
      present: ["retry ", " rejected"],
    },
    {
      claim: "digest-response-cut-short-at-a-line-or-text-end-is-masked",
      description:
        "Digest Authorization headers whose last parameter's quoted value is cut short, its closing quote lost at the end of a line and at the end of the text (log lines cut in the hash): each credential is masked through its last parameter, the cut `response` hash included (FC-REDACT-SENSITIVE-4).",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: '> Authorization: Digest username="ci-bot", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c0", uri="/v2/items", response="6629fae49393a05397450978507c4ef1\n< HTTP/1.1 401 Unauthorized\n> Authorization: Digest username="ci-bot", realm="api", uri="/v2/items", response="9b1f0c2e7d4a8b3f6e5c1d0a9f8e7b6c',
      absent: [
        "6629fae49393a05397450978507c4ef1",
        "6629fae49393a053",
        "97450978507c4ef1",
        "9b1f0c2e7d4a8b3f",
        "6e5c1d0a9f8e7b6c",
      ],
      present: ["> Authorization: Digest ", "< HTTP/1.1 401 Unauthorized"],
    },
    {
      claim: "text-that-already-holds-a-placeholder-has-its-other-secrets-masked",
      description:
        "A message that already holds a placeholder (`«redacted:secret»`, from an earlier compaction or an upstream redactor) and, beside it, an e-mail address and a GitHub token: the placeholder stays as it is (FC-REDACT-SENSITIVE-9), and the address and the token are masked all the same (FC-REDACT-SENSITIVE-7, -3); a placeholder in a text does not switch off the reading of the rest.",
      requirements: ["FC-REDACT-SENSITIVE-9", "FC-REDACT-SENSITIVE-7", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "retry after «redacted:secret» failed; mail jane.doe@example.com, new token ghp_Q7vLm2Xc9RtB4nKp8WzY3dHs6FgJ1aE5uVo0",
      absent: ["jane.doe@example.com", "Q7vLm2Xc9RtB4nKp", "8WzY3dHs6FgJ1aE5uVo0"],
      present: ["retry after «redacted:secret» failed; mail "],
    },
    {
      claim: "national-id-that-is-the-whole-message-is-masked",
      description:
        "A message that is nothing but a Chinese resident id (18 digits, a valid ISO 7064 MOD 11-2 check character: a test that prints the value it compared) is masked: personal data is found in a text made of digits alone as in a sentence (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "110105198503311230",
      absent: ["110105198503311230", "1101051985033112"],
      present: [],
    },
    {
      claim: "north-american-phone-without-a-blank-after-its-area-code-is-masked",
      description:
        "A phone number in North American form with no blank between the area code's parenthesis and the number (`(415)555-2671`), as many forms write it, is masked like `(415) 555-2671` (FC-REDACT-SENSITIVE-7: phone numbers in North American form).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "support line (415)555-2671 did not answer; escalate to (212) 555-0147",
      absent: ["(415)555-2671", "555-2671", "555-0147"],
      present: ["support line ", " did not answer; escalate to "],
    },
    {
      claim: "camel-case-secret-named-key-with-a-long-name-has-its-value-masked",
      description:
        "camelCase keys running 34 to 51 characters past their secret word with no separator in them (`passwordForTheReplicationUserOnPrimaryNode`, `passwordForTheReplicationUserOfThePrimaryClusterMembers`, `secretAccessKeyForTheDeploymentPipelineUserInEuropeWestRegionTwo`, whose run opens with a capital, and `passwordForTheReplicationUserOfThePrimaryClusterMembersV2` and `…Members2024`, whose words close with a version) are secret-named keys like their snake_case twins, and their short values are masked (FC-REDACT-SENSITIVE-5 names the words a key contains, not how its name is cased or how long it runs); the key names stay. (Until 2026-12 the reference left the second value: it took a run of more than 32 letters for a token's body; and the last two: it took words closed by digits for one.)",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "connect failed with passwordForTheReplicationUserOnPrimaryNode=hunter2 on db-2; passwordForTheReplicationUserOfThePrimaryClusterMembers=letmein on db-3; secretAccessKeyForTheDeploymentPipelineUserInEuropeWestRegionTwo=opensesame; passwordForTheReplicationUserOfThePrimaryClusterMembersV2=dragon7 on db-4; passwordForTheReplicationUserOfThePrimaryClusterMembers2024=monkey9 on db-5",
      absent: ["hunter2", "letmein", "opensesame", "dragon7", "monkey9"],
      present: [
        "passwordForTheReplicationUserOnPrimaryNode=",
        " on db-2",
        "passwordForTheReplicationUserOfThePrimaryClusterMembers=",
        " on db-3",
      ],
    },
    {
      claim: "secret-named-key-with-a-long-name-has-its-value-masked",
      description:
        "Keys whose names run on far past their secret word (a 70-character environment name ending in `_PASSWORD`; `password_for_the_primary_replica_server_node`, 36 characters after the word; `SECRET_TOKEN_` and a 40-digit hex suffix in lower or in upper case, one unbroken run past the word) are secret-named keys all the same, and their short, plain values are masked (FC-REDACT-SENSITIVE-5 names the words a key contains, not a length); the key names stay.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "export SECRET_TOKEN_8F14E45FCEEA167A5A36DEDD4BEA2543ABCDEF12=sesame7 and export SECRET_TOKEN_8f14e45fceea167a5a36dedd4bea2543abcdef12=letmein first, then ACME_PLATFORM_PRIMARY_REPLICA_DATABASE_CONNECTION_POOL_SERVICE_ACCOUNT_PASSWORD=swordfish1 rejected; retry with password_for_the_primary_replica_server_node=hunter2",
      absent: ["hunter2", "swordfish1", "letmein", "sesame7"],
      present: [
        "ACME_PLATFORM_PRIMARY_REPLICA_DATABASE_CONNECTION_POOL_SERVICE_ACCOUNT_PASSWORD=",
        " rejected; retry with password_for_the_primary_replica_server_node=",
      ],
    },
    {
      claim: "secret-named-key-running-far-past-its-secret-word-has-its-value-masked",
      description:
        "Keys whose names run on for 54 and 119 characters after their secret word (`password_for_the_primary_replica_server_node_in_region_eu_west`, a 127-character key) are secret-named keys: their plain values are masked and their names kept (FC-REDACT-SENSITIVE-5 names the words a key contains, not how long it is; until 2026-12 the reference read a key only 40 characters past its word and left the value).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "retry with password_for_the_primary_replica_server_node_in_region_eu_west=hunter2 failed; then password_for_the_primary_replica_of_the_billing_database_cluster_in_the_eu_west_region_used_by_the_nightly_reconciliation_batch=swordfish1 failed",
      absent: ["hunter2", "swordfish1"],
      present: [
        "retry with password_for_the_primary_replica_server_node_in_region_eu_west=",
        " failed; then password_for_the_primary_replica_of_the_billing_database_cluster_in_the_eu_west_region_used_by_the_nightly_reconciliation_batch=",
        " failed",
      ],
    },
    {
      claim: "random-string-opening-with-a-uuid-is-masked-after-a-secret-word",
      description:
        "A random string that opens with a UUID and runs on with more random characters (`8f14e45f-…-a1b2c3d4e5f6Zq8vR2mX7pLk4Tn9`: one run of letters, digits and `-`, standing alone, with all three classes) is no UUID: after a secret word it is masked whole (FC-REDACT-SENSITIVE-6); only a string that is a UUID from end to end stays visible as an identifier.",
      requirements: ["FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "auth failed: secret 8f14e45f-ceea-467f-a0e6-a1b2c3d4e5f6Zq8vR2mX7pLk4Tn9 rejected",
      absent: ["Zq8vR2mX7pLk4Tn9", "8f14e45f-ceea-467f-a0e6-a1b2c3d4e5f6"],
      present: ["auth failed: secret ", " rejected"],
    },
    {
      claim: "login-command-password-is-masked-from-its-first-character-quoted-or-not",
      description:
        "`docker login -p hunter2` and `sshpass -p 'swordfish'`: each password is masked whole, from its first character, whether it is bare or in quotes (FC-REDACT-SENSITIVE-5 lists `sshpass -p V` and `docker login -p V`); a mask that leaves the first letter (`-p h«…»`) leaks part of it.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ docker login -u ci -p hunter2 registry.example.test\n+ sshpass -p 'swordfish' ssh deploy@build-01",
      absent: ["hunter2", "unter2", "-p h", "swordfish", "wordfish"],
      present: [
        "+ docker login -u ci -p ",
        " registry.example.test",
        "+ sshpass -p ",
        " ssh deploy@build-01",
      ],
    },
    {
      claim: "public-ipv4-sharing-an-octet-with-a-private-range-is-masked",
      description:
        "Public IPv4 addresses that share one octet with a range that stays visible but are outside it (`85.168.12.1` and `203.168.0.7`: second octet 168, first not 192; `193.16.4.2`: 16 after a first octet other than 172; `11.0.0.5` just past 10/8; `34.102.136.180`, `52.64.0.9` and `8.127.3.3`: a second octet of CGNAT's 100.64/10 after a first octet other than 100) are personal data and masked (FC-REDACT-SENSITIVE-7): a range is both of its octets, not either.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "client 85.168.12.1 was blocked; relay 203.168.0.7 and 193.16.4.2 timed out; fallback 11.0.0.5 refused; edge 34.102.136.180, 52.64.0.9 and 8.127.3.3 unreachable",
      absent: [
        "85.168.12.1",
        "203.168.0.7",
        "193.16.4.2",
        "11.0.0.5",
        "34.102.136.180",
        "52.64.0.9",
        "8.127.3.3",
      ],
      present: ["client ", " was blocked; relay ", " timed out; fallback ", " refused"],
    },
    {
      claim: "long-secret-named-key-keeps-its-whole-name-when-its-value-is-masked",
      description:
        "A 143-character key name that opens with its secret word (`password_for_the_primary_replica_…_and_its_retries`) and a plain value: the value is masked and the whole name stays, its tail included (FC-REDACT-SENSITIVE-5: the key kept). Until 2026-12 the reference's random-string reading, which read a name only 64 characters past its word, took the name's tail and the value for one random string and masked both.",
      requirements: ["FC-REDACT-SENSITIVE-5", "FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "last password_for_the_primary_replica_of_the_billing_database_cluster_in_the_eu_west_region_used_by_the_nightly_reconciliation_batch_and_its_retries=tulip-orange-lantern failed",
      absent: ["tulip-orange-lantern"],
      present: [
        "last password_for_the_primary_replica_of_the_billing_database_cluster_in_the_eu_west_region_used_by_the_nightly_reconciliation_batch_and_its_retries=",
        " failed",
      ],
    },
    {
      claim: "random-string-opening-with-a-version-number-is-masked-after-a-secret-word",
      profile: "reference" as const,
      description:
        "A random string that opens like a version number and runs on with random characters (`token 1.2.3Xq9Lm2Vb7Tz4Kp8Wn5Rs`) is no version: after a secret word the reference masks it (FC-REDACT-SENSITIVE-24, its wider gate). Only a version's own suffix (`-beta.4`, `+build.7`) keeps a version a version. Reference profile: FC-REDACT-SENSITIVE-6's random run must stand alone, with no `.` right before it, so `3Xq9…` after `1.2.` is no contract case.",
      requirements: ["FC-REDACT-SENSITIVE-24"],
      field: "message",
      text: "publish token 1.2.3Xq9Lm2Vb7Tz4Kp8Wn5Rs rejected by the registry",
      absent: ["Xq9Lm2Vb7Tz4Kp8Wn5Rs", "1.2.3Xq9L"],
      present: ["publish token ", " rejected by the registry"],
    },
    {
      claim: "email-address-with-a-plus-tag-is-masked-whole",
      description:
        "An e-mail address whose local part carries a `+` tag (`jane.doe+ci@example.com`, sub-addressing) is masked whole: the name before the `+` is part of the address, personal data like the rest (FC-REDACT-SENSITIVE-7).",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "notify jane.doe+ci@example.com and ops+alerts@example.org when the deploy is done",
      absent: ["jane.doe", "ci@example.com", "ops+", "alerts@example.org"],
      present: ["notify ", " and ", " when the deploy is done"],
    },
    {
      claim: "random-string-of-dashed-hex-groups-that-is-no-uuid-is-masked-after-a-secret-word",
      description:
        "A random string after a secret word made of hex digits of both cases in dashed groups that do not have a UUID's 8-4-4-4-12 shape (`A1b2C3d4-E5f6-7-a8B9-…`, a 1-digit middle group) is masked: it holds an upper-case letter, a lower-case letter and a digit, has an entropy above 4 bits per character, and is neither a UUID, nor hex digits alone (the dashes), nor made of words (FC-REDACT-SENSITIVE-6).",
      requirements: ["FC-REDACT-SENSITIVE-6"],
      field: "message",
      text: "deploy token A1b2C3d4-E5f6-7-a8B9-c0D1e2F3aBcD rejected",
      absent: ["A1b2C3d4-E5f6-7-a8B9-c0D1e2F3aBcD"],
      present: ["deploy token ", " rejected"],
    },
    {
      claim: "secret-named-key-that-starts-with-cookie-is-masked",
      description:
        "A key whose name starts with `cookie` and holds a secret word (`COOKIE_SECRET`, `cookie_password`) is a secret-named key, not a `Cookie:` header: its value is masked and the key kept (FC-REDACT-SENSITIVE-5), also when the value is short and not random.",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "config check: COOKIE_SECRET=Kq7wPz3xLm and cookie_password: Hunter2pass rejected",
      absent: ["Kq7wPz3xLm", "Hunter2pass"],
      present: ["config check: COOKIE_SECRET=", " and cookie_password: ", " rejected"],
    },
    {
      claim: "password-of-non-ascii-letters-is-masked",
      description:
        "A password made only of letters outside ASCII (`пароль`, `秘密のパス`) assigned to a password-named key is masked and the key kept (FC-REDACT-SENSITIVE-5: the value of a secret-named key is masked, whatever its script).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "login failed: password=пароль; db_password: 秘密のパス rejected",
      absent: ["пароль", "秘密のパス"],
      present: ["login failed: password=", "; db_password: ", " rejected"],
    },
    {
      claim: "second-glued-jwt-right-after-a-first-is-masked-from-its-eyj",
      description:
        "Two JWTs glued after a word (`x-eyJ…`, `y-eyJ…`), the second three characters after the first ends and with a header whose base64url holds a later `eyJ` (a nested JSON object), are each masked from their own `eyJ`: both first parts decode to JSON naming `alg` (FC-REDACT-SENSITIVE-4), so no part of the second, its header's head included, stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "upstream refused x-eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyMTIzNDUifQ.Qx7pLm2xWd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka y-eyJraSI6eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9fQ.eyJzdWIiOiJvcGVyYXRvciJ9.Zr4Tz8Wc1Hd6Fp3Jn5Gs0Ya2UeXy7Bq9Lk2Vx9Rm4T twice",
      absent: ["eyJhbGciOiJIUzI1NiJ9", "eyJraSI6", "Qx7pLm2xWd3Hk8Rb1Mz6", "Zr4Tz8Wc1Hd6Fp3Jn5Gs0Ya2"],
      present: ["upstream refused x-", " twice"],
    },
    {
      claim: "five-part-jwe-is-masked-whole",
      description:
        "A JWE (five dot-separated base64url parts, the first starting `eyJ`) in free text is masked whole: a JWT is three or more parts and every part is masked, the fourth and fifth too (FC-REDACT-SENSITIVE-4); masking only three parts leaves the ciphertext and tag visible.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "authed with eyJhbGciOiJSU0EtT0FFUCIsImVuYyI6IkEyNTZHQ00ifQ.OKOawDo13gRp2ojaHV7LFpZcgV7T6DVZKTyKOMTYUmKoTCVJRgckCL9kiMT03JGe.48V1_ALb6US04U3b.5eym8TW_c8SuK0ltJ3rpYIzOeDQz7TALvtu6UG9oMo4vpzs9tX_EFShS8iB7j6ji.XFBoMYUZodetZdvTiFvSkQ done",
      absent: [
        "eyJhbGciOiJSU0EtT0FFUCIs",
        "OKOawDo13gRp2ojaHV7L",
        "48V1_ALb6US04U3b",
        "5eym8TW_c8SuK0ltJ3rp",
        "XFBoMYUZodetZdvTiFvSkQ",
      ],
      present: ["authed with ", " done"],
    },
    {
      claim: "glued-jwt-whose-header-names-only-its-type-is-masked",
      description:
        'A JWT glued after a word (`x-eyJ…`) whose first part decodes to JSON naming `typ` but no `alg` (`{"typ":"JWT","kid":"k1"}`) is masked from its `eyJ`: the header names `alg` or `typ`, the leak scan\'s own test (FC-REDACT-SENSITIVE-4, FC-LEAK-1).',
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "upstream refused x-eyJ0eXAiOiJKV1QiLCJraWQiOiJrMSJ9.eyJzdWIiOiJ1c2VyMTIzNDUifQ.Qx7pLm2xWd3Hk8Rb1Mz6Vq9Lx4Tc7Pn2Fs5Gj0Ye7Ka twice",
      absent: ["eyJ0eXAiOiJKV1QiLCJr", "eyJzdWIiOiJ1c2VyMTIzNDUifQ", "Qx7pLm2xWd3Hk8Rb1Mz6"],
      present: ["upstream refused x-", " twice"],
    },
    {
      claim: "url-password-holding-an-at-sign-is-masked-whole",
      description:
        "The password of URL userinfo runs to the last `@` before the host, as URL parsers read it: `root:s3cr3t@Pa55@db` holds the password `s3cr3t@Pa55`, and no part of it stays visible (FC-REDACT-SENSITIVE-4).",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: "connect mysql://root:s3cr3t@Pa55@db:3306/x failed; DATABASE_URL=postgres://app:Zq9@xP2w@localhost:5432/app",
      absent: ["s3cr3t", "@Pa55@", "Zq9@", "@xP2w@"],
      present: [
        "connect mysql://root:",
        "db:3306",
        " failed; DATABASE_URL=postgres://app:",
        "localhost:5432",
      ],
    },
    {
      claim: "authorization-credential-after-a-scheme-word-of-any-name-is-masked",
      description:
        "The first word of an `Authorization:` or `Proxy-Authorization:` value followed by blanks and more is a scheme word, whether or not an implementation knows it: the credential after `SharedKey` (Azure Storage), `Hawk`, `GenieKey` (Opsgenie) or `Splunk` is masked (FC-REDACT-SENSITIVE-4). Whether such a word stays visible is not checked: the reference masks an unknown one with its credential.",
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: 'Authorization: SharedKey myaccount:ctzMq410TV3wS7upTBcunJTDLEJwMAZuFPfr0mrrA08=\nAuthorization: Hawk id="dh37fgj492je", ts="1353832234", nonce="j4h3g2", mac="6R4rV5iE+NPoym+WwjeHzjAGXUtLNIxmo1vpMofpLAE="\nProxy-Authorization: GenieKey eb243592-faa2-4ba2-a551-1afdf565c889\ncurl -H "Authorization: Splunk Hunter2pass-HEC" https://hec.example.test:8088',
      absent: [
        "myaccount:ctzMq410",
        "ctzMq410TV3wS7upTBcunJTDLEJwMAZuFPfr0mrrA08",
        "dh37fgj492je",
        "6R4rV5iE+NPoym",
        "eb243592-faa2-4ba2-a551-1afdf565c889",
        "Hunter2pass-HEC",
      ],
      present: ["Authorization: ", "Proxy-Authorization: ", '" https://hec.example.test:8088'],
    },
    {
      claim: "public-ipv4-of-one-digit-parts-alone-in-a-message-is-masked",
      description:
        "A public IPv4 address whose parts are all one digit (`8.8.4.4`, `1.1.1.1`), alone in its message, is masked (FC-REDACT-SENSITIVE-7: every IPv4 address outside the ranges that stay visible). Alone, so that no other address in the text opens a prefilter for it.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "resolver 8.8.4.4 timed out, retried 1.1.1.1",
      absent: ["8.8.4.4", "1.1.1.1"],
      present: ["resolver ", " timed out, retried "],
    },
    {
      claim: "spanish-nie-alone-in-a-message-is-pii",
      description:
        "A Spanish NIE (`Y7654321G`: a letter, seven digits and the check letter) alone in its message, with no eight-digit DNI beside it, is masked (FC-REDACT-SENSITIVE-7: Spanish DNI/NIE). Alone, so that no DNI in the text opens a prefilter for it.",
      requirements: ["FC-REDACT-SENSITIVE-7"],
      field: "message",
      text: "applicant NIE Y7654321G rejected",
      absent: ["Y7654321G", "7654321"],
      present: ["applicant NIE ", " rejected"],
    },
    {
      claim: "token-split-by-an-osc-title-of-a-hundred-characters-is-masked-whole",
      description:
        "A token split by an OSC title sequence spelled as JSON escapes (`\\u001b]0;… \\u0007`) whose title runs to about a hundred characters is masked whole: the title ends at its BEL within 256 characters (FC-REDACT-SENSITIVE-8, settled there), so it is noise inside the token and neither half stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8", "FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "publish: ghp_Z9y8X7w6V5u4T3s2\\u001b]0;npm run build --workspace packages/payments-service --if-present (step 4 of 9, attempt 2)\\u0007R1q0P9o8N7m6L5k4J3i2 rejected",
      absent: ["Z9y8X7w6V5u4T3s2", "R1q0P9o8N7m6L5k4J3i2"],
      present: ["publish: ", " rejected"],
    },
    {
      claim: "base64-wrapper-of-some-seven-hundred-characters-holding-a-password-is-masked",
      description:
        "A base64 run of 748 characters (a Docker config written as one base64 value) whose decoded JSON holds a secret-named member is masked whole: every run of up to 1,024 base64 characters is read (FC-REDACT-SENSITIVE-8, settled there), so no window of the run stays visible.",
      requirements: ["FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: "kubectl apply: .dockerconfigjson: eyJhdXRocyI6IHsicmVnaXN0cnkuZXhhbXBsZS50ZXN0IjogeyJhdXRoIjogIiIsICJlbWFpbCI6ICJjaUBleGFtcGxlLnRlc3QifX0sICJjcmVkc1N0b3JlIjogIiIsICJub3RlIjogInh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eCIsICJwYXNzd29yZCI6ICJIdW50ZXIycGFzcy1LcTd3In0= (secret/regcred)",
      absent: ["eyJhdXRocyI6IHsicmVnaXN0", "dW50ZXIycGFzcy1LcTd3In0=", "eHh4eHh4eHh4eHh4eHh4eHh4"],
      present: ["kubectl apply: .dockerconfigjson: ", " (secret/regcred)"],
    },
    {
      claim: "curl-user-credential-in-escaped-quotes-inside-a-json-line-is-masked-whole",
      description:
        'A curl `-u` credential in escaped quotes inside a JSON log line (`"cmd":"curl -u \\"deploy:Hunter 2 pass\\" …"`), its password holding blanks, is masked whole: detection sees through JSON escaping (FC-REDACT-SENSITIVE-8), and the `user:password` given with `-u` is masked whole, a quoted one everything between its quotes (FC-REDACT-SENSITIVE-17).',
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-8"],
      field: "message",
      text: '{"level":"info","cmd":"curl -fsS -u \\"deploy:Hunter 2 pass\\" https://artifacts.example.test/x"}',
      absent: ["Hunter 2 pass", "deploy:Hunter", "Hunter 2"],
      present: ['{"level":"info","cmd":"curl -fsS -u ', " https://artifacts.example.test"],
    },
    {
      claim: "secret-named-key-that-starts-with-a-benign-word-is-masked",
      description:
        "A key that holds a secret word after a word that names something else when it ends a key (`ENV_PASSWORD`, `SOURCE_SECRET`: `env`, `source`) is a secret-named key: only a key that ends in such a word names a file, a type or a place (FC-REDACT-SENSITIVE-23), so its value is masked, also a short one that is not random, and the key kept (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "deploy: ENV_PASSWORD=Hunter2pass and SOURCE_SECRET: Kq7wPz3xLm rejected",
      absent: ["Hunter2pass", "Kq7wPz3xLm"],
      present: ["deploy: ENV_PASSWORD=", " and SOURCE_SECRET: ", " rejected"],
    },
    {
      claim: "redis-cli-password-after-two-blanks-is-masked",
      description:
        "The password given to `redis-cli -a` is masked also when two blanks stand between the flag and the password (the shell reads the same word), the command kept (FC-REDACT-SENSITIVE-5: `redis-cli -a V`).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ redis-cli -h cache -a  Hunter2pass ping\nPONG",
      absent: ["Hunter2pass"],
      present: ["+ redis-cli -h cache -a ", " ping"],
    },
    {
      claim: "curl-user-after-two-blanks-is-masked-whole",
      description:
        "The `user:password` given to curl with `-u` or `--user` is masked whole also when two blanks stand between the flag and it (the shell reads the same word): neither the user name nor the password stays visible, a lone `:password` and a lone user included (FC-REDACT-SENSITIVE-17).",
      requirements: ["FC-REDACT-SENSITIVE-17", "FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "+ curl -u  deployer:Xk9Tq2w7Zp2Lm4 https://ci.example.com/api\n+ curl --user  :Rw4tY8uI2oP6aS https://ci.example.com/api\n+ curl --user  releasebot https://ci.example.com/api",
      absent: ["deployer", "Xk9Tq2w7Zp2Lm4", "Rw4tY8uI2oP6aS", "releasebot"],
      present: ["+ curl -u ", " https://ci.example.com/api"],
    },
    {
      claim: "password-that-starts-with-capital-xs-is-masked",
      description:
        "A password that starts with `XXX` but goes on with other characters (`XXXq7Lm2Zp`, `XXX-Hunter2`) is no placeholder and no reference: under a password- or token-named key it is masked and the key kept (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "login failed: password=XXXq7Lm2Zp and token: XXX-Hunter2 rejected",
      absent: ["XXXq7Lm2Zp", "XXX-Hunter2"],
      present: ["login failed: password=", " and token: ", " rejected"],
    },
    {
      claim: "short-square-access-token-is-masked",
      description:
        "A Square access token `EAAA…` with a body of 26 characters, short of the 60 a live one has (a log cut it, or a sandbox token), is masked in prose without a key before it: FC-REDACT-SENSITIVE-16 masks Square `EAAA…` tokens from 22 body characters.",
      requirements: ["FC-REDACT-SENSITIVE-16"],
      field: "message",
      text: "charged with EAAAl4Xk9Tq2w7Zp2Lm4Rt8VbQ5nW3 ok; refund with EAAAQx7pLm2xWd3Hk8Rb1Mz6Vq9L4 pending",
      absent: ["l4Xk9Tq2w7Zp2Lm4Rt8VbQ5nW3", "Qx7pLm2xWd3Hk8Rb1Mz6Vq9L4"],
      present: ["charged with ", " ok; refund with ", " pending"],
    },
    {
      claim: "discord-bot-token-with-a-dash-in-its-second-part-is-masked",
      description:
        "A Discord bot token whose second part (the timestamp, base64url) holds a `-` (`MTk4…NDQ4.C-2FMQ.ZnCj…`) is masked whole in prose without a key before it: the base64url alphabet has `-` and `_`, and Discord bot tokens are masked wherever they appear (FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: "deploy with MTk4NjIyNDgzNDcxOTI1MjQ4.C-2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs rejected",
      absent: ["MTk4NjIyNDgzNDcxOTI1MjQ4", "ZnCjm1XVW7vRze4b7Cq4se7kKWs"],
      present: ["deploy with ", " rejected"],
    },
    {
      claim: "digest-credential-with-an-escaped-quote-in-a-value-is-masked-through-its-last-parameter",
      description:
        'A Digest credential whose first quoted value holds an escaped quote (`username="o\\"neil"`, an RFC 7616 quoted-pair): the escaped quote does not close the value, and the credential is masked through its last parameter, `response` and `opaque` included (FC-REDACT-SENSITIVE-4).',
      requirements: ["FC-REDACT-SENSITIVE-4"],
      field: "message",
      text: 'GET /api failed: Authorization: Digest username="o\\"neil", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/api", response="6629fae49393a05397450978507c4ef1", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
      absent: ["6629fae49393a05397450978507c4ef1", "5ccc069c403ebaf9f0171e9517f40e41"],
      present: ["GET /api failed: Authorization: Digest "],
    },
    {
      claim: "discord-bot-token-in-a-text-opening-with-a-dot-is-masked",
      description:
        "A Discord bot token in a message whose first character is a `.` (`.env line 3: MTk4…`, `...`): the dot at the text's start is no reason to stop looking for the token's dots, and the token is masked wherever it appears (FC-REDACT-SENSITIVE-3).",
      requirements: ["FC-REDACT-SENSITIVE-3"],
      field: "message",
      text: ".env line 3 holds MTk4NjIyNDgzNDcxOTI1MjQ4.C-2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs as the bot login",
      absent: ["MTk4NjIyNDgzNDcxOTI1MjQ4", "ZnCjm1XVW7vRze4b7Cq4se7kKWs"],
      present: [".env line 3 holds ", " as the bot login"],
    },
    {
      claim: "password-that-starts-with-asterisks-is-masked",
      description:
        "A password that starts with `***` but goes on with other characters (`***Hunter2pass`, `****Kq7wPz3xLm`) is no placeholder such as `***` alone: under a password- or token-named key it is masked and the key kept (FC-REDACT-SENSITIVE-5).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: 'deploy: DB_PASSWORD=***Hunter2pass; api_token: "****Kq7wPz3xLm" rejected',
      absent: ["Hunter2pass", "Kq7wPz3xLm"],
      present: ["deploy: DB_PASSWORD=", "; api_token: ", " rejected"],
    },
    {
      claim: "curl-user-password-of-a-quoted-and-a-bare-part-is-masked-to-its-last-character",
      description:
        'The `user:password` given to curl with `-u` as one shell word of a quoted part and a bare part (`"deploy:Hunter2"pa[ss]`) is masked whole, its last character (`]`) included (FC-REDACT-SENSITIVE-17: the user:password given to curl with -u is masked whole).',
      requirements: ["FC-REDACT-SENSITIVE-17"],
      field: "message",
      text: '+ curl -sS -u "deploy:Hunter2"pa[ss] https://ci.example.test/api',
      absent: ["Hunter2", "pa[ss", "] https://ci.example.test"],
      present: [" https://ci.example.test/api"],
    },
    {
      claim: "short-credential-after-a-scheme-word-under-a-secret-named-key-is-masked",
      description:
        "A secret-named key assigned a scheme word and a credential (`api_token = Bearer Hunter2pass`, `X-Auth-Token: Bearer …`, `secret: Basic …`) has its credential masked, also a short one that is no standalone Bearer token, and the key kept (FC-REDACT-SENSITIVE-5: the value of a secret-named key is masked).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "deploy: api_token = Bearer Hunter2pass; X-Auth-Token: Bearer Kq7wPz3xLm; secret: Basic Tr0ub4dor3 rejected",
      absent: ["Hunter2pass", "Kq7wPz3xLm", "Tr0ub4dor3"],
      present: ["deploy: api_token = ", "; X-Auth-Token: ", "; secret: ", " rejected"],
    },
    {
      claim: "credential-after-a-token-or-key-scheme-word-under-a-secret-named-key-is-masked",
      description:
        "A secret-named key assigned the scheme word `Token`, `Key`, `Bot` or `Negotiate` and a credential (`api_token = Token …`, GitHub's and Django REST's spelling; `api_key: Key …`) has the credential masked, not only the scheme word: the value of a secret-named key is what follows the scheme (FC-REDACT-SENSITIVE-5, an unquoted value that opens with an authentication scheme word).",
      requirements: ["FC-REDACT-SENSITIVE-5"],
      field: "message",
      text: "deploy: api_token = Token Hunter2pass; api_key: Key Kq7wPz3xLm; auth_token: Bot Tr0ub4dor3; secret: Negotiate Zq8xK2m9Lp rejected",
      absent: ["Hunter2pass", "Kq7wPz3xLm", "Tr0ub4dor3", "Zq8xK2m9Lp"],
      present: ["deploy: api_token = ", "; api_key: ", "; auth_token: ", "; secret: ", " rejected"],
    },
  ].map((c) => ({ ...c, field: c.field as CaseSpec["field"] }));
}

/** The case document for a spec: one finding (or the notes, or the worker output) holds the planted text. */
export function toCase(s: CaseSpec, area: string): Record<string, unknown> {
  const finding: Record<string, unknown> = {
    id: "f1",
    rule: "test:assert-eq",
    location: { path: s.field === "locationPath" ? s.text : "src/a.ts", startLine: 3 },
    message: s.field === "message" ? s.text : "assertion failed",
    severity: "error",
  };
  if (s.field === "trace") finding.trace = s.text;
  const request = {
    taskSpec: { goal: "make the test suite pass" },
    canonicalState: { ref: "tree-5e1d", ...(s.repoRoot ? { repoRoot: s.repoRoot } : {}) },
    rounds: [
      {
        index: 1,
        ts: "2026-11-30T10:01:00Z",
        workerTrace: [{ tool: "bash", output: s.field === "workerOutput" ? s.text : "npm test" }],
        verifierVerdict: { status: "fail", notes: s.field === "notes" ? s.text : "", findings: [finding] },
      },
    ],
  };
  // Worker trace output is not echoed into the log (only the audit log keeps it), so only absence is checked there.
  const present = s.field === "workerOutput" ? [] : s.present;
  const assertions: unknown[] = [
    ...s.absent.map((text) => ({ check: "absentText", text })),
    ...(s.presentUnlessTrimmed ? [] : present.map((text) => ({ check: "presentText", text }))),
  ];
  if (present.some((p) => p.includes("«redacted:"))) {
    assertions.push({ check: "contains", pointer: "/redactions", value: { rule: "sensitive" } });
  }
  const expect = s.presentUnlessTrimmed
    ? {
        assertions,
        anyOf: [
          { assertions: present.map((text) => ({ check: "presentText", text })) },
          {
            assertions: [
              { check: "contains", pointer: "/redactions", value: { from: "f1", rule: "truncation" } },
            ],
          },
        ],
      }
    : { assertions };
  return {
    id: `redaction.${area}.${s.claim}`,
    description: s.description,
    requirements: s.requirements,
    profile: s.profile ?? "required",
    command: "compact",
    input: { request, options: { budgetTokens: 512 } },
    expect,
  };
}
