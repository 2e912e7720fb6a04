#!/usr/bin/env bash
# The Debian package end to end (docs/design.md §12), run by scripts/test.sh after ctest: builds
# opsconsole_<version>_<arch>.deb with CPack from build/, runs lintian, desktop-file-validate and
# appstreamcli on what it ships, installs it with apt-get, runs the installed programs (versions,
# a refund through the installed opsctl against the installed provider-sim, the console's own
# demo rendered offscreen by opsconsole --demo --screenshot), then removes it and checks nothing
# is left in /usr/bin.
# Needs root or sudo (it installs a package). Any failure stops it with a message; the last line
# says it passed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=$root/build

fail() { echo "test-package: FAILED: $*" >&2; exit 1; }
step() { echo "test-package: $*"; }

sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
[ -f "$build/CPackConfig.cmake" ] || fail "no $build/CPackConfig.cmake: build first (scripts/build.sh)"

work=$(mktemp -d /tmp/ops-package-test.XXXXXX)
sim_pid=""
installed=0
cleanup() {
    [ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null || true
    if [ "$installed" -eq 1 ]; then
        DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get remove -y -qq opsconsole \
            >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# --- build -------------------------------------------------------------------------------
step "building the package"
# cpack packages what is built (CMAKE_SKIP_INSTALL_ALL_DEPENDENCY): the programs and pages first.
cmake --build "$build" --target opsconsole opsctl provider-sim ops_packaging_files >/dev/null
rm -rf "$build/package"
(cd "$build" && cpack -G DEB -B "$build/package" >"$work/cpack.log" 2>&1) ||
    { cat "$work/cpack.log" >&2; fail "cpack -G DEB"; }
debs=("$build"/package/opsconsole_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one opsconsole_*.deb in $build/package"
deb=${debs[0]}
step "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"

version=$(sed -n 's/^project(opsconsole VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || fail "no version in CMakeLists.txt"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libqt6core6 libqt6widgets6 libqt6sql6 libqt6sql6-sqlite; do
    grep -Eq "(^|, )$lib( |,|$)" <<<"$depends" || fail "Depends lacks $lib: $depends"
done
step "Depends: $depends"

# --- what it ships -------------------------------------------------------------------------
tree=$work/tree
dpkg-deb -x "$deb" "$tree"
expected=(
    usr/bin/opsconsole usr/bin/opsctl usr/bin/provider-sim
    usr/share/man/man1/opsconsole.1.gz usr/share/man/man1/opsctl.1.gz
    usr/share/man/man1/provider-sim.1.gz
    usr/share/applications/org.example.opsconsole.desktop
    usr/share/icons/hicolor/scalable/apps/org.example.opsconsole.svg
    usr/share/metainfo/org.example.opsconsole.metainfo.xml
    usr/share/bash-completion/completions/opsctl
    usr/share/doc/opsconsole/copyright usr/share/doc/opsconsole/changelog.gz
    lib/systemd/system/opsctl-serve.service
)
for f in "${expected[@]}"; do
    [ -f "$tree/$f" ] || fail "the package does not ship /$f"
done
for b in opsconsole opsctl provider-sim; do
    if readelf -S "$tree/usr/bin/$b" | grep -q '\.debug_info'; then
        fail "/usr/bin/$b is not stripped"
    fi
done
bash -n "$tree/usr/share/bash-completion/completions/opsctl" || fail "bash completion syntax"
for page in "$tree"/usr/share/man/man1/*.1.gz; do
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] || fail "$(basename "$page"): $warnings"
done

# --- validators ----------------------------------------------------------------------------
step "lintian"
lintian --fail-on error --display-info "$deb" | tee "$work/lintian.txt" ||
    fail "lintian found errors"
step "lintian: $(grep -c '^E:' "$work/lintian.txt" || true) errors, $(grep -c '^W:' "$work/lintian.txt" || true) warnings, $(grep -c '^I:' "$work/lintian.txt" || true) info"
step "desktop-file-validate"
desktop-file-validate "$tree/usr/share/applications/org.example.opsconsole.desktop" ||
    fail "desktop-file-validate"
step "appstreamcli validate"
appstreamcli validate --no-net "$tree/usr/share/metainfo/org.example.opsconsole.metainfo.xml" ||
    fail "appstreamcli validate"

# --- install and run -----------------------------------------------------------------------
step "installing"
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "$deb" \
    >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; fail "apt-get install $deb"; }
installed=1
cd "$work" # nothing below may find the repository by accident

for b in opsctl opsconsole provider-sim; do
    [ "$(command -v $b)" = "/usr/bin/$b" ] || fail "$b is not /usr/bin/$b"
    got=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM /usr/bin/$b --version)
    [ "$got" = "$b $version" ] || fail "$b --version printed '$got', not '$b $version'"
done
step "--version: opsctl, opsconsole and provider-sim say $version"

/usr/bin/provider-sim --listen 127.0.0.1:0 >"$work/sim.out" 2>"$work/sim.err" &
sim_pid=$!
url=""
for _ in $(seq 100); do
    url=$(sed -n '1s/^provider-sim listening on \(http:\/\/127\.0\.0\.1:[0-9]*\)$/\1/p' \
        "$work/sim.out")
    [ -n "$url" ] && break
    kill -0 "$sim_pid" 2>/dev/null || { cat "$work/sim.err" >&2; fail "provider-sim exited"; }
    sleep 0.1
done
[ -n "$url" ] || fail "provider-sim did not say where it listens"
curl -fsS -X POST "$url/_sim/seed" -H 'Content-Type: application/json' \
    -d '{"api_keys":[{"key":"sk_test_pkg","project":"pkg"}],
         "charges":[{"id":"ch_pkg","amount":3800,"currency":"usd"}]}' >/dev/null ||
    fail "seeding provider-sim"

db=$work/ops.sqlite
result=$(OPS_STRIPE_URL=$url OPS_STRIPE_KEY=sk_test_pkg /usr/bin/opsctl --db "$db" refund \
    --order pkg-1 --charge ch_pkg --amount 1200) || fail "opsctl refund exited $?: $result"
grep -q '"status":"refunded"' <<<"$result" || fail "opsctl refund: $result"
ledger=$(curl -fsS "$url/_sim/ledger")
grep -q '"amount":1200' <<<"$ledger" || fail "provider-sim's ledger has no 1200 refund: $ledger"
step "refund through the installed opsctl: $result"

# The installed product's own demo: opsconsole finds /usr/bin/provider-sim next to itself,
# builds its database in a temporary folder and stops the simulator when it exits.
shot=$work/console.png
env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen /usr/bin/opsconsole --demo \
    --operator pkgtest --screenshot "$shot" >"$work/console.out" 2>&1 ||
    { cat "$work/console.out" >&2; fail "opsconsole --demo --screenshot"; }
grep -q "demo: provider-sim (/usr/bin/provider-sim)" "$work/console.out" ||
    { cat "$work/console.out" >&2; fail "opsconsole --demo did not use /usr/bin/provider-sim"; }
[ -f "$shot" ] || fail "no screenshot at $shot"
python3 - "$shot" <<'PY' || fail "the screenshot is not a real window"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width >= 640 and height >= 400, f"{width}x{height} is too small"
assert len(data) > 20000, f"{len(data)} bytes: an empty window"
print(f"test-package: demo screenshot {width}x{height}, {len(data)} bytes")
PY
demo_url=$(sed -n 's/^demo: provider-sim (.*) at \(http:[^ ]*\)$/\1/p' "$work/console.out")
[ -n "$demo_url" ] || fail "opsconsole --demo did not say where its provider-sim listened"
! curl -fsS --max-time 2 "$demo_url/_sim/health" >/dev/null 2>&1 ||
    fail "opsconsole --demo left its provider-sim at $demo_url running"
step "opsconsole --demo --screenshot: built its demo on $demo_url and stopped it"
if [ -n "${OPS_PACKAGE_SCREENSHOT:-}" ]; then
    cp "$shot" "$OPS_PACKAGE_SCREENSHOT" # to look at it
fi

kill "$sim_pid" && wait "$sim_pid" 2>/dev/null || true
sim_pid=""

# --- remove --------------------------------------------------------------------------------
step "removing"
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get remove -y -qq opsconsole \
    >"$work/apt-remove.log" 2>&1 || { cat "$work/apt-remove.log" >&2; fail "apt-get remove"; }
installed=0
for b in opsctl opsconsole provider-sim; do
    [ ! -e "/usr/bin/$b" ] || fail "/usr/bin/$b is still there after apt-get remove"
done
dpkg-query -W -f='${Status}' opsconsole 2>/dev/null | grep -q 'install ok installed' &&
    fail "dpkg still lists opsconsole as installed"
echo "test-package: PASSED — built, validated, installed, ran and removed $(basename "$deb")"
