// Claude sends http hooks through an env-var proxy when one is set (spec hook-protocols
// A7). A user's HTTP(S)_PROXY must not receive bridge requests (and their token), so
// the CLI's environment gets the loopback address added to NO_PROXY/no_proxy.

const LOOPBACK_ENTRIES = ["127.0.0.1", "localhost"] as const;

/**
 * `env` with 127.0.0.1 and localhost added to NO_PROXY. Both spellings get the union of
 * both lists, because tools that prefer the lowercase one would otherwise lose entries.
 */
export function withLoopbackNoProxy(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  const entries: string[] = [];
  for (const list of [env.NO_PROXY, env.no_proxy, LOOPBACK_ENTRIES.join(",")]) {
    for (const raw of (list ?? "").split(",")) {
      const entry = raw.trim();
      if (entry.length > 0 && !entries.includes(entry)) entries.push(entry);
    }
  }
  const joined = entries.join(",");
  return { ...env, NO_PROXY: joined, no_proxy: joined };
}
