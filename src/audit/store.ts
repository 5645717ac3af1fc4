// FC-AUDIT-1..4: the append-only JSONL Audit Log file (edge: files, keys, fsync).
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs";
import type { AuditRecord } from "../pipeline/audit-records.ts";
import { keyedDigest } from "../redact/index.ts";

/** FC-AUDIT-3: the key from FEEDBACK_COMPACTOR_AUDIT_KEY, else a 0600 key file beside the log. */
export function auditKey(logPath: string, env: Record<string, string | undefined>): string {
  const fromEnv = env.FEEDBACK_COMPACTOR_AUDIT_KEY;
  if (fromEnv) return fromEnv;
  const keyPath = `${logPath}.key`;
  if (existsSync(keyPath)) return readFileSync(keyPath, "utf8").trim();
  const key = randomBytes(32).toString("hex");
  writeFileSync(keyPath, `${key}\n`, { mode: 0o600, flag: "wx" });
  return key;
}

/** Turns a record into its stored form: `digestOf` becomes `digest`, and never reaches the file. */
export function storedForm(rec: AuditRecord, key: string): Record<string, unknown> {
  const { digestOf, ...rest } = rec;
  return digestOf === undefined ? rest : { ...rest, digest: keyedDigest(key, digestOf) };
}

/** FC-AUDIT-4: one write of whole lines, then fsync. */
export function appendRecords(logPath: string, records: AuditRecord[], key: string): void {
  if (records.length === 0) return;
  const text = records.map((r) => `${JSON.stringify(storedForm(r, key))}\n`).join("");
  const fd = openSync(logPath, "a", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface AuditReadResult {
  entries: Record<string, unknown>[];
  /** True when the last line is incomplete or not JSON (a torn append). */
  torn: boolean;
}

export function readAuditLog(logPath: string): AuditReadResult {
  const text = readFileSync(logPath, "utf8");
  const lines = text.split("\n");
  const tail = lines.pop();
  const entries: Record<string, unknown>[] = [];
  let torn = tail !== undefined && tail !== "";
  for (const [i, line] of lines.entries()) {
    try {
      entries.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      if (i === lines.length - 1) torn = true;
      else throw new Error(`audit log line ${i + 1} is not JSON`);
    }
  }
  return { entries, torn };
}
