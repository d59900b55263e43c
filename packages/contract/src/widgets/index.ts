export * from './catalogue';
export * from './colours';
