// The cron schedules of delays and digests (scripts/engine-dependencies.mjs).
module.exports = { Cron: require('croner').Cron };
