// HS256 JWTs through WebCrypto, so the same code signs in Node 20 and in the demo page.

/** Demo signing secret. Only the demo page and tests use it; a real backend keeps its own secret. */
export const DEMO_SECRET = 'demo-secret-NOT-for-production';
/** Public id the mock expects in `X-Public-Id` unless told otherwise. */
export const DEMO_PUBLIC_ID = 'demo-public-id';

/** The service refuses tokens whose `exp - iat` is longer than this. */
export const MAX_LIFETIME_SECONDS = 24 * 60 * 60;

export interface JwtClaims {
  sub: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; error: 'token_expired' | 'invalid_token' };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function importKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

const jsonPart = (value: unknown): string => base64UrlEncode(encoder.encode(JSON.stringify(value)));

/** Signs `claims` as an HS256 JWT. The claims are taken as given (no `iat`/`exp` added). */
export async function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
  const input = `${jsonPart({ alg: 'HS256', typ: 'JWT' })}.${jsonPart(claims)}`;
  const signature = await crypto.subtle.sign('HMAC', await importKey(secret), encoder.encode(input));
  return `${input}.${base64UrlEncode(new Uint8Array(signature))}`;
}

/**
 * Checks a token the way the service does at the door: HS256 signature, `sub`, `iat` and `exp`
 * present, not expired, and a lifetime of at most 24 h.
 */
export async function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<VerifyResult> {
  const invalid = { ok: false, error: 'invalid_token' } as const;
  const parts = token.split('.');
  if (parts.length !== 3) return invalid;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  let signature: Uint8Array;
  try {
    header = JSON.parse(decoder.decode(base64UrlDecode(headerPart)));
    claims = JSON.parse(decoder.decode(base64UrlDecode(payloadPart)));
    signature = base64UrlDecode(signaturePart);
  } catch {
    return invalid;
  }
  if (!isRecord(header) || header.alg !== 'HS256') return invalid;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await importKey(secret),
    signature as Uint8Array<ArrayBuffer>,
    encoder.encode(`${headerPart}.${payloadPart}`),
  );
  if (!valid || !isClaims(claims)) return invalid;
  if (claims.exp <= nowSeconds) return { ok: false, error: 'token_expired' };
  if (claims.exp - claims.iat > MAX_LIFETIME_SECONDS) return invalid;
  return { ok: true, claims };
}

export interface MintOptions {
  sub: string;
  /** Lifetime in seconds. @default 900 (15 minutes) */
  ttlSeconds?: number;
  /** Issued-at, seconds since the epoch. @default now */
  iat?: number;
  /** @default DEMO_SECRET */
  secret?: string;
  /** More claims (`source_ids`, limit claims, …). */
  extra?: Record<string, unknown>;
}

/** Mints a visitor token as a customer's backend would (demo page and tests). */
export function mintToken({ sub, ttlSeconds = 900, iat, secret = DEMO_SECRET, extra }: MintOptions): Promise<string> {
  const issued = iat ?? Math.floor(Date.now() / 1000);
  return signJwt({ ...extra, sub, iat: issued, exp: issued + ttlSeconds }, secret);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isClaims(value: unknown): value is JwtClaims {
  return (
    isRecord(value) &&
    typeof value.sub === 'string' &&
    value.sub !== '' &&
    typeof value.iat === 'number' &&
    typeof value.exp === 'number'
  );
}
