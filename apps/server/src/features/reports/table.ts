/**
 * A report as every export draws it (docs/reports.md): a title, the filter in words, a few
 * headline numbers, an optional chart and a table. One function per report builds it from the
 * same query as the report's page; CSV, XLSX and PDF only lay it out.
 */
export type Cell = string | number | null;

export interface ReportColumn {
  label: string;
  /** Numbers are right-aligned and kept as numbers in XLSX. */
  numeric?: boolean;
  /** Relative width in the PDF table. */
  width?: number;
}

export interface ReportChart {
  kind: 'bar' | 'line' | 'pie';
  title: string;
  categories: string[];
  series: { name: string; values: number[]; color?: string }[];
  stacked?: boolean;
}

export interface ReportTable {
  title: string;
  /** The filter in words, one item each ("Status: Replace Tube"). */
  filters: string[];
  /** Headline numbers the page shows above its table. */
  summary: [label: string, value: number][];
  chart?: ReportChart;
  columns: ReportColumn[];
  rows: Cell[][];
  /** More rows matched than an export holds (EXPORT_MAX_ROWS). */
  truncated?: boolean;
}

/** The most rows one export holds; the page says so when a filter matches more. */
export const EXPORT_MAX_ROWS = 10_000;

/** Instants are written as the page's JSON has them (ISO 8601, UTC), so they compare exactly. */
export const instant = (v: string | null | undefined): Cell => v ?? null;
