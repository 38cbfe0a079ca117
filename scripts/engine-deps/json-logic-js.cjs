// The step conditions (scripts/engine-dependencies.mjs).
module.exports = { jsonLogic: require('json-logic-js') };
