export declare const sri: (bytes: string | Uint8Array) => string;
export declare const manifest: (integrity: Readonly<Record<string, string>>) => string;
