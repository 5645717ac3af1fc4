// FC-REDACT-SENSITIVE-14..18: corpus grid of key forms × assignment syntaxes × value kinds, plus the look-alikes that must stay visible.
//
// Every value is a fresh fake drawn from a seeded PRNG; the value shapes (alphabet and length) are public facts about
// each provider's credentials, the templates are this project's own. Nothing here is copied from another project.
import { pick, type Rand, rs } from "./corpus.ts";

const UP = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LO = "abcdefghijklmnopqrstuvwxyz";
const DI = "0123456789";
const AN = UP + LO + DI;
const LAN = LO + DI;
const HX = "0123456789abcdef";
const B64 = `${AN}+/`;

type Shape = (r: Rand) => string;
const n =
  (alphabet: string, len: number): Shape =>
  (r) =>
    rs(r, alphabet, len);
const uuid =
  (upper = false): Shape =>
  (r) => {
    const u = `${rs(r, HX, 8)}-${rs(r, HX, 4)}-4${rs(r, HX, 3)}-${pick(r, ["8", "9", "a", "b"])}${rs(r, HX, 3)}-${rs(r, HX, 12)}`;
    return upper ? u.toUpperCase() : u;
  };
const pre =
  (prefix: string, s: Shape, suffix = ""): Shape =>
  (r) =>
    prefix + s(r) + suffix;

/** Credentials that are recognised only by the provider's name in the key (no distinctive prefix of their own). */
export const PROVIDER_VALUES: [provider: string, shapes: Shape[]][] = [
  ["asana", [n(DI, 16), n(LAN, 32)]],
  ["adafruit", [n(`${LAN}_-`, 32)]],
  ["adobe", [n(HX, 32)]],
  ["airtable", [n(LAN, 17)]],
  ["algolia", [n(LAN, 32)]],
  ["alibaba", [n(LAN, 30)]],
  ["atlassian", [n(LAN, 24)]],
  ["jira", [n(LAN, 24)]],
  ["beamer", [pre("b_", n(`${LAN}=_-`, 44))]],
  ["bitbucket", [n(LAN, 32), n(`${LAN}=_-`, 64)]],
  ["bittrex", [n(LAN, 32)]],
  ["meraki", [n(HX, 40)]],
  ["cloudflare", [n(`${LAN}_-`, 40), n(HX, 37)]],
  ["codecov", [n(LAN, 32)]],
  ["cohere", [n(AN, 40)]],
  ["coinbase", [n(`${LAN}_-`, 64)]],
  ["confluent", [n(LAN, 16), n(LAN, 64)]],
  ["contentful", [n(`${LAN}=_-`, 43)]],
  ["datadog", [n(LAN, 40)]],
  ["discord", [n(HX, 64), n(DI, 18), n(`${LAN}=_-`, 32)]],
  ["droneci", [n(LAN, 32)]],
  ["dropbox", [n(LAN, 15), (r) => `${rs(r, LAN, 11)}AAAAAAAAAA${rs(r, `${LAN}-_=`, 43)}`]],
  ["etsy", [n(LAN, 24)]],
  ["facebook", [n(HX, 32)]],
  ["fastly", [n(`${LAN}=_-`, 32)]],
  ["finicity", [n(HX, 32), n(LAN, 20)]],
  ["finnhub", [n(LAN, 20)]],
  ["flickr", [n(LAN, 32)]],
  ["freshbooks", [n(LAN, 64)]],
  ["gitter", [n(`${LAN}_-`, 40)]],
  ["gocardless", [pre("live_", n(`${LAN}-_=`, 40))]],
  ["heroku", [uuid()]],
  ["hubspot", [uuid(true)]],
  ["intercom", [n(`${LAN}=_-`, 60)]],
  ["jfrog", [n(LAN, 73), n(LAN, 64)]],
  ["artifactory", [n(LAN, 64)]],
  ["kraken", [n(`${B64}=_-`, 86)]],
  ["kucoin", [n(HX, 24), uuid()]],
  ["launchdarkly", [n(`${LAN}=_-`, 40)]],
  ["linear", [n(HX, 32)]],
  ["linkedin", [n(LAN, 14), n(LAN, 16)]],
  ["lob", [pre("live_", n(HX, 35)), pre("test_pub_", n(HX, 31))]],
  ["looker", [n(LAN, 20), n(LAN, 24)]],
  ["mailgun", [pre("pubkey-", n(HX, 32)), (r) => `${rs(r, HX, 32)}-${rs(r, HX, 8)}-${rs(r, HX, 8)}`]],
  ["mapbox", [(r) => `pk.${rs(r, LAN, 60)}.${rs(r, LAN, 22)}`]],
  ["mattermost", [n(LAN, 26)]],
  ["messagebird", [n(LAN, 25), uuid()]],
  ["netlify", [n(`${LAN}=_-`, 43)]],
  ["newrelic", [pre("NRJS-", n(HX, 19)), n(LAN, 64)]],
  ["nytimes", [n(`${LAN}=_-`, 32)]],
  ["okta", [pre("00", n(`${AN}_=-`, 40))]],
  ["plaid", [n(LAN, 24), n(LAN, 30)]],
  ["privateai", [n(LAN, 32)]],
  ["rapidapi", [n(`${LAN}_-`, 50)]],
  ["sendbird", [uuid(), n(HX, 40)]],
  ["sentry", [n(HX, 64)]],
  ["snyk", [uuid()]],
  ["sonar", [pre("sqp_", n(HX, 40)), n(LAN, 40)]],
  ["squarespace", [uuid()]],
  ["sumo", [pre("su", n(AN, 12)), n(LAN, 64)]],
  ["telegram", [(r) => `${rs(r, DI, 10)}:A${rs(r, `${AN}_-`, 34)}`]],
  ["travis", [n(LAN, 22)]],
  ["twitch", [n(LAN, 30)]],
  ["twitter", [n(LAN, 45), n(LAN, 25), (r) => `${rs(r, DI, 19)}-${rs(r, AN, 30)}`]],
  ["typeform", [pre("tfp_", n(`${LAN}-_.=`, 59))]],
  ["yandex", [pre("AQVN", n(`${AN}_-`, 36)), pre("YC", n(`${AN}_-`, 38))]],
  ["zendesk", [n(LAN, 40)]],
];

