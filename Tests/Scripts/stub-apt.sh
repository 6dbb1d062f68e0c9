# Sourced by the script tests: a simulated Debian whose apt-get, apt-cache, dpkg-query (and, on request, id and
# sudo) are stubs on PATH that record each call in $STUB/calls as "<program> <verb> <packages>" (options dropped).
# APT_CONFIG=$STUB/apt.conf points the real apt-config at $STUB/lists. The stub apt-get fails like apt does on a
# fresh system: "Unable to locate package" while the lists hold no Packages file.
#
# stub_world fresh|lists|stale   a new world: no lists (only auxfiles/, partial/) | current lists | outdated lists
# installed PACKAGE...           marks packages installed
# stub_user UID, stub_sudo       runs as another user; provides a sudo
# Files that change the stubs' answers: $STUB/update-fails, $STUB/stale, $STUB/download-fails, $STUB/pinned-gone
# (apt-cache knows no linux-image-6.1.0-50 but finds -99).

STUB_DEFAULTS="libncurses6 libsqlite3-0 libcurl4 libxml2 libc6-dev libgcc-12-dev binutils libiio-dev libiio-utils iiod pkg-config libmosquitto-dev mosquitto mosquitto-clients openssl libsqlite3-dev curl chromium-headless-shell tmux tzdata"
STUB=""

stub_cleanup() { [ -n "$STUB" ] && rm -rf "$STUB"; STUB=""; }

stub_world() {
    stub_cleanup
    STUB=$(mktemp -d "${TMPDIR:-/tmp}/stub-apt.XXXXXX")
    mkdir -p "$STUB/bin" "$STUB/lists/auxfiles" "$STUB/lists/partial"
    : > "$STUB/installed"
    printf 'Dir::State::lists "%s/lists/";\n' "$STUB" > "$STUB/apt.conf"
    case "$1" in
        fresh) ;;
        lists) touch "$STUB/lists/deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages.lz4" ;;
        stale) touch "$STUB/lists/deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages.lz4" "$STUB/stale" ;;
    esac
    export STUB

    cat > "$STUB/bin/apt-get" <<'STUBEOF'
#!/usr/bin/env bash
verb=""; args=()
while [ $# -gt 0 ]; do
    case "$1" in
        -o) shift ;;
        -*) ;;
        *) if [ -z "$verb" ]; then verb=$1; else args+=("$1"); fi ;;
    esac
    shift
done
echo "apt-get $verb${args[*]:+ ${args[*]}}" >> "$STUB/calls"
have_lists() { compgen -G "$STUB/lists/*_Packages*" >/dev/null; }
case "$verb" in
    update)
        [ -e "$STUB/update-fails" ] && { echo "E: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease" >&2; exit 100; }
        touch "$STUB/lists/deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages.lz4"
        rm -f "$STUB/stale" ;;
    install)
        for package in "${args[@]}"; do
            if ! have_lists || [ -e "$STUB/stale" ] || [ "$package" = no-such-package ]; then
                echo "E: Unable to locate package $package" >&2; exit 100
            fi
        done
        printf '%s\n' "${args[@]}" >> "$STUB/installed" ;;
    download)
        for package in "${args[@]}"; do
            if ! have_lists || [ -e "$STUB/stale" ] || [ -e "$STUB/download-fails" ]; then
                echo "E: Unable to locate package $package" >&2; exit 100
            fi
            touch "${package}_1.0_amd64.deb"
        done ;;
esac
STUBEOF

    cat > "$STUB/bin/apt-cache" <<'STUBEOF'
#!/usr/bin/env bash
echo "apt-cache $1" >> "$STUB/calls"
compgen -G "$STUB/lists/*_Packages*" >/dev/null || exit 100
case "$1" in
    show) case "$2" in linux-image-6.1.0-*-amd64-unsigned) [ ! -e "$STUB/pinned-gone" ] && echo "Package: $2" ;; *) exit 100 ;; esac ;;
    search) echo "linux-image-6.1.0-99-amd64-unsigned - Linux 6.1 for 64-bit PCs" ;;
esac
STUBEOF

    cat > "$STUB/bin/dpkg-query" <<'STUBEOF'
#!/usr/bin/env bash
package=${!#}
grep -qx "$package" "$STUB/installed" && printf 'install ok installed' || { echo "dpkg-query: no packages found matching $package" >&2; exit 1; }
STUBEOF
    chmod +x "$STUB/bin/"*
}

installed() { printf '%s\n' "$@" >> "$STUB/installed"; }

stub_user() {
    printf '#!/usr/bin/env bash\n[ "${1:-}" = -u ] && { echo %s; exit 0; }\nexec /usr/bin/id "$@"\n' "$1" > "$STUB/bin/id"
    chmod +x "$STUB/bin/id"
}

stub_sudo() {
    printf '#!/usr/bin/env bash\necho sudo >> "$STUB/calls"\nexec "$@"\n' > "$STUB/bin/sudo"
    chmod +x "$STUB/bin/sudo"
}
