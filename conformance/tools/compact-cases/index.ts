// FC-CASE-1: every compact conformance case, in authoring order (the files under conformance/cases/compact).
import { byteExactCases } from "./byte-exact.ts";
import type { CaseDoc } from "./dsl.ts";
import { envelopeCases } from "./envelope.ts";
import { groupingCases, resolveCases } from "./grouping.ts";
import { errorCases, hostileCases, longTextCases } from "./hostile.ts";
import { idCases, normalizeCases } from "./normalize.ts";
import { packingCases, renderCases, trimCases } from "./packing.ts";
import { rankingCases } from "./ranking.ts";
import { assumptionCases, mandatoryCases, staleCases, supersededCases, untouchedCases } from "./redaction.ts";
import { protocolCases, requestCases } from "./request.ts";
import { leakCases, stallCases } from "./stall.ts";

export const compactCases: CaseDoc[] = [
  ...requestCases,
  ...hostileCases,
  ...longTextCases,
  ...errorCases,
  ...normalizeCases,
  ...idCases,
  ...groupingCases,
  ...resolveCases,
  ...rankingCases,
  ...supersededCases,
  ...staleCases,
  ...assumptionCases,
  ...mandatoryCases,
  ...untouchedCases,
  ...trimCases,
  ...packingCases,
  ...renderCases,
  ...envelopeCases,
  ...stallCases,
  ...leakCases,
  ...byteExactCases,
  ...protocolCases,
];

/**
 * Byte-exact cases whose claim is "same bytes as another case" (FC-STALL-2): their expected bytes are copied from
 * the named case, so an implementation that is not invariant under the change fails them.
 */
export const SAME_BYTES_AS: Readonly<Record<string, string>> = {
  "compact.byte-exact.finding-order-inside-a-round-changes-no-byte":
    "compact.byte-exact.three-causes-in-one-round",
  "compact.byte-exact.traces-timestamps-and-task-spec-change-no-byte":
    "compact.byte-exact.three-causes-in-one-round",
};

export type { CaseDoc };
