#!/usr/bin/env bash
# Installs what the Wine end-to-end test (apps/mcp-server/src/package-win32.emulated.int.spec.ts) needs, as
# root on Debian 12: Wine 8 (wine64) to run Windows programs, and mingw-w64 to build the harness's
# bcryptprimitives.dll and stdio-relay.exe. Then run the test:
#   KIOKU_WINE_EMULATION=1 npm run test:int -- apps/mcp-server/src/package-win32.emulated.int.spec.ts
set -euo pipefail
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wine64 gcc-mingw-w64-x86-64
/usr/lib/wine/wine64 --version
x86_64-w64-mingw32-gcc --version | head -n 1
