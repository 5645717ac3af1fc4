// FC-STAGE1-2 settled otherwise: verifier notes become findings under another rule name.
import { type Json, mapStrings, recount, rewriteLogs, type VariantModule } from "./support.ts";

const variant: VariantModule = {
  id: "other-notes-rule",
  description: "a verdict's notes become findings with rule verdict-notes instead of verifier:notes",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE1-2"],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const renamed = mapStrings(log, (s) => (s === "verifier:notes" ? "verdict-notes" : s)) as Json;
      for (const k of Object.keys(log)) log[k] = renamed[k];
      return recount(log);
    }),
};
export default variant;