/** How a key names its provider: the bare name or with a credential word, in the usual casings. */
export const KEY_FORMS: [form: string, make: (provider: string) => string][] = [
  ["bare", (p) => p],
  ["BARE", (p) => p.toUpperCase()],
  ["camelKey", (p) => `${p}Key`],
  ["SNAKE_KEY", (p) => `${p.toUpperCase()}_KEY`],
  ["camelToken", (p) => `${p}Token`],
  ["snake_token", (p) => `${p}_token`],
  ["kebab-secret", (p) => `${p}-secret`],
  ["PascalClientId", (p) => `${p[0]!.toUpperCase()}${p.slice(1)}ClientId`],
  ["dotted.id", (p) => `${p}.id`],
  ["SNAKE_PASS", (p) => `${p.toUpperCase()}_PASS`],
  ["camelAuth", (p) => `${p}Auth`],
  ["SNAKE_API_KEY", (p) => `${p.toUpperCase()}_API_KEY`],
];

/** Assignment syntaxes: `{k}` is the key, `{v}` the value. */
export const SYNTAXES: [syntax: string, template: string][] = [
  ["env", "{k}={v}"],
  ["export-quoted", 'export {k}="{v}"'],
  ["ini-spaced", "{k} = {v}"],
  ["yaml", "{k}: {v}"],
  ["yaml-single-quoted", "{k}: '{v}'"],
  ["json", '{"{k}": "{v}"}'],
  ["json-escaped-newline", '{"app.env": "{k}={v}\\nDEBUG=false"}'],
  ["xml-element", "<{k}>{v}</{k}>"],
  ["xml-element-multiline", "<{k}>\n    {v}\n</{k}>"],
  ["xml-attribute", '<setting name="{k}" value="{v}" />'],
  ["nuget-add", '<add key="{k}" value="{v}" />'],
  ["csharp", 'private string {k} = "{v}";'],
  ["java", 'String {k} = "{v}";'],
  ["go-var", 'var {k} string = "{v}"'],
  ["go-short", '{k} := "{v}"'],
  ["go-backtick", "{k} := `{v}`"],
  ["kotlin-typed", 'val {k}: String = "{v}"'],
  ["ts-typed", 'const {k}: string = "{v}";'],
  ["php-concat", "$" + '{k} .= "{v}";'],
  ["php-array", "'{k}' => '{v}',"],
  ["php-null-coalesce", "$" + '{k} ??= "{v}";'],
  ["python", "{k} = '{v}'"],
  ["python-dict", "{'{k}': '{v}'}"],
  ["tuple", '("{k}", "{v}")'],
  ["java-set-property", 'System.setProperty("{k}", "{v}")'],
  ["logstash", '  "{k}" => "{v}"'],
  ["make-recursive", '{k} = "{v}"'],
  ["make-simple", '{k} := "{v}"'],
  ["make-shell", '{k} ::= "{v}"'],
  ["make-evaluated", '{k} :::= "{v}"'],
  ["make-conditional", '{k} ?= "{v}"'],
  ["make-append", "{k} += {v}"],
  ["aligned", '{k}              = "{v}"'],
  ["js-default", "const t = process.env.{k} || '{v}';"],
  ["cli-flag", "deploy --{k} {v} --yes"],
  ["url-query", "GET https://api.example.test/cb?{k}={v}&page=2"],
  ["powershell", '$env:{k} = "{v}"'],
  ["hcl", '  {k} = "{v}"'],
];

