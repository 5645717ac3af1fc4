// FC-PROTO-1..8: the protocol v1 server and the reference handler.
export {
  ALL_CAPABILITIES,
  CAPABILITY_COMMANDS,
  PROTOCOL_VERSION,
  type StartReply,
  wireError,
} from "./messages.ts";
export { REFERENCE_INFO, referenceCapabilities, referenceHandler, warmUpReference } from "./reference.ts";
export { runServer, type ServerOptions } from "./server.ts";
