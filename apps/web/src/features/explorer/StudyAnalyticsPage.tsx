import { EXPORT_MAX_ROWS } from '@kestrel/contract';
import { Button, Card, Group, NativeSelect, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { HttpError } from '../../api/client';
import { actionFor } from '../../api/errors';
import { downloadExport, type ExploreParams, useExploreImages } from '../../api/explore';
import { asParams, useExploreStudies } from '../../api/study-explorer';
import { QueryState } from '../../ui/QueryState';
import { defaultRange } from '../../ui/RangePicker';
import { toast } from '../../ui/toast';
import { ExplorerFilters, type Filters } from './ExplorerFilters';
import { ImageTable, type Sort, StudyTable } from './RecordTables';

const toParams = ({ range, ...rest }: Filters): ExploreParams => asParams({ ...range, ...rest });

/** study-analytics: the images and exams behind the charts, filtered, paged, sorted, exported. */
export default function StudyAnalyticsPage() {
  const [filters, setFilters] = useState<Filters>({ range: defaultRange() });
  const [kind, setKind] = useState<'images' | 'studies'>('images');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [sort, setSort] = useState<Sort>({ sort: 'acquiredAt', order: 'desc' });
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const params = toParams(filters);
  // Sorting is part of the filter for the images list (the page and size are its own arguments).
  const images = useExploreImages({ ...params, ...sort }, page, pageSize);
  const studies = useExploreStudies(
    {
      ...params,
      ...asParams({ page, pageSize, order: sort.sort === 'acquiredAt' ? sort.order : 'desc' }),
    },
    kind === 'studies',
  );
  const current = kind === 'images' ? images : studies;
  const total = current.data?.total ?? 0;
  const records = kind === 'images' ? 'images' : 'exams';

  const change = (f: Filters) => {
    setFilters(f);
    setPage(1);
  };
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await downloadExport(params, format, kind);
      toast({ type: 'success', msg: `Your ${format.toUpperCase()} file is downloading.` });
    } catch (err) {
      const action = err instanceof HttpError ? actionFor(err) : null;
      toast({
        type: 'error',
        msg: `${action?.kind === 'toast' ? action.message : 'The export could not be downloaded.'} Please try again.`,
      });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack>
      <Card withBorder>
        <ExplorerFilters value={filters} onChange={change} />
      </Card>
      <Card withBorder>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Records"
            value={kind}
            onChange={(v) => {
              setKind(v as 'images' | 'studies');
              setPage(1);
            }}
            data={[
              { value: 'images', label: 'Images' },
              { value: 'studies', label: 'Exams' },
            ]}
          />
          <Group gap="xs">
            <Text size="sm" data-testid="match-count">
              {current.data ? `${total.toLocaleString('en')} ${records} match` : ''}
            </Text>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              variant="light"
              loading={exporting === 'csv'}
              onClick={() => void exportAs('csv')}
              disabled={!total}
            >
              Export {records} CSV
            </Button>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              variant="light"
              loading={exporting === 'xlsx'}
              onClick={() => void exportAs('xlsx')}
              disabled={!total}
            >
              Export {records} XLSX
            </Button>
          </Group>
        </Group>
        {total > EXPORT_MAX_ROWS ? (
          <Text size="sm" c="orange.9" mb="sm">
            Exports stop at {EXPORT_MAX_ROWS.toLocaleString('en')} rows; narrow the filter to export
            everything.
          </Text>
        ) : null}
        {kind === 'images' ? (
          <QueryState query={images} what="the images" isEmpty={(p) => !p.total}>
            {(p) => <ImageTable rows={p.rows} sort={sort} onSort={setSort} />}
          </QueryState>
        ) : (
          <QueryState query={studies} what="the exams" isEmpty={(p) => !p.total}>
            {(p) => <StudyTable rows={p.rows} />}
          </QueryState>
        )}
        <Group justify="space-between" mt="sm">
          <NativeSelect
            label="Rows per page"
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(1);
            }}
            data={['25', '50', '100', '200']}
            w={140}
          />
          {total > pageSize ? (
            <Pagination
              total={Math.ceil(total / pageSize)}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              getItemProps={(n) => ({
                'aria-label': `Page ${n}`,
                'aria-current': n === page ? 'page' : undefined,
              })}
              aria-label="Pages"
            />
          ) : null}
        </Group>
      </Card>
    </Stack>
  );
}
