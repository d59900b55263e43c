import type { SitesMapSite } from '@kestrel/contract';
import { Anchor, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataState } from '../../ui/DataState';
import { StatusPill } from '../devices/StatusPill';
import { connectionPill } from '../devices/status-colours';
import { selectSite, siteViewPath } from '../fleet/FleetOverviewPage';
import { splitByLocation } from './markers';
import { useSitesMap } from './use-sites-map';

// Leaflet, the clustering and the world outlines load with the first map, never with the first page.
const SitesMapCanvas = lazy(() => import('./SitesMapCanvas'));

const MAP_HEIGHT = 380;

/**
 * The sites map (docs/map.md): the caller's sites coloured by their worst device status,
 * clustered when zoomed out; a click or Enter on a site opens its site view. Sites without
 * coordinates are listed beside it.
 */
export function SitesMapCard() {
  const query = useSitesMap();
  const navigate = useNavigate();
  const open = (s: Pick<SitesMapSite, 'id' | 'name'>) => {
    selectSite({ id: s.id, displayName: s.name });
    navigate(siteViewPath(s.id));
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="sites-map-heading">
      <Title order={2} size="h4" id="sites-map-heading" mb="sm">
        Sites map
      </Title>
      <DataState query={query} what="Sites map" isEmpty={(sites) => sites.length === 0}>
        {(sites) => {
          const { located, unlocated } = splitByLocation(sites);
          return (
            <Group align="stretch" gap="md" wrap="wrap">
              <div style={{ flex: '3 1 420px', minWidth: 0 }}>
                {located.length ? (
                  <Suspense
                    fallback={<Skeleton height={MAP_HEIGHT} role="status" aria-label="Loading the map" />}
                  >
                    <SitesMapCanvas sites={located} height={MAP_HEIGHT} onOpen={open} />
                  </Suspense>
                ) : (
                  <Text c="dimmed" size="sm" py="md" ta="center">
                    No site has a location yet: add coordinates in site administration.
                  </Text>
                )}
                <Legend />
              </div>
              {unlocated.length ? <Unlocated sites={unlocated} onOpen={open} /> : null}
            </Group>
          );
        }}
      </DataState>
    </Card>
  );
}

function Legend() {
  return (
    <Group gap="xs" mt="xs" aria-label="Map legend">
      {(['GREEN', 'YELLOW', 'RED', null] as const).map((s) => (
        <StatusPill key={s ?? 'grey'} size="xs" pill={connectionPill(s)} />
      ))}
      <Text size="xs" c="dimmed">
        A site shows its worst device; a cluster its worst site.
      </Text>
    </Group>
  );
}

function Unlocated({ sites, onOpen }: { sites: SitesMapSite[]; onOpen: (s: SitesMapSite) => void }) {
  return (
    <Stack gap={4} style={{ flex: '1 1 220px' }} data-testid="sites-without-location">
      <Text size="sm" fw={600}>
        {sites.length === 1 ? '1 site has no location' : `${sites.length} sites have no location`}
      </Text>
      <List size="sm" spacing={4} listStyleType="none" style={{ maxHeight: MAP_HEIGHT, overflowY: 'auto' }}>
        {sites.map((s) => (
          <List.Item key={s.id}>
            <Group gap={6} wrap="nowrap">
              <StatusPill size="xs" pill={connectionPill(s.status)} />
              <Anchor
                component={Link}
                to={siteViewPath(s.id)}
                size="sm"
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(s);
                }}
              >
                {s.name}
              </Anchor>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
