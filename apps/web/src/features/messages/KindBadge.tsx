import { MESSAGE_KIND_LABELS, type MessageKind } from '@kestrel/contract';
import { Badge } from '@mantine/core';
import { WHOLE_WORDS } from '../../ui/whole-words';

const COLOUR: Record<MessageKind, string> = {
  message: 'blue',
  release: 'teal',
  approval: 'grape',
  tube_alert: 'orange',
  connection_alert: 'red',
  failed_files_alert: 'yellow',
  reject_rate_alert: 'pink',
};

/** The kind of a message, coloured so that alerts stand out in a list; never cut short. */
export function KindBadge({ kind, resolved }: { kind: MessageKind; resolved?: boolean | null }) {
  return (
    <Badge color={resolved ? 'gray' : COLOUR[kind]} variant="light" size="sm" styles={WHOLE_WORDS}>
      {MESSAGE_KIND_LABELS[kind]}
      {resolved ? ' · resolved' : ''}
    </Badge>
  );
}
