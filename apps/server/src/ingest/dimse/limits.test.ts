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
          DICOM_MAX_ASSOCIATIONS: '4',
          DICOM_MAX_BUFFERED_BYTES: '8388608',
          DICOM_UNLISTED_MAX_OBJECT_BYTES: '65536',
          DICOM_MAX_HEADER_BYTES: '131072',
        }),
      ),
    ).toEqual({
      idleMs: 5000,
      artimMs: 2500,
      maxPduLength: 65536,
      maxObjectBytes: 1048576,
      maxAssociations: 4,
      maxBufferedBytes: 8388608,
      unlistedMaxObjectBytes: 65536,
      maxKeptBytes: 131072,
    });
  });

  it('refuses a PDU length a sender could not work with, saying why', () => {
    expect(() => loadConfig({ DICOM_MAX_PDU_BYTES: '100' })).toThrow(ConfigError);
    expect(() => loadConfig({ DICOM_MAX_PDU_BYTES: '100' })).toThrow(/DICOM_MAX_PDU_BYTES.*at least 4096/);
    expect(() => loadConfig({ DICOM_IDLE_SECONDS: '0' })).toThrow(/DICOM_IDLE_SECONDS/);
  });

  it.each([
    ['DICOM_MAX_ASSOCIATIONS', '0', /DICOM_MAX_ASSOCIATIONS="0": must be at least 1/],
    ['DICOM_MAX_ASSOCIATIONS', 'many', /DICOM_MAX_ASSOCIATIONS="many": must be a whole number/],
    ['DICOM_MAX_BUFFERED_BYTES', '1000', /DICOM_MAX_BUFFERED_BYTES="1000": must be at least 1048576/],
    ['DICOM_UNLISTED_MAX_OBJECT_BYTES', '64MB', /DICOM_UNLISTED_MAX_OBJECT_BYTES="64MB": must be a number/],
    ['DICOM_AE_TITLE', 'KEST\\REL', /DICOM_AE_TITLE=.*no backslash/],
    ['DICOM_AE_TITLE', 'KEST\tREL', /DICOM_AE_TITLE=.*printable ASCII/],
    ['DICOM_AE_TITLE', '   ', /DICOM_AE_TITLE=.*not only spaces/],
  ])('refuse a bad %s (%s), naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
