// FC-STAGE1-3, FC-ID-2, FC-TRIM-1: text sanitation, message normalisation for ids, and safe trimming.
import { EXTRA_VOLATILE } from "./normalize/volatile.ts";

const NEEDS_SANITIZING = /[\x00-\x08\x0b-\x1f\x7f\uD800-\uDFFF]/;
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;
const HAS_SURROGATE = /[\uD800-\uDFFF]/;

/** FC-STAGE1-3: well-formed UTF-16, no ANSI escapes, LF line ends, no C0 controls except TAB and LF. */
export function sanitize(text: string): string {
  if (!NEEDS_SANITIZING.test(text)) return text;
  // Each pass only when its characters occur (a coloured log has escapes but seldom a surrogate or a
  // CR), in the same order: removing an escape can make a CR LF pair, removing a control cannot undo one.
  let t = HAS_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, "\uFFFD") : text;
  if (t.includes("\x1b")) t = t.replace(ANSI, "");
  if (t.includes("\r")) t = t.replace(/\r\n?/g, "\n");
  return t.replace(CONTROLS, "");
}

const VOLATILE: [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?/g, "<ts>"],
  [/\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b/g, "<uuid>"],
  [/\b0x[0-9a-fA-F]{6,}\b/g, "0x#"],
  [
    /(?:\/private)?\/var\/folders\/[^\s/]{1,64}\/[^\s/]{1,64}\/T\/[^\s/]{1,255}|\/tmp\/[^\s/]{1,255}/g,
    "<tmp>",
  ],
  [/\b\d+(?:\.\d+)?\s?(?:ms|µs|us|ns|s|sec|secs|seconds)\b/g, "<dur>"],
  [/\bpid[ =:]?\d+\b/gi, "pid <n>"],
];

/** FC-ID-2: the message as hashed into a stable id (the Stage 1 masks of spec/stage1.md first, then the base list). */
export function normMessage(sanitized: string): string {
  let m = sanitized;
  for (const [re, rep] of EXTRA_VOLATILE) m = m.replace(re, rep);
  for (const [re, rep] of VOLATILE) m = m.replace(re, rep);
  return m.replace(/\s+/g, " ").trim();
}

const PLACEHOLDER_OPEN = "«redacted:";

/** FC-TRIM-1: cut to `limit` UTF-16 units with a trailing ellipsis, never inside a surrogate pair or a mask. */
export function trimTo(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = Math.max(0, limit - 1);
  const code = cut > 0 ? text.charCodeAt(cut - 1) : 0;
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const open = text.lastIndexOf(PLACEHOLDER_OPEN, cut - 1);
  if (open >= 0) {
    const close = text.indexOf("»", open);
    if (close === -1 || close >= cut) cut = open;
  }
  return `${text.slice(0, cut)}…`;
}
