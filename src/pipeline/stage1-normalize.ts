// FC-STAGE1-1..6, FC-ID-1..2, FC-REQ-6: Stage 1 — every verdict finding and note becomes a normalized observation.
import { canonical, compareUnits } from "../canonical.ts";
import { sha256Hex } from "../hash.ts";
import { type RedactContext, type RedactHit, redactPath, redactText } from "../redact/index.ts";
import { parseToolOutput } from "../normalize/index.ts";
import { normMessage, sanitize, trimTo } from "../text.ts";
import type { CompactionRequest, Finding, FindingStatus, Location, Round, Severity } from "../types.ts";
import { LIMITS } from "./constants.ts";
import type { Observation } from "./model.ts";

export const NOTES_RULE = "verifier:notes";

export interface Redactor {
  text: (text: string, ctx: RedactContext) => { text: string; hits: RedactHit[] };
  path: (path: string, ctx: RedactContext) => { path: string; hits: RedactHit[] };
}

export const defaultRedactor: Redactor = { text: redactText, path: redactPath };

/** A raw string's redaction, and (for messages) its FC-ID-2 normalisation, computed once per distinct string. */
interface TextEntry {
  /** The first raw string seen with this content: observations keep this one copy, not their own. */
  raw: string;
  text: string;
  hits: RedactHit[];
  norm: string | undefined;
}

const NO_HITS: RedactHit[] = [];

/** Memoised redaction: the same string always redacts the same way, so repeats cost one lookup. */
class TextCache {
  private readonly texts = new Map<string, TextEntry>();
  private readonly paths = new Map<string, { path: string; hits: RedactHit[] }>();
  constructor(
    private readonly redactor: Redactor,
    private readonly ctx: RedactContext,
  ) {}
  text(raw: string): TextEntry {
    let r = this.texts.get(raw);
    if (!r) {
      const red = this.redactor.text(sanitize(raw), this.ctx);
      r = { raw, text: red.text, hits: red.hits.length === 0 ? NO_HITS : red.hits, norm: undefined };
      this.texts.set(raw, r);
    }
    return r;
  }
  /** The redacted text of a message together with the FC-ID-2 normalisation of its sanitized raw text. */
  message(raw: string): TextEntry & { norm: string } {
    const r = this.text(raw);
    r.norm ??= normMessage(sanitize(raw));
    return r as TextEntry & { norm: string };
  }
  path(raw: string): { path: string; hits: RedactHit[] } {
    let r = this.paths.get(raw);
    if (!r) {
      const p = this.redactor.path(sanitize(raw), this.ctx);
      // Kept whole: identities and overwritten ranges match on the whole path (FC-ID-2, FC-REDACT-SUPERSEDED-1);
      // it is cut to LIMITS.path where a cause is written out (causeIdentity, FC-TRIM-1).
      r = { path: p.path, hits: p.hits.length === 0 ? NO_HITS : p.hits };
      this.paths.set(raw, r);
    }
    return r;
  }
}

interface Draft {
  round: number;
  rule: string;
  location: Location | null;
  message: string;
  normMessage: string;
  severity: Severity;
  first: number;
  last: number;
  status: FindingStatus;
  trace: string | null;
  keepForContext: boolean;
  suppliedId: string | undefined;
  isNotes: boolean;
  hits: RedactHit[];
  raw: string;
  /** The finding as handed in; its canonical rendering is the last tie-break of FC-ID-1's occurrence order. */
  tie: unknown;
}

const lineKey = (l: Location | null): [number, number] => [
  l?.startLine ?? 0,
  l?.endLine ?? l?.startLine ?? 0,
];

function compareByLines(a: Draft, b: Draft): number {
  const [as, ae] = lineKey(a.location);
  const [bs, be] = lineKey(b.location);
  return as - bs || ae - be || compareUnits(canonical(a.tie), canonical(b.tie));
}

/** FC-STAGE1-6: canonical order of observations inside one round. */
function compareObservations(a: Observation, b: Observation): number {
  const [as, ae] = lineKey(a.finding.location);
  const [bs, be] = lineKey(b.finding.location);
  return (
    compareUnits(a.finding.id, b.finding.id) ||
    as - bs ||
    ae - be ||
    compareUnits(canonical(a.finding), canonical(b.finding))
  );
}

