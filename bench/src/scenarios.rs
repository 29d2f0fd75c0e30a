//! The bench's scenarios ([`Scenario`]): which scenes `molehill bench` draws and how each is
//! set up on a [`Renderer`]. The scenes themselves are in `scenes.rs`, what they draw with in
//! `renderer.rs` and `shaders.rs`.

use crate::renderer::{Renderer, Scene};
use crate::scenes::{MeshScene, Skinning, Starling, StateChanges, Streaming};

/// Which scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Scenario {
    /// Starling's sprite batch: 64 batches of 32 textured, tinted, premultiplied-alpha
    /// quads, two textures alternating, a matrix and a tint per batch, the vertex buffer
    /// re-uploaded each frame.
    Starling,
    /// 256 one-quad draws per frame, each after changing blend, depth, culling, scissor,
    /// colour mask, program and constants.
    State,
    /// A mesh scene: 96 draws of two meshes with three programs (one and two textures,
    /// untextured) and four textures, depth-tested and culled.
    Mesh,
    /// Skinning: 32 draws of a 512-triangle mesh, each with 36 bones (108 registers) and a
    /// matrix uploaded, the bones picked per vertex by relative addressing.
    Skinning,
    /// Texture streaming: four 256x256 bgra textures re-uploaded each frame, one quad each.
    Streaming,
    /// bgra uploads alone, one texture per frame at 256, 512, 1024 and 2048 pixels square
    /// (reported in ns per byte).
    Upload,
}

impl Scenario {
    /// The scenarios a plain `molehill bench` runs.
    pub const ALL: [Scenario; 5] = [
        Scenario::Starling,
        Scenario::State,
        Scenario::Mesh,
        Scenario::Skinning,
        Scenario::Streaming,
    ];

    /// The texture sides of the variants of this scenario (`Upload` has four).
    pub fn sides(self) -> &'static [u32] {
        match self {
            Scenario::Upload => &[256, 512, 1024, 2048],
            _ => &[0],
        }
    }

    /// Every scenario, `upload` last (what `--baseline` runs when none is named).
    pub const WITH_UPLOAD: [Scenario; 6] = [
        Scenario::Starling,
        Scenario::State,
        Scenario::Mesh,
        Scenario::Skinning,
        Scenario::Streaming,
        Scenario::Upload,
    ];

    /// The scenario of a lower-case name ([`Scenario::name`]).
    pub fn from_name(name: &str) -> Option<Scenario> {
        Scenario::WITH_UPLOAD.into_iter().find(|s| s.name() == name)
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Scenario::Starling => "starling",
            Scenario::State => "state",
            Scenario::Mesh => "mesh",
            Scenario::Skinning => "skinning",
            Scenario::Streaming => "streaming",
            Scenario::Upload => "upload",
        }
    }

    /// Sets the scenario up on `r` (`side`: the `Upload` variant's texture side).
    pub fn build<'r, R: Renderer + 'r>(
        self,
        r: &mut R,
        side: u32,
    ) -> Result<Box<dyn Scene<R> + 'r>, String> {
        Ok(match self {
            Scenario::Starling => Box::new(Starling::new(r)?),
            Scenario::State => Box::new(StateChanges::new(r)?),
            Scenario::Mesh => Box::new(MeshScene::new(r)?),
            Scenario::Skinning => Box::new(Skinning::new(r)?),
            Scenario::Streaming => Box::new(Streaming::new(r, 256, 4)?),
            Scenario::Upload => Box::new(Streaming::new(r, side, 1)?),
        })
    }
}
