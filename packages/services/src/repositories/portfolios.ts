import type { Knex } from "knex";
import { affectedRows, toDate } from "./rows.js";

/** A portfolio card of a profile. */
export interface PortfolioRecord {
  id: string;
  freelancerId: string;
  title: string;
  description: string;
  imageUrl: string | null;
  projectUrl: string | null;
  createdAt: Date;
}

interface PortfolioRow {
  id: string;
  freelancer_id: string;
  title: string;
  description: string;
  image_url: string | null;
  project_url: string | null;
  created_at: Date | string;
}

const toRecord = (row: PortfolioRow): PortfolioRecord => ({
  id: row.id,
  freelancerId: row.freelancer_id,
  title: row.title,
  description: row.description,
  imageUrl: row.image_url,
  projectUrl: row.project_url,
  createdAt: toDate(row.created_at),
});

/** The fields of a card; undefined leaves a field as it is. */
export interface PortfolioFields {
  title?: string | undefined;
  description?: string | undefined;
  imageUrl?: string | null | undefined;
  projectUrl?: string | null | undefined;
}

const toColumns = (fields: PortfolioFields) => ({
  ...(fields.title !== undefined && { title: fields.title }),
  ...(fields.description !== undefined && { description: fields.description }),
  ...(fields.imageUrl !== undefined && { image_url: fields.imageUrl }),
  ...(fields.projectUrl !== undefined && { project_url: fields.projectUrl }),
});

/** Portfolio cards (spec: portfolios). */
export const portfoliosRepository = {
  async listForFreelancer(db: Knex, freelancerId: string): Promise<PortfolioRecord[]> {
    const rows = (await db("portfolios").where({ freelancer_id: freelancerId }).orderBy("created_at").orderBy("id")) as PortfolioRow[];
    return rows.map(toRecord);
  },

  async insert(db: Knex, freelancerId: string, fields: PortfolioFields & { title: string }): Promise<PortfolioRecord> {
    const [row] = (await db("portfolios")
      .insert({ freelancer_id: freelancerId, ...toColumns(fields), created_at: db.raw("clock_timestamp()") })
      .returning("*")) as PortfolioRow[];
    return toRecord(row!);
  },

  /** @returns the card after the change, or undefined when it is not the freelancer's */
  async update(db: Knex, freelancerId: string, id: string, fields: PortfolioFields, now: Date): Promise<PortfolioRecord | undefined> {
    const [row] = (await db("portfolios")
      .where({ id, freelancer_id: freelancerId })
      .update({ ...toColumns(fields), updated_at: now })
      .returning("*")) as PortfolioRow[];
    return row && toRecord(row);
  },

  /** @returns whether a card of the freelancer was removed */
  async delete(db: Knex, freelancerId: string, id: string): Promise<boolean> {
    return affectedRows(await db("portfolios").where({ id, freelancer_id: freelancerId }).delete()) === 1;
  },
};
