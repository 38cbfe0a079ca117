// The template engine (scripts/engine-dependencies.mjs).
module.exports = { Liquid: require('liquidjs').Liquid };
