export declare const BUILD_PARTS: { readonly client: readonly string[]; readonly server: readonly string[] };
export type BuildPart = keyof typeof BUILD_PARTS;
export declare function partDir(root: string, part: BuildPart): string;
export declare function contentDigest(root: string, inputs: readonly string[]): string;
export declare function fingerprint(root: string, part: BuildPart): string;
export declare function partState(root: string, part: BuildPart): 'current' | 'stale' | 'missing';
export declare function stampPart(root: string, part: BuildPart, sources: string): void;
