// FC-CERT-1, FC-CERT-11: the conformance kit as a library — `certify` and `certifyMutants` for use from code.
export type {
  Capability,
  ImplementationInfo,
  ImplementationUnderTest,
  PropertyCheck,
  PropertyOutcome,
  ProtocolHandler,
  Reply,
} from "./iut.ts";
export { compactPayload } from "./iut.ts";
export { certify } from "./runner/certify.ts";
export { certifyMutants } from "./runner/mutants.ts";
export { inProcessIut } from "./runner/in-process.ts";
export { startProcessIut } from "../src/protocol/client.ts";
export { loadCases } from "./runner/cases.ts";
export { evaluateCase } from "./runner/evaluate.ts";
export { gateFailures, skipListText } from "./runner/problems.ts";
export { renderJson, renderJunit, renderPretty } from "./report/render.ts";
export { renderGithub, renderGithubSummary } from "./report/github.ts";
export type * from "./runner/types.ts";