export interface KeyedCase {
  kind: string;
  planted: string;
  secret: string;
}

export function fill(template: string, key: string, value: string): string {
  return template.replaceAll("{k}", key).replaceAll("{v}", value);
}

/** Secret-named keys (no provider) for the syntax grid: the assignment detector's own vocabulary. */
export const SECRET_KEYS = [
  "password",
  "DB_PASSWORD",
  "api_token",
  "X_TOKEN",
  "clientSecret",
  "credential",
  "oktaToken",
  "ClearTextPassword",
  "AWS_SECRET_ACCESS_KEY",
  "passwd",
];

const PW = `${AN}!#%^*_-`;

/** One case per provider × key form × syntax (the value drawn from the provider's shapes). */
export function providerGrid(r: Rand): KeyedCase[] {
  const out: KeyedCase[] = [];
  for (const [provider, shapes] of PROVIDER_VALUES) {
    for (const [form, key] of KEY_FORMS) {
      for (const [syntax, template] of SYNTAXES) {
        if (syntax === "cli-flag" && /[A-Z_.]/.test(key(provider))) continue;
        const v = pick(r, shapes)(r);
        out.push({
          kind: `provider-keyed/${form}/${syntax}`,
          planted: fill(template, key(provider), v),
          secret: v,
        });
      }
    }
  }
  return out;
}

/** One case per secret-named key × syntax. */
export function syntaxGrid(r: Rand): KeyedCase[] {
  const out: KeyedCase[] = [];
  for (const key of SECRET_KEYS) {
    for (const [syntax, template] of SYNTAXES) {
      if (syntax === "cli-flag" && /[A-Z_]/.test(key)) continue;
      const v = rs(r, pick(r, [AN, PW, `${LAN}`]), 12 + Math.floor(r() * 30));
      out.push({ kind: `syntax/${syntax}`, planted: fill(template, key, v), secret: v });
    }
  }
  return out;
}

