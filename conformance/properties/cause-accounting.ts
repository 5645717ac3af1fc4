// FC-DELTA-1, FC-STAGE1-5, FC-STAGE3-1, FC-STAGE5-5, FC-REDACT-SUPERSEDED-1: every root cause is accounted for once.
import type { PropertyCheck } from "../iut.ts";
import { expectedStatuses, requestModelArb, toRequest } from "./arbitraries.ts";
import { compactVia, logOf, compactProperty, Violation } from "./support.ts";

const meta = {
  id: "property.cause-accounting",
  description:
    "Every reported finding becomes a root cause that is rendered, counted as omitted or resolved — exactly one — with the status the spec gives it.",
  requirements: ["FC-DELTA-1", "FC-STAGE1-5", "FC-STAGE3-1", "FC-STAGE5-5", "FC-REDACT-SUPERSEDED-1"],
  // FC-CERT-13: at the delta-only level, no cause is rendered twice and no resolved or superseded cause returns.
  delta: true,
};

interface Cause {
  findingId: string;
  status: string;
}

export const causeAccounting: PropertyCheck = compactProperty(
  meta,
  requestModelArb(),
  async (iut, m) => {
    const { request, options } = toRequest(m);
    const log = logOf(await compactVia(iut, request, options));
    if (iut.level === "delta-only") {
      const shown = (log.correctionDelta as { openRootCauses: { findingId: string }[] }).openRootCauses.map(
        (c) => c.findingId,
      );
      if (new Set(shown).size !== shown.length) throw new Violation("a cause is rendered twice");
      for (const [id, status] of expectedStatuses(m))
        if (status !== "open" && shown.includes(id))
          throw new Violation(
            `${status} cause ${id} is back in the Delta`,
            `a ${status} cause is back in the Delta`,
          );
      return;
    }
    const roots = log.rootCauses as Cause[];
    const resolved = log.resolvedFailures as Cause[];
    const delta = log.correctionDelta as {
      openRootCauses: { findingId: string }[];
      omitted: { count: number } | null;
    };
    const rendered = delta.openRootCauses.map((c) => c.findingId);
    const ids = roots.map((c) => c.findingId);
    if (new Set(ids).size !== ids.length) throw new Violation("rootCauses lists an id twice");
    const open = roots.filter((c) => c.status === "open").map((c) => c.findingId);
    const omitted = delta.omitted?.count ?? 0;
    if (rendered.length + omitted !== open.length) {
      throw new Violation(
        `${open.length} open root causes but ${rendered.length} rendered and ${omitted} omitted`,
      );
    }
    for (const id of rendered)
      if (!open.includes(id))
        throw new Violation(`rendered cause ${id} is not an open root cause`, "a rendered cause is not open");
    if (new Set(rendered).size !== rendered.length) throw new Violation("a cause is rendered twice");
    const notOpen = roots.filter((c) => c.status !== "open").map((c) => c.findingId);
    if (resolved.length !== notOpen.length || resolved.some((c, i) => c.findingId !== notOpen[i])) {
      throw new Violation("resolvedFailures is not the non-open root causes in rootCauses order");
    }
    if (omitted === 0 && delta.omitted !== null) throw new Violation("an omitted marker with count 0");
    for (const [id, status] of expectedStatuses(m)) {
      const got = roots.find((c) => c.findingId === id);
      if (!got) throw new Violation(`finding ${id} has no root cause`, "a finding has no root cause");
      if (got.status !== status)
        throw new Violation(
          `root cause ${id} has status ${got.status}, the spec gives ${status}`,
          `status ${got.status} where the spec gives ${status}`,
        );
      if (status !== "open" && rendered.includes(id))
        throw new Violation(
          `${status} cause ${id} is back in the Delta`,
          `a ${status} cause is back in the Delta`,
        );
    }
  },
  (m) => ({
    assertions: [...expectedStatuses(m)].flatMap(([id, status]) => [
      { check: "contains", pointer: "/rootCauses", value: { findingId: id, status } },
      // What the Delta shows of it (judged at the delta-only level too): a cause that is not open is not rendered.
      ...(status === "open"
        ? []
        : [{ check: "notContains", pointer: "/correctionDelta/openRootCauses", value: { findingId: id } }]),
    ]),
    notes:
      "The property also checks what these assertions cannot express: rendered + omitted.count = the open root causes, and resolvedFailures = the non-open root causes in order.",
  }),
);
