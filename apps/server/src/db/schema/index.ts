export * from './accounts';
export * from './audit';
export * from './geo';
export * from './incidents';
export * from './lookups';
export * from './notifications';
export * from './system';
export * from './users';
