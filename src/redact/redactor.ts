// FC-REDACT-SENSITIVE-1, FC-REDACT-SENSITIVE-2, FC-REDACT-SENSITIVE-8, FC-REDACT-SENSITIVE-9, FC-PATH-1..4: the redactor — views, detectors, merge, mask, fixpoint.
import { detectAssignments } from "./detectors/assignments.ts";
import { base64Runs, decodedViews, type View } from "./detectors/decode.ts";
import { detectContextual } from "./detectors/entropy.ts";
import { type KeywordScan, scanKeywords } from "./detectors/keywords.ts";
import { detectPaths, isAbsolutePath, relativise } from "./detectors/paths.ts";
import { detectPii } from "./detectors/pii.ts";
import { detectProviderKeys } from "./detectors/provider-keys.ts";
import { detectProviders } from "./detectors/providers.ts";
import { detectStructural } from "./detectors/structural.ts";
import type { Span } from "./detectors/types.ts";
import {
  PLACEHOLDER,
  type HitKind,
  type RedactContext,
  type RedactHit,
  type RedactResult,
} from "./placeholders.ts";

const RANK: Record<HitKind, number> = { secret: 3, pii: 2, path: 1 };

/** Secret and PII families (paths are separate: they run on text, not on decoded payloads). */
function detectSensitive(text: string, out: Span[], keywords: KeywordScan): void {
  detectProviders(text, out, keywords);
  detectStructural(text, out, keywords);
  detectAssignments(text, out, keywords);
  detectProviderKeys(text, out, keywords);
  detectContextual(text, out as never, keywords);
  detectPii(text, out, keywords);
}

function strongest(spans: Span[]): Span | null {
  let best: Span | null = null;
  for (const s of spans) if (best === null || RANK[s.kind] > RANK[best.kind]) best = s;
  return best;
}

/** Base64 runs whose decoded text holds a secret or PII are masked whole. */
function detectBase64(text: string, out: Span[]): void {
  for (const run of base64Runs(text)) {
    const inner: Span[] = [];
    detectSensitive(run.decoded, inner, scanKeywords(run.decoded));
    const best = strongest(inner);
    if (best)
      out.push({ start: run.start, end: run.end, kind: best.kind, detector: `base64:${best.detector}` });
  }
}

function detectAll(text: string, out: Span[]): void {
  const keywords = scanKeywords(text);
  detectSensitive(text, out, keywords);
  detectPaths(text, out, keywords);
  if (text.length >= 12) detectBase64(text, out);
}

function mapSpans(view: View, spans: Span[], out: Span[]): void {
  for (const s of spans) {
    out.push({ ...s, start: view.map[s.start]!, end: view.map[s.end]! });
  }
}

/** Placeholder ranges already present in the text; a new span never cuts one in half. */
function placeholderRanges(text: string): [number, number][] {
  const r: [number, number][] = [];
  for (let i = text.indexOf("«"); i >= 0; i = text.indexOf("«", i + 1)) {
    for (const p of Object.values(PLACEHOLDER)) {
      if (text.startsWith(p, i)) {
        r.push([i, i + p.length]);
        break;
      }
    }
  }
  return r;
}

/** The placeholder range strictly containing `pos` (binary search over sorted, disjoint ranges). */
function containing(marks: [number, number][], pos: number): [number, number] | null {
  let lo = 0;
  let hi = marks.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const m = marks[mid]!;
    if (pos <= m[0]) hi = mid - 1;
    else if (pos >= m[1]) lo = mid + 1;
    else return m;
  }
  return null;
}

function merge(spans: Span[], text: string): Span[] {
  if (spans.length === 0) return spans;
  const marks = text.includes("«") ? placeholderRanges(text) : [];
  if (marks.length > 0) {
    for (const s of spans) {
      const ms = containing(marks, s.start);
      if (ms && s.start > ms[0]) s.start = ms[0];
      const me = containing(marks, s.end);
      if (me && s.end > me[0]) s.end = me[1];
    }
  }
  spans.sort((x, y) => x.start - y.start || y.end - x.end);
  const merged: Span[] = [];
  for (const s of spans) {
    if (s.end <= s.start) continue;
    const last = merged[merged.length - 1];
    if (last && (s.start < last.end || (s.start === last.end && s.kind === last.kind))) {
      if (s.end > last.end) last.end = s.end;
      if (RANK[s.kind] > RANK[last.kind]) {
        last.kind = s.kind;
        last.detector = s.detector;
      }
    } else {
      merged.push({ ...s });
    }
  }
  // A span that is exactly an existing placeholder of the same kind is not a new hit.
  if (marks.length === 0) return merged;
  const exact = new Set(marks.map(([a, b]) => `${a}:${b}`));
  return merged.filter((s) => !exact.has(`${s.start}:${s.end}`));
}

function maskOnce(text: string, hits: RedactHit[]): string {
  const spans: Span[] = [];
  detectAll(text, spans);
  for (const view of decodedViews(text)) {
    const inView: Span[] = [];
    detectAll(view.text, inView);
    mapSpans(view, inView, spans);
  }
  const merged = merge(spans, text);
  if (merged.length === 0) return text;
  let out = "";
  let at = 0;
  for (const s of merged) {
    out += text.slice(at, s.start) + PLACEHOLDER[s.kind];
    at = s.end;
    hits.push({ kind: s.kind, detector: s.detector });
  }
  return out + text.slice(at);
}

/**
 * Masks secrets, PII and foreign absolute paths in free text (after relativising paths under the repo root).
 * Runs to a fixpoint so that redaction is idempotent: redactText(redactText(x).text) leaves the text unchanged.
 */
export function redactText(text: string, ctx: RedactContext): RedactResult {
  const hits: RedactHit[] = [];
  let cur = relativise(text, ctx.repoRoot);
  for (let pass = 0; pass < 4; pass++) {
    const before = hits.length;
    const next = maskOnce(cur, hits);
    if (next === cur || hits.length === before) break;
    cur = next;
  }
  return { text: cur, hits };
}

/** Relativises a location path to the repo root; any other absolute path becomes the path placeholder. */
export function redactPath(path: string, ctx: RedactContext): { path: string; hits: RedactHit[] } {
  let p = relativise(path, ctx.repoRoot);
  if (p !== path && p.length === 0) p = ".";
  if (isAbsolutePath(p)) return { path: PLACEHOLDER.path, hits: [{ kind: "path", detector: "abs-path" }] };
  const r = redactText(p, ctx);
  const norm = r.text
    .replace(/\\\\/g, "/")
    .replace(/\\/g, "/")
    .replace(/^(?:\.\/)+/, "");
  return { path: norm, hits: r.hits };
}
