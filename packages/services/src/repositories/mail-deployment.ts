import type { Knex } from "knex";

/** The deployment's one row saying it sends e-mail over SMTP (see the migration create-mail-deployment). */
export const mailDeploymentRepository = {
  /** Records that a process with SMTP works the mail queue; the first one's time is kept. */
  async recordSender(db: Knex): Promise<void> {
    await db("mail_deployment").insert({ singleton: true }).onConflict("singleton").ignore();
  },

  /** Whether any process with SMTP has ever worked this deployment's mail. */
  async hasSender(db: Knex): Promise<boolean> {
    return Boolean(await db("mail_deployment").first("singleton"));
  },

  /** Forgets the sender: the deployment has stopped using SMTP for good (its servers log mail again). */
  async forgetSender(db: Knex): Promise<boolean> {
    return (await db("mail_deployment").delete()) > 0;
  },
};
