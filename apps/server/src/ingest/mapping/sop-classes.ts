/** Storage SOP classes Kestrel reads (PS3.4 Annex B). */
export const SOP_CLASS = {
  mgForPresentation: '1.2.840.10008.5.1.4.1.1.1.2',
  mgForProcessing: '1.2.840.10008.5.1.4.1.1.1.2.1',
  breastTomosynthesis: '1.2.840.10008.5.1.4.1.1.13.1.3',
  breastProjectionForPresentation: '1.2.840.10008.5.1.4.1.1.13.1.4',
  breastProjectionForProcessing: '1.2.840.10008.5.1.4.1.1.13.1.5',
  secondaryCapture: '1.2.840.10008.5.1.4.1.1.7',
  xRayRadiationDoseSr: '1.2.840.10008.5.1.4.1.1.88.67',
  enhancedSr: '1.2.840.10008.5.1.4.1.1.88.22',
  comprehensiveSr: '1.2.840.10008.5.1.4.1.1.88.33',
  keyObjectSelection: '1.2.840.10008.5.1.4.1.1.88.59',
} as const;

export const MG_IMAGE_CLASSES: ReadonlySet<string> = new Set([
  SOP_CLASS.mgForPresentation,
  SOP_CLASS.mgForProcessing,
  SOP_CLASS.breastTomosynthesis,
  SOP_CLASS.breastProjectionForPresentation,
  SOP_CLASS.breastProjectionForProcessing,
]);
