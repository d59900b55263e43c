export * from './audit';
export * from './common';
export * from './customers';
export * from './sales';
export * from './sites';
export * from './users';
