// FC-REPORT-3, FC-REPORT-4: text made safe for HTML, with characters a reader could not see shown as escapes.

/** Characters that render as nothing, move text around or break lines: shown as `\uXXXX` so a diff is readable. */
// Built from a string: the class mixes combining marks (variation selectors) with other characters on purpose.
const INVISIBLE = new RegExp(
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f" +
    "\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb]",
  "g",
);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes the five characters HTML gives meaning to, and replaces lone surrogates (not encodable as UTF-8). */
export function escapeHtml(s: string): string {
  return s
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function codePoint(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Replaces invisible characters with a `\uXXXX` escape (plain text, e.g. for the terminal form). */
export function revealInvisible(s: string): string {
  return s.replace(INVISIBLE, codePoint);
}

/**
 * HTML for text that may hide characters: escaped, with each invisible character shown as a highlighted
 * `\uXXXX` escape. Tab and newline stay as they are.
 */
export function htmlText(s: string): string {
  let out = "";
  let last = 0;
  for (const m of s.matchAll(INVISIBLE)) {
    out += escapeHtml(s.slice(last, m.index));
    const esc = codePoint(m[0]);
    out += `<span class="inv" title="invisible character U+${esc.slice(2).toUpperCase()}">${esc}</span>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(s.slice(last));
}

/** JSON with object keys sorted at every level (key order carries no meaning in a semantic comparison). */
export function stableJson(value: unknown, indent = 2): string {
  if (value === undefined) return "(absent)";
  return JSON.stringify(sortKeys(value), null, indent) ?? String(value);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

/** A word for a shell: quoted only when it needs to be. */
export function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`;
}

/** Cuts text to at most `max` UTF-16 units without splitting a surrogate pair; says how much was left out. */
export function clip(s: string, max: number): { text: string; omitted: number } {
  if (s.length <= max) return { text: s, omitted: 0 };
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return { text: s.slice(0, end), omitted: s.length - end };
}
