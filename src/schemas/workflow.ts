/**
 * Every workflow schema, from the modules that define them: enums and the user reference
 * (`workflow-common`), step issues, the list, step metadata and legacy steps, step controls, the
 * create and update bodies, and the workflow response.
 *
 * @module
 */
export * from './workflow-common';
export * from './workflow-list';
export * from './workflow-patch';
export * from './workflow-response';
export * from './workflow-step-controls';
export * from './workflow-step-issues';
export * from './workflow-step-metadata';
export * from './workflow-upsert';
