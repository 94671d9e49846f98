import { readFileSync } from 'node:fs';
import { minify } from 'terser';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

import { ALLOWED_TAGS, PURIFY_CONFIGS } from './src/markdown/sanitize-config.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * One build per mode. The script-tag artifacts are self-contained IIFEs (an IIFE cannot share
 * chunks). `esm` is the npm entry (dist/index.mjs): an ES module with preact, marked and dompurify
 * bundled in (one private copy: the widget configures its own Marked instance and DOMPurify, and
 * must not share or change the app's), unminified (the app's bundler minifies) and without maps.
 */
const entries: Record<string, { entry: string; fileName: string; format: 'iife' | 'es' }> = {
  production: { entry: 'src/index.ts', fileName: 'widget.js', format: 'iife' },
  voice: { entry: 'src/voice/runtime.ts', fileName: 'widget-voice.js', format: 'iife' },
  chart: { entry: 'src/chart/runtime.ts', fileName: 'widget-chart.js', format: 'iife' },
  esm: { entry: 'src/esm.ts', fileName: 'index.mjs', format: 'es' },
};

/**
 * The widget uses only marked's lexer: src/markdown/render.ts builds the DOM from the tokens
 * itself. marked ships one pre-bundled file whose default `marked` instance and parse API are
 * top-level side effects, which keep its HTML parser and renderer in every bundle. This cuts that
 * tail off and exports only what the widget imports, so tree-shaking drops the rest: 3.2 kB gzip
 * on every customer page. marked is pinned; the build fails loudly if the file changes shape.
 *
 * It also makes marked and DOMPurify cost nothing at load: marked builds its ~50 rule regexes at
 * module evaluation (about 12 ms of a 20 ms widget.js evaluation in Chromium, on every page view,
 * for a launcher that renders no markdown), and DOMPurify creates its instance. Both module bodies
 * run on first use instead (the first reply or stored message): marked's code is wrapped in a
 * function called by the first `new Lexer`/`getDefaults`, DOMPurify's instance is created by the
 * first call of any of its methods. Same code, same single file, no eval (strict CSP).
 * `WIDGET_EAGER_VENDORS=1` keeps them eager (only bench/startup.mjs uses it, to measure the gain).
 */
