import { z } from 'zod';

/**
 * The widget catalogue (docs/dashboards.md). Ids and legend types are fixed by the brief
 * (product §9); names, questions and charts are our design. A widget = this definition + one
 * analytics question on the server + one chart on the web.
 */
export const legendTypes = [
  'Sites',
  'Technologists',
  'Dimensions',
  'Reasons',
  'Procedure',
  'Equipment',
] as const;
export type LegendType = (typeof legendTypes)[number];

export const chartKinds = [
  'bar',
  'stacked_bar',
  'grouped_bar',
  'line',
  'donut',
  'pie',
  'polar',
  'histogram',
  'heatmap',
  'boxplot',
  'scatter',
  'table',
] as const;
export type ChartKind = (typeof chartKinds)[number];

/** Options every widget accepts; a widget's own schema may add to these. */
export const baseWidgetOptions = z.object({
  /** Bars to show before the rest are summed into "Others" (ranked charts). */
  limit: z.number().int().min(3).max(100).default(15),
});

export const tubeWidgetOptions = baseWidgetOptions.extend({
  tubeLifeYellow: z.number().int().min(1).max(3650).default(61),
  tubeLifeRed: z.number().int().min(0).max(3650).default(31),
});

export interface WidgetDefinition {
  id: number;
  name: string;
  legend: LegendType;
  chart: ChartKind;
  question: string;
  /** Bumped when the answer's shape changes, so saved dashboards can migrate their options. */
  version: number;
  options: z.ZodType<Record<string, unknown>>;
}

type Row = [id: number, legend: LegendType, name: string, chart: ChartKind, question: string];

