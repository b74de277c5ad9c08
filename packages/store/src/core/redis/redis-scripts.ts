/**
 * Lua run inside Redis, so each is atomic against every other client.
 *
 * COMMIT: the manifest and its commit id are replaced together, and only while this writer still holds
 * the lock (KEYS: lock, manifest, commit; ARGV: lock token, manifest JSON, commit id). A writer whose
 * lock expired (it stalled past the lock's lifetime and another writer took over) is refused rather
 * than overwriting a newer generation. Returns 1 on commit, 0 when the lock was lost.
 */
export const COMMIT_MANIFEST = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('SET', KEYS[3], ARGV[3])
return 1
`;

/**
 * MERGE_ACCESS: raises each handle's last-access time, never lowers it (KEYS: access; ARGV: handle,
 * ms, handle, ms, ...). Atomic, so two instances flushing at once both keep their touches.
 */
export const MERGE_ACCESS = `
for i = 1, #ARGV, 2 do
  local known = tonumber(redis.call('HGET', KEYS[1], ARGV[i]))
  if known == nil or known < tonumber(ARGV[i + 1]) then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return 1
`;

/** RELEASE: deletes the lock only if it is still ours (KEYS: lock; ARGV: token). */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
