// Scenario `citations`: a long answer that cites its sources as models do, "the report [1] …",
// with every reference-link definition at the end (`[src-1]: https://…`). Longer than the first
// render window (30 lines) and than a full one (8 KB): a stored reply must render it as the
// streamed one does, every reference a link in every window (src/markdown/definitions.ts).

/** Sources cited, and findings that cite them in turn (shortcut `[src-n]` and full `[text][src-n]` forms). */
export const CITED_SOURCES = 31;
const FINDINGS = 62;

export function citedAnswer(): string {
  const findings = Array.from({ length: FINDINGS }, (_, i) => {
    const n = (i % CITED_SOURCES) + 1;
    const cite = i % 2 ? `[the ${n}. report][src-${n}]` : `[src-${n}]`;
    return (
      `**Finding ${i + 1}.** Orders in region ${(i % 7) + 1} changed by ${(i * 37) % 23}% against the quarter ` +
      `before, as ${cite} reports; returns stayed within the range the team expected for the season.`
    );
  });
  const sources = Array.from(
    { length: CITED_SOURCES },
    (_, i) => `[src-${i + 1}]: https://reports.example.com/q3/${i + 1} "Quarterly report ${i + 1}"`,
  );
  return `## What the sources say\n\n${findings.join('\n\n')}\n\n${sources.join('\n')}\n`;
}
