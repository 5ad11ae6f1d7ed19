// The chat benchmark's baseline: a bare socket.io relay, run as a child process by chat-load.ts. A socket joins a
// room with `join {roomId}`; `POST /relay/:roomId` with a JSON body emits it as `chat:message` to that room and
// answers 201 — the same client work as the real chat, without sessions, database or adapter.
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 0);
const http = createServer((req, res) => {
  const match = /^\/relay\/([^/]+)$/.exec(req.url ?? "");
  if (req.method !== "POST" || !match) {
    res.writeHead(404).end();
    return;
  }
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    const message = JSON.parse(body) as unknown;
    io.to(`room:${decodeURIComponent(match[1]!)}`).emit("chat:message", message);
    res.writeHead(201, { "content-type": "application/json" }).end(body);
  });
});
const io = new Server(http, { serveClient: false });
io.on("connection", (socket) => {
  socket.on("join", (body: { roomId: string }, ack?: (answer: { ok: true }) => void) => {
    void socket.join(`room:${body.roomId}`);
    ack?.({ ok: true });
  });
});
http.listen(port, "127.0.0.1", () => {
  const address = http.address();
  process.stdout.write(`relay listening ${typeof address === "object" && address ? address.port : port}\n`);
});
process.on("SIGTERM", () => {
  void io.close();
  process.exit(0);
});
