// The public type declarations, from the declarations tsc emits for src/types.ts (which imports
// nothing, so its declaration file is the whole API).

const GLOBAL_BLOCK = /\ndeclare global \{\n[\s\S]*?\n\}\n/g;

/** dist/widget.d.ts: the script build's types (`window.ServiceWidget`). */
export const scriptTypes = (dts) => `// Type declarations of the ServiceWidget public API.\n${dts}`;

/**
 * dist/index.d.ts: the same declarations without `declare global` (an import defines no
 * window.ServiceWidget), plus the module's own exports (src/esm.ts).
 */
export function moduleTypes(dts) {
  if ((dts.match(GLOBAL_BLOCK) ?? []).length !== 1) {
    throw new Error('build: expected one `declare global` block in the types of src/types.ts');
  }
  return `// Type declarations of the ES module entry: import { init, version } from 'service-widget'.
${dts.replace(GLOBAL_BLOCK, '\n')}
/** Mounts a widget and returns its controls. \`baseUrl\` is required when imported as a module. Needs a browser. */
export declare function init(options: InitOptions): WidgetInstance;
/** The package version (semver). */
export declare const version: string;
`;
}
