// FC-SCAN-1, FC-SCAN-2 settled otherwise: the leak scan reads the Delta and the findings, not the envelope, so a secret
// the caller put in canonicalState.ref is emitted in sourceWindow.canonicalStateRef alone instead of refused.
import { isObj, type Json, type VariantModule } from "./support.ts";

/** The message with its canonicalState.ref swapped for a plain one, or null when it has no string ref. */
function withPlainRef(message: Json): { plain: Json; ref: string } | null {
  const request = message.request;
  if (!isObj(request) || !isObj(request.canonicalState)) return null;
  const state = request.canonicalState as Json;
  if (typeof state.ref !== "string") return null;
  const plain = { ...message, request: { ...request, canonicalState: { ...state, ref: "tree-plain" } } };
  return { plain, ref: state.ref };
}

const variant: VariantModule = {
  id: "ref-in-the-envelope",
  description:
    "scans the Delta and the findings but not canonicalState.ref: a secret the caller put in the ref is copied to sourceWindow.canonicalStateRef instead of refused with SECRET_LEAK",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-SCAN-2"],
  wrap: (reference) => async (cmd, message) => {
    const reply = await reference(cmd, message);
    if (cmd !== "compact" || !isObj(reply.error) || (reply.error as Json).code !== "SECRET_LEAK")
      return reply;
    const swapped = withPlainRef(message);
    if (swapped === null) return reply;
    // Refused only because of the ref: the same request with a plain ref gets a log.
    const again = await reference(cmd, swapped.plain);
    if (!isObj(again.log)) return reply;
    const log = again.log as Json;
    return {
      log: { ...log, sourceWindow: { ...(log.sourceWindow as Json), canonicalStateRef: swapped.ref } },
    };
  },
};
export default variant;
