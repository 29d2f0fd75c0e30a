# Shared by `run` and `export` (sourced): checks the Ruffle checkout "$ruffle" and what its build
# needs, makes the patched scratch copy of it and resolves its dependencies. Needs: here, repo,
# ruffle (the --ruffle argument, may be empty), tool (the caller's name, for messages).
# Sets: ruffle (absolute), scratch, target; exports CARGO_TARGET_DIR; leaves the shell in "$scratch".

# The Ruffle commit the patches are made against.
ruffle_commit=f3a1263e164dc4cb56211ab1f113e1907730ce89

# Fails, saying how to get one, unless "$ruffle" names a Ruffle checkout; warns when it is a git
# work tree at another commit than the patches'.
check_ruffle_checkout() {
    if [ -z "$ruffle" ]; then
        echo "$tool: name a Ruffle checkout with --ruffle DIR: a clone of https://github.com/ruffle-rs/ruffle at" >&2
        echo "$tool: commit ${ruffle_commit:0:10}, the one the patches are made against (integrations/ruffle/README.md," >&2
        echo "$tool: 'A Ruffle checkout', says how to make one, and one that builds offline)" >&2
        exit 2
    fi
    if [ ! -f "$ruffle/Cargo.toml" ] || [ ! -f "$ruffle/core/Cargo.toml" ]; then
        echo "$tool: no Ruffle checkout at $ruffle (no $ruffle/core/Cargo.toml; see integrations/ruffle/README.md, 'A Ruffle checkout')" >&2
        exit 2
    fi
    ruffle=$(cd "$ruffle" && pwd)
    local head
    if head=$(git -C "$ruffle" rev-parse -q --verify HEAD 2>/dev/null) && [ "$head" != "$ruffle_commit" ]; then
        echo "$tool: warning: $ruffle is at ${head:0:10}, the patches are made against ${ruffle_commit:0:10}; they may not apply" >&2
    fi
}

# Says exactly what to install for what a Ruffle build and its test runner need besides Rust, and
# fails when something is missing. Arguments: the cargo features asked for (jpegxr needs libclang).
check_build_tools() {
    local missing=0 features=" ${*//,/ } "
    if ! command -v cargo >/dev/null || ! command -v rustup >/dev/null; then
        echo "$tool: missing: cargo and rustup (https://rustup.rs; the repository's scripts/deps then installs the pinned Rust)" >&2
        missing=1
    fi
    if ! command -v java >/dev/null; then
        echo "$tool: missing: java. Ruffle's build compiles its ActionScript 3 playerglobal with Java (tools/asc/asc.jar);" >&2
        echo "$tool:   install a Java runtime, 8 or later (Debian: apt-get install default-jre-headless)" >&2
        missing=1
    fi
    if ! command -v "${CC:-cc}" >/dev/null; then
        echo "$tool: missing: a C compiler (${CC:-cc}). Some of Ruffle's dependencies compile C (jpegxr's jxrlib among them);" >&2
        echo "$tool:   Debian: apt-get install gcc (or set CC)" >&2
        missing=1
    fi
    if [[ "$features" == *" jpegxr "* ]] && ! have_libclang; then
        echo "$tool: missing: libclang. The jpegxr feature builds Ruffle's jpegxr crate, whose build script runs bindgen," >&2
        echo "$tool:   which loads libclang; Debian: apt-get install libclang-dev (or set LIBCLANG_PATH to the folder of libclang.so)" >&2
        missing=1
    fi
    if ! have_library libvulkan.so.1; then
        echo "$tool: missing: the Vulkan loader (libvulkan.so.1) and a driver; Ruffle's renderer and molehill-wgpu draw with" >&2
        echo "$tool:   Vulkan: the repository's scripts/deps installs them (Debian: apt-get install libvulkan1 mesa-vulkan-drivers)" >&2
        missing=1
    fi
    if [ "${backend:-gl}" = gl ] && ! have_library libEGL.so.1; then
        echo "$tool: missing: EGL (libEGL.so.1) for molehill-gl: the repository's scripts/deps installs it" >&2
        echo "$tool:   (Debian: apt-get install libegl1 libgl1-mesa-dri)" >&2
        missing=1
    fi
    [ "$missing" = 0 ] || exit 2
}

