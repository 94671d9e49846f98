// Ids the service hands out (conversations, confirmations) go back into request paths and bodies:
// the one rule for them (docs/protocol.md "Every request", "Ids go back into paths"), applied where
// an id arrives (answers, stream and voice frames, the answer header) and where it was kept
// (state/continuity.ts, the `persist` option).

/**
 * An id from the service that is safe to put in a request path: a non-empty string that is not
 * `.` or `..` and holds no `/`, `\`, or control character (which some servers and proxies decode or
 * normalize even when escaped). Anything else would move the request elsewhere
 * (`GET /api/v1/widget/` with the visitor's token was seen): refused without a request.
 */
export function isSafeId(v: unknown): v is string {
  // eslint-disable-next-line no-control-regex
  return (
    typeof v === 'string' &&
    v.length > 0 &&
    v.length <= 256 &&
    v !== '.' &&
    v !== '..' &&
    // Control characters are refused on purpose: they have no place in a path.
    // oxlint-disable-next-line no-control-regex
    !/[/\\\u0000-\u001f\u007f]/.test(v)
  );
}
