// FC-STAGE1-4, FC-REDACT-UNTOUCHED-1 (mutant): keeps locations absolute under the repository root.
import { isObj, type Json, type MutantModule, mapLog } from "./support.ts";

function absolutise(value: unknown, root: string): void {
  if (Array.isArray(value)) for (const v of value) absolutise(v, root);
  else if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "location" && isObj(v) && typeof v.path === "string") v.path = `${root}/${v.path}`;
      else absolutise(v, root);
    }
  }
}

const mutant: MutantModule = {
  id: "absolute-paths",
  description: "location paths under canonicalState.repoRoot are reported absolute instead of repo-relative",
  violates: ["FC-STAGE1-4", "FC-REDACT-UNTOUCHED-1"],
  wrap: (reference) =>
    mapLog(reference, (log, message) => {
      const state =
        isObj(message.request) && isObj(message.request.canonicalState)
          ? (message.request.canonicalState as Json)
          : {};
      if (typeof state.repoRoot !== "string") return log;
      absolutise(log, state.repoRoot.replace(/[\\/]+$/, ""));
      return log;
    }),
};
export default mutant;
