// FC-WB-3, FC-WB-9: types of bundle.mjs.
export declare const PREBUILT: string;
export declare function bundleOptions(): Record<string, unknown>;
export declare function bundleWorkbench(): Promise<string>;
export declare function workbenchScript(): Promise<{ js: string; source: "built" | "prebuilt" }>;
export declare function writeWorkbenchAssets(outFile?: string): Promise<number>;
