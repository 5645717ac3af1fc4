// FC-STAGE1-8 settled otherwise (FC-STAGE1-4 leaves the spelling of a relative path open): relative location paths start with `./`.
import { clone, isObj, type Json, recount, rewriteLogs, type VariantModule } from "./support.ts";

/** A path FC-STAGE1-4 calls absolute, or a placeholder: left as it is. */
const notRelative = (p: string) => p === "" || /^(?:[/\\~«]|[A-Za-z]:|file:|\.\/)/.test(p);

/** Adds `./` to every relative location path, or with `back` takes it off again (a priorDelta it wrote). */
function respell(v: unknown, back = false): void {
  if (Array.isArray(v)) {
    for (const x of v) respell(x, back);
    return;
  }
  if (!isObj(v)) return;
  for (const [k, x] of Object.entries(v)) {
    if (k !== "location" || !isObj(x) || typeof x.path !== "string") respell(x, back);
    else if (back && x.path.startsWith("./")) x.path = x.path.slice(2);
    else if (!back && !notRelative(x.path)) x.path = `./${x.path}`;
  }
}

const variant: VariantModule = {
  id: "dot-slash-paths",
  description: "every relative location path spelt with a leading ./ (src/a.ts → ./src/a.ts)",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-STAGE1-8"],
  wrap: (reference) => {
    const respelt = rewriteLogs(reference, (log: Json) => {
      respell(log);
      return recount(log);
    });
    // Its own Delta comes back as priorDelta (FC-STALL-1): the stall view compares it in the reference's spelling.
    return (cmd, message) => {
      if (cmd !== "compact" || !isObj(message.request) || !isObj(message.request.priorDelta))
        return respelt(cmd, message);
      const request = clone(message.request);
      respell(request.priorDelta, true);
      return respelt(cmd, { ...message, request });
    };
  },
};
export default variant;
