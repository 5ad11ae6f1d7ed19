// Baseline for "start to /readyz": a bare node:http server that answers /readyz at once. Plain JavaScript, so that
// it starts as fast as Node can. PORT from the environment.
import { createServer } from "node:http";

createServer((req, res) => {
  res.writeHead(req.url === "/readyz" ? 200 : 404, { "content-type": "application/json" });
  res.end(req.url === "/readyz" ? '{"ok":true}' : "{}");
}).listen(Number(process.env.PORT), "127.0.0.1");
