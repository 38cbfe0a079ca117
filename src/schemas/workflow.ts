/** Every workflow schema, from the modules that define them. */
export * from './workflow-common';
export * from './workflow-list';
export * from './workflow-patch';
export * from './workflow-response';
export * from './workflow-step-controls';
export * from './workflow-step-issues';
export * from './workflow-step-metadata';
export * from './workflow-upsert';
