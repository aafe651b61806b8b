export * from './Tabs';
export * from './CopyButton';
export * from './Notice';
export * from './Spinner';
export * from './NearView';
