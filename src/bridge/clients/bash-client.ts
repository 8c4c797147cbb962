// The command-hook client as a tiny bash script: it forwards one hook input to the
// bridge over bash's /dev/tcp (no Node start per hook) and prints the reply body.
// Every failure prints nothing and exits 0, which both CLIs read as "no decision"
// (spec hook-protocols A4, B4). Kept to bash 3.2 features for macOS's /bin/bash.

import { clientDeadlineSeconds, MAX_HOOK_REQUEST_BYTES } from "../limits.js";

export interface HookClientScriptOptions {
  /** The dispatcher's hookTimeoutMs; the client's reply deadline is derived from it. */
  readonly hookTimeoutMs: number;
  /** Byte cap on the body the client sends; default 8 MiB (same as the server's). */
  readonly maxRequestBytes?: number;
}

/** The bash client's source text; it runs inline as `bash -c '<text>' elwood-hook <Event>`. */
export function bashHookClientScript(options: HookClientScriptOptions): string {
  const maxBytes = options.maxRequestBytes ?? MAX_HOOK_REQUEST_BYTES;
  const deadline = clientDeadlineSeconds(options.hookTimeoutMs);
  return `# Elwood hook client (generated per launch; do not edit).
# Usage: bash -c '<this text>' elwood-hook <EventName>, with ELWOOD_HOOK_PORT and
# ELWOOD_HOOK_TOKEN set.
# Sends stdin to the Elwood bridge on 127.0.0.1 and prints its reply; always exits 0.
exec 2>/dev/null
# In POSIX mode a failed \`exec 3<>\` would end the script with a non-zero status.
set +o posix
trap '' PIPE
LC_ALL=C
max=${maxBytes}
event=$1
port=\${ELWOOD_HOOK_PORT-}
token=\${ELWOOD_HOOK_TOKEN-}
case $event in ''|*[!A-Za-z0-9_]*) exit 0 ;; esac
case $port in ''|*[!0-9]*) exit 0 ;; esac
case $token in ''|*[!0-9a-f]*) exit 0 ;; esac
# Read at most one byte past the cap so a huge input cannot exhaust memory.
body=$(head -c $((max + 1)))
len=\${#body}
[ "$len" -le "$max" ] || exit 0
exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 0
printf 'POST /hooks/%s HTTP/1.0\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\nContent-Length: %s\\r\\nx-elwood-token: %s\\r\\nx-elwood-pid: %s\\r\\n\\r\\n%s' "$event" "$len" "$token" "$$" "$body" >&3 || exit 0
IFS= read -r -t ${deadline} status <&3 || exit 0
case $status in 'HTTP/1.'[01]' 200'*) ;; *) exit 0 ;; esac
size=
while IFS= read -r -t 2 line <&3; do
  line=\${line%$'\\r'}
  [ -z "$line" ] && break
  case $line in [Cc]ontent-[Ll]ength:*) size=\${line#*:}; size=\${size// /} ;; esac
done
[ -z "$line" ] || exit 0
case $size in ''|*[!0-9]*) exit 0 ;; esac
[ "$size" -gt 0 ] || exit 0
reply=
IFS= read -r -d '' -t 2 reply <&3
[ "$?" -gt 128 ] && exit 0
# Print only a reply that arrived whole.
[ "\${#reply}" -eq "$size" ] || exit 0
printf '%s' "$reply"
exit 0
`;
}
