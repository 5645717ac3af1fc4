// FC-LOOP-9, FC-AUDIT-4: the loop's Audit Log sink over the chained store (edge: the file).
import { AuditStore, type OpenOptions } from "../audit/store.ts";
import type { AuditSink, LoopAuditRecord } from "./types.ts";

export interface FileAuditSink extends AuditSink {
  readonly store: AuditStore;
  close(): void;
}

/** Opens (and locks) the log for the whole run; `append` resolves after fsync, or rejects on any failure. */
export function fileAuditSink(
  path: string,
  opts: OpenOptions = {},
): FileAuditSink | { error: string; code: string } {
  const opened = AuditStore.open(path, opts);
  if (!opened.ok) return { error: opened.error.message, code: opened.error.code };
  const store = opened.value;
  return {
    store,
    async append(records: LoopAuditRecord[]) {
      const r = store.append(records);
      if (!r.ok) throw new Error(r.error.message);
    },
    close: () => store.close(),
  };
}

/** An in-memory sink for tests and dry runs. */
export function memoryAuditSink(): AuditSink & { records: LoopAuditRecord[]; failAfter?: number } {
  const sink = {
    records: [] as LoopAuditRecord[],
    failAfter: undefined as number | undefined,
    async append(records: LoopAuditRecord[]) {
      if (sink.failAfter !== undefined && sink.records.length + records.length > sink.failAfter)
        throw new Error("disk full");
      const seen = new Set(sink.records.map((r) => r.id));
      for (const r of records) if (!seen.has(r.id)) sink.records.push(r);
    },
  };
  return sink;
}
