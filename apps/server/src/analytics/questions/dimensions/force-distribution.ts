import { FORCE_BANDS } from '@kestrel/contract';
import { distribution } from './shared';

export const forceDistribution = distribution(9060, FORCE_BANDS, 'force_bands', 'force_n', 'Images');
