import type { ContactCard } from '@kestrel/contract';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useContacts } from '../../api/admin';
import { DataState } from '../../ui/DataState';

type Person = ContactCard['salesRepresentatives'][number];

/** user/card, "Your contacts": the caller's sales representative, service contacts and support. */
export default function ContactsPage() {
  const contacts = useContacts();
  return (
    <DataState query={contacts} what="Your contacts">
      {(c) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <People id="contacts-sales" title="Sales representative" people={c.salesRepresentatives} />
            <People id="contacts-service" title="Service contacts" people={c.serviceContacts} />
          </SimpleGrid>
          <Card withBorder radius="md" component="section" aria-labelledby="contacts-support">
            <Title order={2} size="h4" id="contacts-support" mb="xs">
              Support
            </Title>
            <Text size="sm">
              <Anchor href={`mailto:${c.support.email}`}>{c.support.email}</Anchor>
              {c.support.phone ? ` · ${c.support.phone}` : ''}
            </Text>
          </Card>
        </Stack>
      )}
    </DataState>
  );
}

function People({ id, title, people }: { id: string; title: string; people: Person[] }) {
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {people.length === 0 ? (
        <Text c="dimmed" size="sm">
          No data available
        </Text>
      ) : (
        <Stack gap="sm">
          {people.map((p) => (
            <div key={`${p.email}-${p.customerName}-${p.siteName}`} data-testid={`${id}-person`}>
              <Text fw={600}>{p.displayName}</Text>
              {p.jobTitle && (
                <Text size="sm" c="dimmed">
                  {p.jobTitle}
                </Text>
              )}
              <Text size="sm">
                <Anchor href={`mailto:${p.email}`}>{p.email}</Anchor>
                {p.phone ? ` · ${p.phone}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                For {p.siteName ? `${p.siteName}, ${p.customerName}` : p.customerName}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
