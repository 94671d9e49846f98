// Subresource Integrity of the built files (dist/integrity.json, and the runtimes' hashes baked
// into widget.js and index.mjs as `__RUNTIME_INTEGRITY__`).
import { createHash } from 'node:crypto';

/** `sha384-<base64>` of some bytes, as a `<script integrity>` attribute wants it. */
export const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** dist/integrity.json's text: file -> integrity, in the order given. */
export const manifest = (integrity) => `${JSON.stringify(integrity, null, 2)}\n`;
