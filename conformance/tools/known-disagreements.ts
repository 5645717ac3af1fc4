// FC-CASE-1: compact cases on which the reference departs from spec/SPEC.md (the case follows the spec).

/**
 * A case listed here keeps its spec-derived expectation. The case tests mark it `it.fails`, so the suite stays green
 * while the disagreement stands and turns red the day the reference is fixed — then the entry is deleted.
 */
export const KNOWN_REFERENCE_DISAGREEMENTS: Readonly<Record<string, string>> = {};

/**
 * Cases the reference does not finish. An in-process run cannot time out a synchronous computation, so runs
 * against the in-process reference (mutation baselines) leave these out; process runs time them out instead.
 */
export const REFERENCE_HANGS: readonly string[] = [];

/** A certify `filter` that leaves out the cases in REFERENCE_HANGS. */
export function withoutReferenceHangs(): string | undefined {
  return REFERENCE_HANGS.length === 0 ? undefined : REFERENCE_HANGS.map((id) => `!${id}`).join(",");
}
