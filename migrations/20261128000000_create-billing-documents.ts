import type { Knex } from "knex";

// Receipts and credit notes (issue 19). Numbers come from a counter row per year, updated in the transaction that
// issues the document (never a sequence: a rolled-back transaction would burn its value and leave a gap), and a
// document is never changed once issued: its facts are the stored snapshot, its PDF is drawn from it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("billing_document_counters", (table) => {
    table.integer("year").primary();
    // The next sequence number to hand out in that year.
    table.integer("next").notNullable();
    table.check("next >= 1", undefined, "billing_document_counters_next_check");
  });

  await knex.schema.createTable("billing_documents", (table) => {
    table.uuid("id").primary().defaultTo(knex.fn.uuid());
    table.text("kind").notNullable().checkIn(["receipt", "credit_note"], "billing_documents_kind_check");
    table.integer("year").notNullable();
    table.integer("sequence").notNullable();
    table.text("number").notNullable().unique({ indexName: "billing_documents_number_unique" });
    // The client billed: the paying job's owner.
    table.uuid("client_id").notNullable().references("id").inTable("users").onDelete("NO ACTION");
    table.integer("job_id").notNullable().references("id").inTable("jobs").onDelete("NO ACTION");
    // A receipt's payment; a credit note's refunded payment when one charge is known.
    table.uuid("payment_id").nullable().references("id").inTable("payments").onDelete("NO ACTION");
    // A credit note's refund: the ledger's refund transaction (the refund's id in the API).
    table.integer("refund_id").nullable().references("id").inTable("ledger_transactions").onDelete("NO ACTION");
    table.bigInteger("amount_cents").notNullable();
    table.text("currency").notNullable().defaultTo("usd");
    // Every fact printed on the document, as issued (core's billingDocumentContentSchema).
    table.jsonb("content").notNullable();
    table.timestamp("issued_at", { useTz: true }).notNullable();
    table.unique(["year", "sequence"], { indexName: "billing_documents_year_sequence_unique" });
    table.check("amount_cents > 0", undefined, "billing_documents_amount_cents_check");
    table.check("(kind = 'receipt') = (refund_id is null)", undefined, "billing_documents_refund_id_check");
    table.check("kind = 'credit_note' or payment_id is not null", undefined, "billing_documents_payment_id_check");
    // The client's Billing page, newest first.
    table.index(["client_id", "issued_at", "id"], "billing_documents_client_issued_index");
    table.index(["job_id"], "billing_documents_job_id_index");
  });
  // One receipt per payment, one credit note per refund, whatever the retries and processes.
  await knex.raw("create unique index billing_documents_one_receipt_per_payment on billing_documents (payment_id) where kind = 'receipt'");
  await knex.raw("create unique index billing_documents_one_credit_note_per_refund on billing_documents (refund_id) where kind = 'credit_note'");
  // The back office's list, newest first.
  await knex.raw("create index billing_documents_issued_at_index on billing_documents (issued_at desc, id desc)");

  // Immutable once issued: the database itself refuses to change or remove a document.
  await knex.raw(`
    create function billing_documents_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'billing documents are immutable once issued (issue a credit note instead)' using errcode = '23514';
    end;
    $$`);
  await knex.raw(`
    create trigger billing_documents_immutable before update or delete on billing_documents
    for each row execute function billing_documents_immutable()`);

  await knex.schema.alterTable("users", (table) => {
    // Optional details printed on the client's receipts.
    table.text("billing_name").nullable();
    table.text("billing_address").nullable();
    table.text("billing_vat_id").nullable();
  });

  await knex.schema.alterTable("emails", (table) => {
    // A receipt's e-mail names its document; the mail worker draws the PDF and attaches it when it sends.
    table.uuid("document_id").nullable().references("id").inTable("billing_documents").onDelete("NO ACTION");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("emails", (table) => table.dropColumn("document_id"));
  await knex.schema.alterTable("users", (table) => {
    table.dropColumn("billing_name");
    table.dropColumn("billing_address");
    table.dropColumn("billing_vat_id");
  });
  await knex.raw("drop trigger billing_documents_immutable on billing_documents");
  await knex.raw("drop function billing_documents_immutable()");
  await knex.schema.dropTable("billing_documents");
  await knex.schema.dropTable("billing_document_counters");
}
