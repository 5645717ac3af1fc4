// FC-REDACT-SENSITIVE-7: the check digits the PII kinds carry, computed by the suite itself (not by src/).

/** Luhn (payment cards, Canadian SINs): every second digit from the right doubled, the sum a multiple of 10. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let v = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2;
    sum += v;
  }
  return sum % 10 === 0;
}
