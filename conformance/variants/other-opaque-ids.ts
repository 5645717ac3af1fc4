// FC-LOG-3, FC-LOG-5, FC-LOG-8, FC-REDACT-1, FC-STAGE5-4 settled otherwise: other Audit Log ids, compactorId, generatedAt.
import { type Json, mapStrings, recount, rewriteLogs, type VariantModule } from "./support.ts";

function auditId(s: string): string {
  let m = /^r(\d+)\.verdict$/.exec(s);
  if (m) return `verdict/${m[1]}`;
  m = /^r(\d+)\.transcript$/.exec(s);
  if (m) return `transcript/${m[1]}`;
  m = /^r(\d+)\.trace\.(.+)$/.exec(s);
  if (m) return `trace/${m[1]}/${m[2]}`;
  m = /^c(\d+)\.([a-z-]+)\.(.+)$/.exec(s);
  if (m) return `tombstone:${m[2]}:${m[3]}@${m[1]}`;
  m = /^omitted\.([0-9a-f]{12})\.(\d+)$/.exec(s);
  if (m) return `omit-${m[2]}-${m[1]}`;
  return s;
}

const variant: VariantModule = {
  id: "other-opaque-ids",
  description: "other Audit Log id formats, another compactorId and generatedAt g<N>",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-LOG-3", "FC-LOG-5", "FC-LOG-8", "FC-REDACT-1", "FC-STAGE5-4"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const delta = log.correctionDelta as Json;
      const compaction = log.compaction as Json;
      const generatedAt = `g${String(delta.generatedAt).replace(/^r/, "")}`;
      delta.generatedAt = generatedAt;
      compaction.generatedAt = generatedAt;
      compaction.compactorId = "variant-compactor/2.0 (opaque ids)";
      for (const t of log.redactions as Json[]) t.auditLogId = auditId(String(t.auditLogId));
      const evidence = log.evidence as Json;
      evidence.refs = mapStrings(evidence.refs, auditId);
      const omitted = delta.omitted as Json | null;
      if (omitted !== null) omitted.auditLogId = auditId(String(omitted.auditLogId));
      return recount(log);
    }),
};
export default variant;
