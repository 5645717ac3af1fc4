// FC-REDACT-SENSITIVE-8: escape sequences spelled out in text are undone, also a cut-short one followed by another.
import { describe, expect, it } from "vitest";
import { redactText } from "../redactor.ts";
import { decodedViews } from "./decode.ts";

// A fake npm token (npm_ and 38 letters and digits).
const TOKEN = "npm_Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv3Wx5Yz";

describe("decodedViews: ANSI sequences spelled out", () => {
  it("ends a cut-short sequence where the next one starts", () => {
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\\e", "^["]) {
      const text = `push ${esc}[${esc}[31m${TOKEN}${esc}[0m failed`;
      expect(decodedViews(text).at(-1)?.text, esc).toBe(`push ${TOKEN} failed`);
    }
  });

  it("strips the two-character and character-set escapes (`ESC c`, `ESC 7`, `ESC ( B`) whole", () => {
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\\e", "^[", "\u001b"]) {
      for (const seq of ["c", "7", "(B"]) {
        const text = `push ${esc}${seq}${TOKEN} failed`;
        expect(decodedViews(text).at(-1)?.text, `${esc}${seq}`).toBe(`push ${TOKEN} failed`);
        expect(redactText(text, {}).text, `${esc}${seq}`).not.toContain(TOKEN.slice(4, 20));
      }
    }
  });

  it("leaves the letter after a stray ESC to the token it opens", () => {
    // `\\033` too: a stray octal spelling was kept whole in the view, its `3` glued to the token (`3npm_…`).
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\u001b"]) {
      const text = `push ${esc}${TOKEN} failed`;
      expect(redactText(text, {}).text, esc).not.toContain(TOKEN.slice(4, 20));
    }
  });

  it("masks a token after a cut-short sequence and a colour code", () => {
    const r = redactText(`push \\u001b[\\u001b[31m${TOKEN}\\u001b[0m failed`, {});
    expect(r.text).not.toContain(TOKEN.slice(4, 20));
    expect(r.text).not.toContain(TOKEN.slice(-16));
    expect(r.text).toContain("failed");
  });

  it("ends a cut-short sequence at an escaped line break or tab, and masks the token after it", () => {
    for (const esc of ["\\u001b", "\\x1b", "\\033", "\\e", "^["]) {
      for (const brk of ["\\n", "\\r\\n", "\\t"]) {
        const text = `npm publish: ${esc}[${brk}${TOKEN} rejected`;
        const r = redactText(text, {});
        expect(r.text, `${esc} ${brk}`).not.toContain(TOKEN.slice(4, 20));
        expect(r.text, `${esc} ${brk}`).not.toContain(TOKEN.slice(-16));
        expect(r.text, `${esc} ${brk}`).toContain(" rejected");
      }
    }
  });
});
