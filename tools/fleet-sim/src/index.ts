export { MANUFACTURER, MODELS } from './catalogue';
export type { DicomRecord } from './dicom';
export { deviceDay } from './exams';
export { addDays, type DayOfRecords, fleetHistory, localNow } from './history';
export { Random } from './random';
export { type FleetOptions, generateFleet } from './topology';
export type * from './types';
