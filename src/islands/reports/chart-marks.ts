import type { Chart, Plugin } from 'chart.js';

/** A marked day on a chart's x axis (a chart annotation): the label index and its text. */
export interface ChartMark {
  index: number;
  label: string;
}

/**
 * Draws each mark as a dashed vertical line across the plot with its text at the top (chart.js has no
 * annotations of its own; the plugin package would be a dependency for ~40 lines). Marks on one day share
 * a line, their texts joined.
 */
export const chartMarksPlugin: Plugin<'bar' | 'line'> = {
  id: 'gsmMarks',
  afterDatasetsDraw(chart: Chart, _args, options: { marks?: ChartMark[] }) {
    const marks = options.marks ?? [];
    if (!marks.length) return;
    const x = chart.scales.x;
    if (!x) return;
    const { top, bottom, left, right } = chart.chartArea;
    const byIndex = new Map<number, string[]>();
    for (const m of marks) byIndex.set(m.index, [...(byIndex.get(m.index) ?? []), m.label]);
    const ctx = chart.ctx;
    ctx.save();
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'top';
    // Labels that would overlap go one row lower (narrow charts, close dates).
    const rows: [number, number][][] = [];
    const placeRow = (from: number, to: number) => {
      let row = rows.findIndex((taken) => taken.every(([a, b]) => to < a || from > b));
      if (row < 0) row = rows.push([]) - 1;
      rows[row]!.push([from, to]);
      return row;
    };
    for (const [index, labels] of [...byIndex].sort((a, b) => a[0] - b[0])) {
      const px = x.getPixelForValue(index);
      if (!Number.isFinite(px) || px < left - 1 || px > right + 1) continue;
      ctx.strokeStyle = '#c0392b';
      ctx.lineWidth = 1.5;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(px, top);
      ctx.lineTo(px, bottom);
      ctx.stroke();
      ctx.setLineDash([]);
      const text = labels.join(' · ');
      const width = Math.min(ctx.measureText(text).width, 180);
      // Keep the label inside the plot: to the left of the line when the line is near the right edge.
      const tx = px + 4 + width > right ? px - 4 - width : px + 4;
      const y = top + 2 + placeRow(tx - 2, tx + width + 2) * 16;
      ctx.fillStyle = 'rgba(255,255,255,0.85)';
      ctx.fillRect(tx - 2, y, width + 4, 15);
      ctx.fillStyle = '#c0392b';
      ctx.fillText(text, tx, y + 2, 180);
    }
    ctx.restore();
  },
};