/** Assignment forms that are not `key op value` on one line. */
export const SPECIAL: { kind: string; make: (r: Rand) => KeyedCase }[] = [
  {
    kind: "nested-escaped-assignment",
    make: (r) => {
      const v = rs(r, AN, 20);
      return {
        kind: "nested-escaped-assignment",
        planted: `{"config": {"credential": "password = \\"${v}\\""}}`,
        secret: v,
      };
    },
  },
  {
    kind: "k8s-secret-data",
    make: (r) => {
      const v = Buffer.from(rs(r, AN, 18)).toString("base64");
      return {
        kind: "k8s-secret-data",
        planted: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-env\ntype: Opaque\ndata:\n  database-url: ${v}\n  username: YWRtaW4=`,
        secret: v,
      };
    },
  },
  {
    kind: "k8s-secret-data-kind-last",
    make: (r) => {
      const v = Buffer.from(rs(r, AN, 24)).toString("base64");
      return {
        kind: "k8s-secret-data-kind-last",
        planted: `apiVersion: v1\ndata:\n  config.json: ${v}\nkind: Secret\nmetadata:\n  name: app`,
        secret: v,
      };
    },
  },
  {
    kind: "k8s-secret-string-data",
    make: (r) => {
      const v = rs(r, AN, 22);
      return {
        kind: "k8s-secret-string-data",
        planted: `kind: Secret\nstringData:\n  upstream: "${v}"\n`,
        secret: v,
      };
    },
  },
  {
    kind: "curl-user-pair",
    make: (r) => {
      const user = rs(r, LAN, 10);
      const pass = rs(r, AN, 14);
      return {
        kind: "curl-user-pair",
        planted: `curl -sS -u "${user}:${pass}" https://ci.example.test`,
        secret: `${user}:${pass}`,
      };
    },
  },
  {
    kind: "curl-user-only",
    make: (r) => {
      const user = rs(r, AN, 20);
      return {
        kind: "curl-user-only",
        planted: `curl --user '${user}:' https://ci.example.test`,
        secret: user,
      };
    },
  },
  {
    kind: "cookie-quoted-value",
    make: (r) => {
      const v = rs(r, AN, 32);
      return { kind: "cookie-quoted-value", planted: `Cookie: session="${v}"; lang=en`, secret: v };
    },
  },
  {
    kind: "gitlab-session-cookie",
    make: (r) => {
      const v = rs(r, LAN, 32);
      return {
        kind: "gitlab-session-cookie",
        planted: `_gitlab_session=${v}`,
        secret: `_gitlab_session=${v}`,
      };
    },
  },
  {
    kind: "curl-cookie-flag",
    make: (r) => {
      const v = rs(r, AN, 28);
      return {
        kind: "curl-cookie-flag",
        planted: `curl -b 'sessid=${v}' https://app.example.test`,
        secret: v,
      };
    },
  },
];

