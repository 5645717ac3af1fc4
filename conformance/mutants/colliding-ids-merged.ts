// FC-ID-3 (mutant): findings that reuse an id for a different finding are silently merged instead of refused.
import { findingsOf, isObj, type Json, type MutantModule, mapRequest } from "./support.ts";

const mutant: MutantModule = {
  id: "colliding-ids-merged",
  description: "a supplied id reused for a different rule, path or message is merged into the first finding",
  violates: ["FC-ID-3"],
  wrap: (reference) =>
    mapRequest(reference, (request) => {
      const first = new Map<string, Json>();
      for (const f of findingsOf(request)) {
        if (typeof f.id !== "string") continue;
        const seen = first.get(f.id);
        if (!seen) {
          first.set(f.id, f);
          continue;
        }
        f.rule = seen.rule;
        f.message = seen.message;
        const loc = isObj(seen.location) ? { ...seen.location } : null;
        if (loc && isObj(f.location)) {
          f.location = { ...f.location, path: loc.path };
        } else {
          f.location = loc;
        }
      }
      return request;
    }),
};
export default mutant;
