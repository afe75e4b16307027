#!/usr/bin/env bash
set -euo pipefail

# Prints a message to stderr.
# lode: scripts.release.log release.log
log() {
  printf '%s\n' "$*" >&2
}

# lode: release.die
die() {
  # lode-ref: scripts.release.log
  log "error: $*"
  exit 1
}

die "usage"
