// The email sanitiser (scripts/engine-dependencies.mjs).
module.exports = { sanitizeHtml: require('sanitize-html') };
