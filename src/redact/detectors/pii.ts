// FC-REDACT-SENSITIVE-7: personal data — email, phone, payment cards (Luhn), IBAN (mod-97), checksummed national ids, public IPs.
import { isIPv4, isIPv6 } from "node:net";
import { listOf } from "../rules.ts";
import type { KeywordScan } from "./keywords.ts";
import type { Span } from "./types.ts";

const pushPii = (out: Span[], start: number, end: number, detector: string) => {
  if (end > start) out.push({ start, end, kind: "pii", detector });
};

/** Domain part of an address, matched sticky right after its '@'. */
const EMAIL_DOMAIN =
  /[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/y;
const isLocalChar = (c: number) =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 46 ||
  c === 95 ||
  c === 37 ||
  c === 43 ||
  c === 45;
/** Local parts that name a service account of a code host, not a person (ssh remotes). */
const NOT_PERSONAL = new Set(["git", "hg", "svn"]);
/** Image file extensions, none of them a top-level domain: `icon@2x.png` is an asset's file name, not an address. */
const IMAGE_EXTENSIONS = new Set([
  "png",
  "jpg",
  "jpeg",
  "gif",
  "svg",
  "webp",
  "ico",
  "bmp",
  "avif",
  "tif",
  "tiff",
]);

const PHONE_INTL = /(?<![A-Za-z0-9+])\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,6}(?![\d])/g;
const PHONE_NANP = /(?<![\w.+-])(?:\(\d{3}\)[ .-]?\d{3}[ .-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w-]|\.\d)/g;
const NANP_AREA = /\(\d{3}\)/;
const PHONE_CONTEXT =
  /(?<![A-Za-z])(?:phone|tel|telephone|mobile|cell|fax|whatsapp)(?![a-z])[^\n\d+]{0,16}(\+?\d[\d ().-]{5,20}\d)/gi;

const CARD =
  /(?<![\w.-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{4}(?:\1\d{3})?|\d{4}([ -])\d{6}\2\d{4,5})(?![\w-]|\.\d)/g;

const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![A-Za-z0-9])/g;
/** IBAN lengths by country (spec/rules/redaction-rules.json, record iban). */
const IBAN_LENGTHS: Record<string, number> = Object.fromEntries(
  listOf("iban", "countries").map((c) => [c.code, c.length]),
);

const SSN = /(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])/g;
const SSN_CONTEXT = /(?<![A-Za-z])(?:ssn|social security(?: number)?)(?![a-z])[^\n\d]{0,12}(\d{9})(?!\d)/gi;
const CPF = /(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d])/g;
const DNI = /(?<![A-Za-z0-9])(?:\d{8}|[XYZ]\d{7})-?[A-HJ-NP-TV-Z](?![A-Za-z0-9])/g;
/** Not right after a digit, nor after a digit and a space (a longer grouped number such as a card). */
const AADHAAR = /(?<!\d)(?<!\d )[2-9]\d{3} \d{4} \d{4}(?![\d])/g;
const CN_ID =
  /(?<![\dA-Za-z])\d{6}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])/g;
const SIN = /(?<![\d-])\d{3}[ -]\d{3}[ -]\d{3}(?![\d-])/g;
const NINO =
  /(?<![A-Za-z0-9])(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/g;

/** Nine or more digits with separators: the shape every number-based identifier below needs. */
const DIGIT_RUN = /\d[\d .-]{7,}\d/;
const IPV6_FULL = /:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:[0-9A-Fa-f]{1,4}:/;
// The gate of PHONE_CONTEXT: its words in any casing, as PHONE_CONTEXT reads them (`FAX:`, `CELL`, `WhatsApp`).
const PHONE_WORD = /phone|tel|mobile|cell|fax|whatsapp/i;
const IPV4 = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)/g;
const IPV6 = /(?<![A-Za-z0-9:.])[0-9A-Fa-f:]{3,39}(?![A-Za-z0-9:])/g;

export function luhn(digits: string): boolean {
  let sum = 0;
  let dbl = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (dbl) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    dbl = !dbl;
  }
  return sum % 10 === 0;
}

