export declare const scriptTypes: (dts: string) => string;
export declare function moduleTypes(dts: string): string;
