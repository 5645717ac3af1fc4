// FC-WB-3: node:crypto for the workbench's browser bundle — the synchronous SHA-256 hash and HMAC the core uses.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

type Data = string | Uint8Array;
const bytes = (d: Data): Uint8Array => (typeof d === "string" ? utf8ToBytes(d) : d);

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

class Digest {
  private readonly parts: Uint8Array[] = [];
  constructor(private readonly finish: (data: Uint8Array) => Uint8Array) {}
  update(data: Data, _encoding?: "utf8"): this {
    this.parts.push(bytes(data));
    return this;
  }
  digest(encoding: "hex"): string;
  digest(): Uint8Array;
  digest(encoding?: "hex"): string | Uint8Array {
    const out = this.finish(concat(this.parts));
    return encoding === "hex" ? bytesToHex(out) : out;
  }
}

function onlySha256(algorithm: string): void {
  if (algorithm !== "sha256") throw new Error(`the workbench bundle has no ${algorithm}`);
}

export function createHash(algorithm: string): Digest {
  onlySha256(algorithm);
  return new Digest((d) => sha256(d));
}

export function createHmac(algorithm: string, key: Data): Digest {
  onlySha256(algorithm);
  const k = bytes(key);
  return new Digest((d) => hmac(sha256, k, d));
}
