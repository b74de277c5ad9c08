import type { EntryPoint, EntryPointContext } from "@websift/contracts";
import type { Layers } from "../layers.js";
import type { OperatorSettings } from "../operator/operator-settings.js";

/** An entry point whose every call carries `signal`, unless the caller passed its own. */
function withSignal<T>(entry: EntryPoint<T>, signal: AbortSignal): EntryPoint<T> {
  return (input, options = {}) => entry(input, { ...options, signal: options.signal ?? signal });
}

/**
 * What one call of an agent operation works with: the layers with the caller's abort signal on every
 * layer call (a cancelled MCP call or a closed connection stops the fetches and searches in flight),
 * and the operator's settings with progress going to the caller too.
 */
export function callScope(settings: OperatorSettings, layers: Layers, context: EntryPointContext): { settings: OperatorSettings; layers: Layers } {
  const signal = context.signal;
  const scopedLayers: Layers = signal
    ? {
        search: withSignal(layers.search, signal),
        searchBackends: withSignal(layers.searchBackends, signal),
        fetch: withSignal(layers.fetch, signal),
        extract: withSignal(layers.extract, signal),
        store: withSignal(layers.store, signal),
        format: withSignal(layers.format, signal),
      }
    : layers;
  const operatorProgress = settings.onProgress;
  const onProgress = (message: string) => {
    operatorProgress?.(message);
    context.progress(message);
  };
  return { settings: { ...settings, onProgress }, layers: scopedLayers };
}
