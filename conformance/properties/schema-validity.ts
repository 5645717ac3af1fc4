// FC-LOG-1..2, FC-ORCH-1..2, FC-ORCH-7, FC-DELTA-1: every log satisfies the schema and the orchestrator's invariants.
import type { PropertyCheck } from "../iut.ts";
import { canonicalJson } from "../oracle/canonical-json.ts";
import { checkLogSchema } from "../oracle/schemas.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import { compactVia, logOf, compactProperty, Violation } from "./support.ts";

const meta = {
  id: "property.schema-validity",
  description:
    "Every log satisfies compacted-feedback-log.v1.json, has schemaVersion 1.x, activeFailures equal to the Delta's causes and ranks 1..K.",
  requirements: ["FC-LOG-1", "FC-LOG-2", "FC-ORCH-1", "FC-ORCH-2", "FC-ORCH-7", "FC-DELTA-1", "FC-LOG-6"],
};

export const schemaValidity: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const log = logOf(await compactVia(iut, request, options));
    const schema = checkLogSchema(log);
    if (!schema.ok) {
      throw new Violation(`the log does not satisfy the schema at '${schema.pointer}' (${schema.keyword})`);
    }
    if (!/^1\.\d+\.\d+$/.test(log.schemaVersion as string)) throw new Violation("schemaVersion is not 1.x.y");
    const delta = log.correctionDelta as { openRootCauses: { rank: number }[] };
    if (canonicalJson(log.activeFailures) !== canonicalJson(delta.openRootCauses)) {
      throw new Violation("activeFailures differs from correctionDelta.openRootCauses");
    }
    delta.openRootCauses.forEach((c, i) => {
      if (c.rank !== i + 1) throw new Violation(`openRootCauses/${i} has rank ${c.rank}, expected ${i + 1}`);
    });
  },
  () => ({
    assertions: [{ check: "matches", pointer: "/schemaVersion", pattern: "^1\\.\\d+\\.\\d+$" }],
    notes: "Validate the log against spec/schemas/compacted-feedback-log.v1.json.",
  }),
);
