// Reads a response body under two caps: wire bytes (max_bytes, stops the stream) and decompressed bytes
// (stops gzip/deflate/br bombs). Decompression is done here rather than by the HTTP client so the cap applies.
import { Transform, type Readable, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

export class BodyLimitError extends Error {
  override readonly name = "BodyLimitError";
  constructor(readonly outcome: "too_large" | "unsupported_content" | "network_error", readonly detail: string) {
    super(detail);
  }
}

export interface ReadBody {
  /** Bytes as they came off the wire (still content-encoded): what an archive stores. */
  raw: Buffer;
  /** Bytes after content decoding: what the page is. */
  decoded: Buffer;
}

export interface BodyLimits {
  maxBytes: number;
  maxDecompressedBytes: number;
}

type ContentCoding = "identity" | "gzip" | "deflate" | "br";

// Real pages compress 3-20x; a stream that has inflated past a few MB at hundreds-to-one is a bomb, whatever
// the absolute cap says.
const BOMB_RATIO = 200;
const BOMB_RATIO_APPLIES_AFTER_BYTES = 2_000_000;

function parseContentEncoding(header: string | undefined): ContentCoding | undefined {
  const codings = (header ?? "").split(",").map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== "" && coding !== "identity");
  if (codings.length === 0) return "identity";
  if (codings.length > 1) return undefined;
  const [coding] = codings;
  if (coding === "gzip" || coding === "x-gzip") return "gzip";
  if (coding === "deflate" || coding === "x-deflate") return "deflate";
  if (coding === "br") return "br";
  return undefined;
}

// Truncated compressed bodies are common on the web; flush what decoded instead of failing the page.
const ZLIB_TOLERANT = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };

function createDecompressor(coding: Exclude<ContentCoding, "identity">, firstChunk: Buffer): Transform {
  if (coding === "gzip") return zlib.createGunzip(ZLIB_TOLERANT);
  if (coding === "br") return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
  // "deflate" is zlib-wrapped by the spec but raw deflate by some servers: the first byte tells them apart.
  const zlibWrapped = ((firstChunk[0] ?? 0) & 0x0f) === 8;
  return zlibWrapped ? zlib.createInflate(ZLIB_TOLERANT) : zlib.createInflateRaw(ZLIB_TOLERANT);
}

/** Decompresses lazily so deflate's flavour can be chosen from the first chunk. */
class ContentDecoder extends Transform {
  private inner: Transform | undefined;

  constructor(private readonly coding: Exclude<ContentCoding, "identity">) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.inner === undefined) {
      const inner = createDecompressor(this.coding, chunk);
      inner.on("data", (data: Buffer) => this.push(data));
      inner.on("error", (error) => this.destroy(new BodyLimitError("network_error", `the ${this.coding} body is corrupt (${error.message})`)));
      this.inner = inner;
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (this.inner === undefined) return callback();
    this.inner.once("end", () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}

export async function readLimitedBody(source: Readable, contentEncoding: string | undefined, limits: BodyLimits): Promise<ReadBody> {
  const coding = parseContentEncoding(contentEncoding);
  if (coding === undefined) {
    source.destroy();
    throw new BodyLimitError("unsupported_content", `content-encoding ${JSON.stringify(contentEncoding)} is not supported`);
  }
  // pipeline may surface a secondary AbortError from the destroyed source instead of our limit error; keep ours.
  let limitError: BodyLimitError | undefined;
  const limitExceeded = (error: BodyLimitError): BodyLimitError => (limitError ??= error);
  const rawChunks: Buffer[] = [];
  let rawBytes = 0;
  const decodedChunks: Buffer[] = [];
  let decodedBytes = 0;
  const countWire = async function* (chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      rawBytes += chunk.length;
      if (rawBytes > limits.maxBytes) throw limitExceeded(new BodyLimitError("too_large", `the body exceeds max_bytes (${limits.maxBytes})`));
      rawChunks.push(chunk);
      yield chunk;
    }
  };
  const collectDecoded = async (chunks: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of chunks) {
      decodedBytes += chunk.length;
      if (decodedBytes > limits.maxDecompressedBytes) {
        throw limitExceeded(new BodyLimitError("too_large", `the decompressed body exceeds max_decompressed_bytes (${limits.maxDecompressedBytes})`));
      }
      if (decodedBytes > BOMB_RATIO_APPLIES_AFTER_BYTES && decodedBytes > rawBytes * BOMB_RATIO) {
        throw limitExceeded(new BodyLimitError("too_large", `the decompressed body grew over ${BOMB_RATIO}x its compressed size (a decompression bomb)`));
      }
      decodedChunks.push(chunk);
    }
  };
  try {
    if (coding === "identity") {
      await pipeline(source, countWire, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) decodedChunks.push(chunk);
      });
      const raw = Buffer.concat(rawChunks);
      return { raw, decoded: raw };
    }
    await pipeline(source, countWire, new ContentDecoder(coding), collectDecoded);
  } catch (error) {
    throw limitError ?? error;
  }
  return { raw: Buffer.concat(rawChunks), decoded: Buffer.concat(decodedChunks) };
}
