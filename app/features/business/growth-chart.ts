import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
  kind: 'line' | 'bars';
}

const DAY_S = 24 * 60 * 60;

/**
 * Draws one growth series with uPlot (loaded with the Growth tab only) and keeps it as wide as its
 * box. Returns the clean-up.
 */
export function drawChart(box: HTMLElement, days: string[], series: ChartSeries): () => void {
  const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
  const width = () => Math.max(240, box.clientWidth);
  const paths = series.kind === 'bars' ? uPlot.paths.bars?.({ size: [0.7, 24] }) : undefined;
  const chart = new uPlot(
    {
      width: width(),
      height: box.clientHeight || 220,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
        // bars stand on zero; a running total (followers) may start where it is
        ...(series.kind === 'bars'
          ? { y: { range: (_u: uPlot, _min: number, max: number) => [0, Math.max(1, max * 1.1)] } }
          : {}),
      },
      axes: [
        { stroke: '#5b5866', grid: { show: false }, ticks: { show: false }, size: 32 },
        {
          stroke: '#5b5866',
          grid: { stroke: 'rgba(21,19,28,0.08)' },
          ticks: { show: false },
          size: 44,
          values: (_u, ticks) =>
            ticks.map((t) => (Number.isInteger(t) ? t.toLocaleString('en-US') : '')),
        },
      ],
      series: [
        {},
        {
          label: series.label,
          stroke: series.color,
          width: series.kind === 'bars' ? 0 : 2.5,
          fill: series.kind === 'bars' ? series.color : `${series.color}22`,
          points: { show: false },
          ...(paths ? { paths } : {}),
        },
      ],
    },
    [xs, series.values],
    box,
  );
  const observer = new ResizeObserver(() =>
    chart.setSize({ width: width(), height: box.clientHeight || 220 }),
  );
  observer.observe(box);
  return () => {
    observer.disconnect();
    chart.destroy();
  };
}
