export declare function newestMtime(dir: string): number;
export declare function ensureBuild(who: string): void;
