// FC-STAGE1-6, FC-PURE-1 (mutant): the log's findings follow the input order instead of the canonical order.
import { findingsOf, isObj, type Json, type MutantModule, mapLog } from "./support.ts";

const mutant: MutantModule = {
  id: "unstable-order",
  description:
    "findings are listed in the order the Verifier reported them, so reordering the input changes the log",
  violates: ["FC-PURE-1"],
  wrap: (reference) =>
    mapLog(reference, (log, message) => {
      if (!isObj(message.request)) return log;
      const inputIds = findingsOf(message.request).map((f) => f.id);
      const rank = (id: unknown) => {
        const i = inputIds.indexOf(id);
        return i < 0 ? Number.MAX_SAFE_INTEGER : i;
      };
      const findings = log.findings as Json[];
      log.findings = findings
        .map((f, i) => ({ f, i }))
        .sort(
          (a, b) =>
            (a.f.firstObservedIn as number) - (b.f.firstObservedIn as number) ||
            rank(a.f.id) - rank(b.f.id) ||
            a.i - b.i,
        )
        .map((x) => x.f);
      return log;
    }),
};
export default mutant;
