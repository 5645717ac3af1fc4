// FC-REDACT-SENSITIVE-3, FC-REDACT-SENSITIVE-12: provider credentials by their public token formats, behind a prefix prefilter.
import { looksRandom } from "./entropy.ts";
import { credentialShaped } from "./provider-keys.ts";
import type { KeywordScan } from "./keywords.ts";
import { charClass, nextRun } from "./runs.ts";
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

/** Not preceded by a letter or digit. */
const B = "(?<![A-Za-z0-9])";

const randomTail = (skip: number) => (m: string) => looksRandom(m.slice(skip), 12);
/** Mixed letters and digits with some spread (lower-case-and-digit bodies fail looksRandom's class count). */
const looksRandomish = (s: string) =>
  looksRandom(s, 12) || (/\d\D+\d/.test(s) && new Set(s).size >= s.length / 2.5);

/**
 * Bodies accept fewer characters than the nominal length so that a token already cut short in the log
 * (a truncated line, a wrapped column) is still masked: a long prefix of a credential is still a leak.
 */
export const PROVIDERS: Provider[] = [
  // Cloud
  {
    id: "aws-access-key-id",
    provider: "AWS",
    needles: [
      "AKIA",
      "ASIA",
      "ABIA",
      "ACCA",
      "AGPA",
      "AIDA",
      "AIPA",
      "ANPA",
      "ANVA",
      "APKA",
      "AROA",
      "ASCA",
      "A3T",
    ],
    re: new RegExp(
      `${B}A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|PKA|ROA|SCA|3T[A-Z0-9])[A-Z0-9]{12,20}(?![A-Za-z0-9])`,
      "g",
    ),
  },
  {
    id: "aws-session-token",
    provider: "AWS",
    needles: ["FwoGZXIvYXdz", "IQoJb3JpZ2lu", "FQoGZXIvYXdz"],
    re: /(?:FwoGZXIvYXdz|FQoGZXIvYXdz|IQoJb3JpZ2lu)[A-Za-z0-9+/=]{20,2048}/g,
  },
  {
    id: "aws-bedrock-api-key",
    provider: "Amazon Bedrock",
    needles: ["ABSK", "bedrock-api-key-"],
    re: new RegExp(
      `(?:${B}ABSK[A-Za-z0-9+/]{60,400}={0,2}|bedrock-api-key-[A-Za-z0-9+/]{20,4096}={0,2})`,
      "g",
    ),
  },
  {
    id: "gcp-api-key",
    provider: "Google Cloud",
    needles: ["AIza"],
    re: new RegExp(`${B}AIza[0-9A-Za-z_-]{24,40}`, "g"),
  },
  {
    id: "gcp-oauth-client-secret",
    provider: "Google Cloud",
    needles: ["GOCSPX-"],
    re: /GOCSPX-[A-Za-z0-9_-]{16,40}/g,
  },
  {
    id: "gcp-oauth-access-token",
    provider: "Google Cloud",
    needles: ["ya29."],
    re: new RegExp(`${B}ya29\\.[0-9A-Za-z_-]{20,2048}`, "g"),
  },
  {
    id: "gcp-oauth-refresh-token",
    provider: "Google Cloud",
    needles: ["1//0"],
    re: new RegExp(`${B}1//0[0-9A-Za-z_-]{30,512}`, "g"),
  },
  {
    id: "firebase-cloud-messaging-key",
    provider: "Firebase",
    needles: [":APA91b"],
    re: /(?:AAAA[A-Za-z0-9_-]{7}:)?APA91b[A-Za-z0-9_-]{60,300}/g,
  },
  {
    id: "azure-ad-client-secret",
    provider: "Microsoft Azure",
    needles: ["Q~"],
    re: new RegExp(`${B}[A-Za-z0-9_.-]{3}\\dQ~[A-Za-z0-9_~.-]{28,36}`, "g"),
  },
  {
    id: "azure-storage-sas-signature",
    provider: "Microsoft Azure",
    needles: ["sig="],
    re: /(?<=[?&;]sig=)[A-Za-z0-9%+/=]{16,256}/g,
  },
  {
    id: "digitalocean-token",
    provider: "DigitalOcean",
    needles: ["dop_v1_", "doo_v1_", "dor_v1_"],
    re: /do[opr]_v1_[a-f0-9]{24,64}/g,
  },
  {
    id: "alibaba-access-key-id",
    provider: "Alibaba Cloud",
    needles: ["LTAI"],
    re: new RegExp(`${B}LTAI[A-Za-z0-9]{12,24}`, "g"),
  },
  {
    id: "tencent-secret-id",
    provider: "Tencent Cloud",
    needles: ["AKID"],
    re: new RegExp(`${B}AKID[A-Za-z0-9]{13,40}`, "g"),
    validate: randomTail(4),
  },
  {
    id: "cloudflare-origin-ca-key",
    provider: "Cloudflare",
    needles: ["v1.0-"],
    re: /v1\.0-[a-f0-9]{24}-[a-f0-9]{60,160}/g,
  },
  {
    id: "heroku-api-key",
    provider: "Heroku",
    needles: ["HRKU-"],
    re: /HRKU-[A-Za-z0-9_-]{20,80}/g,
  },
  {
    id: "flyio-token",
    provider: "Fly.io",
    needles: ["fo1_", "FlyV1 fm", "fm1a_", "fm1r_", "fm2_"],
    re: new RegExp(
      `(?:fo1_[A-Za-z0-9_-]{30,64}|FlyV1 fm\\d_[A-Za-z0-9+/=,_-]{40,4096}|${B}fm(?:1[ar]|2)_[A-Za-z0-9+/]{60,4096}={0,3})`,
      "g",
    ),
  },
  {
    id: "vercel-token",
    provider: "Vercel",
    needles: ["vcp_", "vci_", "vca_", "vcr_", "vck_"],
    re: /vc[pirak]_[A-Za-z0-9]{24,64}/g,
  },
  {
    id: "netlify-token",
    provider: "Netlify",
    needles: ["nfp_"],
    re: /nfp_[A-Za-z0-9]{30,40}/g,
  },
  {
    id: "render-api-key",
    provider: "Render",
    needles: ["rnd_"],
    re: new RegExp(`${B}rnd_[A-Za-z0-9]{24,40}`, "g"),
  },
  {
    id: "supabase-token",
    provider: "Supabase",
    needles: ["sbp_", "sb_secret_"],
    re: /(?:sbp_[a-f0-9]{30,40}|sb_secret_[A-Za-z0-9_-]{20,64})/g,
  },
  {
    id: "planetscale-token",
    provider: "PlanetScale",
    needles: ["pscale_"],
    re: /pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.=-]{24,64}/g,
  },
  // Version control and CI
  {
    id: "github-token",
    provider: "GitHub",
    needles: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    re: /gh[pousr]_[A-Za-z0-9]{20,255}/g,
  },
  {
    id: "github-fine-grained-pat",
    provider: "GitHub",
    needles: ["github_pat_"],
    re: /github_pat_[A-Za-z0-9_]{22,255}/g,
  },
  {
    id: "gitlab-token",
    provider: "GitLab",
    needles: [
      "glpat-",
      "gldt-",
      "glrt-",
      "glptt-",
      "glcbt-",
      "gloas-",
      "glft-",
      "glimt-",
      "glagent-",
      "glsoat-",
      "glffct-",
      "GR1348941",
    ],
    re: /(?:gl(?:pat|dt|rt|ptt|cbt|oas|ft|imt|agent|soat|ffct)-[A-Za-z0-9_-]{16,300}(?:\.[0-9a-z]{2}\.?[0-9a-z]{7,9})?|GR1348941[A-Za-z0-9_-]{16,64})/g,
  },
  {
    id: "gitlab-session-cookie",
    provider: "GitLab",
    needles: ["_gitlab_session="],
    re: /_gitlab_session=[0-9a-zA-Z]{20,64}/g,
  },
  {
    id: "bitbucket-app-password",
    provider: "Bitbucket",
    needles: ["ATBB"],
    re: new RegExp(`${B}ATBB[A-Za-z0-9_=.-]{24,64}`, "g"),
  },
  {
    id: "atlassian-api-token",
    provider: "Atlassian",
    needles: ["ATATT3", "ATCTT3"],
    re: /AT[AC]TT3[A-Za-z0-9_=-]{20,256}/g,
  },
  {
    id: "sourcegraph-token",
    provider: "Sourcegraph",
    needles: ["sgp_"],
    re: /sgp_[A-Za-z0-9_]{30,80}/g,
  },
  {
    id: "circleci-token",
    provider: "CircleCI",
    needles: ["CCIPAT_"],
    re: /CCIPAT_[A-Za-z0-9]{16,32}_[a-f0-9]{30,48}/g,
  },
  {
    id: "harness-pat",
    provider: "Harness",
    needles: ["pat.", "sat."],
    re: new RegExp(`${B}(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}`, "g"),
  },
  {
    id: "terraform-cloud-token",
    provider: "HashiCorp Terraform",
    needles: [".atlasv1."],
    re: /[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{40,100}/g,
  },
  {
    id: "vault-token",
    provider: "HashiCorp Vault",
    needles: ["hvs.", "hvb.", "hvr."],
    re: new RegExp(`${B}hv[sbr]\\.[A-Za-z0-9_-]{20,512}`, "g"),
  },
  {
    id: "doppler-token",
    provider: "Doppler",
    needles: ["dp.pt.", "dp.st.", "dp.sa.", "dp.ct.", "dp.scim.", "dp.audit."],
    re: /dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{30,64}/g,
  },
  {
    id: "pulumi-token",
    provider: "Pulumi",
    needles: ["pul-"],
    re: new RegExp(`${B}pul-[a-f0-9]{32,40}`, "g"),
  },
  {
    id: "octopus-api-key",
    provider: "Octopus Deploy",
    needles: ["API-"],
    re: new RegExp(`${B}API-[A-Z0-9]{26}(?![A-Za-z0-9])`, "g"),
    validate: randomTail(4),
  },
  {
    id: "onepassword-service-token",
    provider: "1Password",
    needles: ["ops_eyJ", "A3-"],
    re: new RegExp(
      `(?:ops_eyJ[A-Za-z0-9+/=_-]{40,4096}|${B}A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})`,
      "g",
    ),
  },
  {
    id: "age-secret-key",
    provider: "age",
    needles: ["AGE-SECRET-KEY-1"],
    re: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{30,58}/g,
  },
  // Chat and messaging
  {
    id: "slack-token",
    provider: "Slack",
    needles: ["xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxs-", "xoxr-", "xoxe", "xapp-"],
    re: /(?:xox[abposr]-[0-9A-Za-z-]{10,250}|xoxe(?:\.xox[bp])?-\d{1,13}-[A-Za-z0-9-]{20,250}|xapp-\d-[A-Za-z0-9-]{20,250})/g,
  },
  {
    id: "slack-webhook",
    provider: "Slack",
    needles: ["hooks.slack.com/"],
    re: /(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/_-]{16,256}/g,
  },
  {
    id: "discord-webhook",
    provider: "Discord",
    needles: ["/api/webhooks/"],
    re: /(?<=\/api\/webhooks\/)\d{8,20}\/[A-Za-z0-9_-]{30,100}/g,
  },
  {
    id: "discord-bot-token",
    provider: "Discord",
    needles: [],
    gate: discordShaped,
    re: new RegExp(`${B}[MNO][A-Za-z0-9_-]{23,27}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,40}`, "g"),
    validate: (m) => looksRandom(m.slice(0, m.indexOf(".")), 12),
  },
  {
    id: "telegram-bot-token",
    provider: "Telegram",
    needles: [":AA"],
    re: /(?:(?<=bot)|(?<![A-Za-z0-9]))\d{8,10}:AA[A-Za-z0-9_-]{30,40}/g,
  },
  {
    id: "teams-webhook",
    provider: "Microsoft Teams",
    needles: ["webhook.office.com/"],
    re: /(?:https?:\/\/)?(?:[A-Za-z0-9-]{1,64}\.)?webhook\.office\.com\/webhookb2\/[A-Za-z0-9@/_-]{20,512}/g,
  },
  {
    id: "twilio-api-key",
    provider: "Twilio",
    needles: ["SK"],
    re: new RegExp(`${B}SK[0-9a-fA-F]{32}(?![A-Za-z0-9])`, "g"),
    validate: randomTail(2),
  },
  {
    id: "sendgrid-api-key",
    provider: "SendGrid",
    needles: ["SG."],
    re: new RegExp(
      `${B}SG\\.(?:[A-Za-z0-9_-]{16,32}\\.[A-Za-z0-9_-]{30,64}|[A-Za-z0-9_=.-]{60,80}(?![A-Za-z0-9_=.-]))`,
      "g",
    ),
    validate: (m) => m.indexOf(".", 3) > 0 || credentialShaped(m.slice(3)),
  },
  {
    id: "mailgun-api-key",
    provider: "Mailgun",
    needles: ["key-"],
    re: new RegExp(`${B}key-[a-f0-9]{32}(?![A-Za-z0-9])`, "g"),
  },
  {
    id: "mailchimp-api-key",
    provider: "Mailchimp",
    needles: ["-us"],
    re: new RegExp(`${B}[a-f0-9]{32}-us\\d{1,2}(?![A-Za-z0-9])`, "g"),
  },
  {
    id: "brevo-api-key",
    provider: "Brevo (Sendinblue)",
    needles: ["xkeysib-", "xsmtpsib-"],
    re: /x(?:keysib|smtpsib)-[a-f0-9]{40,64}-[A-Za-z0-9]{12,16}/g,
  },
  {
    id: "telnyx-api-key",
    provider: "Telnyx",
    needles: [
      "KEY0",
      "KEY1",
      "KEY2",
      "KEY3",
      "KEY4",
      "KEY5",
      "KEY6",
      "KEY7",
      "KEY8",
      "KEY9",
      "KEYA",
      "KEYB",
      "KEYC",
      "KEYD",
      "KEYE",
      "KEYF",
    ],
    re: new RegExp(`${B}KEY[0-9A-F]{32}_[A-Za-z0-9]{16,24}`, "g"),
  },
  // Payments and commerce
  {
    id: "stripe-key",
    provider: "Stripe",
    needles: ["_live_", "_test_", "_prod_", "whsec_"],
    re: new RegExp(
      `(?:${B}(?:sk|rk|pk)_(?:live|test|prod)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9+/=]{20,255})`,
      "g",
    ),
  },
  {
    id: "square-token",
    provider: "Square",
    needles: ["sq0atp-", "sq0csp-", "sq0idp-", "EAAA"],
    re: new RegExp(`(?:sq0(?:atp|csp|idp)-[A-Za-z0-9_-]{20,64}|${B}EAAA[A-Za-z0-9_-]{22,80})`, "g"),
    // A short `EAAA…` body must look random (a base64 blob can hold "EAAA" after a separator).
    validate: (m) => m.startsWith("sq0") || m.length >= 44 || looksRandomish(m.slice(4)),
  },
  {
    id: "braintree-access-token",
    provider: "PayPal Braintree",
    needles: ["access_token$"],
    re: /access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}/g,
  },
  {
    id: "shopify-token",
    provider: "Shopify",
    needles: ["shpat_", "shpss_", "shpca_", "shppa_"],
    re: /shp(?:at|ss|ca|pa)_[a-fA-F0-9]{20,32}/g,
  },
  {
    id: "shippo-token",
    provider: "Shippo",
    needles: ["shippo_"],
    re: /shippo_(?:live|test)_[a-fA-F0-9]{30,40}/g,
  },
  {
    id: "easypost-key",
    provider: "EasyPost",
    needles: ["EZAK", "EZTK"],
    re: new RegExp(`${B}EZ[AT]K[A-Za-z0-9]{40,60}`, "g"),
  },
  {
    id: "flutterwave-key",
    provider: "Flutterwave",
    needles: ["FLWSECK", "FLWPUBK"],
    re: /FLW(?:SECK|PUBK)(?:_TEST)?-[a-hA-H0-9]{12,32}(?:-X)?/g,
  },
  {
    id: "razorpay-key",
    provider: "Razorpay",
    needles: ["rzp_"],
    re: /rzp_(?:live|test)_[A-Za-z0-9]{14,32}/g,
  },
  {
    id: "plaid-token",
    provider: "Plaid",
    needles: ["access-sandbox-", "access-development-", "access-production-"],
    re: /access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
  },
  // AI APIs
  {
    id: "anthropic-api-key",
    provider: "Anthropic",
    needles: ["sk-ant-"],
    re: /sk-ant-(?:api|admin|sid|oat)\d{2}-[A-Za-z0-9_-]{20,255}/g,
  },
  {
    id: "openai-api-key",
    provider: "OpenAI",
    needles: ["sk-"],
    re: new RegExp(`${B}sk-(?:(?:proj|svcacct|admin|None|or-v1)-)?[A-Za-z0-9_-]{20,255}`, "g"),
    validate: (m) => m.includes("T3BlbkFJ") || /^sk-(?:proj|svcacct|admin)-/.test(m) || randomTail(3)(m),
  },
  {
    id: "huggingface-token",
    provider: "Hugging Face",
    needles: ["hf_", "api_org_"],
    re: new RegExp(`(?:${B}hf_[A-Za-z0-9]{20,40}|api_org_[A-Za-z0-9]{20,40})`, "g"),
    validate: (m) =>
      looksRandom(m.slice(m.indexOf("_") + 1), 12) ||
      (/[A-Z]/.test(m) && /[a-z]/.test(m.slice(3))) ||
      /^(?:hf|api_org)_[A-Za-z]{34}$/.test(m), // the documented body: 34 letters
  },
  {
    id: "replicate-token",
    provider: "Replicate",
    needles: ["r8_"],
    re: new RegExp(`${B}r8_[A-Za-z0-9]{20,40}`, "g"),
  },
  {
    id: "groq-api-key",
    provider: "Groq",
    needles: ["gsk_"],
    re: /gsk_[A-Za-z0-9]{20,64}/g,
  },
  {
    id: "perplexity-api-key",
    provider: "Perplexity",
    needles: ["pplx-"],
    re: /pplx-[A-Za-z0-9]{20,64}/g,
  },
  {
    id: "xai-api-key",
    provider: "xAI",
    needles: ["xai-"],
    re: new RegExp(`${B}xai-[A-Za-z0-9]{20,96}`, "g"),
  },
  {
    id: "fireworks-api-key",
    provider: "Fireworks AI",
    needles: ["fw_"],
    re: new RegExp(`${B}fw_[A-Za-z0-9]{20,40}`, "g"),
    validate: randomTail(3),
  },
  {
    id: "langsmith-api-key",
    provider: "LangChain",
    needles: ["lsv2_"],
    re: /lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}/g,
  },
  // Package registries
  {
    id: "npm-token",
    provider: "npm",
    needles: ["npm_"],
    re: new RegExp(`${B}npm_[A-Za-z0-9]{30,40}`, "g"),
  },
  {
    id: "pypi-token",
    provider: "PyPI",
    needles: ["pypi-AgE"],
    re: /pypi-AgE[A-Za-z0-9_-]{30,2048}/g,
  },
  {
    id: "rubygems-api-key",
    provider: "RubyGems",
    needles: ["rubygems_"],
    re: /rubygems_[a-f0-9]{24,48}/g,
  },
  {
    id: "nuget-api-key",
    provider: "NuGet",
    needles: ["oy2"],
    re: new RegExp(`${B}oy2[a-z0-9]{43}(?![A-Za-z0-9])`, "g"),
  },
  {
    id: "dockerhub-token",
    provider: "Docker Hub",
    needles: ["dckr_pat_", "dckr_oat_"],
    re: /dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,64}/g,
  },
  {
    id: "clojars-token",
    provider: "Clojars",
    needles: ["CLOJARS_"],
    re: /CLOJARS_[A-Za-z0-9]{30,60}/g,
  },
  {
    id: "jfrog-token",
    provider: "JFrog Artifactory",
    needles: ["AKCp", "cmVmdGtuOjAxOj"],
    re: new RegExp(`(?:${B}AKCp[A-Za-z0-9]{40,80}|cmVmdGtuOjAxOj[A-Za-z0-9]{30,80})`, "g"),
  },
  {
    id: "packagist-token",
    provider: "Packagist",
    needles: ["packagist_"],
    re: /packagist_[ou][ru]t_[a-f0-9]{40,80}/g,
  },
  // Observability and developer SaaS
  {
    id: "newrelic-key",
    provider: "New Relic",
    needles: ["NRAK-", "NRII-", "NRJS-", "NRAA-"],
    re: /NR(?:AK|II|JS|AA)-[A-Za-z0-9]{20,42}/g,
  },
  {
    id: "grafana-token",
    provider: "Grafana",
    needles: ["glc_", "glsa_"],
    re: new RegExp(`(?:${B}glc_[A-Za-z0-9+/=]{32,400}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})`, "g"),
  },
  {
    id: "sentry-token",
    provider: "Sentry",
    needles: ["sntrys_", "sntryu_"],
    re: /sntry[su]_[A-Za-z0-9+/=_-]{32,400}/g,
  },
  {
    id: "dynatrace-token",
    provider: "Dynatrace",
    needles: ["dt0"],
    re: new RegExp(`${B}dt0[a-z]\\d{2}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}`, "g"),
  },
  {
    id: "databricks-token",
    provider: "Databricks",
    needles: ["dapi"],
    re: new RegExp(`${B}dapi[a-f0-9]{32}(?:-\\d)?`, "g"),
  },
  {
    id: "postman-api-key",
    provider: "Postman",
    needles: ["PMAK-"],
    re: /PMAK-[a-f0-9]{24}-[a-f0-9]{30,34}/g,
  },
  {
    id: "linear-api-key",
    provider: "Linear",
    needles: ["lin_api_", "lin_oauth_"],
    re: /lin_(?:api|oauth)_[A-Za-z0-9]{30,40}/g,
  },
  {
    id: "notion-token",
    provider: "Notion",
    needles: ["secret_", "ntn_"],
    re: new RegExp(`(?:${B}secret_[A-Za-z0-9]{40,43}(?![A-Za-z0-9])|${B}ntn_[A-Za-z0-9]{40,50})`, "g"),
    validate: randomTail(4),
  },
  {
    id: "airtable-pat",
    provider: "Airtable",
    needles: ["pat"],
    re: new RegExp(`${B}pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}`, "g"),
  },
  {
    id: "figma-token",
    provider: "Figma",
    needles: ["figd_"],
    re: /figd_[A-Za-z0-9_-]{30,64}/g,
  },
  {
    id: "typeform-token",
    provider: "Typeform",
    needles: ["tfp_"],
    re: /tfp_[A-Za-z0-9_=.-]{40,64}/g,
  },
  {
    id: "hubspot-token",
    provider: "HubSpot",
    needles: ["pat-na1-", "pat-eu1-"],
    re: /pat-(?:na|eu)1-[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/g,
  },
  {
    id: "contentful-token",
    provider: "Contentful",
    needles: ["CFPAT-"],
    re: /CFPAT-[A-Za-z0-9_-]{40,45}/g,
  },
  {
    id: "mapbox-secret-token",
    provider: "Mapbox",
    needles: ["sk.eyJ"],
    re: /sk\.eyJ[A-Za-z0-9_-]{10,200}\.[A-Za-z0-9_-]{16,100}/g,
  },
  {
    id: "dropbox-token",
    provider: "Dropbox",
    needles: ["sl."],
    re: new RegExp(`${B}sl\\.[A-Za-z0-9_-]{60,1400}`, "g"),
  },
  {
    id: "facebook-access-token",
    provider: "Meta",
    needles: ["EAA"],
    re: new RegExp(`${B}EAA[BCGDIM][A-Za-z0-9]{40,1024}`, "g"),
    validate: randomTail(4),
  },
  {
    id: "facebook-app-token",
    provider: "Meta",
    needles: [],
    gate: (t) => (t.includes("|") || t.includes("%")) && /\d{15}(?:\||%)/.test(t),
    re: new RegExp(`${B}\\d{15,16}(?:\\||%7[Cc]|%)[A-Za-z0-9_-]{24,48}(?![A-Za-z0-9_-])`, "g"),
    validate: (m) => {
      const at = m.search(/\||%/);
      const tail = m.slice(at + (m[at] === "|" ? 1 : /^%7c/i.test(m.slice(at)) ? 3 : 1));
      return /\d/.test(tail) && /[A-Za-z]/.test(tail) && looksRandomish(tail);
    },
  },
  {
    id: "twitter-bearer-token",
    provider: "X (Twitter)",
    needles: ["AAAAAAAAAAAAAAAAAAAA"],
    re: /AAAAAAAAAAAAAAAAAAAA[A-Za-z0-9%]{30,200}/g,
  },
  {
    id: "frameio-token",
    provider: "Frame.io",
    needles: ["fio-u-"],
    re: /fio-u-[A-Za-z0-9_=-]{40,64}/g,
  },
  {
    id: "scalingo-token",
    provider: "Scalingo",
    needles: ["tk-us-"],
    re: /tk-us-[A-Za-z0-9_-]{40,48}/g,
  },
  {
    id: "prefect-token",
    provider: "Prefect",
    needles: ["pnu_"],
    re: /pnu_[A-Za-z0-9]{30,36}/g,
  },
  {
    id: "infracost-token",
    provider: "Infracost",
    needles: ["ico-"],
    re: new RegExp(`${B}ico-[A-Za-z0-9]{32}`, "g"),
  },
  {
    id: "adafruit-io-key",
    provider: "Adafruit IO",
    needles: ["aio_"],
    re: new RegExp(`${B}aio_[A-Za-z0-9]{28}`, "g"),
  },
  {
    id: "intra42-client-secret",
    provider: "42 Intra",
    needles: ["s-s4t2"],
    re: /s-s4t2(?:ud|af)-[A-Fa-f0-9]{32,64}/g,
  },
  {
    id: "adobe-client-secret",
    provider: "Adobe",
    needles: ["p8e-"],
    re: new RegExp(`${B}p8e-[A-Za-z0-9]{20,40}`, "g"),
    validate: randomTail(4),
  },
  {
    id: "maxmind-license-key",
    provider: "MaxMind",
    needles: ["_mmk"],
    re: new RegExp(`${B}[A-Za-z0-9]{6}_[A-Za-z0-9]{20,40}_mmk(?![A-Za-z0-9])`, "g"),
  },
  {
    id: "sonarqube-token",
    provider: "SonarQube",
    needles: ["sqp_", "squ_", "sqa_"],
    re: new RegExp(`${B}sq[pua]_[A-Za-z0-9]{30,44}`, "g"),
  },
  {
    id: "clickhouse-cloud-secret",
    provider: "ClickHouse Cloud",
    needles: ["4b1d"],
    re: new RegExp(`${B}4b1d[A-Za-z0-9]{30,40}(?![A-Za-z0-9])`, "g"),
    validate: randomTail(4),
  },
  {
    id: "jfrog-reference-token",
    provider: "JFrog Artifactory",
    needles: ["cmVmd"],
    re: new RegExp(`${B}cmVmd[A-Za-z0-9]{50,70}(?![A-Za-z0-9])`, "g"),
    validate: randomTail(5),
  },
  {
    id: "authress-access-key",
    provider: "Authress",
    needles: [".acc_", ".acc-"],
    re: new RegExp(
      `${B}(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\\.[A-Za-z0-9]{4,6}\\.acc[_-][A-Za-z0-9-]{10,32}\\.[A-Za-z0-9+/_=-]{30,120}`,
      "g",
    ),
  },
  {
    id: "openshift-user-token",
    provider: "Red Hat OpenShift",
    needles: ["sha256~"],
    re: /sha256~[A-Za-z0-9_-]{40,64}/g,
  },
  {
    id: "readme-api-key",
    provider: "ReadMe",
    needles: ["rdme_"],
    re: new RegExp(`${B}rdme_[A-Za-z0-9]{60,80}`, "g"),
  },
  {
    id: "settlemint-token",
    provider: "SettleMint",
    needles: ["sm_pat_", "sm_aat_", "sm_sat_"],
    re: new RegExp(`${B}sm_[pas]at_[A-Za-z0-9]{16,64}`, "g"),
  },
  {
    id: "duffel-token",
    provider: "Duffel",
    needles: ["duffel_"],
    re: /duffel_(?:test|live)_[A-Za-z0-9_=-]{30,64}/g,
  },
  {
    id: "defined-networking-token",
    provider: "Defined Networking",
    needles: ["dnkey-"],
    re: /dnkey-[A-Za-z0-9_=-]{20,32}-[A-Za-z0-9_=-]{40,64}/g,
  },
  {
    id: "base64-jwt",
    provider: "JSON Web Token (base64-wrapped)",
    needles: ["ZXlK"],
    re: new RegExp(`${B}ZXlK[A-Za-z0-9+/_\\\\-]{20,8192}={0,2}`, "g"),
  },
  {
    id: "grafana-legacy-api-key",
    provider: "Grafana",
    needles: ["eyJrIjoi"],
    re: /eyJrIjoi[A-Za-z0-9]{40,400}={0,3}/g,
  },
  {
    // Git prints object names in lower case; forty hex digits in both cases are random, not a commit
    // (Sourcegraph's legacy access tokens have this shape).
    id: "mixed-case-hex-40",
    provider: "Sourcegraph",
    needles: [],
    gate: hasHexRun40,
    re: /(?<![A-Za-z0-9_-])[0-9a-fA-F]{40}(?![A-Za-z0-9_-])/g,
    validate: (m) => /[a-f]/.test(m) && /[A-F]/.test(m),
  },
  {
    id: "vault-legacy-token",
    provider: "HashiCorp Vault",
    needles: [],
    gate: (t) => t.includes("s.") && VAULT_LEGACY_GATE.test(t),
    re: /(?<![A-Za-z0-9._-])s\.[A-Za-z0-9]{24}(?![A-Za-z0-9._-])/g,
    validate: (m) => credentialShaped(m.slice(2)),
  },
];

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
