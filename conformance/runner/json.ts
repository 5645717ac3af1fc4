// FC-CASE-4, FC-CASE-5: RFC 6901 JSON pointers, semantic JSON equality and deep-subset matching with a first-difference.
import type { Mismatch } from "./types.ts";

export type PointerResult = { found: true; value: unknown } | { found: false; at: string };

/** Splits an RFC 6901 pointer into reference tokens; null when the pointer is malformed. */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return null;
  const tokens = pointer.slice(1).split("/");
  for (const t of tokens) if (/~(?![01])/.test(t)) return null;
  return tokens.map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Resolves a pointer; array tokens are decimal indices without leading zeros ("-" never resolves). */
export function resolvePointer(doc: unknown, pointer: string): PointerResult {
  const tokens = parsePointer(pointer);
  if (tokens === null) return { found: false, at: pointer };
  let cur: unknown = doc;
  let at = "";
  for (const t of tokens) {
    at += `/${escapeToken(t)}`;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(t) || Number(t) >= cur.length) return { found: false, at };
      cur = cur[Number(t)];
    } else if (typeof cur === "object" && cur !== null && Object.hasOwn(cur, t)) {
      cur = (cur as Record<string, unknown>)[t];
    } else {
      return { found: false, at };
    }
  }
  return { found: true, value: cur };
}

function kind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

/** Semantic JSON equality: key order is irrelevant, numbers compare by value. Returns the first difference. */
export function firstDifference(expected: unknown, actual: unknown, at = ""): Mismatch | null {
  return compare(expected, actual, at, false);
}

/**
 * Deep subset: every key of an expected object must be present and match; arrays match element by element and
 * must have the same length; scalars are equal. Returns the first difference, or null when `actual` contains it.
 */
export function subsetDifference(expected: unknown, actual: unknown, at = ""): Mismatch | null {
  return compare(expected, actual, at, true);
}

function compare(expected: unknown, actual: unknown, at: string, subset: boolean): Mismatch | null {
  const ke = kind(expected);
  const ka = kind(actual);
  if (ke !== ka) return { pointer: at, expected, actual };
  if (ke === "array") {
    const e = expected as unknown[];
    const a = actual as unknown[];
    const n = Math.min(e.length, a.length);
    for (let i = 0; i < n; i++) {
      const d = compare(e[i], a[i], `${at}/${i}`, subset);
      if (d) return d;
    }
    if (e.length !== a.length) {
      return {
        pointer: `${at}/${n}`,
        expected: n < e.length ? e[n] : "(no element)",
        actual: n < a.length ? a[n] : "(no element)",
      };
    }
    return null;
  }
  if (ke === "object") {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const k of Object.keys(e).sort()) {
      const p = `${at}/${escapeToken(k)}`;
      if (!Object.hasOwn(a, k)) return { pointer: p, expected: e[k], actual: "(missing)" };
      const d = compare(e[k], a[k], p, subset);
      if (d) return d;
    }
    if (!subset) {
      for (const k of Object.keys(a).sort()) {
        if (!Object.hasOwn(e, k))
          return { pointer: `${at}/${escapeToken(k)}`, expected: "(absent)", actual: a[k] };
      }
    }
    return null;
  }
  return Object.is(expected, actual) || expected === actual ? null : { pointer: at, expected, actual };
}

/** Shortens a value for a message or diff: JSON text cut to `max` characters. */
export function preview(value: unknown, max = 160): string {
  let text: string;
  try {
    text = value === undefined ? "undefined" : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  // Invisible characters (DEL, C1 controls, zero-width and bidi marks) are shown as escapes, so "abc" vs "abc\u007f"
  // does not read as two equal strings.
  text = text.replace(
    /[\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
