// FC-REDACT-SENSITIVE-2: trimming that never splits a placeholder (redaction always runs before any trimming).
import { PLACEHOLDER } from "./placeholders.ts";

const MARKS: string[] = Object.values(PLACEHOLDER);

/**
 * Cuts `text` to at most `maxChars` characters (plus `ellipsis`). A cut that would fall inside a placeholder
 * moves to just before it, so a mask is either whole or absent. Surrogate pairs are not split either.
 */
export function trimRedacted(text: string, maxChars: number, ellipsis = "…"): string {
  if (text.length <= maxChars) return text;
  let cut = Math.max(0, maxChars - ellipsis.length);
  const open = text.lastIndexOf("«", cut);
  if (open >= 0) {
    const mark = MARKS.find((m) => text.startsWith(m, open));
    if (mark && open + mark.length > cut) cut = open;
  }
  const c = text.charCodeAt(cut - 1);
  if (cut > 0 && c >= 0xd800 && c <= 0xdbff) cut--;
  return text.slice(0, cut) + ellipsis;
}
