// Picks the text colour drawn on the accent so it stays readable (WCAG contrast).

type Rgb = [number, number, number];

/** Resolves any CSS colour through a 1×1 canvas; null where the browser has no canvas. */
function toRgb(color: string): Rgb | null {
  try {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return [r, g, b];
  } catch {
    return null;
  }
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 19, 24];

/** White or near-black, whichever reads better on `color`. */
export function textOn(color: string): string {
  const rgb = toRgb(color);
  if (!rgb) return '#ffffff';
  return contrastRatio(rgb, WHITE) >= contrastRatio(rgb, INK) ? '#ffffff' : '#111318';
}
