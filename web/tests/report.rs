//! The page's replay and report, natively (EGL instead of WebGL2): files come from memory, PNGs
//! are kept in the report under the names `molehill replay --out` gives them, expectations
//! are listed with whether they held, and a file not loaded is named.

use std::path::Path;

use molehill_replay::MemoryFiles;
use serde_json::Value;

fn conformance(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/conformance")
        .join(rel)
}

fn replay(files: MemoryFiles) -> Value {
    let path = conformance("draw/draw_to_bitmap_data.trace");
    let text = std::fs::read_to_string(&path).unwrap();
    molehill_web::replay(
        "t/draw/draw_to_bitmap_data.trace",
        &text,
        files,
        Some("out"),
        Box::new(molehill_player::HeadlessGl::default()),
        true,
    )
}

#[test]
fn a_trace_replays_from_memory_with_its_pngs_and_expectations() {
    let mut files = MemoryFiles::new();
    let png = std::fs::read(conformance("draw/quadrant_red_on_blue.png")).unwrap();
    files.insert("t/draw/quadrant_red_on_blue.png", png);
    let r = replay(files);
    assert_eq!(r["status"], "pass", "{r:#}");
    assert_eq!(r["line"], "PASS t/draw/draw_to_bitmap_data.trace");
    let expectations = r["expectations"].as_array().unwrap();
    assert!(expectations.len() >= 2, "{expectations:?}");
    assert!(expectations.iter().all(|e| e["held"] == true));
    assert!(expectations
        .iter()
        .any(|e| e["what"] == "image \"quadrant_red_on_blue.png\""));
    let written: Vec<&str> = r["written"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["path"].as_str().unwrap())
        .collect();
    assert!(
        written.contains(&"out/draw_to_bitmap_data-1.png"),
        "{written:?}"
    );
    // Each written PNG and capture is a PNG (its signature, base64: iVBORw0KGgo).
    for w in r["written"].as_array().unwrap() {
        assert!(w["png"].as_str().unwrap().starts_with("iVBORw0KGgo"));
    }
    assert!(!r["captures"].as_array().unwrap().is_empty());
    assert!(r["missing"].as_array().unwrap().is_empty());
}

#[test]
fn a_file_not_loaded_fails_its_expectation_and_is_named() {
    let r = replay(MemoryFiles::new());
    assert_eq!(r["status"], "fail");
    assert_eq!(
        r["missing"],
        serde_json::json!(["t/draw/quadrant_red_on_blue.png"])
    );
    let failed: Vec<&Value> = r["expectations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["held"] == false)
        .collect();
    assert!(!failed.is_empty());
    assert!(failed[0]["failure"]
        .as_str()
        .unwrap()
        .contains("not among the files loaded"));
}
