import type { DeviceType } from './types';

/** The provider's device models (manufacturer as written in DICOM) and their X-ray tubes. */
export const MANUFACTURER = 'ACME MEDICAL';

export interface Model {
  name: string;
  type: DeviceType;
  software: string[];
  /** Rated tube life in mAs (the manufacturer's figure for the tube fitted to this model). */
  tubeRatedMas: number;
  /** Share of the fleet. */
  weight: number;
}

export const MODELS: readonly Model[] = [
  { name: 'Aurora Classic', type: '2D', software: ['4.2.1', '4.3.0'], tubeRatedMas: 9_000_000, weight: 2 },
  {
    name: 'Aurora 2D',
    type: '2D',
    software: ['5.1.0', '5.1.2', '5.2.0'],
    tubeRatedMas: 12_000_000,
    weight: 3,
  },
  { name: 'Aurora 3D', type: '3D', software: ['6.0.3', '6.1.0'], tubeRatedMas: 20_000_000, weight: 3 },
  { name: 'Aurora Duo', type: 'COMBO', software: ['6.1.0', '6.2.1'], tubeRatedMas: 22_000_000, weight: 3 },
  {
    name: 'Aurora Contrast',
    type: 'CEDM',
    software: ['5.2.0', '6.1.0'],
    tubeRatedMas: 15_000_000,
    weight: 1,
  },
];

export interface CustomerPlan {
  name: string;
  country: string;
  timeZone: string;
  cities: string[];
  sites: number;
  children?: CustomerPlan[];
}

/** Customers of the demo fleet; one health network owns two hospital customers. */
export const CUSTOMERS: readonly CustomerPlan[] = [
  {
    name: 'Northwind Health',
    country: 'US',
    timeZone: 'America/Chicago',
    cities: ['Chicago', 'Evanston'],
    sites: 1,
    children: [
      {
        name: 'Northwind General Hospital',
        country: 'US',
        timeZone: 'America/Chicago',
        cities: ['Chicago', 'Oak Park', 'Naperville'],
        sites: 4,
      },
      {
        name: "Northwind Women's Clinics",
        country: 'US',
        timeZone: 'America/Chicago',
        cities: ['Skokie', 'Joliet', 'Aurora'],
        sites: 4,
      },
    ],
  },
  {
    name: 'St. Elsewhere Medical Center',
    country: 'US',
    timeZone: 'America/New_York',
    cities: ['Boston', 'Cambridge', 'Quincy'],
    sites: 5,
  },
  {
    name: 'Riverside Imaging Partners',
    country: 'US',
    timeZone: 'America/Los_Angeles',
    cities: ['Sacramento', 'Davis', 'Fresno', 'Modesto'],
    sites: 6,
  },
  {
    name: 'Lakeside Breast Centre',
    country: 'GB',
    timeZone: 'Europe/London',
    cities: ['Manchester', 'Leeds', 'Bolton'],
    sites: 4,
  },
  {
    name: 'Clinique Saint-Michel',
    country: 'FR',
    timeZone: 'Europe/Paris',
    cities: ['Lyon', 'Villeurbanne'],
    sites: 3,
  },
  {
    name: 'Harbor Diagnostics',
    country: 'US',
    timeZone: 'America/Denver',
    cities: ['Denver', 'Boulder'],
    sites: 3,
  },
];

export const SITE_KINDS = [
  'Breast Imaging Center',
  'Screening Unit',
  'Radiology',
  "Women's Health",
  'Diagnostic Center',
];
