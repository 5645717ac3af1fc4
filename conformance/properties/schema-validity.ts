// FC-LOG-1..2, FC-ORCH-1..2, FC-ORCH-7, FC-DELTA-1: every log satisfies the schema and the orchestrator's invariants.
import type { PropertyCheck } from "../iut.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { checkDeltaSchema, checkLogSchema } from "../oracle/schemas.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import { compactVia, logOf, compactProperty, Violation } from "./support.ts";

const meta = {
  id: "property.schema-validity",
  description:
    "Every log satisfies compacted-feedback-log.v1.json, has schemaVersion 1.x, activeFailures equal to the Delta's causes and ranks 1..K.",
  requirements: ["FC-LOG-1", "FC-LOG-2", "FC-ORCH-1", "FC-ORCH-2", "FC-ORCH-7", "FC-DELTA-1", "FC-LOG-6"],
  // FC-CERT-13: at the delta-only level the Delta is held to the schema's correctionDelta definition and ranks 1..K.
  delta: true,
};

export const schemaValidity: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const log = logOf(await compactVia(iut, request, options));
    if (iut.level === "delta-only") {
      const d = checkDeltaSchema(log.correctionDelta);
      if (!d.ok)
        throw new Violation(
          `the Delta does not satisfy the schema's correctionDelta at '${d.pointer}' (${d.keyword})`,
        );
      ranksFollow(log.correctionDelta as { openRootCauses: { rank: number }[] });
      return;
    }
    const schema = checkLogSchema(log);
    if (!schema.ok) {
      throw new Violation(`the log does not satisfy the schema at '${schema.pointer}' (${schema.keyword})`);
    }
    if (!/^1\.\d+\.\d+$/.test(log.schemaVersion as string)) throw new Violation("schemaVersion is not 1.x.y");
    const delta = log.correctionDelta as { openRootCauses: { rank: number }[] };
    if (canonicalJson(log.activeFailures) !== canonicalJson(delta.openRootCauses)) {
      throw new Violation("activeFailures differs from correctionDelta.openRootCauses");
    }
    ranksFollow(delta);
  },
  () => ({
    assertions: [{ check: "matches", pointer: "/schemaVersion", pattern: "^1\\.\\d+\\.\\d+$" }],
    notes: "Validate the log against spec/schemas/compacted-feedback-log.v1.json.",
  }),
);

function ranksFollow(delta: { openRootCauses: { rank: number }[] }): void {
  delta.openRootCauses.forEach((c, i) => {
    if (c.rank !== i + 1) throw new Violation(`openRootCauses/${i} has rank ${c.rank}, expected ${i + 1}`);
  });
}
