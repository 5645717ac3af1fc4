// FC-AUDIT-5..8: the hash chain of the Audit Log — entry lines, link digests and the read-only scan (pure).
import { createHash } from "node:crypto";
import { canonical } from "../canonical.ts";

/** `prev` of the first entry: there is nothing before it. */
export const GENESIS = "0".repeat(64);

/** Fields the store adds to every entry; a record may not carry them itself. */
export const CHAIN_FIELDS = ["seq", "prev"] as const;

/** The digest that links an entry to the next one: SHA-256 over the stored line's bytes, without the LF. */
export function lineDigest(line: Uint8Array): string {
  return createHash("sha256").update(line).digest("hex");
}

/** The stored line (without LF) of an entry: the record plus `seq` and `prev`, canonical JSON, UTF-8. */
export function entryLine(record: Record<string, unknown>, seq: number, prev: string): Buffer {
  return Buffer.from(canonical({ ...record, seq, prev }), "utf8");
}

export type ChainProblem =
  | { kind: "not-json"; line: number }
  | { kind: "not-an-entry"; line: number; detail: string }
  | { kind: "bad-seq"; line: number; expected: number; found: unknown }
  | { kind: "broken-link"; line: number }
  | { kind: "duplicate-id"; line: number; id: string; firstLine: number };

export interface ScannedEntry {
  /** 1-based line number in the file. */
  line: number;
  /** Byte offset of the line's first byte. */
  offset: number;
  entry: Record<string, unknown>;
  digest: string;
}

export interface ChainScan {
  entries: ScannedEntry[];
  /** Bytes after the last LF: an append that never completed (FC-AUDIT-7). */
  torn: { offset: number; bytes: number; digest: string } | null;
  /** Everything wrong before the torn tail, in file order. */
  problems: ChainProblem[];
  /** Byte length of the intact prefix (where a repair truncates to). */
  intactBytes: number;
  /** Digest of the last complete line, or GENESIS for an empty log: the chain head (FC-AUDIT-6). */
  head: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Reads the whole log. Complete lines (ending in LF) are checked: JSON object, string `id`, `kind`, `seq` equal
 * to the 0-based line position, `prev` equal to the digest of the previous line, ids unique. Unterminated bytes
 * at the end are the torn tail, reported separately because a crash mid-append is expected and repairable,
 * while a bad complete line is damage that only a human should resolve.
 */
export function scanChain(bytes: Uint8Array): ChainScan {
  const entries: ScannedEntry[] = [];
  const problems: ChainProblem[] = [];
  const seen = new Map<string, number>();
  let prev = GENESIS;
  let start = 0;
  let index = 0;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    if (nl === -1) break;
    const lineBytes = bytes.subarray(start, nl);
    const lineNo = index + 1;
    const digest = lineDigest(lineBytes);
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(lineBytes).toString("utf8"));
    } catch {
      value = undefined;
      problems.push({ kind: "not-json", line: lineNo });
    }
    if (value !== undefined) {
      if (!isObject(value)) problems.push({ kind: "not-an-entry", line: lineNo, detail: "not an object" });
      else if (typeof value.id !== "string" || value.id === "")
        problems.push({ kind: "not-an-entry", line: lineNo, detail: "no id" });
      else if (typeof value.kind !== "string")
        problems.push({ kind: "not-an-entry", line: lineNo, detail: "no kind" });
      else {
        if (value.seq !== index)
          problems.push({ kind: "bad-seq", line: lineNo, expected: index, found: value.seq });
        if (value.prev !== prev) problems.push({ kind: "broken-link", line: lineNo });
        const first = seen.get(value.id);
        if (first !== undefined)
          problems.push({ kind: "duplicate-id", line: lineNo, id: value.id, firstLine: first });
        else seen.set(value.id, lineNo);
        entries.push({ line: lineNo, offset: start, entry: value, digest });
      }
    }
    prev = digest;
    index++;
    start = nl + 1;
  }
  const torn =
    start < bytes.length
      ? { offset: start, bytes: bytes.length - start, digest: lineDigest(bytes.subarray(start)) }
      : null;
  return { entries, torn, problems, intactBytes: start, head: prev };
}

/** One sentence per problem, naming lines and ids only (ids are structure, never content). */
export function describeProblem(p: ChainProblem): string {
  switch (p.kind) {
    case "not-json":
      return `line ${p.line}: not JSON`;
    case "not-an-entry":
      return `line ${p.line}: not an audit entry (${p.detail})`;
    case "bad-seq":
      return `line ${p.line}: seq is ${JSON.stringify(p.found) ?? "missing"}, expected ${p.expected}`;
    case "broken-link":
      return `line ${p.line}: prev does not match the digest of line ${p.line - 1 === 0 ? "0 (genesis)" : p.line - 1}`;
    case "duplicate-id":
      return `line ${p.line}: id ${JSON.stringify(p.id)} already used on line ${p.firstLine}`;
  }
}
