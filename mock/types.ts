// Types shared across the mock's modules.
import type { MockState } from './state';
import type { ScenarioName } from './scenarios';

export interface MockSettings {
  /** `/config` → `voice.configured`; false makes POST /voice/session answer 409. @default true */
  voiceConfigured: boolean;
  /** `/config` → `connected_accounts.enabled`. @default true */
  connectedAccounts: boolean;
  /** `/config` → `read_only` (the `read-only` scenario also sets it). @default false */
  readOnly: boolean;
  /** `/config` → `title`; undefined leaves it out. */
  title?: string;
  /** `/config` → `welcome`; undefined leaves it out. */
  welcome?: string;
  /** `/config` → `suggestions`, sent as given (tests pass malformed ones too); undefined leaves it out. */
  suggestions?: unknown;
  /** Pause between the `long` scenario's ~3,000 chunks; undefined: at most 2 ms (the whole answer in seconds). */
  longChunkDelayMs?: number;
}

/** One request as it reached the mock (for tests to assert what went on the wire). */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/widget/conversations?limit=20`. */
  path: string;
  url: string;
  /** Lowercased header names. */
  headers: Record<string, string>;
  /** Parsed JSON, the raw text when not JSON, or null without a body. */
  body: unknown;
}

/** What the handlers need from the service object. */
export interface MockContext {
  publicId: string;
  secret: string;
  state: MockState;
  requests: RecordedRequest[];
  scenario(): ScenarioName;
  settings(): MockSettings;
  chunkDelayMs(): number;
  /** While a test holds the replies (`hold()`), what a new reply waits for before its first frame. */
  held(): Promise<void> | undefined;
  /**
   * A reply the service is still writing for a page that went away (`reload-mid-reply`): `store`
   * stores it, at the end of its writing time or when a test calls `finish()`, whichever is first.
   */
  writing(store: () => void): void;
}

/** One authenticated request, as a route of the mock sees it. */
export interface Visit {
  request: Request;
  url: URL;
  params: Record<string, string | readonly string[] | undefined>;
  sub: string;
  body: unknown;
}
