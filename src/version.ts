// The package version, for both builds (window.ServiceWidget.version, and `version` of the npm
// entry). Vite replaces __VERSION__ with package.json's version (vite.config.ts `define`); where
// nothing replaces it (unit tests run the sources), it is a development build.
declare const __VERSION__: string;

export const version: string = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';
