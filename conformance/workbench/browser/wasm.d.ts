// FC-WB-3: esbuild's binary loader gives a .wasm import as its bytes.
declare module "*.wasm" {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
