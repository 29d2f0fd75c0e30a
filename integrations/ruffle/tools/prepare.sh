# Shared by `run` and `export` (sourced): makes the patched scratch copy of "$ruffle" and
# resolves its dependencies. Needs: here, repo, ruffle, tool (the caller's name, for messages).
# Sets: scratch, target; exports CARGO_TARGET_DIR; leaves the shell in "$scratch".

prepare_scratch() {
    scratch=${MOLEHILL_RUFFLE_SCRATCH:-$repo/../ruffle-scratch}
    target=${MOLEHILL_RUFFLE_TARGET:-$repo/../ruffle-target}
    mkdir -p "$scratch" "$target"
    scratch=$(cd "$scratch" && pwd)
    target=$(cd "$target" && pwd)
    if [ -z "${XDG_RUNTIME_DIR:-}" ]; then
        export XDG_RUNTIME_DIR="$scratch.xdg"
        mkdir -p -m 700 "$XDG_RUNTIME_DIR"
    fi

    echo "$tool: Ruffle $ruffle -> $scratch (target $target), backend $backend" >&2

    # 1. A patched copy, then only its differences into the scratch tree (cargo rebuilds by time).
    staging="$scratch.staging"
    rm -rf "$staging"
    cp -r "$ruffle" "$staging"
    for patch in "$here"/patches/*.patch; do
        patch -d "$staging" -p1 -E -s --batch --no-backup-if-mismatch < "$patch" \
            || { echo "$tool: $patch does not apply to $ruffle" >&2; exit 2; }
    done
    sed -i "s|@MOLEHILL_RUFFLE@|$here/molehill-ruffle|" "$staging/core/Cargo.toml"
    # Keep the scratch Cargo.lock while the snapshot's is unchanged (cargo completed it once).
    lock_sum=$(sha256sum "$ruffle/Cargo.lock" | cut -d' ' -f1)
    keep=()
    if [ -f "$scratch/Cargo.lock" ] && [ "$(cat "$scratch/.molehill-lock-source" 2>/dev/null)" = "$lock_sum" ]; then
        keep=(--keep Cargo.lock)
    fi
    python3 "$here/tools/sync_tree.py" "$staging" "$scratch" "${keep[@]}" --keep .molehill-lock-source
    rm -rf "$staging"
    echo "$lock_sum" > "$scratch/.molehill-lock-source"

    # 2. Dependencies. Molehill's crates need newer wasm-bindgen/js-sys and wgpu's helpers than the
    #    snapshot's lock holds: unlock exactly the packages cargo names as conflicting.
    cd "$scratch"
    export CARGO_TARGET_DIR="$target"
    # The Rust that Molehill's crates are built with (rust-toolchain.toml pins it; their
    # `rust-version` needs it). Ruffle's tree pins none, and the scratch copy is outside the
    # repository, where rustup would pick its default instead.
    if [ -z "${RUSTUP_TOOLCHAIN:-}" ] && [ -f "$repo/rust-toolchain.toml" ]; then
        RUSTUP_TOOLCHAIN=$(sed -n 's/^channel *= *"\(.*\)"/\1/p' "$repo/rust-toolchain.toml")
        export RUSTUP_TOOLCHAIN
    fi
    echo "$tool: Rust toolchain ${RUSTUP_TOOLCHAIN:-default}" >&2
    unlock=(-p js-sys -p wasm-bindgen -p web-sys -p wasm-bindgen-futures)
    for _ in $(seq 1 20); do
        if cargo metadata --format-version 1 >/dev/null 2>&1; then
            break
        fi
        if cargo update "${unlock[@]}" >/dev/null 2>"$scratch.resolve.log"; then
            continue
        fi
        conflict=$(grep -o 'previously selected package `[^`]*`' "$scratch.resolve.log" | head -1 \
            | sed 's/.*`\(.*\) v\(.*\)`/\1@\2/')
        if [ -z "$conflict" ]; then
            cat "$scratch.resolve.log" >&2
            echo "$tool: Ruffle's dependencies do not resolve" >&2
            exit 2
        fi
        echo "$tool: unlocking $conflict for Molehill's dependencies" >&2
        unlock+=(-p "$conflict")
    done
}
