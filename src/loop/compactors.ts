// FC-LOOP-2, FC-LOOP-7: compactors the loop can drive — the in-process reference, any protocol implementation, a deadline.
import type { ImplementationUnderTest } from "../protocol/client.ts";
import { compactPayload } from "../protocol/messages.ts";
import { sharedTokenizer } from "../adapters/tiktoken.ts";
import { compact } from "../pipeline/compact.ts";
import type { CompactionOutcome, Compactor } from "./types.ts";

/** The reference pipeline in this process; it also hands over its own Audit Log records (traces, digests). */
export function referenceCompactor(): Compactor {
  return {
    name: "reference",
    async compact(request, options) {
      const r = compact(request, {
        tokenizer: sharedTokenizer(),
        budgetTokens: options.budgetTokens,
        audit: true,
      });
      if (!r.ok) return { kind: "error", code: r.error.code };
      return { kind: "log", log: JSON.parse(r.value.logText) as unknown, auditRecords: r.value.audit ?? [] };
    },
  };
}

/**
 * Any implementation reachable through the conformance interface (conformance/iut.ts), e.g. a process speaking
 * protocol v1 (conformance/runner/process-iut.ts). A reply the implementation failed to give properly is a
 * timeout when its reason says so, a crash otherwise; the reason text is not kept (it may quote the child).
 */
export function iutCompactor(iut: ImplementationUnderTest): Compactor {
  return {
    name: `${iut.info.name}@${iut.info.version}`,
    async compact(request, options): Promise<CompactionOutcome> {
      const reply = await iut.call("compact", compactPayload(request, options.budgetTokens));
      if (reply.kind === "result") return { kind: "log", log: reply.result };
      if (reply.kind === "error") return { kind: "error", code: reply.error.code };
      return /time/i.test(reply.reason)
        ? { kind: "timeout", ms: reply.ms }
        : { kind: "crash", reason: "the implementation did not answer properly" };
    },
  };
}

/**
 * FC-LOOP-7: a deadline around any compactor. A compactor that has not answered by then counts as timed out;
 * its late answer is ignored. (An in-process compactor that blocks the event loop cannot be pre-empted; put
 * untrusted compactors in a process.)
 */
export function withDeadline(inner: Compactor, ms: number): Compactor {
  return {
    name: inner.name,
    compact(request, options) {
      return new Promise<CompactionOutcome>((resolve) => {
        const timer = setTimeout(() => resolve({ kind: "timeout", ms }), ms);
        inner.compact(request, options).then(
          (o) => {
            clearTimeout(timer);
            resolve(o);
          },
          () => {
            clearTimeout(timer);
            resolve({ kind: "crash", reason: "the compactor threw" });
          },
        );
      });
    },
  };
}
