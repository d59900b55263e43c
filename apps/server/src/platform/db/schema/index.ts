export * from './admin';
export * from './devices';
export * from './dose-reports';
export * from './facts';
export * from './parties';
export * from './people';
export * from './portal';
export * from './rollups';
