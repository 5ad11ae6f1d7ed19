import { io as connect, type Socket } from "socket.io-client";
import type { BuiltUser } from "./factories.js";

/**
 * A fresh session cookie for the user, as a browser would send it on the socket's handshake.
 * @param url the server's base URL
 * @param user a user built by the factories (email and password known)
 */
export async function sessionCookie(url: string, user: BuiltUser): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.user.email, password: user.password }),
  });
  // express-session sends the headers, the cookie among them, before the session is stored, and ends the body once
  // it is: the sign-in is over only then, and none of its statements lands in what the caller measures next.
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Connects a socket.io client over websocket, without reconnection, and waits for the handshake.
 * @param url the server's base URL
 * @param cookie the session cookie, or none for a signed-out visitor
 * @returns the connected socket; the caller disconnects it
 * @throws the handshake's error when the server refuses the connection
 */
export function openSocket(url: string, cookie?: string): Promise<Socket> {
  const socket = connect(url, { transports: ["websocket"], extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}
