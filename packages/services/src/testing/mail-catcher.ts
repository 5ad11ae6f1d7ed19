import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as an SMTP server received it. */
export interface CaughtMail {
  to: string[];
  /** The raw message, headers and body. */
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone, enough to find a link in it. */
  body: string;
}

export interface MailCatcher {
  /** The SMTP_URL that delivers here. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the next message to `to` (or one already received and not yet taken). */
  next(to: string): Promise<CaughtMail>;
  /** The reset link of the next message to `to`. */
  resetLink(to: string): Promise<string>;
  /** Holds every delivery until `release` is called (a slow mail server). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * A real SMTP server on 127.0.0.1 for tests: what the mailer delivers, as a mail client would read it.
 * @param port where to listen (a mail server coming back on its address); a free one by default
 * @returns the catcher; close it after the tests
 */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters: Array<{ to: string; resolve: (mail: CaughtMail) => void }> = [];
  let held: Array<() => void> | undefined;

  const deliver = (mail: CaughtMail) => {
    messages.push(mail);
    const index = waiters.findIndex((w) => mail.to.includes(w.to));
    if (index >= 0) {
      taken.add(mail);
      waiters.splice(index, 1)[0]!.resolve(mail);
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const finish = () => {
          deliver({ to, raw, body: decodeQuotedPrintable(raw) });
          callback();
        };
        if (held) held.push(finish);
        else finish();
      });
    },
  });
  // A client dropping its connection (a pooled sender shutting down) is no failure of the test.
  server.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: listening } = server.server.address() as AddressInfo;

  const next = (to: string) => {
    const address = to.toLowerCase();
    const waiting = messages.find((m) => !taken.has(m) && m.to.includes(address));
    if (waiting) {
      taken.add(waiting);
      return Promise.resolve(waiting);
    }
    return new Promise<CaughtMail>((resolve) => waiters.push({ to: address, resolve }));
  };

  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    next,
    async resetLink(to) {
      const mail = await next(to);
      const link = mail.body.match(/https?:\/\/\S+change-password\?token=[\w-]+/)?.[0];
      if (!link) throw new Error(`no reset link in the mail to ${to}`);
      return link;
    },
    hold() {
      held ??= [];
    },
    release() {
      const pending = held ?? [];
      held = undefined;
      for (const finish of pending) finish();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
