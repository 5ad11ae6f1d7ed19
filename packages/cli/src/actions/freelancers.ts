import { z } from "zod";
import { getFreelancer, searchFreelancers, type FreelancerRecord } from "@forgehire/services";
import { withServices } from "../context.js";
import { printJson } from "../output.js";
import { parseInput } from "../parse-input.js";
import { printTable } from "../views/table.js";

/** freelancers:list: the directory, searched like the portal's (name, title, bio, skills, domains). */
export async function freelancersList(options: { q?: string; page: string; perPage: string; json?: boolean }): Promise<void> {
  const query = parseInput(
    z.object({ q: z.string().optional(), page: z.coerce.number().int().min(1), perPage: z.coerce.number().int().min(1).max(100) }),
    options,
  );
  const { rows, total } = await withServices((services) => searchFreelancers(services, query));
  if (options.json) return printJson(rows);
  await printTable<FreelancerRecord>({
    columns: [
      { header: "ID", value: (f) => f.id, keep: true },
      { header: "NAME", value: (f) => f.name },
      { header: "EMAIL", value: (f) => f.email },
      { header: "TITLE", value: (f) => f.title },
      { header: "RATE", value: (f) => `$${f.hourlyRate}/h` },
      { header: "SKILLS", value: (f) => f.skills.join(", ") },
    ],
    rows,
    footer: `${rows.length} of ${total} (page ${query.page})`,
  });
}

/** freelancers:show: one profile with its portfolio. */
export async function freelancersShow(id: string, options: { json?: boolean }): Promise<void> {
  const { id: freelancerId } = parseInput(z.object({ id: z.string().uuid("Invalid freelancer ID") }), { id });
  const detail = await withServices((services) => getFreelancer(services, freelancerId));
  if (options.json) return printJson(detail);
  const { freelancer: f, portfolios, documents } = detail;
  console.log(
    [
      `${f.name} — ${f.title} (${f.id})`,
      `Email:     ${f.email}`,
      `Rate:      $${f.hourlyRate}/h`,
      `Skills:    ${f.skills.join(", ") || "—"}`,
      `Domains:   ${f.domains.join(", ") || "—"}`,
      `Languages: ${f.languages.join(", ") || "—"}`,
      "",
      f.bio,
      ...(portfolios.length ? ["", "Portfolio:", ...portfolios.map((p) => `  - ${p.title}`)] : []),
      ...(documents.length ? ["", "Documents:", ...documents.map((d) => `  - ${d.name}`)] : []),
    ].join("\n"),
  );
}
