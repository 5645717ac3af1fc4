// FC-CERT-15: where a text that must be absent appears in a reply — every JSON pointer, and whether it reaches the Delta.
import { escapeToken, preview } from "./json.ts";
import type { LeakWhere } from "./types.ts";

function contains(v: unknown, text: string, escaped: string): boolean {
  const json = JSON.stringify(v) ?? "";
  return json.includes(escaped) || json.includes(text);
}

/**
 * The deepest pointers below `base` whose value holds `text`: each string (or key) that contains it, or the
 * smallest object or array whose JSON text contains it when it spans several values.
 */
export function pointersOf(value: unknown, text: string, base = ""): string[] {
  const escaped = JSON.stringify(text).slice(1, -1);
  const walk = (v: unknown, at: string): string[] => {
    if (!contains(v, text, escaped)) return [];
    if (v === null || typeof v !== "object") return [at];
    const found: string[] = [];
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [String(i), x])
      : Object.entries(v as Record<string, unknown>);
    for (const [k, x] of entries) {
      const p = `${at}/${escapeToken(k)}`;
      if (!Array.isArray(v) && (k.includes(text) || JSON.stringify(k).includes(escaped))) found.push(p);
      else found.push(...walk(x, p));
    }
    return found.length > 0 ? found : [at];
  };
  return walk(value, base);
}

/** The leak record of a failed `absentText`: `body` is the reply body, `base` the pointer of `value` within it. */
export function leakWhere(value: unknown, text: string, base: string): LeakWhere {
  const pointers = pointersOf(value, text, base);
  return {
    text: preview(text, 60),
    pointers,
    inCorrectionDelta: pointers.some(
      (p) => p === "/log/correctionDelta" || p.startsWith("/log/correctionDelta/"),
    ),
  };
}

/** Where the text went, in words: the Delta (the prompt), the envelope only, the error reply, or the result. */
export function leakPlace(l: LeakWhere): string {
  if (l.inCorrectionDelta) return "it reaches the Correction Delta (the Worker's prompt)";
  if (l.pointers.length > 0 && l.pointers.every((p) => p === "/error" || p.startsWith("/error/")))
    return "it is in the error reply";
  if (l.pointers.length > 0 && l.pointers.every((p) => p === "/log" || p.startsWith("/log/")))
    return "only in the envelope, not in /log/correctionDelta";
  return "it is in the reply";
}

/** "at /log/correctionDelta/openRootCauses/0/message — it reaches the Correction Delta (the Worker's prompt)". */
export function describeLeak(l: LeakWhere): string {
  const shown = l.pointers.slice(0, 8).map((p) => (p === "" ? "(the whole reply)" : p));
  const more = l.pointers.length > 8 ? ` and ${l.pointers.length - 8} more` : "";
  return `at ${shown.join(", ")}${more} — ${leakPlace(l)}`;
}
