// FC-WB-3: the global Buffer of the workbench's browser bundle (the core decodes base64 with it), from `buffer`.
export { Buffer } from "buffer";
