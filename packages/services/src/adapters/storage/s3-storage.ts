import type { S3Client } from "@aws-sdk/client-s3";
import { Readable } from "node:stream";
import type { S3StorageConfig } from "../../config.js";
import { checkedKey, type Storage } from "./storage.js";

/**
 * S3's smallest multipart part. lib-storage gathers one part before sending it, so with one part in flight an upload
 * holds at most this much in memory, whatever the file's size; a smaller file goes up in one PutObject.
 */
const PART_BYTES = 5 * 1024 * 1024;

/** An S3-compatible store plus the client it uses, which tests and the start-up check reach. */
export interface S3Storage extends Storage {
  client: S3Client;
  bucket: string;
  /**
   * Checks at start that the bucket answers to these credentials.
   * @throws with a message naming the bucket and the store's answer
   */
  verify(): Promise<void>;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, s3rver…), for several server processes that share them.
 * Objects stay private: every download goes through `GET /files/:id` and its access checks, never a bucket URL.
 * The AWS SDK is imported here, not with this module, so that a server on the local disk never loads it (its import
 * was a large part of the time from start to /readyz).
 * @param config from STORAGE_URL and the AWS_* credentials
 */
export async function createS3Storage(config: S3StorageConfig): Promise<S3Storage> {
  const [{ DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client }, { Upload }] = await Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/lib-storage"),
  ]);
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint && { endpoint: config.endpoint }),
    // Without explicit keys the SDK's own chain applies (environment, shared files, instance or task roles).
    ...(config.credentials && { credentials: config.credentials }),
  });
  const { bucket } = config;
  return {
    client,
    bucket,
    description: `S3 bucket ${bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
    async write(key, body, contentType) {
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: checkedKey(key), Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 1,
        // A failed multipart upload is aborted, so no parts are left to pay for.
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async read(key, range) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key), ...(range && { Range: `bytes=${range.start}-${range.end}` }) }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered no readable body for ${key}`);
      return answer.Body;
    },
    async remove(key) {
      // DeleteObject succeeds for a key with no object, as remove promises.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const reason = status === 404 ? "it does not exist" : status === 403 ? "access denied to these credentials" : (error as Error).message;
        throw new Error(`STORAGE_URL: bucket "${bucket}"${config.endpoint ? ` at ${config.endpoint}` : ""} is not usable: ${reason}`, { cause: error });
      }
    },
  };
}
