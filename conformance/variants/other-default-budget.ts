// FC-REQ-12 settled otherwise: without budgetTokens the Delta gets 1024 tokens, not 512.
import { isObj, type VariantModule } from "./support.ts";

const variant: VariantModule = {
  id: "other-default-budget",
  description: "a request without budgetTokens is compacted with a budget of 1024",
  violates: [],
  harmless: true,
  variant: true,
  departs: ["FC-REQ-12"],
  wrap: (reference) => async (cmd, message) => {
    const options = isObj(message.options) ? message.options : {};
    if (cmd !== "compact" || options.budgetTokens !== undefined) return reference(cmd, message);
    return reference(cmd, { ...message, options: { ...options, budgetTokens: 1024 } });
  },
};
export default variant;
