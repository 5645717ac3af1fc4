// FC-PURE-1: the same request compacted twice gives the same log, byte for byte in canonical rendering.
import type { PropertyCheck } from "../iut.ts";
import { firstDifference } from "../runner/json.ts";
import { requestModelArb, toRequest } from "./arbitraries.ts";
import {
  canonical,
  compactProperty,
  compactVia,
  firstStep,
  logOf,
  sameAsFirst,
  Violation,
} from "./support.ts";

const meta = {
  id: "property.determinism",
  description: "Compacting the same request twice returns identical logs (canonical rendering).",
  requirements: ["FC-PURE-1", "FC-REDACT-SENSITIVE-13"],
  delta: true,
};

export const determinism: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const first = logOf(await compactVia(iut, request, options));
    const second = logOf(await compactVia(iut, request, options));
    if (canonical(first) !== canonical(second)) {
      const d = firstDifference(first, second);
      throw new Violation(
        `a second compaction of the same request differs at '${d?.pointer ?? "?"}'`,
        "the second log differs",
      );
    }
  },
  (m) => ({
    steps: [firstStep(m), sameAsFirst(m, toRequest(m).request, "")],
    notes: "The same request sent twice: the second log must equal the first.",
  }),
);