/** Token formats recognised by their own shape (prefix, alphabet, length), anywhere in a text. */
export const FORMATS: { kind: string; make: (r: Rand) => string }[] = [
  { kind: "aws-bedrock-long-lived", make: (r) => `ABSK${rs(r, B64, 132)}` },
  {
    kind: "aws-bedrock-short-lived",
    make: (r) =>
      `bedrock-api-key-${Buffer.from(`bedrock.amazonaws.com/?Action=CallWithBearerToken&X=${rs(r, AN, 40)}`).toString("base64")}`,
  },
  {
    kind: "aws-a3t-key-id",
    make: (r) => `A3T${rs(r, UP + DI, 1)}${rs(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16)}`,
  },
  { kind: "facebook-page-token", make: (r) => `EAAM${rs(r, AN, 120)}` },
  { kind: "facebook-app-pair", make: (r) => `${rs(r, DI, 15)}|${rs(r, `${LAN}_-`, 32)}` },
  { kind: "facebook-app-pair-encoded", make: (r) => `${rs(r, DI, 16)}%7C${rs(r, `${LAN}_-`, 30)}` },
  { kind: "intra42-secret", make: (r) => `s-s4t2${pick(r, ["ud", "af"])}-${rs(r, HX, 64)}` },
  { kind: "adobe-client-secret", make: (r) => `p8e-${rs(r, AN, 32)}` },
  { kind: "maxmind-license", make: (r) => `${rs(r, AN, 6)}_${rs(r, AN, 29)}_mmk` },
  { kind: "sonarqube-token", make: (r) => `${pick(r, ["sqp_", "squ_", "sqa_"])}${rs(r, HX, 40)}` },
  { kind: "clickhouse-secret", make: (r) => `4b1d${rs(r, AN, 38)}` },
  { kind: "artifactory-reference", make: (r) => `cmVmd${rs(r, AN, 59)}` },
  { kind: "clojars-mixed-case", make: (r) => `CLOJARS_${rs(r, AN, 60)}` },
  {
    kind: "authress-key",
    make: (r) =>
      `${pick(r, ["sc_", "ext_", "scauth_", "authress_"])}${rs(r, LAN, 12)}.${rs(r, LAN, 5)}.acc_${rs(r, LAN, 20)}.${rs(r, `${AN}+/_`, 48)}`,
  },
  { kind: "openshift-token", make: (r) => `sha256~${rs(r, `${AN}_-`, 43)}` },
  { kind: "readme-token", make: (r) => `rdme_${rs(r, LAN, 70)}` },
  { kind: "settlemint-token", make: (r) => `sm_${pick(r, ["pat", "aat", "sat"])}_${rs(r, AN, 16)}` },
  { kind: "duffel-token", make: (r) => `duffel_${pick(r, ["test", "live"])}_${rs(r, `${AN}_-=`, 43)}` },
  { kind: "defined-networking", make: (r) => `dnkey-${rs(r, `${LAN}_-`, 26)}-${rs(r, `${LAN}_-`, 52)}` },
  { kind: "grafana-api-key", make: (r) => `eyJrIjoi${rs(r, AN, 80)}` },
  { kind: "vault-legacy-service", make: (r) => `s.${rs(r, AN, 24)}` },
  { kind: "gitlab-routable-pat", make: (r) => `glpat-${rs(r, `${AN}_-`, 36)}.01${rs(r, LAN, 7)}` },
  { kind: "flyio-macaroon", make: (r) => `fm2_${rs(r, B64, 140)}` },
  { kind: "slack-config-refresh", make: (r) => `xoxe-1-${rs(r, UP + DI, 146)}` },
  { kind: "sourcegraph-hex", make: (r) => `sgp_${rs(r, HX, 16)}_${rs(r, HX, 40)}` },
  {
    kind: "slack-user-token-xoxe",
    make: (r) => `xoxe-${rs(r, DI, 12)}-${rs(r, DI, 13)}-${rs(r, DI, 11)}-${rs(r, AN, 30)}`,
  },
  { kind: "dynatrace-lower-case", make: (r) => `dt0c01.${rs(r, LAN, 24)}.${rs(r, LAN, 64)}` },
  { kind: "twilio-upper-hex", make: (r) => `SK${rs(r, "0123456789ABCDEF", 32)}` },
  { kind: "stripe-prod-key", make: (r) => `sk_prod_${rs(r, AN, 24)}` },
  { kind: "sendgrid-one-part", make: (r) => `SG.${rs(r, LAN, 66)}` },
  { kind: "huggingface-letters", make: (r) => `hf_${rs(r, LO, 34)}` },
  { kind: "base64-wrapped-jwt", make: (r) => `ZXlK${rs(r, AN, 60)}` },
  { kind: "flutterwave-encryption-key", make: (r) => `FLWSECK_TEST-${rs(r, "abcdefgh0123456789", 12)}` },
  { kind: "harness-sat", make: (r) => `sat.${rs(r, AN, 22)}.${rs(r, AN, 24)}.${rs(r, AN, 20)}` },
  { kind: "vault-legacy-lower", make: (r) => `s.${rs(r, LAN, 24)}` },
];

/** Formats whose secret is only part of what is planted: [kind, make → { planted, secret }]. */
export const PARTIAL_FORMATS: { kind: string; make: (r: Rand) => KeyedCase }[] = [
  {
    kind: "slack-webhook-whole-url",
    make: (r) => {
      const u = `https://hooks.slack.com/services/T${rs(r, UP + DI, 10)}/B${rs(r, UP + DI, 10)}/${rs(r, AN, 24)}`;
      return { kind: "slack-webhook-whole-url", planted: `notify ${u} failed`, secret: u };
    },
  },
  {
    kind: "teams-webhook-whole-url",
    make: (r) => {
      const u = `https://acme.webhook.office.com/webhookb2/${uuid()(r)}@${uuid()(r)}/IncomingWebhook/${rs(r, HX, 32)}/${uuid()(r)}`;
      return { kind: "teams-webhook-whole-url", planted: `post to ${u}`, secret: u };
    },
  },
  {
    kind: "url-hex-credential-pair",
    make: (r) => {
      const pair = `${rs(r, HX, 8)}:${rs(r, HX, 8)}`;
      return {
        kind: "url-hex-credential-pair",
        planted: `bundle config https://${pair}@gems.example.test/`,
        secret: pair,
      };
    },
  },
];

