//! `include/molehill.h` is what cbindgen generates from this crate today: the test generates
//! it (cbindgen as a library, so CI needs no cbindgen binary) and fails on any difference.
//! `MOLEHILL_BLESS=1 cargo test -p molehill-capi --test api header::` rewrites the checked-in
//! file.

use std::path::Path;

fn generate() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config =
        cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("capi/cbindgen.toml");
    let (major, minor, patch) = (
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
    );
    config.after_includes = Some(format!(
        "\n/* The version of this header; `mh_version()` answers the library's, encoded as\n \
         * MOLEHILL_VERSION (compare them to catch a header and library from different releases). */\n\
         #define MOLEHILL_VERSION_MAJOR {major}\n\
         #define MOLEHILL_VERSION_MINOR {minor}\n\
         #define MOLEHILL_VERSION_PATCH {patch}\n\
         #define MOLEHILL_VERSION_STRING \"{major}.{minor}.{patch}\"\n\
         #define MOLEHILL_VERSION ((MOLEHILL_VERSION_MAJOR << 16) | (MOLEHILL_VERSION_MINOR << 8) | MOLEHILL_VERSION_PATCH)\n"
    ));
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_crate(dir)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut out);
    String::from_utf8(out).expect("UTF-8 header")
}

#[test]
fn header_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/molehill.h");
    let generated = generate();
    if std::env::var_os("MOLEHILL_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/molehill.h");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    if checked_in != generated {
        let first = checked_in
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(checked_in.lines().count().min(generated.lines().count()));
        panic!(
            "capi/include/molehill.h is out of date (first difference at line {}): run \
             `MOLEHILL_BLESS=1 cargo test -p molehill-capi --test api header::` and commit it",
            first + 1
        );
    }
}

#[test]
fn header_declares_the_version_and_every_function() {
    let header = generate();
    assert!(header.contains(&format!(
        "#define MOLEHILL_VERSION_MAJOR {}",
        env!("CARGO_PKG_VERSION_MAJOR")
    )));
    for f in [
        "mh_stage3d_new_headless",
        "mh_context3d_draw_triangles",
        "mh_program_upload",
        "mh_error_free",
    ] {
        assert!(
            header.contains(&format!(" {f}(")),
            "{f} missing from the header"
        );
    }
}