have_library() { # have_library SONAME
    # grep reads to the end: with -q its early exit could end ldconfig by SIGPIPE, a failure under pipefail.
    ldconfig -p 2>/dev/null | grep -F " $1 " >/dev/null && return 0
    local dir
    for dir in /usr/lib /usr/lib64 /usr/lib/*-linux-gnu /usr/local/lib; do
        [ -e "$dir/$1" ] && return 0
    done
    return 1
}

have_libclang() { # where clang-sys, bindgen's loader, looks
    local candidates=()
    [ -n "${LIBCLANG_PATH:-}" ] && candidates+=("$LIBCLANG_PATH"/libclang*.so*)
    candidates+=(/usr/lib/llvm-*/lib/libclang.so* /usr/lib/llvm-*/lib/libclang-*.so*
        /usr/lib/*-linux-gnu/libclang.so* /usr/lib/*-linux-gnu/libclang-[0-9]*.so*
        /usr/lib64/libclang.so* /usr/local/lib/libclang.so*)
    local f
    for f in "${candidates[@]}"; do
        [ -e "$f" ] && return 0
    done
    return 1
}

# The target folder (MOLEHILL_RUFFLE_TARGET), the Rust toolchain and a private XDG_RUNTIME_DIR;
# takes the target folder's lock for the rest of the caller's life (one sync, build or run of the
# trees that share it at a time). Sets target; exports CARGO_TARGET_DIR, RUSTUP_TOOLCHAIN.
ruffle_dirs() {
    [ -z "${target:-}" ] || return 0
    target=${MOLEHILL_RUFFLE_TARGET:-$repo/target/ruffle-target}
    mkdir -p "$target"
    target=$(cd "$target" && pwd)
    export CARGO_TARGET_DIR="$target"
    exec 9>"$target/.molehill-ruffle.lock"
    if ! flock -n 9; then
        echo "$tool: waiting for another Ruffle build or run in $target (its lock .molehill-ruffle.lock)" >&2
        flock 9
    fi
    if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
        export XDG_RUNTIME_DIR="$target/.xdg"
        mkdir -p -m 700 "$XDG_RUNTIME_DIR"
    fi
    # The Rust that Molehill's crates are built with (rust-toolchain.toml pins it; their
    # `rust-version` needs it). Ruffle's tree pins none, and the scratch copy is outside the
    # repository's folders, where rustup would pick its default instead.
    if [ -z "${RUSTUP_TOOLCHAIN:-}" ] && [ -f "$repo/rust-toolchain.toml" ]; then
        RUSTUP_TOOLCHAIN=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' "$repo/rust-toolchain.toml")
        export RUSTUP_TOOLCHAIN
    fi
    echo "$tool: Rust toolchain ${RUSTUP_TOOLCHAIN:-default}, target folder $target" >&2
}

# prepare_tree DEST MOLEHILL PATCH...: makes DEST hold "$ruffle" with the PATCHes applied (and,
# when MOLEHILL is 1, the glue crate's path written into core/Cargo.toml), rewriting only the
# files that differ, and resolves its dependencies. Leaves the shell in DEST.
prepare_tree() {
    local dest=$1 molehill=$2
    shift 2
    mkdir -p "$dest"
    dest=$(cd "$dest" && pwd)
    echo "$tool: Ruffle $ruffle -> $dest" >&2

    # 1. A patched copy, then only its differences into DEST (cargo rebuilds by time).
    local staging="$dest.staging" patch
    rm -rf "$staging"
    mkdir -p "$staging"
    # The checkout's files, not its git history, build output or web packages.
    tar -C "$ruffle" --exclude=./.git --exclude=./target --exclude=node_modules -cf - . | tar -C "$staging" -xf -
    for patch in "$@"; do
        patch -d "$staging" -p1 -E -s --batch --no-backup-if-mismatch < "$patch" \
            || { echo "$tool: $patch does not apply to $ruffle" >&2; exit 2; }
    done
    if [ "$molehill" = 1 ]; then
        sed -i "s|@MOLEHILL_RUFFLE@|$here/molehill-ruffle|" "$staging/core/Cargo.toml"
        # content-check's player (content-check-runner/), a member of the patched workspace.
        mkdir -p "$staging/molehill-content-check"
        cp -R "$here/content-check-runner/." "$staging/molehill-content-check/"
        sed -i "s|@MOLEHILL_RUFFLE@|$here/molehill-ruffle|" "$staging/molehill-content-check/Cargo.toml"
        grep -q '^members = \[$' "$staging/Cargo.toml" \
            || { echo "$tool: no 'members = [' line in $ruffle/Cargo.toml" >&2; exit 2; }
        sed -i 's|^members = \[$|members = [\n    "molehill-content-check",|' "$staging/Cargo.toml"
    fi
    # Keep DEST's Cargo.lock while the checkout's is unchanged (cargo completed it once).
    local lock_sum keep=()
    lock_sum=$(sha256sum "$ruffle/Cargo.lock" | cut -d' ' -f1)
    if [ -f "$dest/Cargo.lock" ] && [ "$(cat "$dest/.molehill-lock-source" 2>/dev/null)" = "$lock_sum" ]; then
        keep=(--keep Cargo.lock)
    fi
    python3 "$here/tools/sync_tree.py" "$staging" "$dest" "${keep[@]}" --keep .molehill-lock-source
    rm -rf "$staging"
    echo "$lock_sum" > "$dest/.molehill-lock-source"

    # 2. Dependencies. Molehill's crates need newer wasm-bindgen/js-sys and wgpu's helpers than the
    #    checkout's lock holds: unlock exactly the packages cargo names as conflicting.
    cd "$dest"
    local unlock=(-p js-sys -p wasm-bindgen -p web-sys -p wasm-bindgen-futures) conflict _
    for _ in $(seq 1 20); do
        if cargo metadata --format-version 1 >/dev/null 2>"$dest.resolve.log"; then
            return 0
        fi
        if cargo update "${unlock[@]}" >/dev/null 2>"$dest.resolve.log"; then
            continue
        fi
        conflict=$( (grep -o 'previously selected package `[^`]*`' "$dest.resolve.log" || true) | head -1 \
            | sed 's/.*`\(.*\) v\(.*\)`/\1@\2/')
        [ -n "$conflict" ] || break
        echo "$tool: unlocking $conflict for Molehill's dependencies" >&2
        unlock+=(-p "$conflict")
    done
    cat "$dest.resolve.log" >&2
    if grep -q 'failed to load source for dependency\|failed to fetch into\|Unable to update https://github.com' "$dest.resolve.log"; then
        echo "$tool: cargo could not fetch one of Ruffle's git dependencies: without access to GitHub, check" >&2
        echo "$tool: them out locally with integrations/ruffle/tools/local-git-deps --ruffle $ruffle ..." >&2
        echo "$tool: (integrations/ruffle/README.md, 'A Ruffle checkout')" >&2
    fi
    echo "$tool: Ruffle's dependencies do not resolve in $dest" >&2
    exit 2
}

# The patched tree, Stage3D on Molehill (MOLEHILL_RUFFLE_SCRATCH). Sets scratch, target.
prepare_scratch() {
    ruffle_dirs
    scratch=${MOLEHILL_RUFFLE_SCRATCH:-$repo/target/ruffle-scratch}
    prepare_tree "$scratch" 1 "$here"/patches/*.patch
    scratch=$PWD
}

# The unpatched tree with tools/own-stage3d-timing.patch: Ruffle's own Stage3D, its calls timed
# as the patched tree times Molehill's (MOLEHILL_RUFFLE_OWN). Sets own, target.
prepare_own() {
    ruffle_dirs
    own=${MOLEHILL_RUFFLE_OWN:-$repo/target/ruffle-own}
    prepare_tree "$own" 0 "$here/tools/own-stage3d-timing.patch"
    own=$PWD
}

# build_runner LOG [FEATURES]: builds Ruffle's test runner in the current tree with the runner's
# features and FEATURES (the patched tree: ruffle_core's `molehill`, $molehill_feature; cargo's
# output into LOG and standard error). Sets runner.
runner_features=imgtests,jpegxr,lzma
molehill_feature=ruffle_core/molehill
build_runner() {
    local log=$1 features=$runner_features${2:+,$2}
    if ! cargo test -p tests --features "$features" --test tests --no-run 2>&1 | tee "$log" >&2; then
        echo "$tool: the build failed (log: $log)" >&2
        exit 2
    fi
    runner=$("$here/tools/runner_of_log" "$log")
    [ -x "$runner" ] || { echo "$tool: no test runner found in $log" >&2; exit 2; }
}
