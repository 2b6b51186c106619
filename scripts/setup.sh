#!/usr/bin/env bash
# Installs what ptxjit needs on a fresh Debian 12 machine (when missing),
# configures the build in ./build and builds everything.
#   scripts/setup.sh            install + configure + build
#   BUILD_DIR=dir scripts/setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

PACKAGES=(cmake ninja-build g++ python3 llvm-22-dev libmlir-22-dev
          mlir-22-tools libgtest-dev libmpfr-dev liblz4-dev)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >&2
fi

if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >&2
fi
ninja -C "$BUILD_DIR" >&2
