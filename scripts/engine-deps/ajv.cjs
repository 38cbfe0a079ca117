// The payload-schema validator: ajv and its formats in one file, so the formats plugin and the
// validator share one copy of ajv's code generator (scripts/engine-dependencies.mjs).
const formats = require('ajv-formats');

module.exports = { Ajv: require('ajv').Ajv, addFormats: formats.default ?? formats };
