//! The `--backend` argument of `molehill replay` and `molehill bench`.

use molehill_replay::BackendKind;

/// The renderer a `--backend` value names (`gl`, `wgpu`, `wgpu-gl`), for clap.
pub fn parse_backend(name: &str) -> Result<BackendKind, String> {
    BackendKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = BackendKind::ALL.iter().map(|k| k.name()).collect();
        format!("unknown backend {name:?} (one of {})", names.join(", "))
    })
}
