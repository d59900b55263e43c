export * from './access';
export * from './auth';
export * from './device';
export * from './envelope';
export * from './menu';
export * from './reject-reasons';
export * from './routes';
export * from './status';
