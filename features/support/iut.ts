// features/support/iut.ts — the implementation under test for Gherkin scenarios.
import { handlePolicyCommand } from "../../src/policy/index.ts";

export interface Iut {
  call(
    cmd: string,
    input: unknown,
  ): Promise<{ result?: unknown; error?: { code: string; message: string; field?: string } }>;
}

const POLICY_COMMANDS = new Set(["policy.validate", "policy.decide", "summary.accept"]);

/** In-process adapter over handlePolicyCommand; inputs and replies cross a JSON boundary as on the protocol. */
function inProcessPolicyIut(): Iut {
  return {
    async call(cmd, input) {
      if (!POLICY_COMMANDS.has(cmd)) {
        return { error: { code: "UNSUPPORTED", message: `the in-process adapter does not serve '${cmd}'` } };
      }
      const reply = handlePolicyCommand(cmd, JSON.parse(JSON.stringify(input)));
      if (reply.ok) return { result: JSON.parse(JSON.stringify(reply.value)) };
      const { code, message, field } = reply.error;
      return { error: field === undefined ? { code, message } : { code, message, field } };
    },
  };
}

export function getIut(): Iut {
  return inProcessPolicyIut();
}
