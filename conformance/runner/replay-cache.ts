// FC-CERT-11: one reference under many wrappers — a request the reference already answered is answered again from memory.
import type { ProtocolHandler } from "../iut.ts";

/**
 * True when `v` is a value JSON.parse can give back, so that its JSON text stands for it alone: plain objects,
 * dense arrays, strings, booleans, null, and finite numbers other than -0.
 */
export function jsonClean(v: unknown): boolean {
  if (v === null || typeof v === "string" || typeof v === "boolean") return true;
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0);
  if (typeof v !== "object") return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!(i in v) || !jsonClean(v[i])) return false;
    return Object.keys(v).length === v.length;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const k of Object.keys(v)) if (!jsonClean((v as Record<string, unknown>)[k])) return false;
  return Object.getOwnPropertySymbols(v).length === 0;
}

export interface ReplayCache {
  handler: ProtocolHandler;
  /** Calls answered from memory, and calls the wrapped handler answered. */
  stats(): { hits: number; misses: number };
}

/**
 * Wraps a handler that is a pure function of its message (the reference: FC-PURE-1, and policy.md says the same of decide) so that a message it has
 * answered is answered again with a fresh copy of the same reply, without running it. The mutants run certifies
 * every legal variant and mutant over the whole profile, and most wrappers pass most messages through unchanged:
 * the reference would otherwise compute the same replies once per wrapper. Only messages and replies that are
 * exactly JSON are kept (anything else goes to the handler every time), bounded by `maxChars` of JSON text; past
 * it the memory starts over. The cache decides no verdict: every reply is judged as if the handler had made it.
 */
export function replayCache(handler: ProtocolHandler, maxChars = 256 * 1024 * 1024): ReplayCache {
  const replies = new Map<string, string>();
  let chars = 0;
  let hits = 0;
  let misses = 0;
  const wrapped: ProtocolHandler = async (cmd, message) => {
    let key: string | undefined;
    try {
      if (jsonClean(message)) key = `${cmd}\u0000${JSON.stringify(message)}`;
    } catch {
      key = undefined; // too deep to walk or to write: not kept
    }
    const known = key === undefined ? undefined : replies.get(key);
    if (known !== undefined) {
      hits++;
      return JSON.parse(known) as Record<string, unknown>;
    }
    misses++;
    const reply = await handler(cmd, message);
    if (key !== undefined) {
      let text: string | undefined;
      try {
        if (jsonClean(reply)) text = JSON.stringify(reply);
      } catch {
        text = undefined;
      }
      if (text !== undefined) {
        if (chars + key.length + text.length > maxChars) {
          replies.clear();
          chars = 0;
        }
        replies.set(key, text);
        chars += key.length + text.length;
        // The caller gets its own copy, as on a hit: nothing it changes reaches the memory.
        return JSON.parse(text) as Record<string, unknown>;
      }
    }
    return reply;
  };
  return { handler: wrapped, stats: () => ({ hits, misses }) };
}
