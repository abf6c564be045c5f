// The trend charts (chart.js, loaded with this module only when a trend panel is shown): daily counts on
// one chart, CTRs on another, in the colours of the current theme. Screen readers get the table instead.
import { useEffect, useRef } from 'react';
import {
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { formatCount, formatPercent } from '@hc/shared/formatters';
import type { TrendSeries, TrendTable } from './trendData.ts';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Tooltip,
  Legend,
  Filler,
);

/** Line colours per series, read from the theme's variables so both themes keep their contrast. */
const COLOR_VARS = ['--hc-chart-1', '--hc-chart-2', '--hc-chart-3', '--hc-chart-4'];

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** Redraws when the theme changes (the root element's data-theme attribute). */
function useThemeVersion(onChange: () => void) {
  useEffect(() => {
    const observer = new MutationObserver(onChange);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [onChange]);
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function configOf(days: string[], series: TrendSeries[], ratio: boolean): ChartConfiguration<'line'> {
  const text = cssVar('--hc-muted', '#6b7280');
  const grid = cssVar('--hc-border', '#e4e7ec');
  const format = (v: number) => (ratio ? (v === 0 ? '0%' : formatPercent(v)) : formatCount(v));
  return {
    type: 'line',
    data: {
      labels: days.map(shortDay),
      datasets: series.map((s, i) => {
        const color = cssVar(COLOR_VARS[i % COLOR_VARS.length]!, '#4f46e5');
        return {
          label: s.label,
          data: s.values,
          borderColor: color,
          backgroundColor: color,
          borderWidth: 2,
          pointRadius: days.length > 30 ? 0 : 2,
          tension: 0.25,
          spanGaps: false,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { labels: { color: text, boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (c) => `${c.dataset.label}: ${c.parsed.y === null ? '--' : format(c.parsed.y)}`,
          },
        },
      },
      scales: {
        x: { ticks: { color: text, maxTicksLimit: 8 }, grid: { color: grid } },
        y: {
          beginAtZero: true,
          ticks: { color: text, callback: (v) => format(Number(v)) },
          grid: { color: grid },
        },
      },
    },
  };
}

function LineChart({
  days,
  series,
  ratio,
  testId,
}: {
  days: string[];
  series: TrendSeries[];
  ratio: boolean;
  testId: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line'> | null>(null);
  const draw = useRef(() => {});
  draw.current = () => {
    chart.current?.destroy();
    if (canvas.current) chart.current = new Chart(canvas.current, configOf(days, series, ratio));
  };
  useEffect(() => {
    draw.current();
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [days, series, ratio]);
  const redraw = useRef(() => draw.current()).current;
  useThemeVersion(redraw);
  return (
    <div className="hc-trend-chart" data-testid={testId}>
      {/* The table beside the chart carries the same numbers for screen readers. */}
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}

/** The counts chart and the CTR chart of one trend. */
export default function TrendChart({ table, testId }: { table: TrendTable; testId: string }) {
  const counts = table.series.filter((s) => s.unit === 'count');
  const ratios = table.series.filter((s) => s.unit === 'ratio');
  return (
    <div className="hc-trend-charts">
      <LineChart days={table.days} series={counts} ratio={false} testId={`${testId}-counts`} />
      <LineChart days={table.days} series={ratios} ratio testId={`${testId}-ctr`} />
    </div>
  );
}
