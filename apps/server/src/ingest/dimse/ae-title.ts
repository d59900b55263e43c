// Moved to platform/dicom: the configuration checks our own AE title with the same rule.
export { AE_TITLE, aeTitleProblem, printable } from '../../platform/dicom/ae-title';
