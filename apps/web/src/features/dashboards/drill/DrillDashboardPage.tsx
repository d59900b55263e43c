import { widgetById } from '@kestrel/contract';
import { Alert, Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { downloadExport, useExploreImages } from '../../../api/explore';
import { toast } from '../../../ui/toast';
import { useSites } from '../filters/useSites';
import { filterLabel, filtersFromSearch } from './filter-labels';
import { ImagesTable } from './ImagesTable';

const PAGE_SIZE = 25;

/**
 * drill-dashboard: the images behind a chart segment (the segment's filter plus the dashboard's
 * date and site filter, all in the URL), paged, exported as CSV or XLSX exactly as filtered.
 */
export default function DrillDashboardPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const filters = filtersFromSearch(search);
  const widget = widgetById(Number(search.get('widget')));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<string | null>(null);
  const { sites } = useSites();
  const complete = Boolean(filters.fromDateSelected && filters.toDateSelected);
  const images = useExploreImages(filters, page, PAGE_SIZE, complete);

  if (!complete)
    return (
      <Alert title="Choose a chart segment first" variant="light">
        Open a dashboard and click a bar, slice or cell: its records are shown here.
        <Button component={Link} to="/hc-dashboard2" size="xs" mt="sm" display="block" w="fit-content">
          Open the Quality dashboard
        </Button>
      </Alert>
    );

  const onExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const name = await downloadExport(filters, format);
      toast({ type: 'success', msg: `${name} downloaded.` });
    } catch {
      toast({ type: 'error', msg: 'The export failed. Try again, or narrow the filter.' });
    } finally {
      setExporting(null);
    }
  };
  const site = (id: string) => sites.find((s) => String(s.id) === id)?.name;
  const total = images.data?.total ?? 0;

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={6}>
            <Text fw={600} component="h2" fz="lg" m={0}>
              {widget ? `Records behind “${widget.name}”` : 'Records'}
            </Text>
            <Group gap={6} aria-label="Filters" role="list">
              <Badge variant="light" role="listitem" tt="none">
                {filters.fromDateSelected === filters.toDateSelected
                  ? filters.fromDateSelected
                  : `${filters.fromDateSelected} to ${filters.toDateSelected}`}
              </Badge>
              {Object.entries(filters)
                .filter(([k]) => k !== 'fromDateSelected' && k !== 'toDateSelected')
                .map(([k, v]) => (
                  <Badge key={k} variant="light" color="gray" role="listitem" tt="none">
                    {filterLabel(k, v, { site })}
                  </Badge>
                ))}
            </Group>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => navigate(-1)}>
              Back
            </Button>
            {(['csv', 'xlsx'] as const).map((f) => (
              <Button
                key={f}
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void onExport(f)}
                loading={exporting === f}
                disabled={!total}
              >
                Export {f.toUpperCase()}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>
      {images.isError ? (
        <Alert color="red" variant="light" title="Could not load the records" role="alert">
          Check your connection and try again.
          <Button size="xs" mt="sm" display="block" onClick={() => images.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : !images.data ? (
        <Skeleton height={400} aria-label="Loading records" />
      ) : !total ? (
        <Alert title="No data available" variant="light">
          No images match this segment any more. Data may have changed since the chart was drawn.
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Text size="sm" mb="sm" data-testid="drill-total">
            {total.toLocaleString('en-US')} images
          </Text>
          <ImagesTable rows={images.data.rows} />
          <Group justify="center" mt="md">
            <Pagination
              total={Math.ceil(total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({
                'aria-label': c === 'next' ? 'Next page' : c === 'previous' ? 'Previous page' : c,
              })}
            />
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
