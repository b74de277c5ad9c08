// The one failure the browser tier has before any page loads: no browser to start. Typed, so the fetch
// result is `browser_unavailable` with a message that names the browser and how to get one.
export class BrowserUnavailable extends Error {
  override readonly name = "BrowserUnavailable";
  constructor(readonly detail: string) {
    super(detail);
  }
}
