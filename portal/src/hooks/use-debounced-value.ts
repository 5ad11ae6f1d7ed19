import { useEffect, useState } from "react";

/**
 * The value, once it has stopped changing for a while; used so the live quote asks the server once per pause.
 * @param value the changing value
 * @param delayMs how long it must stay unchanged
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
