#!/usr/bin/env bash
# Installs the Debian 12 packages kubelane needs that are not installed yet (run as root).
set -euo pipefail
packages=(cmake ninja-build g++ pkg-config qt6-base-dev libqcustomplot-dev nlohmann-json3-dev
          libre2-dev libarchive-dev zlib1g-dev desktop-file-utils clang-14 libclang-rt-14-dev clang-format-14)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
