import { Button, Center, EmptyState, Group, Stack } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LANDING_PATH, LOGIN_PATH } from '../../app/paths';

export default function NotFoundPage() {
  return (
    <Center mih="50vh">
      <Stack align="center">
        <EmptyState
          icon={<IconMapQuestion size={30} aria-hidden />}
          variant="light"
          title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Page not found</h1>}
          description="The address may be mistyped, or the page has moved. Error 404."
        />
        <Group>
          <Button component={Link} to={LOGIN_PATH}>
            Sign in
          </Button>
          <Button component={Link} to={LANDING_PATH} variant="default">
            Go to the start page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
