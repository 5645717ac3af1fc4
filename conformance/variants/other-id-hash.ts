// FC-ID-1 settled otherwise (SPEC.md §0): computed ids from another stable hash of the same identity.
import { createHash } from "node:crypto";
import { type Json, mapStrings, recount, rewriteLogs, type VariantModule } from "./support.ts";

const COMPUTED = /\bf-[0-9a-f]{16}\b/g;
const rename = (id: string) => `k-${createHash("sha1").update(`variant:${id}`).digest("hex").slice(0, 16)}`;

const variant: VariantModule = {
  id: "other-id-hash",
  description: "computed finding ids are k- plus 16 hex of another hash of the same identity",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-ID-1"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const renamed = mapStrings(log, (s) => s.replace(COMPUTED, rename)) as Json;
      for (const k of Object.keys(log)) log[k] = renamed[k];
      return recount(log);
    }),
};
export default variant;
