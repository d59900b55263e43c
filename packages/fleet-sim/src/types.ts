/** The fleet as the simulator describes it; the server's demo loader turns it into rows. */
export type DeviceType = '2D' | '3D' | 'COMBO' | 'CEDM';
export type ConnectionPlan = 'GREEN' | 'YELLOW' | 'RED' | 'NEVER';

export interface SimCustomer {
  key: string;
  name: string;
  country: string;
  parentKey: string | null;
}

export interface SimSite {
  key: string;
  customerKey: string;
  name: string;
  city: string;
  country: string;
  timeZone: string;
  address: string;
  postalCode: string;
  /** Open on Saturdays (with a lighter list). */
  saturday: boolean;
}

export interface SimTechnologist {
  siteKey: string;
  /** DICOM PN as the device writes it, e.g. 'Smith^Amelia'. */
  pn: string;
  /** Chance that one of this person's images is rejected. */
  rejectRate: number;
  /** Mean compression force this person applies (N). */
  forceMean: number;
}

export interface SimTube {
  serial: string;
  installedDaysAgo: number;
  replacedDaysAgo: number | null;
  ratedMas: number;
  /** For the current tube: days of life the demo should show left (sets its earlier usage). */
  targetDaysRemaining: number | null;
}

export interface SimDevice {
  key: string;
  /** null: a device nobody registered, that registers itself by sending (pending onboarding). */
  siteKey: string | null;
  serial: string;
  manufacturer: string;
  model: string;
  type: DeviceType;
  softwareVersion: string;
  stationName: string;
  onboarding: 'pending' | 'todo' | 'inprogress' | 'completed';
  /** First day it sends (days before the end), and the day it went quiet (RED devices). */
  activeFromDaysAgo: number;
  silentSinceDaysAgo: number;
  connection: ConnectionPlan;
  /** Minutes since its last heartbeat at the end of the simulated period (null: never). */
  lastHeartbeatMinutesAgo: number | null;
  examsPerDay: number;
  tubes: SimTube[];
}

export interface SimFleet {
  seed: string;
  customers: SimCustomer[];
  sites: SimSite[];
  devices: SimDevice[];
  technologists: SimTechnologist[];
}