/** Issuer prefixes and lengths of the card networks (spec/rules/redaction-rules.json, record payment-card). */
const NETWORKS = listOf("payment-card", "networks").map((n) => {
  const [lo, hi = lo] = n.prefix.split("-") as [string, string?];
  return { digits: lo.length, lo: Number(lo), hi: Number(hi), lengths: new Set(n.lengths) };
});

/** The number starts with a listed issuer prefix and has one of that network's lengths. */
function plausibleIssuer(d: string): boolean {
  for (const n of NETWORKS) {
    const p = Number(d.slice(0, n.digits));
    if (p >= n.lo && p <= n.hi && n.lengths.has(d.length)) return true;
  }
  return false;
}

export function ibanValid(raw: string): boolean {
  const s = raw.replace(/ /g, "");
  const len = IBAN_LENGTHS[s.slice(0, 2)];
  if (len === undefined || s.length !== len) return false;
  const r = s.slice(4) + s.slice(0, 4);
  let mod = 0;
  for (const ch of r) {
    const c = ch.charCodeAt(0);
    const v = c >= 65 ? String(c - 55) : ch;
    for (const dch of v) mod = (mod * 10 + (dch.charCodeAt(0) - 48)) % 97;
  }
  return mod === 1;
}

function cpfValid(raw: string): boolean {
  const d = raw.replace(/\D/g, "");
  if (/^(\d)\1{10}$/.test(d)) return false;
  const check = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Number(d[i]) * (n + 1 - i);
    const r = (sum * 10) % 11;
    return (r === 10 ? 0 : r) === Number(d[n]);
  };
  return check(9) && check(10);
}

function dniValid(raw: string): boolean {
  const s = raw.replace("-", "");
  const body = s.slice(0, -1).replace(/^X/, "0").replace(/^Y/, "1").replace(/^Z/, "2");
  return "TRWAGMYFPDXBNJZSQVHLCKE"[Number(body) % 23] === s.slice(-1);
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
export function verhoeff(digits: string): boolean {
  let c = 0;
  const ds = [...digits].reverse();
  for (let i = 0; i < ds.length; i++) c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(ds[i])]!]!;
  return c === 0;
}

function cnIdValid(s: string): boolean {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s[i]) * w[i]!;
  return "10X98765432"[sum % 11] === s[17]!.toUpperCase();
}

/** Loopback, unspecified, private (RFC 1918), link-local, CGNAT and broadcast/netmask addresses stay visible. */
export function isInfrastructureIPv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split(".").map(Number);
  if (a === 0 || a === 127 || a === 10 || a >= 224) return true;
  if (a === 172 && b >= 16 && b <= 31) return true;
  if (a === 192 && b === 168) return true;
  if (a === 169 && b === 254) return true;
  if (a === 100 && b >= 64 && b <= 127) return true;
  if (a === 255) return true;
  return false;
}

function isInfrastructureIPv6(ip: string): boolean {
  const l = ip.toLowerCase();
  return (
    l === "::" ||
    l === "::1" ||
    /^fe[89ab]/.test(l) ||
    /^f[cd]/.test(l) ||
    /^ff/.test(l) ||
    l.startsWith("::ffff:")
  );
}

function each(re: RegExp, text: string, fn: (m: RegExpExecArray) => void): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) fn(m);
}

