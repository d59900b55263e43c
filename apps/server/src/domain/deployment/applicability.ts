import { compareVersions, parseVersion } from './semver';

/** What decides whether a device can take a release (docs/releases.md §2). */
export interface ReleaseFit {
  version: string;
  deviceTypes: readonly string[];
  minFromVersion: string;
}
export interface DeviceFit {
  deviceType: string;
  softwareVersion: string | null;
}

/**
 * Why the device cannot take the release, or null when it can: its type must be one the release
 * supports, its installed version known, at least the release's minimum and older than the
 * release. A rollback (`downgrade`) skips the version order but never the type.
 */
export function whyNotApplicable(device: DeviceFit, release: ReleaseFit, downgrade = false): string | null {
  if (!release.deviceTypes.includes(device.deviceType)) {
    return `device type ${device.deviceType} is not supported by ${release.version} (${release.deviceTypes.join(', ')})`;
  }
  if (downgrade) return null;
  const current = parseVersion(device.softwareVersion);
  if (!current) return `installed version unknown (${device.softwareVersion ?? 'none reported'})`;
  const min = parseVersion(release.minFromVersion);
  const target = parseVersion(release.version);
  if (!min || !target) return `release ${release.version} has no valid version`;
  if (compareVersions(current, min) < 0) {
    return `installed ${device.softwareVersion} is older than ${release.minFromVersion}, the oldest ${release.version} upgrades from`;
  }
  if (compareVersions(current, target) >= 0) {
    return `installed ${device.softwareVersion} is not older than ${release.version}`;
  }
  return null;
}
