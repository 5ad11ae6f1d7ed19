import type { Knex } from "knex";
import {
  adminFreelancerIdentity,
  adminRoomId,
  clientFreelancerRoomId,
  DEFAULT_PLATFORM_FEE_PERCENT,
  deliveryDefaults,
  milestoneAmounts,
  noAdditionalServices,
  notificationTypeTable,
  type NotificationFacts,
  type NotificationType,
  parseIsoDuration,
  paymentAmount,
  payoutKeys,
  payoutTransaction,
  quote,
  rulesBreakdown,
} from "@forgehire/core";
import { createUser, postLedgerTransaction, postPaymentCaptured, issueReceipt, postRelease, type ServiceDeps } from "@forgehire/services";
import { notificationsRepository, payoutsRepository, storiesRepository } from "@forgehire/services/repositories";
import { demoUsers } from "./01-users.js";
import { demoFreelancers } from "./02-freelancers.js";
import { demoJobs } from "./03-jobs.js";
import { seedReviews } from "./04-reviews.js";

export interface SeedResult {
  seeded: boolean;
  logins: Array<{ role: string; email: string; password: string }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the demo into an empty database, all or nothing: an admin, two clients, three freelancers with profiles,
 * and a job in every state. A database that already has users is left alone.
 * @param deps database and clock
 * @returns whether the demo was loaded, and its logins
 */
export async function runSeeds(deps: Pick<ServiceDeps, "db" | "now" | "config">): Promise<SeedResult> {
  const logins = demoUsers.map((u) => ({ role: u.userType, email: u.email, password: u.password }));
  return deps.db.transaction(async (trx) => {
    // Serialises concurrent first starts against one PostgreSQL: only one of them loads the demo.
    await trx.raw("select pg_advisory_xact_lock(4242)");
    const [{ count }] = (await trx("users").count({ count: "*" })) as [{ count: number | string }];
    if (Number(count) > 0) return { seeded: false, logins };

    const userIds = new Map<string, string>();
    for (const demo of demoUsers) {
      const user = await createUser({ db: trx }, demo);
      userIds.set(demo.key, user.id);
    }
    const idOf = (key: string) => {
      const id = userIds.get(key);
      if (!id) throw new Error(`seed refers to unknown demo user ${key}`);
      return id;
    };

    const profileIds = new Map<string, string>();
    for (const profile of demoFreelancers) {
      const user = demoUsers.find((u) => u.key === profile.user)!;
      const [row] = (await trx("freelancers")
        .insert({
          user_id: idOf(profile.user),
          name: `${user.firstName} ${user.lastName}`,
          email: user.email,
          title: profile.title,
          bio: profile.bio,
          hourly_rate: profile.hourlyRate,
          skills: JSON.stringify(profile.skills),
          domains: JSON.stringify(profile.domains),
          languages: JSON.stringify(profile.languages),
        })
        .returning("id")) as Array<{ id: string }>;
      profileIds.set(profile.user, row!.id);
      for (const item of profile.portfolio) {
        await trx("portfolios").insert({
          freelancer_id: row!.id,
          title: item.title,
          description: item.description,
          project_url: item.projectUrl,
        });
      }
    }

    const now = deps.now();
    const jobIds = new Map<string, number>();
    for (const [index, job] of demoJobs.entries()) {
      // Older jobs first, a day apart, so "newest first" lists read naturally.
      const createdAt = new Date(now.getTime() - (job.postedDaysAgo ?? demoJobs.length - index) * DAY_MS);
      const priced = quote({ scope: job.scope, additionalServices: job.additionalServices }, createdAt);
      const locked = job.state !== "open";
      const started = ["in_progress", "completed_unpaid", "completed_paid"].includes(job.state);
      const paid = ["paid", "in_progress", "completed_paid"].includes(job.state);
      const status = job.state.startsWith("completed") ? "completed" : started ? "in_progress" : "open";
      const [row] = (await trx("jobs")
        .insert({
          title: job.title,
          description: job.description,
          industry: job.industry,
          scope: job.scope,
          budget: priced.total,
          owner_id: idOf(job.owner),
          status,
          payment_status: paid ? "paid" : "unpaid",
          locked,
          started_at: started ? new Date(createdAt.getTime() + DAY_MS / 2) : null,
          completed_at: status === "completed" ? new Date(createdAt.getTime() + DAY_MS * 0.9) : null,
          freelancer_id: job.freelancer ? idOf(job.freelancer) : null,
          expected_delivery_date: priced.expectedDeliveryDate,
          breakdown_source: locked ? "rules" : null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning("id")) as Array<{ id: number }>;
      const jobId = row!.id;
      jobIds.set(job.title, jobId);

      await trx("job_requirements").insert({
        job_id: jobId,
        industry: job.industry,
        target_audience: job.targetAudience,
        key_features: job.keyFeatures,
        user_categories: JSON.stringify(["Customers", "Administrators"]),
        additional_requirements: JSON.stringify({
          industry: job.industry,
          additionalServices: priced.lines.reduce<Record<string, boolean>>((acc, line) => ({ ...acc, [line.key]: true }), {}),
          projectSpecificFields: job.projectSpecificFields,
          complianceTypes: job.complianceTypes,
          integrationSystems: job.integrationSystems,
          answers: job.answers.map((a, i) => ({ questionId: `q${i + 1}`, ...a })),
          files: [],
        }),
      });
      await trx("job_activity").insert({ job_id: jobId, actor_id: idOf(job.owner), action: "created", created_at: createdAt });

      // Each locked story's milestone, released to the freelancer when the demo job is completed and paid.
      const milestones: Array<{ storyId: string; amountCents: number; title?: string }> = [];
      if (locked) {
        const stories = rulesBreakdown({
          title: job.title,
          description: job.description,
          scope: job.scope,
          requirements: {
            targetAudience: job.targetAudience,
            keyFeatures: job.keyFeatures,
            userCategories: ["Customers", "Administrators"],
            stakeholders: "",
            existingSystems: "",
            complianceRequirements: "",
            complianceTypes: job.complianceTypes,
            integrationSystems: job.integrationSystems,
            additionalServices: { ...noAdditionalServices, ...job.additionalServices },
            projectSpecificFields: job.projectSpecificFields,
            answers: job.answers.map((a, i) => ({ questionId: `q${i + 1}`, ...a })),
          },
        });
        const stored = await storiesRepository.insertDrafts(trx, jobId, stories, { locked });
        // A locked job's stories carry their milestones, as the lock would have fixed them.
        const amounts = milestoneAmounts(
          paymentAmount(priced.total),
          stored.map((story) => story.estimateHours),
        );
        for (const [i, story] of stored.entries()) {
          await trx("requirement_tasks").where({ id: story.id }).update({ amount_cents: amounts[i] });
          milestones.push({ storyId: story.id, amountCents: amounts[i]!, title: story.title });
        }
        if (started) await markProgress(trx, jobId);
        // A completed job completed with its last approved story (docs/lifecycle.md): each was approved by its client.
        if (status === "completed") {
          await trx("requirement_tasks").where({ job_id: jobId, type: "task" }).update({ status: "done" });
          await trx("requirement_tasks")
            .where({ job_id: jobId, type: "story" })
            .update({ delivery_status: "approved", approved_at: new Date(createdAt.getTime() + DAY_MS * 0.9), approved_by: "client" });
        }
        await trx("job_activity").insert([
          { job_id: jobId, actor_id: idOf(job.owner), action: "breakdown", details: JSON.stringify({ source: "rules" }) },
          { job_id: jobId, actor_id: idOf(job.owner), action: "lock" },
        ]);
      }
      if (paid) {
        // A paid job has the card payment that paid it, so the payments list and the revenue chart agree with it.
        const paidAt = new Date(createdAt.getTime() + DAY_MS / 4);
        const [payment] = (await trx("payments")
          .insert({
            job_id: jobId,
            user_id: idOf(job.owner),
            provider: "test",
            provider_payment_id: `pi_demo_${jobId}`,
            amount: paymentAmount(priced.total),
            status: "succeeded",
            last_event_at: paidAt,
            created_at: paidAt,
            updated_at: paidAt,
          })
          .returning("id")) as Array<{ id: string }>;
        // The ledger agrees with the payments: the charge is held in the job's escrow (ledger:verify passes on the demo).
        await postPaymentCaptured(trx, { id: payment!.id, jobId, amount: paymentAmount(priced.total) }, true, { kind: "provider", id: null });
        // Every captured payment has its receipt, numbered in the series like a live capture's (no e-mail: it is a demo).
        await issueReceipt(deps, trx, { id: payment!.id, jobId, amount: paymentAmount(priced.total), changeRequestId: null }, { counts: true, paidAt });
        await trx("job_activity").insert({ job_id: jobId, actor_id: idOf(job.owner), action: "paid", created_at: paidAt });
        if (status === "completed" && job.freelancer) {
          // A completed job holds nothing: every story was approved and released to its freelancer.
          for (const milestone of milestones) {
            await postRelease(trx, {
              jobId,
              storyId: milestone.storyId,
              grossCents: milestone.amountCents,
              freelancerId: idOf(job.freelancer),
              feePercent: DEFAULT_PLATFORM_FEE_PERCENT,
              actor: { kind: "client", id: idOf(job.owner) },
            });
          }
        }
      }
      if (job.state === "in_progress" && job.freelancer && milestones.length >= 3) {
        // Paid out: an earlier story approved, released and transferred to the freelancer's test-provider account.
        await payOutDemoStory(trx, {
          jobId,
          ownerId: idOf(job.owner),
          freelancerId: idOf(job.freelancer),
          story: milestones[2]!,
          at: new Date(createdAt.getTime() + DAY_MS * 0.5),
        });
      }
      if (job.state === "in_progress" && job.freelancer && milestones.length >= 2) {
        // The freelancer's Earnings show every state the demo can reach without a payout: the second story approved
        // and released (after the capture above, so the escrow never dips), the first one delivered and in review.
        await deliverDemoStories(trx, {
          jobId,
          ownerId: idOf(job.owner),
          freelancerId: idOf(job.freelancer),
          released: milestones[1]!,
          inReview: milestones[0]!,
          at: new Date(createdAt.getTime() + DAY_MS * 0.7),
        });
      }
      if (job.freelancer) {
        const at = new Date(createdAt.getTime() + DAY_MS * 0.6);
        await seedConversation(trx, {
          roomId: clientFreelancerRoomId(idOf(job.owner), profileIds.get(job.freelancer)!),
          clientId: idOf(job.owner),
          freelancerId: profileIds.get(job.freelancer)!,
          freelancerUserId: idOf(job.freelancer),
          jobId,
          at,
          lines: [
            [idOf(job.owner), `Hi! Happy to have you on "${job.title}". Anything you need from us?`],
            [idOf(job.freelancer), "Thanks, the stories are clear. I will post progress on each task as I go."],
          ],
        });
      }
      if (job.state === "completed_unpaid") {
        // The back office's follow-up of a payment due: the admin's room with the poster, and the e-mail it sent.
        const at = new Date(createdAt.getTime() + DAY_MS * 0.95);
        await seedConversation(trx, {
          roomId: adminRoomId(idOf("admin"), jobId, at),
          clientId: idOf(job.owner),
          freelancerId: adminFreelancerIdentity(idOf("admin")),
          freelancerUserId: idOf("admin"),
          jobId,
          at,
          lines: [[idOf("admin"), `"${job.title}" is delivered. Payment is now due; tell us if anything blocks it.`]],
        });
        const owner = demoUsers.find((u) => u.key === job.owner)!;
        await trx("emails").insert({
          to_address: owner.email,
          subject: `Regarding your project: ${job.title}`,
          body_text: `Hello ${owner.firstName},\n\nYour project is complete and its payment is due. Reply to this e-mail if anything blocks it.`,
          kind: "admin_email",
          status: "logged",
          job_id: jobId,
          sender_id: idOf("admin"),
          created_at: at,
          updated_at: at,
        });
      }
      if (started && job.freelancer) {
        await trx("job_activity").insert({ job_id: jobId, actor_id: idOf(job.freelancer), action: "start" });
      }
      // The bell's demo: what the events above would have told each party, the older ones read, the newest unread.
      const facts: NotificationFacts = { jobId, jobTitle: job.title, actorName: null };
      const freelancerName = job.freelancer ? demoUsers.find((u) => u.key === job.freelancer) : undefined;
      const told: Array<{ type: NotificationType; to: string; actor: string | null; at: number; read: boolean; extra?: Partial<NotificationFacts> }> = [];
      if (paid) told.push({ type: "payment_received", to: idOf(job.owner), actor: null, at: 0.45, read: true });
      if (started && job.freelancer)
        told.push({ type: "job_started", to: idOf(job.owner), actor: idOf(job.freelancer), at: 0.5, read: status === "completed" });
      if (job.freelancer) {
        const preview = "Hi! Happy to have you on board. Anything you need from us?";
        told.push({
          type: "chat_message",
          to: idOf(job.freelancer),
          actor: idOf(job.owner),
          at: 0.6,
          read: true,
          extra: { roomId: clientFreelancerRoomId(idOf(job.owner), profileIds.get(job.freelancer)!), preview },
        });
      }
      if (status === "completed" && job.freelancer && milestones.length > 0) {
        const last = milestones[milestones.length - 1]!;
        told.push({
          type: "story_approved",
          to: idOf(job.freelancer),
          actor: idOf(job.owner),
          at: 0.85,
          read: false,
          extra: { storyId: last.storyId, storyTitle: last.title, amountCents: last.amountCents },
        });
      }
      if (job.state === "completed_unpaid") {
        // The admin's follow-up of the payment due, unread.
        const at = new Date(createdAt.getTime() + DAY_MS * 0.95);
        told.push({
          type: "chat_message",
          to: idOf(job.owner),
          actor: idOf("admin"),
          at: 0.951,
          read: false,
          extra: { roomId: adminRoomId(idOf("admin"), jobId, at), preview: `"${job.title}" is delivered. Payment is now due.` },
        });
      }
      if (job.state === "in_progress" && job.freelancer && milestones.length >= 2) {
        const [inReview, released] = [milestones[0]!, milestones[1]!];
        told.push({
          type: "story_approved",
          to: idOf(job.freelancer),
          actor: idOf(job.owner),
          at: 0.65,
          read: false,
          extra: { storyId: released.storyId, storyTitle: released.title, amountCents: released.amountCents },
        });
        told.push({
          type: "story_submitted",
          to: idOf(job.owner),
          actor: idOf(job.freelancer),
          at: 0.7,
          read: false,
          extra: { storyId: inReview.storyId, storyTitle: inReview.title, amountCents: inReview.amountCents },
        });
      }
      for (const notice of told) {
        const ownerName = demoUsers.find((u) => u.key === job.owner)!;
        const actorName =
          notice.actor === idOf(job.owner)
            ? ownerName
            : notice.actor === idOf("admin")
              ? demoUsers.find((u) => u.key === "admin")
              : notice.actor && freelancerName
                ? freelancerName
                : undefined;
        const rendered = notificationTypeTable[notice.type].render({
          ...facts,
          ...notice.extra,
          actorName: actorName ? `${actorName.firstName} ${actorName.lastName}` : null,
        });
        const at = new Date(createdAt.getTime() + DAY_MS * notice.at);
        const [id] = await notificationsRepository.insert(trx, [
          {
            userId: notice.to,
            type: notice.type,
            actorId: notice.actor,
            jobId,
            subjectType: rendered.subject.type,
            subjectId: rendered.subject.id,
            link: rendered.link,
            title: rendered.title,
            body: rendered.body,
            createdAt: at,
          },
        ]);
        if (notice.read)
          await trx("notifications")
            .where({ id })
            .update({ read_at: new Date(at.getTime() + 60_000) });
      }
      if (status === "completed" && job.freelancer) {
        await trx("job_activity").insert({ job_id: jobId, actor_id: idOf(job.freelancer), action: "complete" });
      }
    }
    await seedReviews(trx, now, idOf, (title) => jobIds.get(title)!);
    return { seeded: true, logins };
  });
}

/** A chat room with its messages, a minute apart, and the room's last activity. */
async function seedConversation(
  trx: ServiceDeps["db"],
  room: { roomId: string; clientId: string; freelancerId: string; freelancerUserId: string; jobId: number; at: Date; lines: Array<[string, string]> },
): Promise<void> {
  await trx("chat_rooms").insert({
    room_id: room.roomId,
    client_id: room.clientId,
    freelancer_id: room.freelancerId,
    freelancer_user_id: room.freelancerUserId,
    job_id: room.jobId,
    created_at: room.at,
    updated_at: room.at,
  });
  let last = room.at;
  for (const [index, [senderId, content]] of room.lines.entries()) {
    last = new Date(room.at.getTime() + index * 60_000);
    const receiverId = senderId === room.clientId ? room.freelancerUserId : room.clientId;
    await trx("messages").insert({ room_id: room.roomId, sender_id: senderId, receiver_id: receiverId, job_id: room.jobId, content, created_at: last });
  }
  await trx("chat_rooms").where({ room_id: room.roomId }).update({ last_message_at: last });
}

/**
 * Delivers two stories of a started demo job as its freelancer and client would have: one submitted and approved, its
 * milestone released through the ledger, and one submitted and waiting in review until REVIEW_PERIOD's default.
 * The seeds have no queue, so the in-review story has no auto-approval timer: it waits for its client.
 */
async function deliverDemoStories(
  trx: Knex.Transaction,
  demo: { jobId: number; ownerId: string; freelancerId: string; released: { storyId: string; amountCents: number }; inReview: { storyId: string }; at: Date },
): Promise<void> {
  const hour = DAY_MS / 24;
  const approvedSubmittedAt = new Date(demo.at.getTime() - 3 * hour);
  const approvedAt = new Date(demo.at.getTime() - hour);
  for (const storyId of [demo.released.storyId, demo.inReview.storyId]) {
    await trx("requirement_tasks").where({ job_id: demo.jobId, story_id: storyId, type: "task" }).update({ status: "done" });
  }
  await trx("requirement_tasks").where({ id: demo.released.storyId }).update({
    delivery_status: "approved",
    submitted_at: approvedSubmittedAt,
    approved_at: approvedAt,
    approved_by: "client",
    delivery_note: "Done and deployed to the preview; every acceptance criterion is met.",
  });
  await postRelease(trx, {
    jobId: demo.jobId,
    storyId: demo.released.storyId,
    grossCents: demo.released.amountCents,
    freelancerId: demo.freelancerId,
    feePercent: DEFAULT_PLATFORM_FEE_PERCENT,
    actor: { kind: "client", id: demo.ownerId },
  });
  await trx("requirement_tasks")
    .where({ id: demo.inReview.storyId })
    .update({
      delivery_status: "in_review",
      submitted_at: demo.at,
      review_due_at: new Date(demo.at.getTime() + parseIsoDuration(deliveryDefaults.reviewPeriod)!),
      delivery_note: "Ready for review: the preview link has the whole flow.",
      delivery_links: JSON.stringify(["https://preview.forgehire.local/demo"]),
    });
  await trx("job_activity").insert([
    {
      job_id: demo.jobId,
      actor_id: demo.freelancerId,
      action: "story_submitted",
      details: JSON.stringify({ storyId: demo.released.storyId }),
      created_at: approvedSubmittedAt,
    },
    {
      job_id: demo.jobId,
      actor_id: demo.ownerId,
      action: "story_approved",
      details: JSON.stringify({ storyId: demo.released.storyId, by: "person" }),
      created_at: approvedAt,
    },
    {
      job_id: demo.jobId,
      actor_id: demo.freelancerId,
      action: "story_submitted",
      details: JSON.stringify({ storyId: demo.inReview.storyId }),
      created_at: demo.at,
    },
  ]);
}

/**
 * One story of a started demo job approved, released and paid out through the test provider: the freelancer onboarded
 * on its page before, so the release became a transfer (a payouts row, its ledger payout transaction). The provider has
 * since paused payouts on the account (its details to confirm again, as Stripe does when requirements come due), so a
 * later release waits as available and the Earnings page shows all three figures and the "Set up payouts" button.
 */
async function payOutDemoStory(
  trx: Knex.Transaction,
  demo: { jobId: number; ownerId: string; freelancerId: string; story: { storyId: string; amountCents: number }; at: Date },
): Promise<void> {
  const hour = DAY_MS / 24;
  await trx("requirement_tasks").where({ job_id: demo.jobId, story_id: demo.story.storyId, type: "task" }).update({ status: "done" });
  await trx("requirement_tasks")
    .where({ id: demo.story.storyId })
    .update({
      delivery_status: "approved",
      submitted_at: new Date(demo.at.getTime() - 3 * hour),
      approved_at: demo.at,
      approved_by: "client",
      delivery_note: "Shipped: the preview has it, and every acceptance criterion is ticked.",
    });
  const release = await postRelease(trx, {
    jobId: demo.jobId,
    storyId: demo.story.storyId,
    grossCents: demo.story.amountCents,
    freelancerId: demo.freelancerId,
    feePercent: DEFAULT_PLATFORM_FEE_PERCENT,
    actor: { kind: "client", id: demo.ownerId },
  });
  await trx("job_activity").insert({
    job_id: demo.jobId,
    actor_id: demo.ownerId,
    action: "story_approved",
    details: JSON.stringify({ storyId: demo.story.storyId, by: "person" }),
    created_at: demo.at,
  });
  const accountId = `acct_test_demo${demo.freelancerId.replace(/-/g, "").slice(0, 12)}`;
  await payoutsRepository.insertAccount(trx, { userId: demo.freelancerId, provider: "test", providerAccountId: accountId }, demo.at);
  const releaseTransaction = (await trx("ledger_transactions").where({ kind: "release", story_id: demo.story.storyId }).first("id")) as { id: number };
  const releaseId = Number(releaseTransaction.id);
  const paidAt = new Date(demo.at.getTime() + hour / 60);
  const { payout } = await payoutsRepository.reserve(
    trx,
    {
      freelancerId: demo.freelancerId,
      jobId: demo.jobId,
      storyId: demo.story.storyId,
      releaseTransactionId: releaseId,
      amountCents: release.netCents,
      provider: "test",
      providerAccountId: accountId,
      idempotencyKey: payoutKeys.transfer(releaseId),
    },
    demo.at,
  );
  const { transaction } = await postLedgerTransaction(
    trx,
    payoutTransaction({
      jobId: demo.jobId,
      storyId: demo.story.storyId,
      freelancerId: demo.freelancerId,
      amountCents: release.netCents,
      reference: payoutKeys.ledgerReference(releaseId),
    }),
    { kind: "system", id: null },
  );
  await payoutsRepository.setLedgerTransaction(trx, payout.id, transaction.id);
  await payoutsRepository.markPaid(trx, payout.id, `tr_test_demo${releaseId}`, paidAt);
  await trx("connected_accounts")
    .where({ user_id: demo.freelancerId })
    .update({ payouts_enabled: false, details_submitted: true, updated_at: new Date(paidAt.getTime() + DAY_MS * 0.1) });
}

/** In a started project the first task of each story is done and the second under way. */
async function markProgress(trx: ServiceDeps["db"], jobId: number): Promise<void> {
  const stories = await storiesRepository.listForJob(trx, jobId);
  for (const story of stories) {
    const [first, second] = story.tasks;
    if (first) await trx("requirement_tasks").where({ id: first.id }).update({ status: "done" });
    if (second) await trx("requirement_tasks").where({ id: second.id }).update({ status: "in_progress" });
  }
}