export function markedLexerOnly(eager = process.env.WIDGET_EAGER_VENDORS === '1'): Plugin {
  return {
    name: 'marked-lexer-only',
    transform(code, id) {
      if (/[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) {
        const created = 'var purify_default = createDOMPurify();';
        if (!code.includes(created)) this.error('marked-lexer-only: dompurify/dist/purify.es.mjs is not shaped as expected (DOMPurify upgraded?)');
        if (eager) return;
        const lazy = `let instance; var purify_default = new Proxy({}, { get(_, key) { instance ??= createDOMPurify(); const value = instance[key]; return typeof value == 'function' ? value.bind(instance) : value; } });`;
        return { code: code.replace(created, lazy), map: null };
      }
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const cut = code.indexOf('var v=new ne;');
      if (cut < 0 || !code.includes('export{A as Hooks,w as Lexer,')) {
        this.error('marked-lexer-only: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      }
      const body = code.slice(0, cut);
      if (eager) return { code: `${body}export{w as Lexer,G as getDefaults};`, map: null };
      return {
        code: `let built;
const build = () => (built ??= (() => {${body}return { Lexer: w, getDefaults: G };})());
export function Lexer(options) { return new (build().Lexer)(options); }
export const getDefaults = () => build().getDefaults();`,
        map: null,
      };
    },
  };
}

/**
 * DOMPurify ships default allowlists (every HTML tag, every HTML, SVG, MathML and XML attribute)
 * that it uses only when a config names no `ALLOWED_TAGS`/`ALLOWED_ATTR`, or asks for
 * `USE_PROFILES`. The widget's configs (src/markdown/sanitize-config.ts) always name both and no
 * profile, so those five lists are dead weight: 1.5 kB gzip on every customer page. This empties
 * them. It cannot loosen anything: the lists only ever allow. Should a config ever drop its own
 * lists, everything would be stripped, which the markdown tests would see at once.
 *
 * It also trims the SVG and MathML tag lists (five more, 0.6 kB gzip) to the widget's
 * `ALLOWED_TAGS`. DOMPurify reads them only in its namespace check, which it runs only on an
 * element whose name passed `ALLOWED_TAGS` (or an `ADD_TAGS` function, which no config here sets);
 * so for every name the check can be asked about, the trimmed list answers as the whole one did.
 * The build fails if a config allows a tag outside `ALLOWED_TAGS` or sets `ADD_TAGS`, and
 * test/browser/sanitizer.test.ts sanitizes a corpus with this DOMPurify and the untouched one and
 * expects the same output. dompurify is pinned; the build fails loudly if the file changes shape.
 */
export function dompurifyOwnListsOnly(): Plugin {
  const dead = ['html$1', 'html', 'svg', 'mathMl', 'xml'];
  const namespaced = ['svg$1', 'svgFilters', 'svgDisallowed', 'mathMl$1', 'mathMlDisallowed'];
  const allowed = new Set(ALLOWED_TAGS);
  return {
    name: 'dompurify-own-lists-only',
    transform(code, id) {
      if (!/[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return;
      const outside = PURIFY_CONFIGS.flatMap((c) => [...(c.ALLOWED_TAGS as string[]), ...(c.ADD_TAGS ? ['ADD_TAGS'] : [])]).filter((t) => !allowed.has(t));
      if (outside.length) this.error(`dompurify-own-lists-only: a DOMPurify config allows ${outside.join(', ')}, outside ALLOWED_TAGS (src/markdown/sanitize-config.ts)`);
      const found: string[] = [];
      const out = code.replace(/^const (\w+\$?1?) = freeze\(\[([^\]]*)\]\);$/gm, (whole, name: string, items: string) => {
        if (dead.includes(name)) return found.push(name), `const ${name} = freeze([]);`;
        if (!namespaced.includes(name)) return whole;
        found.push(name);
        const kept = [...items.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((t) => allowed.has(t));
        return `const ${name} = freeze(${JSON.stringify(kept)});`;
      });
      const usesOfNamespaced = [...code.matchAll(/\b(svg\$1|svgFilters|svgDisallowed|mathMl\$1|mathMlDisallowed)\b/g)].length;
      if (
        found.sort().join() != [...dead, ...namespaced].sort().join() ||
        !code.includes('USE_PROFILES.html') ||
        // declarations, default ALLOWED_TAGS, USE_PROFILES branches, the namespace lists: nothing else
        usesOfNamespaced != 17 ||
        code.match(/_checkValidNamespace\(/g)?.length != 2 ||
        !code.includes('return removed;\n\t\t}\n\t\tif (nodeType === NODE_TYPE.element && !_checkValidNamespace(currentNode)) {')
      ) {
        this.error('dompurify-own-lists-only: dompurify/dist/purify.es.mjs is not shaped as expected (dompurify upgraded?)');
      }
      return { code: out, map: null };
    },
  };
}

/**
 * DOMPurify's ES module is compiled by Babel and starts with Babel's helpers: an async-generator
 * polyfill that nothing in DOMPurify calls (kept all the same, as it patches its own prototype at
 * load) and an array-destructuring helper used once, in `clone`, on `Object.entries` pairs (always
 * arrays, for which the helper returns its argument). This drops the helpers and destructures that
 * one pair directly: sanitizing is untouched. The build fails loudly if the file changes shape.
 */
export function dompurifyNoBabelHelpers(): Plugin {
  const HELPERS = ['_OverloadYield', '_arrayLikeToArray', '_arrayWithHoles', '_iterableToArrayLimit', '_nonIterableRest', '_slicedToArray', '_unsupportedIterableToArray', 'AsyncGenerator'];
  return {
    name: 'dompurify-no-babel-helpers',
    transform(code, id) {
      if (!/[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return;
      const start = code.indexOf('function _OverloadYield(');
      const end = code.indexOf('const entries = Object.entries;');
      const call = 'var _ref3 = _slicedToArray(_ref2, 2);';
      const prelude = code.slice(start, end);
      const declared = [...prelude.matchAll(/^function (\w+)\(/gm)].map((m) => m[1]).sort().join();
      const rest = code.slice(end).replace(call, 'var _ref3 = _ref2;');
      if (start < 0 || end < start || declared != [...HELPERS].sort().join() || !code.includes(call) || HELPERS.some((h) => new RegExp(`\\b${h}\\b`).test(rest))) {
        this.error('dompurify-no-babel-helpers: dompurify/dist/purify.es.mjs is not shaped as expected (dompurify upgraded?)');
      }
      return { code: code.slice(0, start) + rest, map: null };
    },
  };
}

/**
 * The widget's DOMPurify instance is private (created lazily in `markedLexerOnly`) and only ever
 * asked to `sanitize` (src/markdown/render.ts). Its other methods, `setConfig`, `clearConfig`,
 * `isValidAttribute` and the hook API (`addHook`, `removeHook`, `removeHooks`, `removeAllHooks`),
 * are unreachable: this drops them. Without `addHook` no hook can ever be added, so running the
 * (empty) hook lists becomes a no-op the minifier drops; without `setConfig` every call parses its
 * own config (the widget passes one each time). What `sanitize` does is unchanged. The build fails
 * loudly if the file changes shape.
 */
export function dompurifySanitizeOnly(): Plugin {
  const methods = ['setConfig', 'clearConfig', 'isValidAttribute', 'addHook', 'removeHook', 'removeHooks', 'removeAllHooks'];
  return {
    name: 'dompurify-sanitize-only',
    transform(code, id) {
      if (!/[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return;
      const start = code.indexOf('\tDOMPurify.setConfig = function');
      const end = code.indexOf('\treturn DOMPurify;\n}\n', start);
      const cut = code.slice(start, end);
      const assigned = [...cut.matchAll(/^\tDOMPurify\.(\w+) = /gm)].map((m) => m[1]).join();
      if (start < 0 || end < 0 || assigned != methods.join() || /^\t(?!DOMPurify\.|\t|\};)/m.test(cut)) {
        this.error('dompurify-sanitize-only: dompurify/dist/purify.es.mjs is not shaped as expected (dompurify upgraded?)');
      }
      // Without `addHook` the hook lists stay empty for good: running them does nothing.
      let out = code.slice(0, start) + code.slice(end);
      const run = '\tfunction _executeHooks(hooks, currentNode, data) {\n\t\tif (hooks.length === 0) return;\n\t\tarrayForEach(hooks, (hook) => {\n\t\t\thook.call(DOMPurify, currentNode, data, CONFIG);\n\t\t});\n\t}';
      const fork = '_forkSharedAllowlist(hookList, set, defaultSet, setConfigSet) {\n\t\tif (hookList.length === 0) return set;';
      if (out.split(run).length != 2 || out.split(fork).length != 2 || /\bhooks\s*\[|\bhooks\s*=[^=]/.test(out.replace('let hooks = _createHooksMap();', ''))) {
        this.error('dompurify-sanitize-only: dompurify/dist/purify.es.mjs is not shaped as expected (dompurify upgraded?)');
      }
      out = out.replace(run, '\tfunction _executeHooks() {}').replace(fork, `${fork.slice(0, fork.indexOf('{') + 1)}\n\t\treturn set;`);
      return { code: out, map: null };
    },
  };
}

/**
 * DOMPurify reads about thirty config flags on every call. The widget's configs
 * (src/markdown/sanitize-config.ts) set none of the flags below, so for the widget each always
 * holds its default, and the code behind the other value (template scrubbing, whole documents,
 * XHTML parsing, profiles, named-property prefixes, unknown protocols, trusted-type or fragment
 * results, a Trusted Types policy of the caller's, custom-element checks, tags, attributes or
 * forbidden contents added to the lists, and the relaxations of its strict defaults:
 * XML-safe comments, DOM-clobbering checks, kept content, self-closing checks, the HTML namespace)
 * never runs. This makes each flag a constant holding its default, so the minifier drops that
 * code, and makes a config that sets one throw (`sanitize` fails: never a silently different
 * result). Likewise input that is neither a string nor a node (the widget gives only those) is
 * refused instead of turned into a string. No default is changed, so nothing is loosened; the
 * sanitizer browser test checks both the refusals and that the output is the published one's. The
 * build fails loudly if the file changes shape.
 */
export function dompurifyFixedFlags(): Plugin {
  // flag -> [its declaration, the statement of _parseConfig that sets it from the config]
  const fixed: Record<string, [string, RegExp]> = {
    ALLOW_UNKNOWN_PROTOCOLS: ['let ALLOW_UNKNOWN_PROTOCOLS = false;', /^\t\tALLOW_UNKNOWN_PROTOCOLS = cfg\.ALLOW_UNKNOWN_PROTOCOLS \|\| false;$/m],
    SAFE_FOR_TEMPLATES: ['let SAFE_FOR_TEMPLATES = false;', /^\t\tSAFE_FOR_TEMPLATES = cfg\.SAFE_FOR_TEMPLATES \|\| false;$/m],
    WHOLE_DOCUMENT: ['let WHOLE_DOCUMENT = false;', /^\t\tWHOLE_DOCUMENT = cfg\.WHOLE_DOCUMENT \|\| false;$/m],
    RETURN_DOM_FRAGMENT: ['let RETURN_DOM_FRAGMENT = false;', /^\t\tRETURN_DOM_FRAGMENT = cfg\.RETURN_DOM_FRAGMENT \|\| false;$/m],
    RETURN_TRUSTED_TYPE: ['let RETURN_TRUSTED_TYPE = false;', /^\t\tRETURN_TRUSTED_TYPE = cfg\.RETURN_TRUSTED_TYPE \|\| false;$/m],
    FORCE_BODY: ['let FORCE_BODY = false;', /^\t\tFORCE_BODY = cfg\.FORCE_BODY \|\| false;$/m],
    SANITIZE_NAMED_PROPS: ['let SANITIZE_NAMED_PROPS = false;', /^\t\tSANITIZE_NAMED_PROPS = cfg\.SANITIZE_NAMED_PROPS \|\| false;$/m],
    USE_PROFILES: ['let USE_PROFILES = false;', /^\t\tUSE_PROFILES = objectHasOwnProperty\(cfg, "USE_PROFILES"\) \? .*: false;$/m],
    // Defaults that are the strict value: fixed as they are.
    ALLOW_SELF_CLOSE_IN_ATTR: ['let ALLOW_SELF_CLOSE_IN_ATTR = true;', /^\t\tALLOW_SELF_CLOSE_IN_ATTR = cfg\.ALLOW_SELF_CLOSE_IN_ATTR !== false;$/m],
    SAFE_FOR_XML: ['let SAFE_FOR_XML = true;', /^\t\tSAFE_FOR_XML = cfg\.SAFE_FOR_XML !== false;$/m],
    SANITIZE_DOM: ['let SANITIZE_DOM = true;', /^\t\tSANITIZE_DOM = cfg\.SANITIZE_DOM !== false;$/m],
    KEEP_CONTENT: ['let KEEP_CONTENT = true;', /^\t\tKEEP_CONTENT = cfg\.KEEP_CONTENT !== false;$/m],
    NAMESPACE: ['let NAMESPACE = HTML_NAMESPACE;', /^\t\tNAMESPACE = typeof cfg\.NAMESPACE === "string" \? cfg\.NAMESPACE : HTML_NAMESPACE;$/m],
    PARSER_MEDIA_TYPE: ['let PARSER_MEDIA_TYPE = null;', /^\t\tPARSER_MEDIA_TYPE = SUPPORTED_PARSER_MEDIA_TYPES\.indexOf\(cfg\.PARSER_MEDIA_TYPE\) === -1 \? DEFAULT_PARSER_MEDIA_TYPE : cfg\.PARSER_MEDIA_TYPE;$/m],
  };
  const declared: Record<string, string> = { PARSER_MEDIA_TYPE: 'const PARSER_MEDIA_TYPE = "text/html";' };
  const caseFunc = ['let transformCaseFunc = null;', /^\t\ttransformCaseFunc = PARSER_MEDIA_TYPE === "application\/xhtml\+xml" \? stringToString : stringToLowerCase;$/m] as const;
  return {
    name: 'dompurify-fixed-flags',
    transform(code, id) {
      if (!/[\\/]dompurify[\\/]dist[\\/]purify\.es\.mjs$/.test(id)) return;
      const fail = () => this.error('dompurify-fixed-flags: dompurify/dist/purify.es.mjs is not shaped as expected (dompurify upgraded?)');
      let out = code;
      const swap = (from: string | RegExp, to: string) => {
        const matches = typeof from == 'string' ? out.split(from).length - 1 : (out.match(new RegExp(from.source, 'gm')) ?? []).length;
        if (matches != 1) fail();
        out = out.replace(from, () => to);
      };
      for (const [flag, [declaration, parse]] of Object.entries(fixed)) {
        swap(declaration, declared[flag] ?? declaration.replace('let', 'const'));
        swap(parse, '');
      }
      // A config of its own Trusted Types policy: never given, so the policy is always DOMPurify's
      // default one (whose callbacks return their argument, so they cannot call `sanitize` again:
      // the re-entry guard around them has nothing to guard).
      const policy = out.indexOf('\t\tif (cfg.TRUSTED_TYPES_POLICY) {');
      const kept = '\t\t} else {\n\t\t\tif (trustedTypesPolicy === void 0) trustedTypesPolicy = _getDefaultTrustedTypesPolicy();\n\t\t\tif (trustedTypesPolicy && typeof emptyHTML === "string") emptyHTML = _createTrustedHTML("");\n\t\t}\n';
      const end = out.indexOf(kept, policy);
      if (policy < 0 || end < 0 || out.slice(policy, end).split('\n').length != 15) fail();
      out = out.slice(0, policy) + kept.slice(kept.indexOf('\t\t\t'), kept.lastIndexOf('\t\t}')) + out.slice(end + kept.length);
      swap(/^\t\tif \(IN_TRUSTED_TYPES_POLICY > 0\) throw typeErrorCreate\(.*\);$/m, '');
      for (const make of ['createHTML(html)', 'createScriptURL(scriptUrl)']) {
        swap(`\t\t_assertNotInTrustedTypesPolicy();\n\t\tIN_TRUSTED_TYPES_POLICY++;\n\t\ttry {\n\t\t\treturn trustedTypesPolicy.${make};\n\t\t} finally {\n\t\t\tIN_TRUSTED_TYPES_POLICY--;\n\t\t}`, `\t\treturn trustedTypesPolicy.${make};`);
      }
      if (/IN_TRUSTED_TYPES_POLICY\s*(\+\+|--|>)|TRUSTED_TYPES_POLICY\b(?! = 0)(?<!IN_TRUSTED_TYPES_POLICY)/.test(out)) fail();
      // Custom elements and the ADD_* options: no config of the widget's names a custom-element
      // check or adds tags, attributes or forbidden contents, so only the allowlists decide.
      const cut = (first: string, last: string, lines: number) => {
        const a = out.indexOf(first);
        const b = out.indexOf(last, a) + last.length;
        if (a < 0 || b < last.length || out.indexOf(first, a + 1) >= 0 || out.slice(a, b).split('\n').length != lines) fail();
        out = out.slice(0, a) + out.slice(b);
      };
      cut('\t\tconst customElementHandling = _resolveObjectOption(cfg, "CUSTOM_ELEMENT_HANDLING"', '\t\tseal(CUSTOM_ELEMENT_HANDLING);\n', 7);
      cut('\t\tEXTRA_ELEMENT_HANDLING.tagCheck = null;\n', '\t\t\taddToSet(FORBID_CONTENTS, cfg.ADD_FORBID_CONTENTS, transformCaseFunc);\n\t\t}\n', 21);
      cut('\tconst EXTRA_ELEMENT_HANDLING = Object.seal(create(null, {\n', '\t}));\n', 15);
      swap('\t\tif (!FORBID_TAGS[tagName] && _isBasicCustomElement(tagName) && _matchesNameCheck(CUSTOM_ELEMENT_HANDLING.tagNameCheck, tagName)) return false;\n', '');
      swap('if (FORBID_TAGS[tagName] || !(EXTRA_ELEMENT_HANDLING.tagCheck instanceof Function && EXTRA_ELEMENT_HANDLING.tagCheck(tagName)) && !ALLOWED_TAGS[tagName]) {', 'if (FORBID_TAGS[tagName] || !ALLOWED_TAGS[tagName]) {');
      swap('const nameIsPermitted = ALLOWED_ATTR[lcName] || EXTRA_ELEMENT_HANDLING.attributeCheck instanceof Function && EXTRA_ELEMENT_HANDLING.attributeCheck(lcName, lcTag);', 'const nameIsPermitted = ALLOWED_ATTR[lcName];');
      swap(/^\t\tif \(!nameIsPermitted\) return _isBasicCustomElement\(lcTag\) && _matchesNameCheck\(CUSTOM_ELEMENT_HANDLING\.tagNameCheck, lcTag\) && .*;$/m, '\t\tif (!nameIsPermitted) return false;');
      if (/(EXTRA|CUSTOM)_ELEMENT_HANDLING\.|\bEXTRA_ELEMENT_HANDLING\b|cfg\.ADD_(TAGS|ATTR|FORBID)/.test(out)) fail();
      // Every fixed flag in one check (one statement, not one per flag): a config that sets one throws.
      const flags = [...Object.keys(fixed), 'TRUSTED_TYPES_POLICY', 'CUSTOM_ELEMENT_HANDLING', 'ADD_TAGS', 'ADD_ATTR', 'ADD_FORBID_CONTENTS'];
      swap('\t\tcfg = clone(cfg);\n', `\t\tcfg = clone(cfg);\n\t\tfor (const flag of ${JSON.stringify(flags)}) if (objectHasOwnProperty(cfg, flag)) throw typeErrorCreate("DOMPurify: " + flag + " is not built into this widget");\n`);
      // The widget gives `sanitize` a string or a node, nothing it would have to turn into a string.
      swap('\t\t\tdirty = stringifyValue(dirty);\n\t\t\tif (typeof dirty !== "string") throw typeErrorCreate("dirty is not a string, aborting");', '\t\t\tthrow typeErrorCreate("dirty is not a string, aborting");');
      swap(caseFunc[0], 'const transformCaseFunc = stringToLowerCase;');
      swap(caseFunc[1], '');
      // Nothing else may set a fixed flag (it is a constant now): only its declaration assigns it
      // (`transformCaseFunc` is also the name of a parameter of the module's `addToSet`).
      for (const flag of [...Object.keys(fixed), 'transformCaseFunc']) {
        const assigned = (out.match(new RegExp(`[^.\\w]${flag}\\s*=[^=]`, 'g')) ?? []).length;
        if (assigned != (flag == 'transformCaseFunc' ? 2 : 1)) fail();
      }
      // Module constants made by DOMPurify's own pure helpers (`freeze`, `seal`, `unapply`,
      // `unconstruct`) are marked pure, so that those no code reads any more (the template
      // expressions, the emptied default lists) are dropped too.
      const constants = /^const (\w+) = (freeze|seal|unapply|unconstruct)\(/gm;
      if ((out.match(constants) ?? []).length < 40) fail();
      out = out.replace(constants, 'const $1 = /* @__PURE__ */ $2(');
      return { code: out, map: null };
    },
  };
}

/**
 * marked's lexer asks its options, at each step, whether `pedantic` is on and whether extensions
 * or hooks add tokenizers. src/markdown/render.ts lexes with `gfm: true`, `breaks: false` and none
 * of the others (the same options `markedGfmRulesOnly` relies on): this writes those reads as
 * the values they always have there, so the minifier drops the pedantic-only branches and the
 * extension hooks. The Lexer's and Tokenizer's fallback to marked's module defaults (when given no
 * options) goes too, and the defaults with it. Every rule the widget lexes with is untouched. The
 * build fails loudly if marked changes shape.
 */
export function markedFixedOptions(): Plugin {
  const reads: [string, string, number][] = [
    ['this.options.pedantic', '!1', 21],
    ['this.options.extensions', 'null', 10],
    ['this.options.hooks', 'null', 2],
    ['this.options.gfm', '!0', 3],
    ['this.options.breaks', '!1', 1],
    ['this.options.silent', '!1', 3],
  ];
  return {
    name: 'marked-fixed-options',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const fail = () => this.error('marked-fixed-options: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      // `this.options = options || defaults` in the constructors of the Lexer and the Tokenizer:
      // the widget always gives the Lexer its options, and the Lexer gives its Tokenizer the same
      // (`this.tokenizer.options = this.options`) before any use, so marked's module defaults are
      // never read (and go).
      const constructors: { start: number; end: number; value: { params: { name?: string }[] } }[] = [];
      const walk = (n: any) => {
        if (!n || typeof n.type != 'string') return;
        if (n.type == 'ClassBody' && n.body.some((m: any) => ['blockTokens', 'inlineText'].includes(m.key?.name))) constructors.push(n.body.find((m: any) => m.kind == 'constructor'));
        for (const v of Object.values(n)) Array.isArray(v) ? v.forEach(walk) : v && typeof v == 'object' && walk(v);
      };
      walk(this.parse(code));
      const edits = constructors.map((c) => {
        const param = c?.value.params[0]?.name;
        const body = c ? code.slice(c.start, c.end) : '';
        const found = body.match(new RegExp(`this\\.options=${param}\\|\\|\\w+`, 'g')) ?? [];
        if (!param || found.length != 1) fail();
        const at = c.start + body.indexOf(found[0]!);
        return { start: at, end: at + found[0]!.length, text: `this.options=${param}` };
      });
      if (edits.length != 2 || !constructors.some((c) => code.slice(c.start, c.end).includes('this.tokenizer.options=this.options'))) fail();
      let out = apply(code, edits);
      for (const [read, value, count] of reads) {
        if (out.split(read).length - 1 != count || new RegExp(`${read.replace(/\./g, '\\.')}\\s*=[^=]`).test(out)) fail();
        out = out.split(read).join(value);
      }
      return { code: out, map: null };
    },
  };
}

/**
 * A second minifier pass: terser over what oxc made of a script-tag artifact (widget.js and the
 * runtimes). Each finds savings the other leaves: together 0.4 kB gzip less on widget.js than oxc
 * alone (terser alone does worse than oxc). Safe options only (no `unsafe*`, no `pure_getters`:
 * DOMPurify reads DOM getters for their effects). The source map is carried through.
 */
export function terserAfterOxc(): Plugin {
  return {
    name: 'terser-after-oxc',
    apply: 'build',
    async generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type != 'chunk') continue;
        // The map is already an asset of the bundle, and the `//# sourceMappingURL` line is
        // already at the end of the code: the map is rewritten, the line kept as it is.
        const asset = bundle[`${chunk.fileName}.map`];
        const map = asset?.type == 'asset' ? asset : undefined;
        const link = /\n\/\/# sourceMappingURL=[^\n]*\n?$/.exec(chunk.code)?.[0] ?? '';
        const out = await minify(chunk.code.slice(0, chunk.code.length - link.length), {
          compress: { passes: 3 },
          mangle: true,
          sourceMap: map ? { content: String(map.source), filename: chunk.fileName } : false,
        });
        chunk.code = out.code! + link;
        if (map) map.source = out.map as string;
      }
    },
  };
}

/**
 * marked keeps its helper regexes in one object (`rules.other`). Some are read only by its HTML
 * renderer and parser (not in the bundle: `markedLexerOnly`), by `pedantic` branches (dropped:
 * `markedFixedOptions`), by `Lexer#lex` (dropped: `markedUnusedLexerEntries`) or by the rule
 * builder (`caret`: every rule is prebuilt, `markedPrebuiltRules`), so nothing the widget runs
 * reads them; this leaves them out of the object.
 * If any code left in a built file still names one of them, the build fails (it would read
 * `undefined`); so does a marked whose object no longer has them all.
 */
export function markedUnusedOtherRules(): Plugin {
  const unused = ['outputLinkReplace', 'listReplaceNesting', 'pedanticHrefTitle', 'pedanticHeadingBeginRegex', 'escapeTest', 'escapeReplace',
    'escapeTestNoEncode', 'escapeReplaceNoEncode', 'percentDecode', 'spaceLine', 'notSpaceStart', 'endingNewline', 'carriageReturn', 'caret'];
  type Node = { type: string; start: number; end: number; [k: string]: any };
  return {
    name: 'marked-unused-other-rules',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      let other: Node | undefined;
      walkDeclarators(this.parse(code), (d) => {
        if (d.init.type == 'ObjectExpression' && d.init.properties.some((p: Node) => p.key?.name == 'codeRemoveIndent')) other = d.init;
      });
      const props: Node[] = other?.properties ?? [];
      const drop = props.filter((p) => unused.includes(p.key?.name));
      if (drop.length != unused.length || props.at(-1) && drop.includes(props.at(-1)!)) {
        this.error('marked-unused-other-rules: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      }
      // Each property with the comma after it (none of them is the last).
      const edits = drop.map((p) => ({ start: p.start, end: props[props.indexOf(p) + 1]!.start, text: '' }));
      return { code: apply(code, edits), map: null };
    },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type != 'chunk' || !chunk.code.includes('codeRemoveIndent')) continue;
        const named = unused.filter((name) => new RegExp(`\\b${name}\\b`).test(chunk.code));
        if (named.length) this.error(`marked-unused-other-rules: ${chunk.fileName} still reads ${named.join(', ')}`);
      }
    },
  };
}

/** Applies non-overlapping text edits (positions in `code`). */
function apply(code: string, edits: { start: number; end: number; text: string }[]): string {
  let out = code;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Calls `visit` with every `name = init` declarator of the syntax tree. */
function walkDeclarators(tree: unknown, visit: (d: any) => void): void {
  const walk = (n: any) => {
    if (!n || typeof n.type != 'string') return;
    if (n.type == 'VariableDeclarator' && n.id.type == 'Identifier' && n.init) visit(n);
    for (const v of Object.values(n)) Array.isArray(v) ? v.forEach(walk) : v && typeof v == 'object' && walk(v);
  };
  walk(tree);
}

/** How often each name is read (declarations and property keys are not reads). */
function references(tree: unknown): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (n: any, parent: any, key: string) => {
    if (!n || typeof n.type != 'string') return;
    if (n.type == 'Identifier') {
      const declared = parent?.type == 'VariableDeclarator' && key == 'id';
      const propertyKey = (parent?.type == 'Property' && key == 'key' && !parent.computed && !parent.shorthand) || (parent?.type == 'MemberExpression' && key == 'property' && !parent.computed);
      if (!declared && !propertyKey) counts.set(n.name, (counts.get(n.name) ?? 0) + 1);
    }
    for (const [k, v] of Object.entries(n)) Array.isArray(v) ? v.forEach((c) => walk(c, n, k)) : v && typeof v == 'object' && walk(v, n, k);
  };
  walk(tree, null, '');
  return counts;
}

/**
 * `out` with every declarator that `code` read and `out` no longer reads set to `void 0`, until
 * none is left (null if that does not settle): the regexes and sources only the code cut from
 * `code` used. Their initialisers (`g(…).replace(…).getRegex()` calls) are not known to be pure,
 * so the minifier would keep them.
 */
function dropOrphans(parse: (code: string) => unknown, code: string, out: string): string | null {
  const before = references(parse(code));
  for (let round = 0; round < 8; round++) {
    const tree = parse(out);
    const after = references(tree);
    const orphans: { start: number; end: number; text: string }[] = [];
    walkDeclarators(tree, (d) => {
      const name = d.id.name as string;
      if ((before.get(name) ?? 0) > 0 && !after.get(name) && out.slice(d.init.start, d.init.end) != 'void 0') {
        orphans.push({ start: d.init.start, end: d.init.end, text: 'void 0' });
      }
    });
    if (!orphans.length) return out;
    out = apply(out, orphans);
  }
  return null;
}

/**
 * marked keeps a `normal` (CommonMark) rule set beside the `gfm` one, which it builds as
 * `{ ...normal, <the rules GFM changes> }`. The widget always lexes with `gfm: true`
 * (src/markdown/render.ts, `markedFixedOptions`), so the `normal` values of the rules GFM replaces
 * (block `lheading`, `paragraph`, `table`; inline emphasis and strikethrough delimiters, `url`,
 * `text`…) are built and never read. This makes every read of the two rule tables
 * (`{normal, gfm, pedantic}` and `{normal, gfm, breaks, pedantic}`, read only by the `Lexer`
 * constructor once `markedUnusedLexerEntries` has dropped `Lexer.rules`) read the `gfm` set, and
 * leaves those values out of `normal` (what the `gfm` set holds is unchanged: same rule for every
 * name), then drops the tables and the regexes only they used. It also leaves out GFM's inline
 * `del` rule, which nothing reads (a leftover: the tokenizer finds strikethrough with the
 * `delLDelim`/`delRDelim` rules). Found by shape in the syntax tree; the build fails loudly if
 * marked changes shape.
 */
export function markedGfmRulesOnly(): Plugin {
  type Node = { type: string; start: number; end: number; [k: string]: any };
  return {
    name: 'marked-gfm-rules-only',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const fail = () => this.error('marked-gfm-rules-only: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      const declarators = new Map<string, Node>();
      walkDeclarators(this.parse(code), (d) => declarators.set(d.id.name, d));
      const keys = (d: Node) => d.init.properties.map((p: Node) => `${p.key?.name}:${p.value?.type}`).join();
      const tables = [...declarators.values()].filter((d) => d.init.type == 'ObjectExpression' && d.init.properties.some((p: Node) => p.key?.name == 'gfm'));
      const block = tables.find((d) => keys(d) == 'normal:Identifier,gfm:Identifier,pedantic:Identifier');
      const inline = tables.find((d) => keys(d) == 'normal:Identifier,gfm:Identifier,breaks:Identifier,pedantic:Identifier');
      if (tables.length != 2 || !block || !inline) return fail();
      const edits: { start: number; end: number; text: string }[] = [];
      const normals: string[] = [];
      const tree = this.parse(code);
      const refs = references(tree);
      const members: Node[] = [];
      const patterns: Node[] = [];
      const walk = (n: any) => {
        if (!n || typeof n.type != 'string') return;
        if (n.type == 'MemberExpression' && n.object.type == 'Identifier') members.push(n);
        if (n.type == 'ObjectPattern') patterns.push(n);
        for (const v of Object.values(n)) Array.isArray(v) ? v.forEach(walk) : v && typeof v == 'object' && walk(v);
      };
      walk(tree);
      for (const table of [block, inline]) {
        const entry = (key: string) => table.init.properties.find((p: Node) => p.key.name == key).value as Node;
        const normal = entry('normal').name as string;
        const gfm = entry('gfm').name as string;
        // gfm = { ...normal, overrides }: normal's values for the overridden names are never read.
        const set = declarators.get(gfm)?.init as Node | undefined;
        const base = declarators.get(normal)?.init as Node | undefined;
        const [spread, ...own] = set?.type == 'ObjectExpression' ? (set.properties as Node[]) : [];
        if (!set || base?.type != 'ObjectExpression' || spread?.type != 'SpreadElement' || spread.argument.name != normal || !own.length
          || own.some((p) => p.type != 'Property' || p.computed || p.key.type != 'Identifier')) return fail();
        const replaced = new Set(own.map((p) => p.key.name as string));
        const props = base.properties as Node[];
        if (props.some((p) => p.type != 'Property' || p.computed || p.key.type != 'Identifier')) return fail();
        const dead = props.filter((p) => replaced.has(p.key.name));
        if (dead.length != replaced.size) return fail(); // every override replaces a rule of normal
        const kept = props.filter((p) => !dead.includes(p)).map((p) => code.slice(p.start, p.end));
        edits.push({ start: base.start, end: base.end, text: `{${kept.join(',')}}` });
        // GFM's own `del` rule, which no code reads (strikethrough is found with `delLDelim` and
        // `delRDelim`): no `inline.del`, and no destructuring names a `del`.
        if (table == inline) {
          const del = own.filter((p) => p.key.name == 'del');
          if (del.length != 1 || /\binline\.del\b/.test(code) || patterns.some((p) => p.properties.some((q: Node) => q.key?.name == 'del'))) return fail();
          const rest = [spread, ...own.filter((p) => p.key.name != 'del')].map((p) => code.slice(p.start, p.end));
          edits.push({ start: set.start, end: set.end, text: `{${rest.join(',')}}` });
        }
        // Every read of the table (`table.normal`, `table.gfm`, …) reads the gfm set.
        const name = table.id.name as string;
        const reads = members.filter((m) => m.object.name == name);
        if (!reads.length || reads.length != refs.get(name) || reads.some((m) => m.computed || !keys(table).includes(`${m.property.name}:`))) return fail();
        for (const m of reads) edits.push({ start: m.start, end: m.end, text: gfm });
        normals.push(normal);
      }
      const out = dropOrphans((text) => this.parse(text), code, apply(code, edits));
      if (out == null) return fail();
      // The normal sets are now read only where the gfm sets spread them.
      const read = references(this.parse(out));
      if (normals.some((name) => read.get(name) != 1)) return fail();
      return { code: out, map: null };
    },
  };
}

/**
 * marked's `Lexer` has entry points the widget never calls: src/markdown/render.ts creates a lexer
 * and runs `blockTokens` and `inlineTokens` itself (so that it can skip the inline scan of costly
 * runs), and `markedLexerOnly` exports only a function that creates one. The static `lex`,
 * `lexInline` and `rules` and the method `lex` (with its line-ending rule) are unreachable: this
 * drops them. Found by shape in the syntax tree (the class with `blockTokens`); the build fails
 * loudly if marked changes shape.
 */
export function markedUnusedLexerEntries(): Plugin {
  type Node = { type: string; start: number; end: number; [k: string]: any };
  const unused = ['static get rules', 'static method lex', 'static method lexInline', 'method lex'];
  return {
    name: 'marked-unused-lexer-entries',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const bodies: Node[] = [];
      const walk = (n: any) => {
        if (!n || typeof n.type != 'string') return;
        if (n.type == 'ClassBody' && n.body.some((m: Node) => m.type == 'MethodDefinition' && m.key.name == 'blockTokens')) bodies.push(n);
        for (const v of Object.values(n)) Array.isArray(v) ? v.forEach(walk) : v && typeof v == 'object' && walk(v);
      };
      walk(this.parse(code));
      const members: Node[] = bodies.length == 1 ? bodies[0]!.body : [];
      const name = (m: Node) => `${m.static ? 'static ' : ''}${m.kind} ${m.key?.name}`;
      const drop = members.filter((m) => m.type == 'MethodDefinition' && unused.includes(name(m)));
      if (drop.length != unused.length || new Set(drop.map(name)).size != unused.length) {
        this.error('marked-unused-lexer-entries: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      }
      return { code: apply(code, drop.map((m) => ({ start: m.start, end: m.end, text: '' }))), map: null };
    },
  };
}

/**
 * marked's lexer checks, as it lexes, whether its tokenizer's `paragraph`, `emStrong` and `del`
 * are still marked's own (only `marked.use` can replace them, and the widget's bundle has no
 * `marked` instance: `markedLexerOnly`). The widget's options name no tokenizer, so each lexer
 * uses marked's own `Tokenizer`, and these checks always give the same answer: this writes them as
 * that answer. The build fails loudly if marked changes shape.
 */
export function markedOwnTokenizer(): Plugin {
  type Node = { type: string; start: number; end: number; [k: string]: any };
  const checked = ['paragraph', 'emStrong', 'del'];
  return {
    name: 'marked-own-tokenizer',
    transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const tree = this.parse(code);
      // The Tokenizer class: the one with `inlineText`.
      let tokenizer: string | undefined;
      walkDeclarators(tree, (d) => {
        if (d.init.type == 'ClassExpression' && d.init.body.body.some((m: Node) => m.key?.name == 'inlineText')) tokenizer = d.id.name;
      });
      // `this.tokenizer.<name> === <Tokenizer>.prototype.<name>` (or `!==`)
      const checks: Node[] = [];
      const member = (n: Node, object: (o: Node) => boolean) => n.type == 'MemberExpression' && !n.computed && object(n.object) ? n.property.name as string : undefined;
      const walk = (n: any) => {
        if (!n || typeof n.type != 'string') return;
        if (n.type == 'BinaryExpression' && (n.operator == '===' || n.operator == '!==')) {
          const own = member(n.left, (o) => member(o, (t) => t.type == 'ThisExpression') == 'tokenizer');
          const original = member(n.right, (o) => member(o, (c) => c.type == 'Identifier' && c.name == tokenizer) == 'prototype');
          if (own && own == original) checks.push(n);
        }
        for (const v of Object.values(n)) Array.isArray(v) ? v.forEach(walk) : v && typeof v == 'object' && walk(v);
      };
      walk(tree);
      if (!tokenizer || checks.map((n) => n.left.property.name).join() != checked.join()) {
        this.error('marked-own-tokenizer: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?)');
      }
      return { code: apply(code, checks.map((n) => ({ start: n.start, end: n.end, text: n.operator == '===' ? '!0' : '!1' }))), map: null };
    },
  };
}

/**
 * marked builds each of its rules when its module body runs, from fragments spliced into one
 * another (`edit(/…label…/).replace('label', …).getRegex()`): the same fragments (the block tag
 * list, the e-mail pattern, …) many times over, plus the code that splices them, in every
 * widget.js. The result is fixed (marked is pinned): this writes each rule of the sets the widget
 * lexes with as the pattern marked builds, taken at build time from marked itself (`Lexer.rules`),
 * and drops the fragments and builders nothing else uses. Each rule is still made with `RegExp`,
 * on first use as before, from the same pattern and flags, so it is the same rule. The two rules
 * marked builds differently where a browser lacks lookbehind (`blockSkip`, GFM inline `text`) get
 * both of marked's patterns, picked by marked's own lookbehind probe as before (the one without
 * is taken from marked run with its probe answering no). The patterns are strings to `RegExp`,
 * never literals, so a browser without lookbehind never parses one. The build fails loudly if
 * marked changes shape.
 */
export function markedPrebuiltRules(): Plugin {
  type Node = { type: string; start: number; end: number; [k: string]: any };
  type Rules = Record<'block' | 'inline', { gfm: Record<string, unknown> }>;
  const withProbe = ['inline:blockSkip', 'inline:text'];
  // A tagged template keeps the pattern as written (its raw text: no escaping), but for a
  // backtick, which it writes as `\x60` (the same character to the pattern, escaped or not).
  const written = (rule: RegExp) => `__markedRule("${rule.flags}")\`${rule.source.replace(/\\[^]|`/g, (c) => (c.at(-1) == '`' ? '\\x60' : c))}\``;
  return {
    name: 'marked-prebuilt-rules',
    async transform(code, id) {
      if (!/[\\/]marked[\\/]lib[\\/]marked\.esm\.js$/.test(id)) return;
      const fail = (why: string): never => this.error(`marked-prebuilt-rules: marked/lib/marked.esm.js is not shaped as expected (marked upgraded?): ${why}`);
      // The lookbehind probe: `var x = ((s) => { try { return !!new RegExp('(?<=1)(?<!1)' + s) } … })()`.
      const probeOf = (tree: unknown) => {
        const found: Node[] = [];
        walkDeclarators(tree, (d) => {
          if (d.init.type == 'CallExpression' && JSON.stringify(d.init).includes('"(?<=1)(?<!1)"')) found.push(d);
        });
        return found.length == 1 ? found[0]! : fail('no lookbehind probe');
      };
      // marked's rules as it builds them, with the probe's answer and without lookbehind.
      const pristine = readFileSync(id, 'utf8');
      const noLookbehind = apply(pristine, [{ ...probeOf(this.parse(pristine)).init, text: '!1' }]);
      const rulesOf = async (text: string) => (await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`)).Lexer.rules as Rules;
      const [marked, markedWithout] = [await rulesOf(pristine), await rulesOf(noLookbehind)];

      const tree = this.parse(code);
      const declarators = new Map<string, Node>();
      walkDeclarators(tree, (d) => declarators.set(d.id.name, d));
      const probe = probeOf(tree).id.name as string;
      // Every identifier an expression reads, through the module's declarators.
      const reads = (n: Node, seen = new Set<string>()): Set<string> => {
        const walk = (x: any, parent: any, key: string) => {
          if (!x || typeof x.type != 'string') return;
          if (x.type == 'Identifier' && !(parent?.type == 'MemberExpression' && key == 'property' && !parent.computed) && !(parent?.type == 'Property' && key == 'key' && !parent.computed)) {
            if (!seen.has(x.name)) {
              seen.add(x.name);
              const d = declarators.get(x.name);
              if (d) walk(d.init, d, 'init');
            }
          }
          for (const [k, v] of Object.entries(x)) Array.isArray(v) ? v.forEach((c) => walk(c, x, k)) : v && typeof v == 'object' && walk(v, x, k);
        };
        walk(n, null, '');
        return seen;
      };
      // The lexer's rules: `{ other, block, inline }` in its constructor.
      const sets: Node[] = [];
      const walk = (n: any) => {
        if (!n || typeof n.type != 'string') return;
        if (n.type == 'ObjectExpression' && n.properties.map((p: Node) => `${p.key?.name}:${p.value?.type}`).join() == 'other:Identifier,block:Identifier,inline:Identifier') sets.push(n);
        for (const v of Object.values(n)) Array.isArray(v) ? v.forEach(walk) : v && typeof v == 'object' && walk(v);
      };
      walk(tree);
      if (sets.length != 1) return fail('no rule sets');
      const edits: { start: number; end: number; text: string }[] = [];
      const probed: string[] = [];
      let prebuilt = 0;
      for (const kind of ['block', 'inline'] as const) {
        // The gfm set, `{ ...base, own }`, and its base.
        const name = sets[0]!.properties.find((p: Node) => p.key.name == kind).value.name as string;
        const set = declarators.get(name)?.init as Node | undefined;
        const base = declarators.get(set?.properties?.[0]?.argument?.name)?.init as Node | undefined;
        if (set?.type != 'ObjectExpression' || set.properties[0].type != 'SpreadElement' || base?.type != 'ObjectExpression') return fail(`${kind} set`);
        const props = [...base.properties, ...set.properties.slice(1)] as Node[];
        const rules = marked[kind].gfm;
        if (props.some((p) => p.type != 'Property' || p.computed) || props.map((p) => p.key.name).sort().join() != Object.keys(rules).filter((k) => !(kind == 'inline' && k == 'del')).sort().join()) {
          return fail(`${kind} rule names`);
        }
        for (const p of props) {
          const [rule, without] = [rules[p.key.name], markedWithout[kind].gfm[p.key.name]];
          const literal = (n: Node): boolean => n.type == 'Literal' || (n.type == 'Identifier' && !!declarators.get(n.name) && literal(declarators.get(n.name)!.init));
          if (literal(p.value) || !(rule instanceof RegExp) || !(without instanceof RegExp)) continue; // written as a literal already, or the no-op rule
          if (rule.source.includes('${') || without.source.includes('${')) return fail(`\${ in ${kind}.${p.key.name}`);
          if (/\(\?<[=!]/.test(without.source)) return fail(`lookbehind in ${kind}.${p.key.name} without lookbehind`);
          if (reads(p.value).has(probe)) {
            if (rule.source == without.source) return fail(`${kind}.${p.key.name} is the same without lookbehind (has this Node none?)`);
            probed.push(`${kind}:${p.key.name}`);
            edits.push({ start: p.value.start, end: p.value.end, text: `${probe}?${written(rule)}:${written(without)}` });
          } else {
            if (rule.source != without.source || rule.flags != without.flags) return fail(`${kind}.${p.key.name} depends on lookbehind`);
            edits.push({ start: p.value.start, end: p.value.end, text: written(rule) });
          }
          prebuilt++;
        }
      }
      if (probed.join() != withProbe.join() || prebuilt < 20) return fail(`probed: ${probed.join()}, prebuilt ${prebuilt}`);
      const out = dropOrphans((text) => this.parse(text), code, `var __markedRule=(f)=>(s)=>RegExp(s.raw[0],f);${apply(code, edits)}`);
      return out == null ? fail('orphans') : { code: out, map: null };
    },
  };
}

/** What every build does to the pinned marked and DOMPurify (the tests bundle with them too). */
export const vendorPlugins = (): Plugin[] => [
  markedUnusedLexerEntries(),
  markedGfmRulesOnly(),
  markedOwnTokenizer(),
  markedPrebuiltRules(),
  markedFixedOptions(),
  markedUnusedOtherRules(),
  markedLexerOnly(),
  dompurifyOwnListsOnly(),
  dompurifyNoBabelHelpers(),
  dompurifySanitizeOnly(),
  dompurifyFixedFlags(),
];

export default defineConfig(({ mode }): UserConfig => {
  const target = entries[mode];
  if (!target) throw new Error(`unknown build mode ${mode}: use one of ${Object.keys(entries).join(', ')}`);
  return {
    publicDir: false,
    logLevel: 'warn',
    plugins: [...vendorPlugins(), ...(target.format === 'iife' ? [terserAfterOxc()] : [])],
    define: { __VERSION__: JSON.stringify(version) },
    // Production JSX whatever NODE_ENV the build runs under (vitest sets `test`, which would
    // otherwise compile the development JSX runtime's calls with source locations into widget.js).
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
    build: {
      target: 'es2022',
      outDir: 'dist',
      // scripts/build.mjs empties dist/ once, then builds the runtimes before widget.js.
      emptyOutDir: false,
      sourcemap: target.format === 'iife',
      minify: target.format === 'iife',
      lib: { entry: target.entry, formats: [target.format], name: '__serviceWidgetBundle', fileName: () => target.fileName },
    },
  };
});
