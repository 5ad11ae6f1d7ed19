import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../index.js";
import { openTestDatabase } from "../testing/index.js";
import { chatRoomReadsRepository } from "./chat-room-reads.js";

let database: Database;
let clientId: string;
let freelancerId: string;
const roomId = "room-reads";
const messageIds: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const knex = database.knex;
  const user = (email: string, userType: string) => ({
    email,
    password_hash: "x",
    first_name: "T",
    last_name: "U",
    user_type: userType,
    role_type: userType === "client" ? "job_poster" : "freelancer",
  });
  const [client, freelancer] = (await knex("users")
    .insert([user("c@example.test", "client"), user("f@example.test", "freelancer")])
    .returning("id")) as Array<{ id: string }>;
  clientId = client!.id;
  freelancerId = freelancer!.id;
  await knex("chat_rooms").insert({ room_id: roomId, client_id: clientId, freelancer_id: "f", freelancer_user_id: freelancerId });
  for (const sender of [clientId, clientId, freelancerId]) {
    const [row] = (await knex("messages").insert({ room_id: roomId, sender_id: sender, content: "hi" }).returning("id")) as Array<{ id: string | number }>;
    messageIds.push(String(row!.id));
  }
});
afterAll(async () => {
  await database?.close();
});

const mark = async () =>
  String(
    ((await database.knex("chat_room_reads").where({ room_id: roomId, user_id: freelancerId }).first()) as { last_read_message_id: string | number })
      .last_read_message_id,
  );

it("a read mark never moves backwards, even when an older read arrives late", async () => {
  const at = new Date("2026-11-22T10:00:00Z");
  await chatRoomReadsRepository.markRead(database.knex, { roomId, userId: freelancerId, at, upToMessageId: messageIds[1] });
  expect(await mark()).toBe(messageIds[1]);
  await chatRoomReadsRepository.markRead(database.knex, { roomId, userId: freelancerId, at, upToMessageId: messageIds[0] });
  expect(await mark()).toBe(messageIds[1]);
  await chatRoomReadsRepository.markRead(database.knex, { roomId, userId: freelancerId, at });
  expect(await mark()).toBe(messageIds[2]);
});

it("counts a room unread only for messages someone else sent after the last read", async () => {
  // The freelancer read up to their own newest message; the client has read nothing and has the freelancer's one.
  expect(await chatRoomReadsRepository.unreadRoomCount(database.knex, freelancerId)).toBe(0);
  expect(await chatRoomReadsRepository.unreadRoomCount(database.knex, clientId)).toBe(1);
  await chatRoomReadsRepository.markRead(database.knex, { roomId, userId: clientId, at: new Date() });
  expect(await chatRoomReadsRepository.unreadRoomCount(database.knex, clientId)).toBe(0);
});
