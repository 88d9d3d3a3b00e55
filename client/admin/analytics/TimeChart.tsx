// One figure by day, drawn by uPlot (docs/decisions.md "Charts"): bars or a line over the range's days,
// as wide as its box. The canvas is hidden from assistive technology; a sentence summarises the series
// and a table gives every value (the chart's accessible alternative).
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { analyticsScreenMessages } from "../../../server/domain/messages/analytics-screen.ts";

export interface TimeChartProps {
  title: string;
  /** The days, YYYY-MM-DD, oldest first. */
  days: readonly string[];
  /** One value per day (null: no value that day, e.g. no average without orders). */
  values: readonly (number | null)[];
  kind: "bars" | "line";
  /** How a value reads (axis, table, summary). */
  format: (value: number) => string;
  color: string;
}

const HEIGHT = 180;
const DAY = 86_400;
const HALF_DAY = DAY / 2;
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365].map((days) => days * DAY);
const dayLabel = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
const dayToSeconds = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 1000;

/**
 * The sentence a screen reader hears instead of the chart: the total (or, for an average, the whole
 * range's average) and the best day.
 */
export function chartSummary(
  title: string,
  days: readonly string[],
  values: readonly (number | null)[],
  format: (value: number) => string,
  average: string | null,
) {
  let peak = -1;
  values.forEach((value, index) => {
    if (value !== null && value > 0 && (peak < 0 || value > (values[peak] ?? 0))) peak = index;
  });
  if (peak < 0) return analyticsScreenMessages.chartSummaryEmpty(title);
  if (average !== null) return analyticsScreenMessages.chartSummaryAverage(title, average, format(values[peak]!), days[peak]);
  const total = values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  return analyticsScreenMessages.chartSummary(title, format(total), format(values[peak]!), days[peak]);
}

export function TimeChart({ title, days, values, kind, format, color }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
      legend: { show: false },
      cursor: { show: true, drag: { x: false, y: false } },
      scales: {
        // Half a day of room on each side, so the first and last bars are whole.
        x: { time: true, range: (_plot, min, max) => [min - HALF_DAY, max + HALF_DAY] },
        y: { range: (_plot, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          stroke: "#5f6368",
          grid: { stroke: "#eceef1" },
          ticks: { stroke: "#d9dce1" },
          // Daily figures: ticks fall on whole days and read as days ("Mar 14"), never hours.
          incrs: DAY_STEPS,
          values: (_plot, splits) => splits.map((seconds) => dayLabel.format(new Date(seconds * 1000))),
        },
        {
          stroke: "#5f6368",
          grid: { stroke: "#eceef1" },
          ticks: { stroke: "#d9dce1" },
          size: 64,
          values: (_plot, splits) => splits.map((value) => format(value)),
        },
      ],
      series: [
        {},
        {
          label: title,
          stroke: color,
          width: 2,
          fill: kind === "bars" ? color : `${color}22`,
          points: { show: kind === "line" && days.length <= 31 },
          spanGaps: false,
          ...(kind === "bars" ? { paths: uPlot.paths.bars!({ size: [0.7, 32], align: 0 }) } : {}),
        },
      ],
    };
    const plot = new uPlot(options, [days.map(dayToSeconds), values.map((value) => value)] as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, values, kind, format, color, title]);
  return <div className="time-chart" ref={box} aria-hidden="true" />;
}

export default TimeChart;
