/**
 * `value.toLowerCase()`, without a new string when there is nothing to lower (names that are already lower-case
 * ASCII, as engine names and URL parameter names almost always are): `toLowerCase` copies the string every time.
 */
export function lowerCase(value: string): string {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code >= 0x41 && code <= 0x5a) || code >= 0x80) return value.toLowerCase();
  }
  return value;
}
