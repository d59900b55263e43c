import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import { DEFAULT_LIMITS } from './association';
import { limitsFromConfig } from './listener';

describe('DIMSE listener limits from configuration', () => {
  it('are the built-in defaults when nothing is set', () => {
    expect(limitsFromConfig(loadConfig({}))).toEqual(DEFAULT_LIMITS);
  });

  it('take DICOM_IDLE_SECONDS, DICOM_ARTIM_SECONDS, DICOM_MAX_PDU_BYTES and UPLOAD_MAX_BYTES', () => {
    expect(
      limitsFromConfig(
        loadConfig({
          DICOM_IDLE_SECONDS: '5',
          DICOM_ARTIM_SECONDS: '2.5',
          DICOM_MAX_PDU_BYTES: '65536',
          UPLOAD_MAX_BYTES: '1048576',
        }),
      ),
    ).toEqual({ idleMs: 5000, artimMs: 2500, maxPduLength: 65536, maxObjectBytes: 1048576 });
  });

  it('refuses a PDU length a sender could not work with, saying why', () => {
    expect(() => loadConfig({ DICOM_MAX_PDU_BYTES: '100' })).toThrow(ConfigError);
    expect(() => loadConfig({ DICOM_MAX_PDU_BYTES: '100' })).toThrow(/DICOM_MAX_PDU_BYTES.*at least 4096/);
    expect(() => loadConfig({ DICOM_IDLE_SECONDS: '0' })).toThrow(/DICOM_IDLE_SECONDS/);
  });
});
