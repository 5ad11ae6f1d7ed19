import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

/** A local S3-compatible server (s3rver) with one bucket, for the S3 storage adapter's tests. */
export interface S3Server {
  /** The environment that points a Forgehire server at the bucket. */
  env: Record<string, string>;
  bucket: string;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const BUCKET = "forgehire-test";
// s3rver checks signatures against its one built-in account.
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * Starts s3rver on 127.0.0.1 (a port the kernel picks), its objects in a temporary folder, with an empty bucket.
 * @returns the server, its environment for STORAGE_URL, and a way to list what it holds
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "forgehire-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
  return {
    env: {
      STORAGE_URL: `s3://${BUCKET}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    bucket: BUCKET,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
