// FC-REDACT-SENSITIVE-4: every value of a Cookie: header is masked, the benign ones (lang=en, theme=dark) too —
// what the contract text says ("cookie values in Cookie: are masked"); no contract requirement keeps one visible.
import { isObj, type Json, recount, rewriteLogs, type VariantModule } from "./support.ts";

const MASK = "«redacted:secret»";
const HEADER = /(Cookie:[ \t]*)([^\n]*)/gi;
const PAIR = /([A-Za-z0-9_.-]+)=("[^"]*"?|[^;\s]*)/g;

/** Masks every cookie value of every Cookie: header in the text (Set-Cookie attributes are left alone). */
export function maskCookies(text: string): string {
  return text.replace(HEADER, (whole, head: string, pairs: string, at: number, all: string) =>
    /set-$/i.test(all.slice(Math.max(0, at - 4), at))
      ? whole
      : `${head}${pairs.replace(PAIR, (p, name: string, value: string) => (value === MASK || value === "" ? p : `${name}=${MASK}`))}`,
  );
}

const variant: VariantModule = {
  id: "over-masking-cookie-values",
  description: "masks every Cookie: value, benign ones (lang=en) included",
  violates: [],
  harmless: true,
  variant: true,
  departs: [],
  wrap: (reference) =>
    rewriteLogs(reference, (log) => {
      const changed = new Set<string>();
      const visit = (o: Json, id: string | undefined) => {
        for (const k of ["message", "trace"]) {
          if (typeof o[k] !== "string") continue;
          const masked = maskCookies(o[k] as string);
          if (masked !== o[k] && id !== undefined) changed.add(id);
          o[k] = masked;
        }
      };
      const delta = log.correctionDelta as Json;
      for (const c of delta.openRootCauses as Json[]) visit(c, String(c.findingId));
      for (const c of log.activeFailures as Json[]) visit(c, String(c.findingId));
      for (const f of log.findings as Json[]) visit(f, String(f.id));
      // A cause whose text had a span masked gets a sensitive tombstone (FC-REDACT-MANDATORY-1).
      const n = (log.sourceWindow as Json).lastRound;
      const redactions = log.redactions as Json[];
      for (const id of changed) {
        if (redactions.some((t) => isObj(t) && t.from === id && t.rule === "sensitive")) continue;
        redactions.push({
          from: id,
          rule: "sensitive",
          reason: "masked 1 secret span(s)",
          auditLogId: `c${n}.sensitive.${id}`,
        });
      }
      return recount(log);
    }),
};
export default variant;
