// The CLI's lazily loaded linear-time regular expressions (scripts/lazy-dependencies.mjs).
module.exports = { RE2JS: require('re2js').RE2JS };
