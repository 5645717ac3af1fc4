// FC-LOG-3: the build identity that feeds compactorId.
export const VERSION = "0.1.0";
export const SCHEMA_VERSION = "1.0.0";
