// FC-PROTO-5 (harmless variant): replies carry extra members, which the runner ignores.
import type { ProtocolHandler } from "../iut.ts";
import type { MutantModule } from "./support.ts";

const mutant: MutantModule = {
  id: "extra-reply-members",
  description: "adds an 'x-timing' member to every reply; extra members of a reply are ignored",
  violates: [],
  harmless: true,
  wrap:
    (reference): ProtocolHandler =>
    async (cmd, message) => ({
      ...(await reference(cmd, message)),
      "x-timing": { queuedMs: 0, note: "ignored" },
    }),
};
export default mutant;
