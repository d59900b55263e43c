import { Anchor, Breadcrumbs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Crumb } from './titles';

/** Title and breadcrumbs (product §2 page area): status false → inactive, not a link. */
export function PageHeader({ crumbs }: { crumbs: Crumb[] }) {
  const last = crumbs.at(-1);
  return (
    <header style={{ marginBottom: 20 }}>
      <nav aria-label="Breadcrumb">
        <Breadcrumbs separator="›" separatorMargin={6} mb={6} style={{ flexWrap: 'wrap' }}>
          {crumbs.map((c, i) =>
            i === crumbs.length - 1 ? (
              <Text key={c.url} size="sm" c="dimmed" aria-current="page">
                {c.label}
              </Text>
            ) : c.status === false ? (
              <Text key={c.url} size="sm" c="dimmed" data-status="inactive">
                {c.label}
              </Text>
            ) : (
              <Anchor key={c.url} component={Link} to={c.url} size="sm">
                {c.label}
              </Anchor>
            ),
          )}
        </Breadcrumbs>
      </nav>
      <Title order={1} size="h2" data-testid="page-title">
        {last?.title ?? last?.label}
      </Title>
    </header>
  );
}
