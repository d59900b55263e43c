import { Stack } from '@mantine/core';
import { ComingWith } from '../../ui/ComingWith';

export default function ComingSoonPage() {
  return (
    <Stack>
      <ComingWith
        purpose="New features are announced in the release notes as they arrive."
        comingWith="a later release"
        links={[{ label: 'Read the release notes', to: '/release-notes' }]}
      />
    </Stack>
  );
}
