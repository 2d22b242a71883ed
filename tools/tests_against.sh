#!/usr/bin/env bash
# Runs the binary's integration tests against another kinrow binary (an
# older release, say), to see that a regression test fails before its fix:
#   tools/tests_against.sh /path/to/old/kinrow tripped
# Builds the tests, swaps the binary they call for OLD, runs the tests
# matching FILTER, and puts the built binary back.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1; shift
cargo test -p kinrow --test it --no-run 2>/dev/null
test_bin=$(ls -t target/debug/deps/it-* | grep -v '\.d$' | head -1)
cp target/debug/kinrow target/debug/kinrow.built
trap 'mv target/debug/kinrow.built target/debug/kinrow' EXIT
# target/debug/kinrow is a hard link to cargo's target/debug/deps/kinrow-*:
# a plain cp would write OLD through it into cargo's copy too, and later
# test runs would call OLD while cargo took it for fresh. A new file, then.
rm -f target/debug/kinrow
cp "$old" target/debug/kinrow
(cd crates/kinrow && "../../$test_bin" "$@") || true
