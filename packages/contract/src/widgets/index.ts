export * from './answer';
export * from './bands';
export * from './builtins';
export * from './catalogue';
export * from './colours';
export * from './drill';