/** FC-STAGE1-3..4, FC-REDACT-MANDATORY-1: the text fields of one finding, sanitized and redacted. */
function redactFields(
  cache: TextCache,
  f: { rule: string; location?: Location | null; message: string; trace?: string | null },
): {
  rule: string;
  location: Location | null;
  message: string;
  normMessage: string;
  rawMessage: string;
  trace: string | null;
  hits: RedactHit[];
} {
  const rule = cache.text(f.rule);
  let location: Location | null = null;
  let pathHits = NO_HITS;
  if (f.location) {
    const p = cache.path(f.location.path);
    pathHits = p.hits;
    location = { path: p.path };
    if (f.location.startLine !== undefined) location.startLine = f.location.startLine;
    if (f.location.endLine !== undefined) location.endLine = f.location.endLine;
  }
  const msg = cache.message(f.message);
  let trace: string | null = null;
  let traceHits = NO_HITS;
  if (typeof f.trace === "string" && f.trace.trim() !== "") {
    const t = cache.text(f.trace);
    traceHits = t.hits;
    trace = t.text;
  }
  // Almost every finding has no hit: share one empty list instead of building four.
  const hits =
    rule.hits.length + pathHits.length + msg.hits.length + traceHits.length === 0
      ? NO_HITS
      : [...rule.hits, ...pathHits, ...msg.hits, ...traceHits];
  return {
    rule: rule.text,
    location,
    message: msg.text,
    normMessage: msg.norm,
    rawMessage: msg.raw,
    trace,
    hits,
  };
}

export function normalize(request: CompactionRequest, redactor: Redactor = defaultRedactor): Observation[] {
  const stage = new Stage1(request.canonicalState, redactor);
  for (const round of request.rounds) stage.round(round);
  return stage.observations;
}

/**
 * Stage 1 one round at a time, in round order: the caches and computed ids carry over, so feeding every round
 * of a request gives exactly normalize(request). A streaming reader feeds rounds as it parses them.
 */
export class Stage1 {
  readonly observations: Observation[] = [];
  private readonly ctx: RedactContext;
  private readonly cache: TextCache;
  private readonly idTree: IdTree = new Map();
  private readonly goMods = new Set<string>();

  constructor(
    canonicalState: { repoRoot?: string; overwritten?: { path: string }[] },
    redactor: Redactor = defaultRedactor,
  ) {
    this.ctx = canonicalState.repoRoot ? { repoRoot: canonicalState.repoRoot } : {};
    for (const o of canonicalState.overwritten ?? []) if (o.path.endsWith("go.mod")) this.goMods.add(o.path);
    this.cache = new TextCache(redactor, this.ctx);
  }

  round(round: Round): void {
    const { cache, ctx } = this;
    const verdict = round.verifierVerdict;
    const drafts: Draft[] = [];
    for (const f of verdict.findings) {
      const { rule, location, message, normMessage, rawMessage, trace, hits } = redactFields(cache, f);
      const last = f.lastObservedIn ?? round.index;
      drafts.push({
        round: round.index,
        rule,
        location,
        message,
        normMessage,
        severity: f.severity ?? "error",
        first: f.firstObservedIn ?? last,
        last,
        status: f.status ?? "open",
        trace,
        keepForContext: f.keepForContext ?? false,
        suppliedId: f.id,
        isNotes: false,
        hits,
        raw: rawMessage,
        tie: f,
      });
    }
    // FC-STAGE1-RAW-1: raw tool output of the worker trace and the verdict's artifacts (spec/stage1.md).
    const raws = [...round.workerTrace.flatMap((t) => (t.raw ? [t.raw] : [])), ...(verdict.artifacts ?? [])];
    // FC-FORMAT-GO-5: the go.mod files the request names so far mark Go modules in subdirectories.
    for (const f of verdict.findings)
      if (f.location?.path.endsWith("go.mod")) this.goMods.add(f.location.path);
    const parseCtx = this.goMods.size > 0 ? { ...ctx, repoPaths: [...this.goMods] } : ctx;
    for (const raw of raws) {
      for (const p of parseToolOutput(raw, parseCtx)) {
        const { rule, location, message, normMessage, rawMessage, trace, hits } = redactFields(cache, p);
        drafts.push({
          round: round.index,
          rule: trimTo(rule, 200),
          location,
          message,
          normMessage,
          severity: p.severity,
          first: round.index,
          last: round.index,
          status: "open",
          trace,
          keepForContext: false,
          suppliedId: undefined,
          isNotes: false,
          hits,
          raw: rawMessage,
          tie: p,
        });
      }
    }
    const notes = verdict.notes ?? "";
    if (notes.trim() !== "") {
      const n = cache.message(notes);
      drafts.push({
        round: round.index,
        rule: NOTES_RULE,
        location: null,
        message: n.text,
        normMessage: n.norm,
        severity: verdict.status === "blocked" ? "error" : "info",
        first: round.index,
        last: round.index,
        status: "open",
        trace: null,
        keepForContext: false,
        suppliedId: undefined,
        isNotes: true,
        hits: n.hits,
        raw: n.raw,
        tie: notes,
      });
    }
    const roundObs = assignIds(drafts, this.idTree).sort(compareObservations);
    for (const o of roundObs) this.observations.push(o);
  }
}

