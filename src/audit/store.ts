// FC-AUDIT-1..10: the append-only, hash-chained JSONL Audit Log file (edge: files, keys, lock, fsync).
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  readSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { keyedDigest } from "../redact/index.ts";
import { CHAIN_FIELDS, type ChainScan, describeProblem, entryLine, lineDigest, scanChain } from "./chain.ts";
import { acquireLock, type HeldLock, type LockHolder, type LockOptions } from "./lock.ts";

/** What a producer hands the store: an id, a kind, any JSON fields; `digestOf` never reaches the file. */
export interface AuditInput {
  id: string;
  kind: string;
  digestOf?: string;
  [key: string]: unknown;
}

export type AuditErrorCode = "LOCKED" | "CORRUPT" | "IO" | "BAD_RECORD";

/** Store failures as values. Messages name paths' roles, line numbers, pids and errno codes only. */
export interface AuditError {
  code: AuditErrorCode;
  message: string;
}

export type AuditResult<T> = { ok: true; value: T } | { ok: false; error: AuditError };

const fail = (code: AuditErrorCode, message: string): { ok: false; error: AuditError } => ({
  ok: false,
  error: { code, message },
});

function errno(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? "EUNKNOWN";
}

/** FC-AUDIT-3: the key from FEEDBACK_COMPACTOR_AUDIT_KEY, else a 0600 key file beside the log. */
export function auditKey(logPath: string, env: Record<string, string | undefined>): string {
  const fromEnv = env.FEEDBACK_COMPACTOR_AUDIT_KEY;
  if (fromEnv) return fromEnv;
  const keyPath = `${logPath}.key`;
  if (existsSync(keyPath)) {
    const existing = readFileSync(keyPath, "utf8").trim();
    if (existing !== "") return existing;
  }
  // Created complete or not at all: a private file hard-linked into place; a concurrent creator wins the race
  // and both then read the same key.
  const key = randomBytes(32).toString("hex");
  const tmp = `${keyPath}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(tmp, `${key}\n`, { mode: 0o600 });
  try {
    linkSync(tmp, keyPath);
  } catch (e) {
    if (errno(e) !== "EEXIST") throw e;
  } finally {
    unlinkSync(tmp);
  }
  return readFileSync(keyPath, "utf8").trim();
}

/** Turns a record into its stored form: `digestOf` becomes `digest` (keyed), and never reaches the file. */
export function storedForm(rec: AuditInput, key: string): Record<string, unknown> {
  const { digestOf, ...rest } = rec;
  return digestOf === undefined ? rest : { ...rest, digest: keyedDigest(key, digestOf) };
}

export interface RepairReport {
  /** Byte offset where the torn tail started (the file was truncated to it). */
  offset: number;
  bytes: number;
  /** SHA-256 of the removed bytes, also recorded in the `repair` entry. */
  digest: string;
}

export interface OpenOptions extends LockOptions {
  /** Audit key for `digestOf` fields; default auditKey(path, process.env) on first need. */
  key?: string;
  env?: Record<string, string | undefined>;
}

export interface AppendReport {
  appended: string[];
  /** Ids already in the log (first write wins, FC-AUDIT-2); nothing was written for them. */
  skipped: string[];
}

/**
 * An open Audit Log with its writer lock held. Every append re-uses the in-memory chain head, so appends are
 * O(size of the batch); opening reads the file once, checks the chain and repairs a torn tail.
 */
export class AuditStore {
  private closed = false;
  private constructor(
    readonly path: string,
    private fd: number,
    private readonly lock: HeldLock,
    private nextSeq: number,
    private headDigest: string,
    private readonly ids: Set<string>,
    private key: string | undefined,
    private readonly env: Record<string, string | undefined>,
    /** Set when this open repaired a torn tail (FC-AUDIT-7). */
    readonly repaired: RepairReport | null,
    /** Set when this open removed the lock of a writer that had died (FC-AUDIT-9). */
    readonly tookOverFrom: LockHolder | null,
  ) {}

  static open(path: string, opts: OpenOptions = {}): AuditResult<AuditStore> {
    const locked = acquireLock(path, opts);
    if (!locked.ok) {
      if (locked.reason === "io")
        return fail("IO", `cannot create the audit log's lock file (${locked.errno})`);
      const who = locked.holder ? `pid ${locked.holder.pid} on ${locked.holder.host}` : "an unknown writer";
      return fail(
        "LOCKED",
        `the audit log is being written by ${who} (waited ${locked.waitedMs} ms); one writer at a time — ` +
          `retry later, or remove ${path}.lock if that writer is gone`,
      );
    }
    let fd: number | undefined;
    try {
      fd = openSync(path, "a+", 0o600);
      const bytes = readAll(fd);
      const scan = scanChain(bytes);
      if (scan.problems.length > 0) {
        closeSync(fd);
        locked.lock.release();
        const first = scan.problems[0]!;
        const more = scan.problems.length > 1 ? ` (and ${scan.problems.length - 1} more)` : "";
        return fail(
          "CORRUPT",
          `the audit log's chain is damaged: ${describeProblem(first)}${more}; refusing to append — ` +
            "run 'feedback-compactor audit verify' on it",
        );
      }
      let repaired: RepairReport | null = null;
      if (scan.torn) {
        ftruncateSync(fd, scan.intactBytes);
        fsyncSync(fd);
        repaired = { offset: scan.torn.offset, bytes: scan.torn.bytes, digest: scan.torn.digest };
      }
      const store = new AuditStore(
        path,
        fd,
        locked.lock,
        scan.entries.length,
        scan.head,
        new Set(scan.entries.map((e) => String(e.entry.id))),
        opts.key,
        opts.env ?? process.env,
        repaired,
        locked.tookOverFrom,
      );
      if (repaired) {
        const r = store.append([
          {
            id: `repair.${scan.entries.length}`,
            kind: "repair",
            truncatedAt: repaired.offset,
            truncatedBytes: repaired.bytes,
            tornDigest: repaired.digest,
          },
        ]);
        if (!r.ok) {
          store.close();
          return r;
        }
      }
      return { ok: true, value: store };
    } catch (e) {
      if (fd !== undefined) closeSync(fd);
      locked.lock.release();
      return fail("IO", `cannot open the audit log (${errno(e)})`);
    }
  }

  /** Digest of the last entry's line (GENESIS when empty); anchor it elsewhere to make tampering evident. */
  get head(): string {
    return this.headDigest;
  }

  get size(): number {
    return this.nextSeq;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /**
   * FC-AUDIT-4: one write of whole lines, then fsync; returns only after fsync, so a returned id is durable.
   * Records whose id is already in the log (or earlier in the batch) are skipped, never rewritten.
   */
  append(records: AuditInput[]): AuditResult<AppendReport> {
    if (this.closed) return fail("IO", "the audit log is closed");
    const lines: Buffer[] = [];
    const appended: string[] = [];
    const skipped: string[] = [];
    const batch = new Set<string>();
    let seq = this.nextSeq;
    let prev = this.headDigest;
    for (const rec of records) {
      if (typeof rec.id !== "string" || rec.id === "" || typeof rec.kind !== "string")
        return fail("BAD_RECORD", "an audit record needs a non-empty string id and a kind");
      for (const f of CHAIN_FIELDS) {
        if (Object.hasOwn(rec, f))
          return fail("BAD_RECORD", `an audit record may not carry the field '${f}'`);
      }
      if (this.ids.has(rec.id) || batch.has(rec.id)) {
        skipped.push(rec.id);
        continue;
      }
      let form: Record<string, unknown>;
      try {
        form = storedForm(rec, rec.digestOf === undefined ? "" : this.digestKey());
      } catch (e) {
        return fail("IO", `cannot read or create the audit key (${errno(e)})`);
      }
      const line = entryLine(form, seq, prev);
      prev = lineDigest(line);
      seq++;
      lines.push(line, NEWLINE);
      batch.add(rec.id);
      appended.push(rec.id);
    }
    if (appended.length === 0) return { ok: true, value: { appended, skipped } };
    const buf = Buffer.concat(lines);
    try {
      let at = 0;
      while (at < buf.length) at += writeSync(this.fd, buf, at, buf.length - at);
      fsyncSync(this.fd);
    } catch (e) {
      // The tail may now be torn; the next open repairs it. This handle stops writing.
      this.close();
      return fail("IO", `cannot append to the audit log (${errno(e)})`);
    }
    this.nextSeq = seq;
    this.headDigest = prev;
    for (const id of appended) this.ids.add(id);
    return { ok: true, value: { appended, skipped } };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    try {
      closeSync(this.fd);
    } finally {
      this.lock.release();
    }
  }

  private digestKey(): string {
    this.key ??= auditKey(this.path, this.env);
    return this.key;
  }
}

