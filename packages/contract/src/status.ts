/** Status rules shared by server and web (spec §4, readings 12). */

export const TUBE_LIFE_DEFAULTS = { tubeLifeYellow: 61, tubeLifeRed: 31 } as const;
export type TubeLifeStatus = 'Tube OK' | 'Schedule Replacement' | 'Replace Tube';

export function tubeLifeStatus(
  daysRemaining: number,
  thresholds: { tubeLifeYellow: number; tubeLifeRed: number } = TUBE_LIFE_DEFAULTS,
): TubeLifeStatus {
  if (daysRemaining >= thresholds.tubeLifeYellow) return 'Tube OK';
  if (daysRemaining >= thresholds.tubeLifeRed) return 'Schedule Replacement';
  return 'Replace Tube';
}

export type ConnectionStatus = 'GREEN' | 'YELLOW' | 'RED' | null;
export const deviceTypes = ['2D', '3D', 'COMBO', 'CEDM'] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const onboardingStates = ['pending', 'todo', 'inprogress', 'completed'] as const;
export type OnboardingState = (typeof onboardingStates)[number];