/** What must stay visible: provider names in identifiers, versions, ids outside a credential context, test names. */
export const BENIGN_KEYED: { kind: string; make: (r: Rand) => string }[] = [
  { kind: "uuid-request-id", make: (r) => `requestId=${uuid()(r)}` },
  { kind: "uuid-trace", make: (r) => `trace ${uuid()(r)} finished` },
  { kind: "uuid-run", make: (r) => `run_id: ${uuid()(r)}` },
  {
    kind: "provider-identifier",
    make: (r) => `${pick(r, ["asana", "slack", "heroku", "discord", "twitter", "sentry"])}Client.connect()`,
  },
  {
    kind: "provider-identifier-camel",
    make: (r) =>
      `const ${pick(r, ["asanaClient", "herokuApp", "slackChannel", "jiraProject", "sentryScope"])} = create${pick(r, ["Client", "App", "Handler"])}(opts);`,
  },
  {
    kind: "provider-version",
    make: (r) =>
      `"@${pick(r, ["sentry/node", "slack/web-api", "datadog/browser-rum"])}": "^${Math.floor(r() * 9)}.${Math.floor(r() * 30)}.${Math.floor(r() * 20)}"`,
  },
  {
    kind: "provider-version-eq",
    make: (r) =>
      `${pick(r, ["sentry-sdk", "twilio", "stripe", "slack-sdk"])}==${Math.floor(r() * 9)}.${Math.floor(r() * 40)}.${Math.floor(r() * 9)}`,
  },
  {
    kind: "provider-version-key",
    make: (r) =>
      `${pick(r, ["STRIPE_API_VERSION", "SENTRY_RELEASE", "HEROKU_STACK", "DISCORD_API_VERSION"])}=${pick(r, ["2023-10-16", "v10", "heroku-22", "1.42.0", "release-2024.05.1"])}`,
  },
  {
    kind: "provider-word-value",
    make: (r) =>
      `${pick(r, ["slack_channel", "jira_project", "heroku_app", "sentry_environment", "twitter_handle"])}: ${pick(r, ["#builds", "PLAT", "acme-api-staging", "production", "@acme_dev"])}`,
  },
  {
    kind: "provider-flag",
    make: (r) =>
      `${pick(r, ["ASANA_ENABLED", "discord.notify", "slackNotifications"])}=${pick(r, ["true", "false", "1", "on"])}`,
  },
  {
    kind: "provider-url",
    make: (r) =>
      `SENTRY_DSN_HOST=${pick(r, ["o1.ingest.sentry.io", "sentry.example.test"])} JIRA_URL=https://acme.atlassian.net/browse/PLAT-${Math.floor(r() * 999)}`,
  },
  { kind: "provider-timestamp", make: (r) => `slack_ts: 1700${rs(r, DI, 6)}.${rs(r, DI, 6)}` },
  {
    kind: "provider-prose",
    make: (r) =>
      `${pick(r, ["Asana", "Discord", "Linear", "Okta"])}: ${pick(r, ["connection refused", "rate limited, retrying", "webhook delivered"])}`,
  },
  {
    kind: "test-name-key-error",
    make: (r) =>
      `${pick(r, ["test_missing_key", "test_token_refresh", "test_secret_rotation", "test_password_reset"])}: ${pick(r, ["KeyError", "TokenExpiredError", "AssertionError", "ValueError"])}: '${pick(r, ["zz", "AWS_SECRET", "user_id", "x"])}'`,
  },
  {
    kind: "exception-token-error",
    make: (r) =>
      `${pick(r, ["TokenExpiredError", "InvalidTokenError", "PasswordMismatchException", "KeyError"])}: ${pick(r, ["jwt expired", "signature mismatch", "'name'", "bad credentials"])}`,
  },
  {
    kind: "commit-under-provider",
    make: (r) => `${pick(r, ["GITHUB_SHA", "sentryCommit", "heroku_release_sha"])}=${rs(r, HX, 40)}`,
  },
  { kind: "git-sha-in-tuple", make: (r) => `("rev", "${rs(r, HX, 40)}")` },
  {
    kind: "semver-assignment",
    make: (r) => `version := "${Math.floor(r() * 9)}.${Math.floor(r() * 9)}.${Math.floor(r() * 9)}"`,
  },
  {
    kind: "ci-numeric-ids",
    make: (r) =>
      `${pick(r, ["GITHUB_RUN_ID", "DISCORD_CHANNEL_ID", "discordGuildId", "SENTRY_TRACE_ID", "gitlabPipelineRunId"])}=${pick(r, [rs(r, DI, 10), rs(r, DI, 18), rs(r, HX, 32)])}`,
  },
];