/** FC-ID-1: the computed ids of one (rule, path, normMessage), by occurrence, memoised across rounds. */
interface IdSlot {
  rule: string;
  path: string;
  norm: string;
  ids: string[];
}
/** rule → path (NUL for none) → normMessage → slot; keys are the Stage 1 caches' strings. */
type IdTree = Map<string, Map<string, Map<string, IdSlot>>>;
const NO_PATH = "\u0000"; // sanitized paths never contain NUL (FC-STAGE1-3)

function slotOf(tree: IdTree, rule: string, path: string, norm: string): IdSlot {
  let byPath = tree.get(rule);
  if (byPath === undefined) {
    byPath = new Map();
    tree.set(rule, byPath);
  }
  let byNorm = byPath.get(path);
  if (byNorm === undefined) {
    byNorm = new Map();
    byPath.set(path, byNorm);
  }
  let slot = byNorm.get(norm);
  if (slot === undefined) {
    slot = { rule, path, norm, ids: [] };
    byNorm.set(norm, slot);
  }
  return slot;
}

/** FC-ID-1: `f-` + 16 hex of SHA-256 over canonical [rule, path, normMessage, occurrence], memoised. */
function computedId(slot: IdSlot, occurrence: number): string {
  let id = slot.ids[occurrence];
  if (id === undefined) {
    const { rule, path, norm } = slot;
    // An array of strings, null and an integer: JSON.stringify is its canonical rendering (FC-RENDER-1).
    id = `f-${sha256Hex(JSON.stringify([rule, path === NO_PATH ? null : path, norm, occurrence])).slice(0, 16)}`;
    slot.ids[occurrence] = id;
  }
  return id;
}

function assignIds(drafts: Draft[], idTree: IdTree): Observation[] {
  // Drafts with the same rule, path and normalized message, in line order, are occurrences 0, 1, …
  const groups = new Map<IdSlot, Draft[]>();
  for (const d of drafts) {
    if (d.suppliedId !== undefined) continue;
    const slot = slotOf(idTree, d.rule, d.location?.path ?? NO_PATH, d.normMessage);
    const g = groups.get(slot);
    if (g === undefined) groups.set(slot, [d]);
    else g.push(d);
  }
  const ids = new Map<Draft, string>();
  for (const [slot, g] of groups) {
    if (g.length > 1) g.sort(compareByLines);
    for (let occurrence = 0; occurrence < g.length; occurrence++)
      ids.set(g[occurrence]!, computedId(slot, occurrence));
  }
  return drafts.map((d) => {
    const id = d.suppliedId ?? ids.get(d)!;
    const finding: Finding = {
      id,
      rule: d.rule,
      location: d.location,
      message: trimTo(d.message, LIMITS.message),
      severity: d.severity,
      firstObservedIn: d.first,
      lastObservedIn: d.last,
      status: d.status,
    };
    return {
      round: d.round,
      finding,
      message: d.message,
      trace: d.trace,
      keepForContext: d.keepForContext,
      normMessage: d.normMessage,
      isNotes: d.isNotes,
      hits: d.hits,
      raw: d.raw,
    };
  });
}