export function detectPii(text: string, out: Span[], keywords: KeywordScan): void {
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let s = at;
    while (s > 0 && at - s < 64 && isLocalChar(text.charCodeAt(s - 1))) s--;
    if (s === at) continue;
    EMAIL_DOMAIN.lastIndex = at + 1;
    const d = EMAIL_DOMAIN.exec(text);
    if (d === null) continue;
    if (NOT_PERSONAL.has(text.slice(s, at).toLowerCase())) continue;
    if (IMAGE_EXTENSIONS.has(d[0].slice(d[0].lastIndexOf(".") + 1).toLowerCase())) continue;
    // Inside a URL authority ("scheme://user:pass@host") the part after '@' is a host, not a mailbox.
    const back = text.slice(Math.max(0, s - 256), s);
    const scheme = back.lastIndexOf("://");
    if (scheme >= 0 && /^[A-Za-z0-9._~%!$&()*+,;=:-]*$/.test(back.slice(scheme + 3))) continue;
    pushPii(out, s, EMAIL_DOMAIN.lastIndex, "email");
  }
  const hasDigits = /\d/.test(text);
  if (!hasDigits) return;
  if (text.includes("+")) {
    each(PHONE_INTL, text, (m) => {
      const n = m[0].replace(/\D/g, "").length;
      if (n >= 8 && n <= 15) pushPii(out, m.index, m.index + m[0].length, "phone");
    });
  }
  const longDigits = DIGIT_RUN.test(text);
  // The area-code form `(415) 555-0199` has no run of nine digits and separators: its `(ddd)` is a gate of its own.
  if (longDigits || NANP_AREA.test(text))
    each(PHONE_NANP, text, (m) => pushPii(out, m.index, m.index + m[0].length, "phone"));
  if (keywords.has("phone") && PHONE_WORD.test(text)) {
    each(PHONE_CONTEXT, text, (m) => {
      const v = m[1] ?? "";
      const n = v.replace(/\D/g, "").length;
      if (n >= 7 && n <= 15) {
        const s = m.index + m[0].length - v.length;
        pushPii(out, s, s + v.length, "phone");
      }
    });
  }
  if (longDigits) {
    each(CARD, text, (m) => {
      const d = m[0].replace(/\D/g, "");
      if (plausibleIssuer(d) && luhn(d)) pushPii(out, m.index, m.index + m[0].length, "payment-card");
    });
    each(SSN, text, (m) => pushPii(out, m.index, m.index + m[0].length, "us-ssn"));
    if (keywords.has("ssn")) {
      each(SSN_CONTEXT, text, (m) => {
        const v = m[1] ?? "";
        const s = m.index + m[0].length - v.length;
        pushPii(out, s, s + v.length, "us-ssn");
      });
    }
    each(CPF, text, (m) => {
      if (cpfValid(m[0])) pushPii(out, m.index, m.index + m[0].length, "br-cpf");
    });
    each(AADHAAR, text, (m) => {
      if (verhoeff(m[0].replace(/ /g, ""))) pushPii(out, m.index, m.index + m[0].length, "in-aadhaar");
    });
    each(CN_ID, text, (m) => {
      if (cnIdValid(m[0])) pushPii(out, m.index, m.index + m[0].length, "cn-resident-id");
    });
    if (keywords.has("sin")) {
      each(SIN, text, (m) => {
        if (luhn(m[0].replace(/\D/g, ""))) pushPii(out, m.index, m.index + m[0].length, "ca-sin");
      });
    }
  }
  if (/[A-Z]{2}\d{2}/.test(text)) {
    each(IBAN, text, (m) => {
      if (ibanValid(m[0])) pushPii(out, m.index, m.index + m[0].length, "iban");
    });
  }
  if (/\d{6}/.test(text)) {
    each(DNI, text, (m) => {
      if (dniValid(m[0])) pushPii(out, m.index, m.index + m[0].length, "es-dni");
    });
  }
  if (/[A-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]/.test(text)) {
    each(NINO, text, (m) => pushPii(out, m.index, m.index + m[0].length, "uk-nino"));
  }
  if (/\d\.\d{1,3}\.\d/.test(text)) {
    each(IPV4, text, (m) => {
      if (!isIPv4(m[0]) || isInfrastructureIPv4(m[0])) return;
      if (/ersion\s*[=:]?\s*$|\bv$/i.test(text.slice(Math.max(0, m.index - 12), m.index))) return;
      pushPii(out, m.index, m.index + m[0].length, "ip-address");
    });
  }
  if (text.includes("::") || (text.includes(":") && IPV6_FULL.test(text))) {
    each(IPV6, text, (m) => {
      const v = m[0];
      if (!v.includes(":") || !isIPv6(v) || isInfrastructureIPv6(v)) return;
      const groups = v.split(":").filter((g) => g.length > 0).length;
      if (groups < 3 || !/\d/.test(v)) return;
      pushPii(out, m.index, m.index + m[0].length, "ip-address");
    });
  }
}
