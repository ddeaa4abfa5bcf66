#!/usr/bin/env bash
# Everything a fresh machine needs, from the package registries only: Debian packages
# (setup/apt-packages.txt), then the pinned Python packages (requirements.txt) in .venv.
# Idempotent: a package already there is not installed again.
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(grep -v '^\s*#' setup/apt-packages.txt | awk 'NF {print $1}')
missing=()
for p in $want; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
    for p in "${missing[@]}"; do
        dpkg -s "$p" >/dev/null 2>&1 || { echo "setup: $p did not install" >&2; exit 1; }
    done
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
.venv/bin/pip check >/dev/null

# The browser board's MicroPython WebAssembly port (boards/browser/package.json, pinned in its
# package-lock.json): npm ci, again only when the lock changed since the last install.
web=boards/browser
if ! command -v npm >/dev/null; then        # Debian's nodejs comes without npm (NodeSource's has it)
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm
fi
if ! cmp -s "$web/package-lock.json" "$web/node_modules/.installed-lock.json"; then
    (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
    cp "$web/package-lock.json" "$web/node_modules/.installed-lock.json"
fi
