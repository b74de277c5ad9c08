import { describe, expect, it } from "vitest";
import { isPlaceholderKey, keyProblem } from "../../src/config/placeholder-key.js";

describe("placeholder keys", () => {
  it.each([
    undefined, "", "   ", "CHANGE_ME", "change-me", "changeme", "PLACEHOLDER", "my-placeholder-key", "YOUR_KEY", "your_api_key_here",
    "TODO", "todo", " xxx ", "XXX", "xxxxxxxx", "x", "<api-key>", "<YOUR BRAVE KEY>", "${BRAVE_SEARCH_API_KEY}", "{{ brave_key }}", '"TODO"',
  ])("%j is not a key", (value) => {
    expect(isPlaceholderKey(value)).toBe(true);
    expect(keyProblem(value)).toBeTypeOf("string");
  });

  it.each(["BSAq1w2e3r4t5y6u7i8o9p0", "a1b2c3d4e5f6", "xoxb-123456", "TODOLIST-not-really-0a9s8d"])("%j looks like a real key", (value) => {
    expect(isPlaceholderKey(value)).toBe(false);
    expect(keyProblem(value)).toBeUndefined();
  });

  it("never repeats the key in its words", () => {
    for (const value of ["CHANGE_ME_123", "YOUR_SECRET_abc", "<secret-thing>", "xxxx"]) {
      expect(keyProblem(value)).not.toContain(value);
    }
  });
});
