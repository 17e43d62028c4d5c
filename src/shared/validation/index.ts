export * from './messages';
export * from './rules';
export * from './admin';
export * from './contacts';
