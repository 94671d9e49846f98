// The one small interface each browser engine implements for the tests (see docs/testing.md,
// "Three engines"). Everything richer (locators, waiting, roles, fill) is built once on top of it,
// in page.ts, from in-page JavaScript and trusted mouse and keyboard input. So a test reads the
// same in every engine, and an engine needs only what all three drivers can do:
// Playwright over CDP (Chromium), Puppeteer over WebDriver BiDi (Firefox), WebDriver classic (WebKit).

export type EngineName = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

export interface PageSettings {
  viewport: { width: number; height: number };
  /** Phone emulation where the engine has it (Chromium); elsewhere the viewport alone. */
  isMobile: boolean;
  colorScheme: 'light' | 'dark' | 'no-preference';
  /** navigator.languages[0]. */
  locale: string;
  /**
   * The URL the test opens first. A kept tab (Chromium, Firefox) serves a test only if it has
   * never loaded that URL's origin: an origin's storage, kept from an earlier test whose server
   * had the same port, would be this test's.
   */
  url: string;
}

export interface ConsoleEntry {
  type: string;
  text: string;
}

/** What the engine itself reports about a page (absent where the driver cannot see it: WebKit). */
export interface NativeLog {
  console: ConsoleEntry[];
  errors: string[];
  /** `METHOD url` of every request the page made. */
  requests: string[];
  /** `METHOD url errorText` of every request that failed or was aborted (`net::ERR_ABORTED`), where the engine says. */
  failed?: string[];
  /** `METHOD url` of every request whose answer was received to its end, where the engine says. */
  finished?: string[];
}

export interface DriverPage {
  goto(url: string): Promise<void>;
  /** Calls the function whose source is `source` with `args` (JSON values) in the page; awaits a promise. */
  evaluate<T>(source: string, args: unknown[]): Promise<T>;
  /** A trusted mouse click at viewport coordinates (CSS px). */
  click(x: number, y: number, clickCount?: number): Promise<void>;
  /** Moves the mouse to viewport coordinates (CSS px), e.g. off an element to end its :hover. */
  move(x: number, y: number): Promise<void>;
  /** A trusted mouse wheel turn at viewport coordinates (CSS px of scrolling). */
  wheel(x: number, y: number, deltaX: number, deltaY: number): Promise<void>;
  /** A trusted key press: `Enter`, `Escape`, `Tab`, `Shift+Tab`, `Shift+Enter`, `ArrowDown`, … */
  press(key: string): Promise<void>;
  /** Trusted key presses for each character of `text` (no newlines: use press('Shift+Enter')). */
  type(text: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  setViewport(size: { width: number; height: number }): Promise<void>;
  /** Live `prefers-color-scheme`; undefined where the driver cannot change it (Firefox, WebKit). */
  emulateColorScheme?: (scheme: 'light' | 'dark') => Promise<void>;
  addCookie(cookie: { name: string; value: string; url: string }): Promise<void>;
  /** Every cookie of the page's browser context (all origins). */
  cookies(): Promise<{ name: string; value: string; domain: string }[]>;
  /** The other tabs of this test (e.g. the portal tab the widget opened): URL and whether it has an opener. */
  otherTabs(): Promise<{ url: string; opener: boolean }[]>;
  /**
   * A second tab of the same visitor: another top-level browsing context of the same browser
   * context (cookies and localStorage shared, its own sessionStorage), blank, closed with the test.
   * Opened as a window of its own so that both stay visible (a background tab gets no animation
   * frames and throttled timers in every engine), with the same viewport.
   */
  openTab(): Promise<DriverPage>;
  native: NativeLog | null;
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** e.g. `Firefox 153.7.0esr`. */
  version(): Promise<string>;
  newPage(settings: PageSettings): Promise<DriverPage>;
  /** Ends this worker's connection (the test run's global teardown stops the processes). */
  dispose(): Promise<void>;
}

/** `Shift+Tab` → { modifiers: ['Shift'], key: 'Tab' }. */
export function splitKey(combo: string): { modifiers: string[]; key: string } {
  const parts = combo.split('+');
  const key = parts.pop() || '+';
  return { modifiers: parts, key };
}

/** Wraps a function's source so that it is called with the given arguments. */
export const callExpression = (source: string, args: unknown[]): string => `(${source})(...${JSON.stringify(args)})`;
