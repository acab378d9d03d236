#!/usr/bin/env bash
# Keeps one core busy until killed: the load beside scripts/test.sh's
# loaded run of the lsp and skillcore suites.
while :; do :; done
