/** The heat map's full colour: the theme blue, dark enough that white text on it is readable. */
const FULL = [16, 94, 176] as const;

/** WCAG relative luminance of an sRGB colour. */
function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Heat-map cell colour for a percentage: white at 0 to the theme blue at 100 (mixed here rather than
 * with an alpha, so the text colour can be chosen for contrast). The text is black or white, whichever
 * keeps 4.5:1 on that cell: the two meet at a luminance of about 0.18.
 */
export function heat(percent: number | null): React.CSSProperties | undefined {
  if (percent === null) return undefined;
  const share = Math.max(0.04, Math.min(1, Math.sqrt(percent / 100)));
  const rgb = FULL.map((c) => Math.round(255 + (c - 255) * share));
  return { background: `rgb(${rgb.join(' ')})`, color: luminance(rgb) > 0.18 ? '#000' : '#fff' };
}
