// Baseline for the job listing: a bare node:http + pg server running the three statements the product's listing ran
// before this bench (count every live job, the page's ids, then the page's rows with their owners and flags), with
// no framework, session or ORM. DATABASE_URL, PORT and POOL (pool size, the app's 10 by default) from the
// environment.
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL ?? 10) });
// The API's default page size.
const PER_PAGE = 24;

const countSql = `select count(*) as "total" from "jobs" as "j" where not "j"."status" = $1`;
const idsSql = `select "j"."id" from "jobs" as "j" where not "j"."status" = $1 order by "j"."created_at" desc, "j"."id" desc limit $2`;
const rowsSql = (n) =>
  `select "j".*, "o"."first_name" as "owner_first_name", "o"."last_name" as "owner_last_name", ` +
  `exists (select 1 from requirement_tasks s where s.job_id = j.id and s.type = 'story') as has_stories, ` +
  `exists (select 1 from messages m where m.job_id = j.id) as has_communication ` +
  `from "jobs" as "j" inner join "users" as "o" on "o"."id" = "j"."owner_id" ` +
  `where "j"."id" in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ")}) order by "j"."created_at" desc, "j"."id" desc`;

async function listing() {
  const count = await pool.query(countSql, ["inactive"]);
  const ids = await pool.query(idsSql, ["inactive", PER_PAGE]);
  const rows = ids.rows.length
    ? (
        await pool.query(
          rowsSql(ids.rows.length),
          ids.rows.map((r) => r.id),
        )
      ).rows
    : [];
  return { items: rows, total: Number(count.rows[0].total), page: 1, perPage: PER_PAGE };
}

createServer((req, res) => {
  if (req.url === "/readyz") {
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    return;
  }
  listing().then(
    (body) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body)),
    (error) => res.writeHead(500).end(String(error)),
  );
}).listen(Number(process.env.PORT), "127.0.0.1");
