import type { Question } from '../question';
import { agdAgainstThickness } from './dimensions/agd-against-thickness';
import { forceDistribution } from './dimensions/force-distribution';
import { imagesByWeekdayAndHour } from './dimensions/images-by-weekday-and-hour';
import { kvpDistributionByDeviceType } from './dimensions/kvp-distribution-by-device-type';
import { meanAgdByThickness } from './dimensions/mean-agd-by-thickness';
import { meanAgdByView } from './dimensions/mean-agd-by-view';
import { meanAgdOverTime } from './dimensions/mean-agd-over-time';
import { meanMasByThickness } from './dimensions/mean-mas-by-thickness';
import { pressureDistribution } from './dimensions/pressure-distribution';
import { thicknessDistribution } from './dimensions/thickness-distribution';
import { connectionStatusOfDevices } from './equipment/connection-status-of-devices';
import { devicesByConnectionPerSite } from './equipment/devices-by-connection-per-site';
import { failedFilesOverTime } from './equipment/failed-files-over-time';
import { lastObjectPerDevice } from './equipment/last-object-per-device';
import { tubeDaysRemaining } from './equipment/tube-days-remaining';
import { tubesByStatusPerSite } from './equipment/tubes-by-status-per-site';
import { examsByProcedure } from './reasons/exams-by-procedure';
import { rejectRateOverTime } from './reasons/reject-rate-over-time';
import { rejectsByReason } from './reasons/rejects-by-reason';
import { rejectsByReasonAndView } from './reasons/rejects-by-reason-and-view';
import { rejectsByReasonOverTime } from './reasons/rejects-by-reason-over-time';
import { examVolumeOverTimePerSite } from './sites/exam-volume-over-time-per-site';
import { examsPerDeviceDay } from './sites/exams-per-device-day';
import { examsPerSite } from './sites/exams-per-site';
import { imagesPerSiteByKind } from './sites/images-per-site-by-kind';
import { meanAgdPerSiteByView } from './sites/mean-agd-per-site-by-view';
import { meanForcePerSite } from './sites/mean-force-per-site';
import { rejectRatePerSite } from './sites/reject-rate-per-site';
import { examVolumeOverTimePerTechnologist } from './technologists/exam-volume-over-time-per-technologist';
import { examsPerTechnologist } from './technologists/exams-per-technologist';
import { examsPerTechnologistByHour } from './technologists/exams-per-technologist-by-hour';
import { forceSpreadPerTechnologist } from './technologists/force-spread-per-technologist';
import { imagesPerExamPerTechnologist } from './technologists/images-per-exam-per-technologist';
import { meanAgdPerTechnologist } from './technologists/mean-agd-per-technologist';
import { meanForcePerTechnologistByView } from './technologists/mean-force-per-technologist-by-view';
import { positioningRejectsPerTechnologist } from './technologists/positioning-rejects-per-technologist';
import { rejectRatePerTechnologist } from './technologists/reject-rate-per-technologist';
import { rejectsPerTechnologistByReason } from './technologists/rejects-per-technologist-by-reason';
import { shareOfExamsPerTechnologist } from './technologists/share-of-exams-per-technologist';
import { technologistLeagueTable } from './technologists/technologist-league-table';

/**
 * Every widget's question, one file each (docs/dashboards.md "Adding a widget"), grouped in
 * folders by legend type; registry.test.ts holds them to the catalogue one to one.
 */
export const allQuestions: readonly Question[] = [
  examVolumeOverTimePerSite,
  examsPerDeviceDay,
  examsPerSite,
  imagesPerSiteByKind,
  meanAgdPerSiteByView,
  meanForcePerSite,
  rejectRatePerSite,
  examVolumeOverTimePerTechnologist,
  examsPerTechnologistByHour,
  examsPerTechnologist,
  forceSpreadPerTechnologist,
  imagesPerExamPerTechnologist,
  meanAgdPerTechnologist,
  meanForcePerTechnologistByView,
  positioningRejectsPerTechnologist,
  rejectRatePerTechnologist,
  rejectsPerTechnologistByReason,
  shareOfExamsPerTechnologist,
  technologistLeagueTable,
  agdAgainstThickness,
  forceDistribution,
  imagesByWeekdayAndHour,
  kvpDistributionByDeviceType,
  meanAgdByThickness,
  meanAgdByView,
  meanAgdOverTime,
  meanMasByThickness,
  pressureDistribution,
  thicknessDistribution,
  examsByProcedure,
  rejectRateOverTime,
  rejectsByReasonAndView,
  rejectsByReasonOverTime,
  rejectsByReason,
  connectionStatusOfDevices,
  devicesByConnectionPerSite,
  failedFilesOverTime,
  lastObjectPerDevice,
  tubeDaysRemaining,
  tubesByStatusPerSite,
];