const NEWLINE = Buffer.from("\n");

function readAll(fd: number): Buffer {
  const size = fstatSync(fd).size;
  const buf = Buffer.alloc(size);
  let at = 0;
  while (at < size) {
    const n = readSync(fd, buf, at, size - at, at);
    if (n === 0) break;
    at += n;
  }
  return buf.subarray(0, at);
}

/**
 * FC-AUDIT-4: appends records in one locked session (open, append, close). Throws an Error whose message is
 * the AuditError's on failure, for callers that report it as an IO error (`compact --audit-log`).
 */
export function appendRecords(logPath: string, records: AuditInput[], key: string): AppendReport {
  const opened = AuditStore.open(logPath, { key });
  if (!opened.ok) throw new AuditFailure(opened.error);
  try {
    const r = opened.value.append(records);
    if (!r.ok) throw new AuditFailure(r.error);
    return r.value;
  } finally {
    opened.value.close();
  }
}

export class AuditFailure extends Error {
  constructor(readonly error: AuditError) {
    super(error.message);
  }
}

export interface AuditReadResult {
  entries: Record<string, unknown>[];
  /** True when the file ends in an incomplete append (FC-AUDIT-7). */
  torn: boolean;
  scan: ChainScan;
}

/** Reads and checks the log without a lock and without repairing anything (readers never write). */
export function readAuditLog(logPath: string): AuditReadResult {
  const scan = scanChain(readFileSync(logPath));
  return { entries: scan.entries.map((e) => e.entry), torn: scan.torn !== null, scan };
}
