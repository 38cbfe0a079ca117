// The linear-time regular expressions (scripts/engine-dependencies.mjs).
module.exports = { RE2JS: require('re2js').RE2JS };
