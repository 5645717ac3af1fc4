// FC-REDACT-SENSITIVE-10, -22..-25, FC-PATH-5 settled otherwise: a redactor that masks more than the reference keeps visible.
import { redactText } from "../../src/redact/index.ts";
import { compactWith, type TextRedactor } from "../mutants/redaction-support.ts";
import type { VariantModule } from "./support.ts";

const SECRET = "«redacted:secret»";
const PII = "«redacted:pii»";
type Hit = { kind: "secret" | "pii" | "path"; detector: string };

/**
 * After the reference: every value in a secret position is masked, references and constants included (`$DB_PASSWORD`,
 * `password: string`, `true`); UUIDs and forty-hex digests are masked as possible secrets; private and loopback IPv4
 * addresses and every card-shaped number (Luhn-valid or not) are masked as PII; every Set-Cookie attribute value is
 * masked. All of it is text the reference keeps by
 * its own settlement, never a secret it leaves.
 */
const cautious: TextRedactor = (text, ctx) => {
  const r = redactText(text, ctx);
  const hits: Hit[] = [...r.hits];
  const mask =
    (re: RegExp, placeholder: string, detector: string, keepGroup = true) =>
    (s: string) =>
      s.replace(re, (...m: string[]) => {
        hits.push({ kind: placeholder === PII ? "pii" : "secret", detector });
        return keepGroup ? `${m[1]}${placeholder}` : placeholder;
      });
  let t = r.text;
  t = mask(
    /((?:password|passwd|secret|token|api_?key)\s*[:=]\s*)(?![«:=])([^\s,;"'«]+)/gi,
    SECRET,
    "cautious-value",
  )(t);
  t = mask(
    /(\b)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
    SECRET,
    "cautious-uuid",
  )(t);
  t = mask(/(\b)[0-9a-f]{40}\b/g, SECRET, "cautious-hex")(t);
  t = mask(/(\b)(?:127|10|192\.168)(?:\.\d{1,3}){2,3}\b/g, PII, "cautious-ip")(t);
  t = mask(/(;\s*(?:Path|Domain|Expires|Max-Age|SameSite)=)(?!«)([^;\s"']+)/g, SECRET, "cautious-cookie")(t);
  // A number shaped like a card of a known network, Luhn-valid or not, standing alone (`order 4111111111110056`).
  t = mask(/(^|[\s(:=#])(?:4|5[1-5]|3[47]|6011|65)\d{11,17}(?![\w.])/g, PII, "cautious-card")(t);
  return { text: t, hits };
};

const variant: VariantModule = {
  id: "cautious-redactor",
  description:
    "masks every value in a secret position, UUIDs, forty-hex digests, private addresses and Set-Cookie attributes too",
  violates: [],
  harmless: true,
  variant: true,
  departs: [
    "FC-REDACT-SENSITIVE-10",
    "FC-REDACT-SENSITIVE-22",
    "FC-REDACT-SENSITIVE-23",
    "FC-REDACT-SENSITIVE-24",
    "FC-REDACT-SENSITIVE-25",
  ],
  wrap: (reference) => compactWith(reference, { text: cautious }),
};
export default variant;
