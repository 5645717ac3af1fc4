// FC-STAGE5-1, FC-LOG-4, FC-LOG-5, FC-ORCH-3, FC-ORCH-7: attempt = last round + 1; the window names the request's rounds.
import type { PropertyCheck } from "../iut.ts";
import { roundIndices, stateRefOf, requestModelArb, toRequest } from "./arbitraries.ts";
import { canonical, compactVia, logOf, compactProperty, Violation } from "./support.ts";

const meta = {
  id: "property.attempt-follows-the-last-round",
  description:
    "attempt is the last round's index plus one, generatedAt is the same in both places, and sourceWindow and lastVerdict describe the request.",
  requirements: ["FC-STAGE5-1", "FC-LOG-4", "FC-ORCH-3", "FC-ORCH-7", "FC-PURE-1"],
  // FC-CERT-13: at the delta-only level, attempt and lastVerdict (the Delta's part) are judged.
  delta: true,
};

export const attemptFollowsTheLastRound: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const log = logOf(await compactVia(iut, request, options));
    const idx = roundIndices(m);
    const n = idx[idx.length - 1]!;
    const delta = log.correctionDelta as { attempt: number; generatedAt: string; lastVerdict: string };
    if (delta.attempt !== n + 1) throw new Violation(`attempt is ${delta.attempt}, the last round is ${n}`);
    if (delta.lastVerdict !== m.rounds[m.rounds.length - 1]!.status)
      throw new Violation("lastVerdict is not the last round's status");
    if (iut.level === "delta-only") return;
    const compaction = log.compaction as { generatedAt: string };
    if (typeof delta.generatedAt !== "string" || compaction.generatedAt !== delta.generatedAt)
      throw new Violation("generatedAt differs between correctionDelta and compaction");
    const window = {
      firstRound: idx[0],
      lastRound: n,
      roundCount: idx.length,
      canonicalStateRef: stateRefOf(m),
    };
    if (canonical(log.sourceWindow) !== canonical(window))
      throw new Violation("sourceWindow does not describe the request's rounds");
  },
  (m) => {
    const idx = roundIndices(m);
    const n = idx[idx.length - 1]!;
    return {
      assertions: [
        { check: "equals", pointer: "/correctionDelta/attempt", value: n + 1 },
        {
          check: "equals",
          pointer: "/correctionDelta/generatedAt",
          to: { pointer: "/compaction/generatedAt" },
        },
      ],
    };
  },
);
