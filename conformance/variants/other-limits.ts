// FC-TRIM-1, FC-CONSTRAINT-1 settled otherwise: messages cut at 300, traces at 600, at most 8 constraints.
import { type Json, recount, rewriteLogs, setCauses, trimTo, type VariantModule } from "./support.ts";

const MESSAGE = 300;
const TRACE = 600;
const CAP = 8;

function tombstone(log: Json, from: string, reason: string): void {
  const n = (log.sourceWindow as Json).lastRound;
  (log.redactions as Json[]).push({
    from,
    rule: "truncation",
    reason,
    auditLogId: `c${n}.truncation.${from}`,
  });
}

const variant: VariantModule = {
  id: "other-limits",
  description: "messages cut at 300 and traces at 600 characters, at most 8 constraints",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-TRIM-1", "FC-CONSTRAINT-1"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const delta = log.correctionDelta as Json;
      const causes = (delta.openRootCauses as Json[]).map((c) => {
        const out = { ...c };
        const message = String(c.message);
        if (message.length > MESSAGE) {
          out.message = trimTo(message, MESSAGE);
          tombstone(log, String(c.findingId), `message trimmed to ${MESSAGE} characters`);
        }
        if (typeof c.trace === "string" && c.trace.length > TRACE && !c.trace.startsWith("same as round")) {
          out.trace = trimTo(c.trace, TRACE);
          tombstone(log, String(c.findingId), `trace trimmed to ${TRACE} characters`);
        }
        return out;
      });
      setCauses(log, causes);
      const constraints = delta.constraints as string[];
      for (const c of constraints.slice(CAP))
        tombstone(
          log,
          /finding (\S+)$/.exec(c)?.[1] ?? "constraints",
          `constraint dropped: over the cap of ${CAP}`,
        );
      delta.constraints = constraints.slice(0, CAP);
      return recount(log);
    }),
};
export default variant;