const rows: Row[] = [
  [9049, 'Sites', 'Exams per site', 'bar', 'How many exams did each site perform?'],
  [
    9050,
    'Sites',
    'Images per site by kind',
    'stacked_bar',
    'How many 2D, tomosynthesis, synthetic 2D and contrast images did each site acquire?',
  ],
  [9092, 'Sites', 'Reject rate per site', 'bar', 'What share of acquired images did each site reject?'],
  [
    9093,
    'Sites',
    'Mean AGD per site by view',
    'grouped_bar',
    'What is the mean glandular dose per view at each site?',
  ],
  [
    9094,
    'Sites',
    'Mean compression force per site',
    'bar',
    'How firmly does each site compress, on average?',
  ],
  [
    9099,
    'Sites',
    'Exams per device-day',
    'bar',
    'How many exams does a device perform per working day at each site?',
  ],
  [
    9104,
    'Sites',
    'Devices by connection status',
    'stacked_bar',
    'How many devices of each site are connected (green), late (yellow), silent (red) or never seen?',
  ],
  [
    9109,
    'Sites',
    'Tubes by life status',
    'stacked_bar',
    'How many X-ray tubes of each site are OK, due for replacement, or to replace now?',
  ],
  [9069, 'Sites', 'Exam volume over time per site', 'line', 'How does each site’s daily exam count develop?'],
  [9051, 'Technologists', 'Exams per technologist', 'bar', 'How many exams did each technologist perform?'],
  [
    9052,
    'Technologists',
    'Reject rate per technologist',
    'bar',
    'What share of their images did each technologist reject?',
  ],
  [
    9070,
    'Technologists',
    'Rejects per technologist by reason',
    'stacked_bar',
    'Why were each technologist’s images rejected?',
  ],
  [
    9071,
    'Technologists',
    'Mean compression force per technologist by view',
    'grouped_bar',
    'How firmly does each technologist compress in each view?',
  ],
  [
    9138,
    'Technologists',
    'Compression force spread per technologist',
    'boxplot',
    'How consistent is each technologist’s compression force?',
  ],
  [
    9142,
    'Technologists',
    'Mean AGD per technologist',
    'bar',
    'What mean glandular dose do each technologist’s images carry?',
  ],
  [
    9146,
    'Technologists',
    'Positioning rejects per technologist',
    'bar',
    'How many images did each technologist reject for positioning?',
  ],
  [
    9156,
    'Technologists',
    'Images per exam per technologist',
    'bar',
    'How many images does each technologist take per exam?',
  ],
  [
    9160,
    'Technologists',
    'Exam volume over time per technologist',
    'line',
    'How does each technologist’s daily exam count develop?',
  ],
  [
    9176,
    'Technologists',
    'Exams per technologist by hour of day',
    'heatmap',
    'When in the day does each technologist work?',
  ],
  [
    9177,
    'Technologists',
    'Technologist league table',
    'table',
    'Exams, reject rate, mean force and mean AGD of every technologist side by side.',
  ],
  [
    9089,
    'Technologists',
    'Share of exams per technologist',
    'donut',
    'Which technologists carry the workload?',
  ],
  [
    9053,
    'Dimensions',
    'Mean AGD by compressed thickness',
    'bar',
    'How does mean glandular dose grow with compressed breast thickness?',
  ],
  [
    9060,
    'Dimensions',
    'Compression force distribution',
    'histogram',
    'How is compression force distributed?',
  ],
  [
    9061,
    'Dimensions',
    'Compressed thickness distribution',
    'histogram',
    'How is compressed breast thickness distributed?',
  ],
  [
    9063,
    'Dimensions',
    'kVp distribution by device type',
    'histogram',
    'Which tube voltages do 2D, 3D, combo and contrast devices use?',
  ],
  [
    9068,
    'Dimensions',
    'AGD against thickness',
    'scatter',
    'Dose against thickness, image by image (binned).',
  ],
  [9120, 'Dimensions', 'Mean AGD by view', 'polar', 'What is the mean glandular dose of each view?'],
  [
    9115,
    'Dimensions',
    'Compression pressure distribution',
    'histogram',
    'How is compression pressure distributed?',
  ],
  [
    9124,
    'Dimensions',
    'Mean mAs by compressed thickness',
    'line',
    'How does the tube load grow with compressed breast thickness?',
  ],
  [9129, 'Dimensions', 'Mean AGD over time', 'line', 'How does mean glandular dose develop day by day?'],
  [9134, 'Dimensions', 'Images by weekday and hour', 'heatmap', 'When in the week are images acquired?'],
  [9057, 'Reasons', 'Rejects by reason', 'donut', 'Why are images rejected?'],
  [9059, 'Reasons', 'Rejects by reason over time', 'stacked_bar', 'How do the reasons for rejects develop?'],
  [9035, 'Reasons', 'Reject rate over time', 'line', 'How does the reject rate develop day by day?'],
  [9036, 'Reasons', 'Rejects by reason and view', 'polar', 'In which views are images rejected, and why?'],
  [
    9119,
    'Procedure',
    'Exams by procedure',
    'pie',
    'How many exams were screening, diagnostic, biopsy or other?',
  ],
  [
    9201,
    'Equipment',
    'Tube days remaining per device',
    'bar',
    'How many days of life does each device’s X-ray tube have left?',
  ],
  [
    9202,
    'Equipment',
    'Connection status of devices',
    'donut',
    'How many devices are connected, late, silent or never seen?',
  ],
  [
    9203,
    'Equipment',
    'Last object received per device',
    'table',
    'When did each device last send an object, and what?',
  ],
  [
    9204,
    'Equipment',
    'Failed files over time',
    'line',
    'How many received objects could not be stored, day by day?',
  ],
];

const TUBE_WIDGETS = new Set([9109, 9201]);

export const widgetCatalogue: readonly WidgetDefinition[] = rows.map(
  ([id, legend, name, chart, question]) => ({
    id,
    legend,
    name,
    chart,
    question,
    version: 1,
    options: TUBE_WIDGETS.has(id) ? tubeWidgetOptions : baseWidgetOptions,
  }),
);

const byId = new Map(widgetCatalogue.map((w) => [w.id, w]));
export const widgetById = (id: number): WidgetDefinition | undefined => byId.get(id);

/** Product §9: legend type per widget id. */
export const legendOf = (id: number): LegendType | undefined => byId.get(id)?.legend;

/** Charts that show 'No data available' when empty (product §4 names donut, polar and pie; we do it everywhere). */
export const NO_DATA_TEXT = 'No data available';
