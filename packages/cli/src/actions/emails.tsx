import { z } from "zod";
import { listOutbox, type EmailRecord, operatorActor } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";
import { printTable } from "../views/table.js";

export interface EmailListOptions {
  to?: string;
  kind?: string;
  page: string;
  perPage: string;
  full?: boolean;
  json?: boolean;
  as?: string;
}

/** emails:list: the outbox, where every email lands (and, without SMTP, the only place to read it). */
export async function emailsList(options: EmailListOptions): Promise<void> {
  const query = parseInput(
    z.object({
      to: z.string().optional(),
      kind: z.string().optional(),
      page: z.coerce.number().int().min(1),
      perPage: z.coerce.number().int().min(1).max(100),
    }),
    options,
  );
  const { rows, total } = await withServices(async (services) =>
    listOutbox(services, await operatorActor(services, options.as), { ...query, offset: (query.page - 1) * query.perPage, limit: query.perPage }),
  );
  if (options.json) return printJson(rows);
  if (options.full) {
    for (const email of rows)
      console.log(
        `--- ${email.createdAt.toISOString()} to ${email.to} [${email.status}${email.attempts ? `, ${email.attempts} attempt(s)` : ""}${email.error ? `: ${email.error}` : ""}]\nSubject: ${email.subject}\n\n${email.text}\n`,
      );
    return;
  }
  await printTable<EmailRecord>({
    columns: [
      { header: "ID", value: (e) => e.id, keep: true },
      { header: "SENT", value: (e) => e.createdAt.toISOString().slice(0, 16).replace("T", " ") },
      { header: "TO", value: (e) => e.to },
      { header: "KIND", value: (e) => e.kind },
      // A queued message with an error is being retried: say so, with the attempts made.
      { header: "STATUS", value: (e) => (e.status === "queued" && e.error ? `retrying (${e.attempts})` : e.status) },
      { header: "ERROR", value: (e) => e.error ?? "" },
      { header: "SUBJECT", value: (e) => e.subject },
    ],
    rows,
    footer: `${rows.length} of ${total} (page ${query.page})`,
  });
}
