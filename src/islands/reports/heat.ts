/** Heat-map cell colour for a percentage: white at 0 to the theme blue at 100. */
export function heat(percent: number | null): React.CSSProperties | undefined {
  if (percent === null) return undefined;
  const alpha = Math.max(0.04, Math.min(1, Math.sqrt(percent / 100)));
  return { background: `rgb(24 144 255 / ${alpha.toFixed(2)})`, color: alpha > 0.55 ? '#fff' : undefined };
}
