import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { AgentIoError } from "../errors.js";

/**
 * Read a token file: its content, trimmed. An empty file, or one every user of the machine may read
 * or write (mode o+r or o+w), is refused: a token others can read guards nothing.
 */
export function readTokenFile(path: string, source: string): string {
  let mode: number;
  let text: string;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "the file does not exist" : (error as Error).message;
    throw new AgentIoError("invalid_config", `Cannot read the token file ${path} (${source}): ${reason}.`, { field: "token_file" });
  }
  if (process.platform !== "win32" && (mode & 0o006) !== 0) {
    throw new AgentIoError("invalid_config", `The token file ${path} (${source}) is readable or writable by every user; run chmod 600 ${path}.`, { field: "token_file" });
  }
  const token = text.trim();
  if (token === "") throw new AgentIoError("invalid_config", `The token file ${path} (${source}) is empty.`, { field: "token_file" });
  if (/\s/.test(token)) throw new AgentIoError("invalid_config", `The token in ${path} (${source}) holds whitespace; a bearer token is one word.`, { field: "token_file" });
  return token;
}

const digest = (value: string): Buffer => createHash("sha256").update(value, "utf8").digest();

/** What an Authorization header holds, compared with the token in constant time. */
export type BearerCheck = "ok" | "missing" | "wrong";

/**
 * Check `Authorization: Bearer <token>`. Both sides are hashed first, so the comparison takes the
 * same time whatever the sent value's length or content.
 */
export function checkBearer(header: string | undefined, token: string): BearerCheck {
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match) return header === undefined || header.trim() === "" ? "missing" : "wrong";
  return timingSafeEqual(digest(match[1]!), digest(token)) ? "ok" : "wrong";
}
