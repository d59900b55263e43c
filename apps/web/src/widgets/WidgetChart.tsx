import { type ChartKind, isEmptyAnswer, type WidgetAnswer } from '@kestrel/contract';
import { useMemo } from 'react';
import { type ChartSegment, EChart } from '../ui/chart/EChart';
import { chartOption } from './chart/option';
import { NoData } from './NoData';
import { WidgetTable } from './WidgetTable';

interface Props {
  /** The catalogue widget (tables link their rows by it). */
  widgetId?: number;
  chart: ChartKind;
  answer: WidgetAnswer;
  label: string;
  height: number;
  onSegmentClick?: (segment: ChartSegment) => void;
  onRendered?: () => void;
}

/** A widget's answer drawn as its catalogue chart, a table, or 'No data available'. */
export function WidgetChart({ widgetId, chart, answer, label, height, onSegmentClick, onRendered }: Props) {
  const empty = isEmptyAnswer(answer);
  const option = useMemo(() => (empty ? null : chartOption(chart, answer)), [chart, answer, empty]);
  if (empty) return <NoData height={height} />;
  if (answer.kind === 'table')
    return <WidgetTable answer={answer} height={height} label={label} widgetId={widgetId} />;
  return (
    <EChart
      option={option!}
      height={height}
      label={label}
      onSegmentClick={onSegmentClick}
      onRendered={onRendered}
    />
  );
}
