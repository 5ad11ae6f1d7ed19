import type { Knex } from "knex";
import { toCount, toDate } from "./rows.js";

export type FileKind = "job_attachment" | "task_attachment" | "delivery_file" | "avatar" | "portfolio_document" | "portfolio_image";

/** An uploaded file's record; the bytes are in the storage under storageKey. */
export interface FileRecord {
  id: string;
  ownerId: string | null;
  kind: FileKind;
  jobId: number | null;
  taskId: string | null;
  name: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
  createdAt: Date;
}

interface FileRow {
  id: string;
  owner_id: string | null;
  kind: FileKind;
  job_id: number | null;
  task_id: string | null;
  name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: Date | string;
}

function toRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind,
    jobId: row.job_id,
    taskId: row.task_id,
    name: row.name,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    storageKey: row.storage_key,
    createdAt: toDate(row.created_at),
  };
}

export const filesRepository = {
  async insert(db: Knex, file: Omit<FileRecord, "id" | "createdAt">): Promise<FileRecord> {
    const [row] = (await db("files")
      .insert({
        owner_id: file.ownerId,
        kind: file.kind,
        job_id: file.jobId,
        task_id: file.taskId,
        name: file.name,
        mime_type: file.mimeType,
        size_bytes: file.sizeBytes,
        storage_key: file.storageKey,
        // Files of one upload share a transaction, so now() would tie them: clock time keeps their order.
        created_at: db.raw("clock_timestamp()"),
      })
      .returning("*")) as FileRow[];
    if (!row) throw new Error("file insert returned no row");
    return toRecord(row);
  },

  async findById(db: Knex, id: string): Promise<FileRecord | undefined> {
    const row = (await db("files").where({ id }).first()) as FileRow | undefined;
    return row && toRecord(row);
  },

  /**
   * A job's attachments in upload order (at most five, so unpaginated by design); files of one upload by name, since
   * PGlite's clock can give them the same instant and their random ids would order them by chance.
   */
  async listJobAttachments(db: Knex, jobId: number): Promise<FileRecord[]> {
    const rows = (await db("files").where({ job_id: jobId, kind: "job_attachment" }).orderBy("created_at").orderBy("name").orderBy("id")) as FileRow[];
    return rows.map(toRecord);
  },

  async countJobAttachments(db: Knex, jobId: number): Promise<number> {
    const [row] = (await db("files").where({ job_id: jobId, kind: "job_attachment" }).count({ n: "*" })) as Array<{ n: number | string }>;
    return toCount(row?.n);
  },
};
