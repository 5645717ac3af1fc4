// FC-ERR-2, FC-ERR-1 (mutant): answers a failed compaction with an empty log instead of the typed error.
import type { ProtocolHandler } from "../iut.ts";
import { isObj, type MutantModule } from "./support.ts";
import { FALLBACK_CONSTRAINT } from "../oracle/fallback.ts";

const mutant: MutantModule = {
  id: "swallowed-errors",
  description: "a compaction that fails is answered with a minimal log (no causes) instead of its error",
  violates: ["FC-ERR-2", "FC-ERR-1"],
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => {
      const reply = await reference(cmd, message);
      if (cmd !== "compact" || !isObj(reply.error)) return reply;
      const delta = {
        attempt: 2,
        lastVerdict: "fail",
        openRootCauses: [],
        resolvedSummary: null,
        omitted: null,
        constraints: [FALLBACK_CONSTRAINT],
        generatedAt: "r1",
      };
      return {
        log: {
          schemaVersion: "1.0.0",
          sourceWindow: { firstRound: 1, lastRound: 1, roundCount: 1, canonicalStateRef: "unknown" },
          compaction: {
            compactorId: "feedback-compactor@0.0.0#00000000",
            generatedAt: "r1",
            budgetTokens: 512,
            renderedTokens: 40,
            stallCandidate: false,
          },
          findings: [],
          rootCauses: [],
          resolvedFailures: [],
          activeFailures: [],
          redactions: [],
          evidence: { refs: [] },
          confidence: { method: "exact-match", perCause: [] },
          severity: { level: "info", blockingCount: 0 },
          correctionDelta: delta,
        },
      };
    },
};
export default mutant;
