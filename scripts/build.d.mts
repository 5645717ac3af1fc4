/** Builds the per-round bundle into `outDir` (default dist/); resolves to the number of project files it covers. */
export function buildPerRound(outDir?: string): Promise<number>;
/** Builds the installed package's runtime tree into `outDir` (default dist/lib/) from the checkout at `root`. */
export function buildLib(
  outDir?: string,
  root?: string,
): Promise<{ modules: number; copies: number; declarations: number }>;
/** The package's runtime files under `root`, sorted into modules to compile and files to copy. */
export function classify(root?: string): {
  modules: { path: string; tool: boolean }[];
  copies: { path: string; dir: boolean }[];
};
export const TREES: string[];
/** The package.json a tarball carries: the checkout's without `scripts` and `allowScripts`. */
export function tarballPackageJson(text: string): string;
/** npm's prepack: write the tarball's package.json over the checkout's, keeping the original. */
export function prepackPackageJson(root?: string): void;
/** npm's postpack: put the checkout's package.json back; false when there was nothing to restore. */
export function postpackPackageJson(root?: string): boolean;
