// FC-REDACT-SENSITIVE-3, FC-REDACT-SENSITIVE-7: fresh fake credentials and PII for the scenarios, made by the suite.
import { luhn } from "../../conformance/oracle/checksums.ts";

export { seeded } from "../../conformance/oracle/seeded.ts";

/**
 * `n` characters of `alphabet`; from 12 characters on, every class the alphabet has (upper, lower, digit) occurs,
 * so a value is never a low-entropy run a redactor could rightly leave alone.
 */
export function randomString(next: () => number, alphabet: string, n: number): string {
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/].filter((c) => c.test(alphabet));
  for (;;) {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    if (n < 12 || classes.every((c) => c.test(s))) return s;
  }
}

export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";

/** The fake values the scenarios plant by kind: public token formats and PII shapes. */
export const FAKE_KINDS: Record<string, (next: () => number) => string> = {
  "github-token": (next) => `ghp_${randomString(next, ALNUM, 36)}`,
  "stripe-key": (next) => `sk_live_${randomString(next, ALNUM, 24)}`,
  email: (next) =>
    `${randomString(next, LOWER, 6)}.${randomString(next, LOWER, 8)}@${randomString(next, LOWER, 7)}-mail.example`,
  card: (next) => {
    for (;;) {
      const s = `4${randomString(next, DIGITS, 15)}`;
      if (luhn(s)) return s;
    }
  },
};
