import type { Tiktoken } from "tiktoken/lite";

/** A new o200k_base encoder (tiktoken/lite over the published tables); the caller frees it. */
export function newO200kEncoder(): Tiktoken;
