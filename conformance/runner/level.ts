// FC-PROTO-11, FC-CERT-13: which checks a delta-only implementation can be judged on — those that read the Delta only.
import { stepRefsIn, stepsOf } from "./steps.ts";
import type { Assertion, ConformanceCase } from "./types.ts";

const DELTA = "/correctionDelta";

const underDelta = (pointer: string) => pointer === DELTA || pointer.startsWith(`${DELTA}/`);

/** The pointers an assertion reads (the judged reply's and earlier replies'). */
function readPointers(a: Assertion): string[] {
  const out: string[] = [];
  if ("pointer" in a && typeof a.pointer === "string") out.push(a.pointer);
  if ("to" in a && typeof a.to === "object" && a.to !== null) out.push(a.to.pointer);
  if ("than" in a && typeof a.than === "object" && a.than !== null) out.push(a.than.pointer);
  if (a.check === "tokenCount") out.push(a.of);
  return out;
}

/**
 * Why a case needs the envelope (so it is not applicable to a delta-only implementation), or null when every
 * expectation of every compact step reads the Correction Delta alone. Policy and summary steps never need it.
 */
export function envelopeNeed(c: ConformanceCase): string | null {
  for (const [i, s] of stepsOf(c).entries()) {
    if (s.command !== "compact") continue;
    const where = c.steps !== undefined ? ` (step ${i})` : "";
    for (const ref of stepRefsIn(s.input)) {
      if (!underDelta(ref.pointer)) return `sends on '${ref.pointer}' of an earlier log${where}`;
    }
    const exp = s.expect;
    if (exp.error !== undefined) continue;
    if (exp.result !== undefined) {
      const r = exp.result;
      const keys = typeof r === "object" && r !== null && !Array.isArray(r) ? Object.keys(r) : [""];
      const other = keys.find((k) => k !== "correctionDelta");
      if (other !== undefined) return `expects the log member '${other || "(whole log)"}'${where}`;
    }
    for (const a of exp.assertions ?? []) {
      if (a.check === "absentText" && a.pointer === undefined) continue;
      if (a.check === "presentText" && a.pointer === undefined)
        return `looks for text anywhere in the log${where}`;
      const outside = readPointers(a).find((p) => !underDelta(p));
      if (outside !== undefined) return `reads '${outside === "" ? "(the whole log)" : outside}'${where}`;
    }
  }
  return null;
}
