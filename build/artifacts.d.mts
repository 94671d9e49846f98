export interface BuildTarget {
  readonly entry: string;
  readonly fileName: string;
  readonly format: 'iife' | 'es';
}
export declare const RUNTIMES: Readonly<Record<'voice' | 'chart', BuildTarget>>;
export declare const BUILDS: Readonly<Record<'voice' | 'chart' | 'production' | 'esm', BuildTarget>>;
export declare const SCRIPTS: readonly string[];
export declare const JS_FILES: readonly string[];
