export * from './answer';
export * from './bands';
export * from './catalogue';
export * from './colours';
export * from './drill';
