// FC-STAGE5-2 settled otherwise: at most 20 open causes are rendered (the reference renders up to 50).
import { type Json, recount, rewriteLogs, setCauses, type VariantModule } from "./support.ts";

const CAP = 20;

const variant: VariantModule = {
  id: "other-cause-cap",
  description: "renders at most 20 open causes; the rest are omitted with the marker, refs and tombstones",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE5-2"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const delta = log.correctionDelta as Json;
      const causes = delta.openRootCauses as Json[];
      if (causes.length <= CAP) return true;
      const n = (log.sourceWindow as Json).lastRound;
      const open = (log.rootCauses as Json[]).filter((c) => c.status === "open").length;
      const dropped = causes.slice(CAP);
      const droppedIds = new Set(dropped.map((c) => c.findingId));
      setCauses(log, causes.slice(0, CAP));
      const marker = `cap${CAP}.${n}.${open}`;
      delta.omitted = { count: open - CAP, auditLogId: marker };
      const evidence = log.evidence as Json;
      const refs = (evidence.refs as Json[]).filter(
        (r) => !(droppedIds.has(r.findingId) && (r.kind === "round-transcript" || r.kind === "trace")),
      );
      for (const r of refs) if (r.kind === "omitted-finding") r.auditLogId = marker;
      for (const c of dropped)
        refs.push({ findingId: c.findingId, auditLogId: marker, kind: "omitted-finding" });
      evidence.refs = refs;
      for (const [i, c] of dropped.entries()) {
        (log.redactions as Json[]).push({
          from: c.findingId,
          rule: "truncation",
          reason: `omitted: rank ${CAP + i + 1} over the cause cap of ${CAP}`,
          auditLogId: `c${n}.truncation.${String(c.findingId)}`,
        });
      }
      const confidence = log.confidence as Json;
      confidence.perCause = (confidence.perCause as Json[]).slice(0, CAP);
      return recount(log);
    }),
};
export default variant;
