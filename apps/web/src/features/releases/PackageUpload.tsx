import type { ReleaseInfo } from '@kestrel/contract';
import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '../../ui/toast';
import { formProblem } from '../admin-common/form-errors';
import { fileSha256 } from './sha256';
import { formatBytes, uploadPackage } from './upload';

type Phase =
  | { step: 'idle' }
  | { step: 'hashing' | 'uploading'; share: number }
  | { step: 'failed'; message: string };

/**
 * The package of a draft (docs/releases.md §1): the file's SHA-256 is computed here, then the
 * file is sent with it; the server refuses a file whose bytes do not match. Both steps show a bar.
 */
export function PackageUpload({ release }: { release: ReleaseInfo }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const busy = phase.step === 'hashing' || phase.step === 'uploading';

  const start = async () => {
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    try {
      setPhase({ step: 'hashing', share: 0 });
      const sha = await fileSha256(file, (share) => setPhase({ step: 'hashing', share }));
      if (controller.signal.aborted) throw new DOMException('stopped', 'AbortError');
      setPhase({ step: 'uploading', share: 0 });
      const r = await uploadPackage(
        release.id,
        file,
        sha,
        (share) => setPhase({ step: 'uploading', share }),
        controller.signal,
      );
      client.setQueryData(['releases', 'one', r.id], r);
      void client.invalidateQueries({ queryKey: ['releases', 'list'] });
      setPhase({ step: 'idle' });
      setFile(null);
      toast({ type: 'success', msg: `The package of ${r.version} was uploaded and its checksum checked.` });
    } catch (e) {
      if ((e as Error).name === 'AbortError')
        setPhase({ step: 'failed', message: 'The upload was stopped.' });
      else
        setPhase({
          step: 'failed',
          message: formProblem(e).general ?? 'The package was not accepted. Choose the file again and retry.',
        });
    }
  };

  const share = busy ? Math.round(phase.share * 100) : 0;
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <FileInput
          label={release.package ? 'Replace the package' : 'Package file'}
          placeholder="Choose a file"
          leftSection={<IconUpload size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setPhase({ step: 'idle' });
          }}
          disabled={busy}
          clearable
          flex={1}
        />
        {busy ? (
          <Button variant="default" onClick={() => abort.current?.abort()}>
            Stop
          </Button>
        ) : (
          <Button onClick={start} disabled={!file}>
            Upload
          </Button>
        )}
      </Group>
      {file && !busy ? (
        <Text size="xs" c="dimmed">
          {file.name}, {formatBytes(file.size)}
        </Text>
      ) : null}
      {busy ? (
        <div>
          <Text size="sm" id="upload-step">
            {phase.step === 'hashing' ? 'Computing the checksum…' : 'Uploading…'} {share} %
          </Text>
          <Progress
            value={share}
            size="lg"
            animated
            aria-label={phase.step === 'hashing' ? 'Checksum progress' : 'Upload progress'}
          />
        </div>
      ) : null}
      {phase.step === 'failed' ? (
        <Alert color="red" title="Package not uploaded" role="alert">
          {phase.message}
        </Alert>
      ) : null}
    </Stack>
  );
}
