export { MANUFACTURER, MODELS } from './catalogue';
export type { DicomRecord } from './dicom';
export { doseReportRecord, type SimDoseEvent, type SimDoseReport } from './dose-report';
export { deviceDay } from './exams';
export { addDays, type DayOfRecords, fleetHistory, historyDay, localNow } from './history';
export { fromPart10, toPart10 } from './part10';
export { Random } from './random';
export { type FleetOptions, generateFleet } from './topology';
export type * from './types';
