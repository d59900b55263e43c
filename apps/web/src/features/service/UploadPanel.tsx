import { Alert, Box, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { type UploadItem, useUpload } from '../../api/service';
import { errorMessage } from '../../ui/DataState';
import { filesOfDrop, filesOfInput } from './collect-files';
import { UploadResults } from './UploadResults';

/** Upload DICOM files or a folder into ingest (the portal door); per-file results below. */
export function UploadPanel() {
  const upload = useUpload();
  const [over, setOver] = useState(false);
  const [sent, setSent] = useState(0);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const send = (items: UploadItem[]) => {
    if (!items.length) return;
    setSent(items.length);
    upload.mutate(items);
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="upload-heading">
      <Title order={2} size="h4" id="upload-heading" mb="sm">
        Upload DICOM files
      </Title>
      <Stack gap="sm">
        <Box
          data-testid="drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={async (e) => {
            e.preventDefault();
            setOver(false);
            send(await filesOfDrop(e.dataTransfer));
          }}
          p="lg"
          style={{
            border: `2px dashed ${over ? '#008aab' : '#adb5bd'}`,
            borderRadius: 8,
            background: over ? '#e1f9ff' : 'white',
            textAlign: 'center',
          }}
        >
          <Text size="sm" mb="sm">
            Drag files or a folder here, or choose them. Images, dose reports and rejection notes are read;
            each file gets a result.
          </Text>
          <Group justify="center">
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={() => filesInput.current?.click()}
              loading={upload.isPending}
            >
              Choose files
            </Button>
            <Button variant="light" onClick={() => folderInput.current?.click()} disabled={upload.isPending}>
              Choose a folder
            </Button>
          </Group>
          <VisuallyHidden>
            <input
              ref={filesInput}
              type="file"
              multiple
              aria-label="Files to upload"
              data-testid="upload-files"
              tabIndex={-1}
              onChange={(e) => {
                send(filesOfInput(e.currentTarget.files));
                e.currentTarget.value = '';
              }}
            />
            <input
              ref={folderInput}
              type="file"
              aria-label="Folder to upload"
              tabIndex={-1}
              // React does not know the attribute; browsers do.
              {...{ webkitdirectory: '' }}
              onChange={(e) => {
                send(filesOfInput(e.currentTarget.files));
                e.currentTarget.value = '';
              }}
            />
          </VisuallyHidden>
        </Box>
        {upload.isPending ? (
          <Text size="sm" role="status">
            Uploading {sent} {sent === 1 ? 'file' : 'files'}…
          </Text>
        ) : null}
        {upload.isError ? (
          <Alert color="red" title="The upload did not go through" role="alert">
            {errorMessage(upload.error, 'The upload')} Choose the files again to retry.
          </Alert>
        ) : null}
        {upload.data ? <UploadResults files={upload.data.files} /> : null}
      </Stack>
    </Card>
  );
}
