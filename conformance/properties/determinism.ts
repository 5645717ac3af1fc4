// FC-PURE-1: the same request compacted twice gives the same log, byte for byte in canonical rendering.
import type { PropertyCheck } from "../iut.ts";
import { sameReplyProperty } from "./support.ts";

const meta = {
  id: "property.determinism",
  description: "Compacting the same request twice returns identical logs (canonical rendering).",
  requirements: ["FC-PURE-1", "FC-REDACT-SENSITIVE-13"],
  delta: true,
};

export const determinism: PropertyCheck = sameReplyProperty(meta, {
  variant: (request) => request,
  pointer: "",
  differs: (at) => `a second compaction of the same request differs at '${at}'`,
  kind: "the second log differs",
  notes: "The same request sent twice: the second log must equal the first.",
});
