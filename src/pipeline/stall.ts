// FC-STALL-1: the stall view of a Delta and the stallCandidate flag.
import { canonical } from "../canonical.ts";
import type { CorrectionDelta } from "../types.ts";

export function stallView(d: CorrectionDelta): string {
  const { attempt: _a, generatedAt: _g, ...rest } = d;
  return canonical({ ...rest, openRootCauses: d.openRootCauses.map(({ lastSeen: _l, ...c }) => c) });
}

export function isStallCandidate(next: CorrectionDelta, prior: CorrectionDelta | null | undefined): boolean {
  return prior !== null && prior !== undefined && stallView(next) === stallView(prior);
}
