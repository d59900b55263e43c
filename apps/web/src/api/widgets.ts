import type { WidgetDataResult } from '@kestrel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface WidgetDataParams {
  widgetId: number;
  fromDateSelected: string;
  toDateSelected: string;
  site?: number | null;
  options?: Record<string, unknown>;
}

/** The query string of `GET /api/widgetsData`; options travel as JSON only when set. */
export function widgetDataPath(p: WidgetDataParams): string {
  const q = new URLSearchParams({
    widgetId: String(p.widgetId),
    fromDateSelected: p.fromDateSelected,
    toDateSelected: p.toDateSelected,
  });
  if (p.site) q.set('site', String(p.site));
  if (p.options && Object.keys(p.options).length) q.set('options', JSON.stringify(p.options));
  return `widgetsData?${q}`;
}

/** Every parameter is in the key: a change of range, site or options is a different answer. */
export const widgetDataKey = (p: WidgetDataParams) =>
  [
    'widgetsData',
    p.widgetId,
    p.fromDateSelected,
    p.toDateSelected,
    p.site ?? null,
    JSON.stringify(p.options ?? {}),
  ] as const;

/**
 * One widget's data. `enabled` is false until the card is on screen, so cards load only when
 * seen — and then all at once, in parallel. Errors show in the card (with retry), not as toasts.
 */
export function useWidgetData(p: WidgetDataParams, enabled: boolean) {
  return useQuery({
    queryKey: widgetDataKey(p),
    enabled,
    queryFn: async ({ signal }) =>
      (await api.get<WidgetDataResult>(widgetDataPath(p), { signal, silent: true })).result,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
