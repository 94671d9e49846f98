export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface Row extends Size {
  file: string;
  budget: number | undefined;
  over: boolean;
}
export declare const measure: (bytes: Uint8Array) => Size;
export declare const check: (
  sizes: Readonly<Record<string, Size>>,
  budgets: Readonly<Record<string, { gzip?: number }>>,
) => Row[];
export declare function table(rows: readonly Row[]): string;
