// The CLI's lazily loaded email sanitiser (scripts/lazy-dependencies.mjs).
module.exports = { sanitizeHtml: require('sanitize-html') };
