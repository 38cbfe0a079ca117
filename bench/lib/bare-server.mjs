// The reference contestant of http.bench.mjs: a bare node:http server answering constant JSON.
// Prints its URL as one line once it listens.
import { createServer } from 'node:http';

const body = JSON.stringify({ data: { subscriberId: 'demo-ada', firstName: 'Ada' } });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
