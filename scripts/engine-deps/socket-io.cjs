// The Inbox's real-time socket (mock-server/realtime/socket-io-server.ts): socket.io and the
// engine.io server it binds to, one copy of engine.io and ws for both. Node only: it serves a
// port, so it has no browser build (scripts/engine-dependencies.mjs, NODE_ONLY_BUNDLES).
module.exports = { Server: require('socket.io').Server, EngineServer: require('engine.io').Server };
