// The launch sentinel's program (issue 21, prd/decisions.md "No survivor after a parent
// SIGKILL"): a few lines of POSIX sh, so the process costs a shell's footprint, not a
// Node start. It reads commands from the parent on stdin and acts only on EOF, which
// the kernel delivers however the parent ended (SIGKILL included).
//
//   group <pgid>   the launch's process group, once the PTY exists
//   release        the session was reaped normally: exit without touching anything
//   (EOF)          the parent is gone: SIGKILL the group and every process whose
//                  environment carries ELWOOD_LAUNCH_TAG=<tag>, twice, then exit
//
// The tag comes in ELWOOD_SENTINEL_TAG, a different name, so the sentinel never matches
// itself; nothing it starts (grep, ps, awk) carries the tag in its environment either.
// Linux reads /proc/<pid>/environ; elsewhere (macOS) `ps -E` prints each process's
// environment after its command line.

import { LAUNCH_TAG_ENV } from "./tagged-processes.js";

/** The variable the sentinel reads its launch tag from. */
export const SENTINEL_TAG_ENV = "ELWOOD_SENTINEL_TAG";

export const SENTINEL_SCRIPT = `group=
while IFS= read -r line; do
  case $line in
    release) exit 0 ;;
    "group "*) group=\${line#group } ;;
  esac
done
end_launch() {
  case $group in ''|*[!0-9]*|0|1) ;; *) kill -KILL "-$group" 2>/dev/null ;; esac
  if [ -r /proc/self/environ ]; then
    for file in $(grep -lzxF "${LAUNCH_TAG_ENV}=$${SENTINEL_TAG_ENV}" /proc/[0-9]*/environ 2>/dev/null); do
      pid=\${file#/proc/}
      pid=\${pid%/environ}
      [ "$pid" = "$$" ] || kill -KILL "$pid" 2>/dev/null
    done
  else
    for pid in $(ps -A -E -ww -o pid= -o command= 2>/dev/null | awk -v tag="$${SENTINEL_TAG_ENV}" -v self="$$" 'index($0 " ", " ${LAUNCH_TAG_ENV}=" tag " ") > 0 && $1 != self { print $1 }'); do
      kill -KILL "$pid" 2>/dev/null
    done
  fi
}
end_launch
# A process forked while the first pass ran is caught by the second.
end_launch
exit 0
`;
