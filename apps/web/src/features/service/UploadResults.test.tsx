import type { UploadedFileResult } from '@kestrel/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { uploadSummary } from './outcome';
import { UploadResults } from './UploadResults';

const file = (
  fileName: string,
  outcome: UploadedFileResult['outcome'],
  reason: string | null = null,
): UploadedFileResult => ({
  fileName,
  sizeBytes: 2048,
  outcome,
  reason,
  sopInstanceUid: outcome === 'stored' ? '1.2.3' : null,
  deviceSerial: outcome === 'stored' ? 'SN42' : null,
});

describe('upload results', () => {
  it('lists each file in the order sent with its outcome, colour and reason, and sums them up', () => {
    renderUi(
      <UploadResults
        files={[
          file('dicom/ge-for-presentation.dcm', 'stored'),
          file('dicom/ge-for-presentation.dcm', 'duplicate', 'Already received (same SOP Instance UID).'),
          file('notes.txt', 'failed', 'Not a DICOM file: no DICM prefix.'),
          file('ct.dcm', 'unsupported', 'CT is not mammography.'),
        ]}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 stored, 1 duplicate, 1 failed, 1 unsupported');
    const rows = within(screen.getByTestId('upload-results')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-outcome'))).toEqual([
      'stored',
      'duplicate',
      'failed',
      'unsupported',
    ]);
    expect(rows[0]).toHaveTextContent('2.0 KB');
    expect(rows[0]).toHaveTextContent('SN42');
    expect(rows[2]).toHaveTextContent('notes.txt');
    expect(rows[2]).toHaveTextContent('Not a DICOM file: no DICM prefix.');
    const colours = rows.map((r) => r.querySelector('[data-colour]')?.getAttribute('data-colour'));
    expect(colours).toEqual(['green', 'yellow', 'red', 'grey']);
  });

  it('summarises only the outcomes present', () => {
    expect(uploadSummary([{ outcome: 'failed' }, { outcome: 'failed' }])).toBe('2 failed');
    expect(uploadSummary([])).toBe('No files');
  });
});
