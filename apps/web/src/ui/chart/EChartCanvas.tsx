import { useEffect, useRef } from 'react';
import { type EChartsCoreOption, echarts } from './echarts-core';

export interface ChartSegment {
  seriesIndex: number;
  dataIndex: number;
  /** The clicked item's value as ECharts has it (a number, or an array for heat maps and points). */
  value: unknown;
  name: string;
}

export interface EChartCanvasProps {
  option: EChartsCoreOption;
  height: number;
  /** What the chart shows, read out by screen readers (the canvas itself says nothing). */
  label: string;
  onSegmentClick?: (segment: ChartSegment) => void;
  /** Called once the chart has drawn its first frame (used by the dashboard benchmark). */
  onRendered?: () => void;
}

/**
 * A short entrance (ECharts' default is one second, which a dashboard of ten charts makes people
 * wait through), and none for people who asked their system for reduced motion.
 */
const motion = () =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    ? { animation: false }
    : { animationDuration: 300, animationDurationUpdate: 300 };

/** One ECharts instance bound to a div: created once, updated with `setOption`, resized with its box. */
export default function EChartCanvas({
  option,
  height,
  label,
  onSegmentClick,
  onRendered,
}: EChartCanvasProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const click = useRef(onSegmentClick);
  click.current = onSegmentClick;
  const rendered = useRef(onRendered);
  rendered.current = onRendered;

  useEffect(() => {
    const instance = echarts.init(ref.current!, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (p) => {
      const e = p as unknown as ChartSegment;
      click.current?.({ seriesIndex: e.seriesIndex, dataIndex: e.dataIndex, value: e.value, name: e.name });
    });
    instance.on('finished', () => rendered.current?.());
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(ref.current!);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ ...motion(), ...option }, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      data-chart-drawn="pending"
      style={{ width: '100%', height, cursor: onSegmentClick ? 'pointer' : undefined }}
    />
  );
}
